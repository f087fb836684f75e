// A code defined in a module that is not imported: the report site needs its definitions in scope.
mod errors {
    use errcode::error_code;

    #[derive(Debug)]
    #[error_code("EK0201", message = "Failed to allocate %s host memory for Profiling.")]
    pub struct InsufficientHostMemory {
        pub buf_size: String,
    }
}

fn main() {
    errcode::msprof_env_error!("EK0201", ["buf_size"], ["1048576B"]);
}
