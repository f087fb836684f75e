// An argument name must be an identifier: "buf size" is not.
use errcat_profiling as _;

fn main() {
    errcat::msprof_env_error!("EK0201", ["buf size"], ["1048576B"]);
}
