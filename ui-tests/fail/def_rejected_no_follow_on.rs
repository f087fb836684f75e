// A rejected definition still expands to a fallback: its report sites and
// uses of its struct raise no errors of their own, only the definition's error shows.
use errcat::{error_code, msprof_env_error};

#[derive(Debug)]
#[error_code("EK0201", message = "Failed to allocate %s host memory for %s.")]
pub struct InsufficientHostMemory {
    pub buf_size: String,
}

fn main() {
    let size = 4096usize;
    msprof_env_error!("EK0201", ["buf_size"], [format!("{size}B")]);
    InsufficientHostMemory {
        buf_size: "1B".to_owned(),
    }
    .report();
    let shown = InsufficientHostMemory {
        buf_size: "1B".to_owned(),
    }
    .to_string();
    let _: &dyn std::error::Error = &InsufficientHostMemory { buf_size: shown };
}
