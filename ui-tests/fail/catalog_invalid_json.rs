// Invalid JSON is reported with its line and column.
errcat::include_catalog!("../catalogs/invalid_json.json");

fn main() {}
