// The path is a string literal: the macro reads the file when it expands.
const PATH: &str = "../catalogs/valid.json";
errcat::include_catalog!(PATH);

fn main() {}
