// Every defect of a catalog fails one compile, each error naming the file,
// the line and the code; entries without errors are still defined.
errcode::include_catalog!("ui-tests/catalogs/defects.json");

fn main() {}
