// The code of a report is a string literal.
use errcat_profiling as _;

const CODE: &str = "EK0201";

fn main() {
    errcat::msprof_env_error!(CODE, ["buf_size"], ["1048576B"]);
}
