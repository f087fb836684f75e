// `report` makes the `From` of a `#[from]` field report the error it
// builds; on a definition without one it is an error at `report`.
use errcat::error_code;

#[derive(Debug)]
#[error_code]
pub enum ServiceError {
    #[error_code("EZ0301", message = "The configuration could not be read.", report)]
    Config {
        #[source]
        source: std::io::Error,
    },
    #[error_code(transparent, report)]
    Io(std::io::Error),
}

fn main() {}
