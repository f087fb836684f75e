// One compile reports every problem of a definition at once: here an unknown
// key, a non-literal value, a stray `%` and an `args` name that is no field;
// then an unknown key with a placeholder count that differs from the fields.
use errcat::error_code;

const TITLE: &str = "Resource_Error_Insufficient_Host_Memory";

#[derive(Debug)]
#[error_code(
    "EK0201",
    title = TITLE,
    message = "Failed to allocate %s host memory (%d%% free).",
    solutoin = "Free some memory.",
    args = "buf_sise"
)]
pub struct InsufficientHostMemory {
    pub buf_size: String,
}

#[derive(Debug)]
#[error_code(
    "EK0202",
    mesage = "Failed to allocate host memory by %s.",
    message = "Failed to allocate host memory by %s."
)]
pub struct HostMemoryOperationFailed {
    pub operation: String,
    pub size: u64,
}

fn main() {}
