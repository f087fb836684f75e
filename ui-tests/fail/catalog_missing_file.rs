// A catalog that is not there is named, with where it was looked for.
errcode::include_catalog!("../catalogs/no_such_catalog.json");

fn main() {}
