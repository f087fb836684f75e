// A defective entry still defines its struct and hidden items, so that its
// report sites raise nothing beyond the catalog's own error, and the valid
// entries next to it are defined as usual.
errcat::include_catalog!("../catalogs/placeholder_count.json");

fn main() {
    errcat::msprof_env_error!(
        "EX5001",
        ["op_name", "scene", "param_name"],
        ["Add", "x", "y"]
    );
    let _ = EX5001 {
        op_name: String::new(),
        scene: String::new(),
        param_name: String::new(),
    };
    errcat::msprof_env_error!("EX5002", ["op_name"], ["Add"]);
}
