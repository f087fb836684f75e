//! `errcode codegen [--target rust|c-error-map|c-xmacro] FILE`: the catalog
//! as `#[error_code]` definitions or as one of CANN's C tables.

use std::path::Path;

use crate::args::Target;
use crate::outcome::Outcome;
use crate::source::Source;

pub(crate) fn run(file: &Path, target: Target) -> Outcome {
    let (source, refused) = match Source::read(file).and_then(Source::whole) {
        Ok(opened) => opened,
        Err(failure) => return failure,
    };
    let name = file
        .file_name()
        .map_or_else(|| source.name(), |name| name.to_string_lossy().into_owned());
    let written = match target {
        Target::Rust => source.catalog.to_rust_documented(&name, &source.docs),
        Target::CErrorMap => source.catalog.to_c_error_map(&name),
        Target::CXmacro => source.catalog.to_c_xmacro(&name),
    };
    match written {
        // Entries that are not whole are left out, each named, and the run
        // fails; the others are written all the same.
        Ok(rust) if !refused.is_empty() => Outcome {
            stdout: rust,
            stderr: refused,
            status: crate::outcome::Status::Failure,
            styled: false,
        },
        Ok(rust) => Outcome::printed(rust),
        // A valid catalog always converts; the errors are named all the same.
        Err(errors) => {
            let mut outcome = Outcome::error(format!("{} cannot be converted:", source.name()));
            for error in errors.iter() {
                outcome.stderr.push_str(&format!(
                    "{}\n",
                    crate::paths::shown(&format!("{}:{error}", source.name()))
                ));
            }
            outcome
        }
    }
}
