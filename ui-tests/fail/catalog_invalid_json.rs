// Invalid JSON is reported with its line and column.
errcode::include_catalog!("ui-tests/catalogs/invalid_json.json");

fn main() {}
