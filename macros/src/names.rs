//! Identifiers made of names a user wrote as text (argument names).

use proc_macro2::{Ident, Span};

/// The identifier of an argument name: a keyword (`type`) becomes a raw
/// identifier (`r#type`). The name is one `errcat_syntax::is_argument_name`
/// accepts.
pub(crate) fn ident(name: &str, span: Span) -> Ident {
    if errcat_syntax::needs_raw_identifier(name) {
        Ident::new_raw(name, span)
    } else {
        Ident::new(name, span)
    }
}

/// The key of an argument name in the hidden `errcat::__private::Arg` trait
/// (FNV-1a, 64 bits): a definition implements `Arg<CODE, key>` for each of
/// its arguments that is not text, and a report site asks for the key of
/// each name it gives. One function, for both sides.
pub(crate) fn key(name: &str) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in name.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

#[cfg(test)]
mod tests {
    #[test]
    fn key_is_fnv1a_64() {
        // The published FNV-1a test vectors.
        assert_eq!(super::key(""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(super::key("a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(super::key("foobar"), 0x8594_4171_f739_67e8);
    }
}
