//! Test support: `errcode codegen` of `hostile.json`, compiled. Its texts
//! must stay texts: a title's line break must not make the rest of it
//! code, nor a file name's.

/// `errcode codegen hostile.json`, under a file name with a line break.
pub mod hostile {
    include!(concat!(env!("OUT_DIR"), "/hostile.rs"));
}
