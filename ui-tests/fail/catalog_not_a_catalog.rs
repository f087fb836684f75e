// JSON that is not shaped as a catalog says what a catalog is.
errcat::include_catalog!("../catalogs/not_a_catalog.json");

fn main() {}
