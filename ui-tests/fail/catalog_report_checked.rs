// Report sites of imported codes are checked against the catalog file.
errcat::include_catalog!("../catalogs/valid.json");

fn main() {
    errcat::msprof_env_error!("EX0201", ["buf_sise"], ["4096B"]);
    errcat::msprof_env_error!("WX0001", ["function"], ["cast"]);
}
