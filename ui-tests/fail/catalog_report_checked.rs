// Report sites of imported codes are checked against the catalog file.
errcode::include_catalog!("../catalogs/valid.json");

fn main() {
    errcode::msprof_env_error!("EX0201", ["buf_sise"], ["4096B"]);
    errcode::msprof_env_error!("WX0001", ["function"], ["cast"]);
}
