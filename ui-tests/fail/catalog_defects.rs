// Every defect of a catalog fails one compile with one error that lists each
// finding with its file, line, column and code; entries without errors are
// still defined.
errcat::include_catalog!("../catalogs/defects.json");

fn main() {}
