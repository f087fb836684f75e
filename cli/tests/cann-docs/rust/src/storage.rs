use errcat::error_code;

#[error_code(
    "ES0101",
    title = "Resource_Error_Insufficient_Disk_Space",
    class = "Storage Errors",
    message = "Only %s of disk space is left for the cache.",
    args = "free_space",
    cause = "Other programs filled the disk.",
    solution = "1. Delete old cache files.  2. Move the cache to a larger disk.",
    example = "12K"
)]
pub struct LowDisk {
    /// the free space
    pub free_space: u64,
}

#[error_code(
    "ES9999",
    title = "System_Terminated",
    class = "Storage Errors",
    message = "The storage service stopped. Please check the log."
)]
pub struct Stopped;
