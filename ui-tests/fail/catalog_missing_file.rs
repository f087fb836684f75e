// A catalog that is not there is named, with where it was looked for.
errcat::include_catalog!("../catalogs/no_such_catalog.json");

fn main() {}
