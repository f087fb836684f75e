// The field attribute takes `display = EXPR` only, and only on a field the
// message shows.
use errcat::error_code;

#[derive(Debug)]
#[error_code]
pub enum OpenError {
    #[error_code("EZ0403", message = "Cannot open {path}.")]
    Misspelled {
        #[error_code(dispaly = path.display())]
        path: std::path::PathBuf,
    },
    #[error_code("EZ0404", message = "Cannot open {path}.")]
    OnTheSource {
        #[error_code(display = path.display())]
        path: std::path::PathBuf,
        #[source]
        #[error_code(display = source.kind())]
        source: std::io::Error,
    },
}

fn main() {}
