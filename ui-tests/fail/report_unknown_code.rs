// A report of a code that no crate in reach defines is rejected at the code,
// by errcode's words (the profiling crate, which defines EK0201, is in reach).
use errcat_profiling as _;

fn main() {
    errcat::msprof_env_error!("EK0299", ["buf_size"], ["1048576B"]);
}
