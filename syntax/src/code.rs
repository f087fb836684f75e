use core::fmt;

/// What a well-formed code says about itself.
///
/// A code is six ASCII characters: `E` (error) or `W` (warning), one uppercase
/// letter or digit naming the module, then four digits. The last four digits
/// `9999` mark internal errors and `8888` parameter-check errors.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CodeKind {
    /// The code starts with `W`: the report is a warning, kept apart from errors.
    pub warning: bool,
    /// The code ends in `9999` or `8888`: an internal or parameter-check error,
    /// rendered as `CODE: Inner Error!` when it heads a message.
    pub internal: bool,
}

/// Why a string is not a code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CodeError {
    /// The code is not six characters long.
    Length(usize),
    /// The first character is neither `E` nor `W`.
    Severity(char),
    /// The second character is not an uppercase ASCII letter or a digit.
    Module(char),
    /// One of the last four characters is not an ASCII digit.
    Number(char),
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a code is six characters: `E` or `W`, an uppercase letter or digit, then four digits (like `EK0201`)")?;
        match self {
            CodeError::Length(len) => write!(f, "; this one has {len} characters"),
            CodeError::Severity(c) => write!(f, "; this one starts with {c:?}"),
            CodeError::Module(c) => write!(f, "; its second character is {c:?}"),
            CodeError::Number(c) => write!(f, "; its last four characters contain {c:?}"),
        }
    }
}

impl std::error::Error for CodeError {}

/// Checks that `code` is well formed and tells what kind of code it is.
///
/// ```
/// use errcat_syntax::classify_code;
/// let kind = classify_code("EK9999").unwrap();
/// assert!(kind.internal && !kind.warning);
/// assert!(classify_code("EK201").is_err());
/// ```
pub fn classify_code(code: &str) -> Result<CodeKind, CodeError> {
    let chars: Vec<char> = code.chars().take(7).collect();
    if chars.len() != 6 {
        return Err(CodeError::Length(code.chars().count()));
    }
    let warning = match chars[0] {
        'E' => false,
        'W' => true,
        other => return Err(CodeError::Severity(other)),
    };
    if !(chars[1].is_ascii_uppercase() || chars[1].is_ascii_digit()) {
        return Err(CodeError::Module(chars[1]));
    }
    if let Some(&bad) = chars[2..].iter().find(|c| !c.is_ascii_digit()) {
        return Err(CodeError::Number(bad));
    }
    let number = &code[2..];
    Ok(CodeKind {
        warning,
        internal: number == "9999" || number == "8888",
    })
}

/// What kind of code `code` is, when it is well formed: the same rule as
/// [`classify_code`], usable in constants (generated definitions check
/// their code when they compile).
///
/// ```
/// use errcat_syntax::code_kind;
/// assert!(code_kind("WE9999").is_some_and(|kind| kind.warning && kind.internal));
/// assert!(code_kind("EK201").is_none());
/// ```
pub const fn code_kind(code: &str) -> Option<CodeKind> {
    let [severity, module, number @ ..] = match code.as_bytes() {
        &[a, b, c, d, e, f] => [a, b, c, d, e, f],
        _ => return None,
    };
    let warning = match severity {
        b'E' => false,
        b'W' => true,
        _ => return None,
    };
    if !(module.is_ascii_uppercase() || module.is_ascii_digit()) {
        return None;
    }
    let mut index = 0;
    while index < number.len() {
        if !number[index].is_ascii_digit() {
            return None;
        }
        index += 1;
    }
    let internal = matches!(number, [b'9', b'9', b'9', b'9'] | [b'8', b'8', b'8', b'8']);
    Some(CodeKind { warning, internal })
}

/// Packs a code into the low 48 bits of a `u64` (its six bytes, big-endian),
/// so codes compare and hash as integers and sort in string order.
///
/// Returns `None` for anything that is not six bytes long; validity beyond the
/// length is [`classify_code`]'s business.
#[inline]
pub const fn pack_code(code: &str) -> Option<u64> {
    // Run-time lookups pack every code they are given: as one 4-byte and one
    // 2-byte big-endian read this compiles to two loads and two byte swaps,
    // where a byte-at-a-time loop stays six loads, shifts and ors.
    let [a, b, c, d, e, f] = match code.as_bytes() {
        &[a, b, c, d, e, f] => [a, b, c, d, e, f],
        _ => return None,
    };
    let high = u32::from_be_bytes([a, b, c, d]) as u64;
    let low = u16::from_be_bytes([e, f]) as u64;
    Some((high << 16) | low)
}

/// The codes one slip away from `code`, nearest first: two neighbouring
/// digits swapped (`EV0110` for `EV0101`), the other severity (`W` for
/// `E`), one digit changed, the last first and the closest value first
/// (`EV0103` gives `EV0102`, then `EV0104`). What a report site of a code
/// no crate defines offers as "did you mean": the codes that are defined
/// among them, the first one.
///
/// Empty for a code that is not well formed; never `code` itself; at most
/// 40 (three swaps, the other severity, nine other values for each of the
/// four digits).
///
/// ```
/// use errcat_syntax::near_codes;
/// let near = near_codes("EV0110");
/// assert_eq!(near[..4], ["EV0101", "EV1010", "WV0110", "EV0111"]);
/// ```
pub fn near_codes(code: &str) -> Vec<String> {
    if code_kind(code).is_none() {
        return Vec::new();
    }
    let bytes = code.as_bytes();
    let mut near: Vec<[u8; 6]> = Vec::with_capacity(40);
    let mut push = |candidate: [u8; 6]| {
        if candidate != bytes && !near.contains(&candidate) {
            near.push(candidate);
        }
    };
    let mut base = [0u8; 6];
    base.copy_from_slice(bytes);
    for first in (2..5).rev() {
        let mut swapped = base;
        swapped.swap(first, first + 1);
        push(swapped);
    }
    let mut other = base;
    other[0] = if base[0] == b'E' { b'W' } else { b'E' };
    push(other);
    for position in (2..6).rev() {
        let digit = base[position] - b'0';
        for distance in 1..10u8 {
            for value in [digit.checked_sub(distance), Some(digit + distance)] {
                if let Some(value) = value.filter(|value| *value < 10) {
                    let mut changed = base;
                    changed[position] = b'0' + value;
                    push(changed);
                }
            }
        }
    }
    near.into_iter()
        .map(|candidate| String::from_utf8_lossy(&candidate).into_owned())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn near_codes_are_one_slip_away_nearest_first() {
        let near = near_codes("EV0103");
        assert_eq!(near.len(), 40, "{near:?}");
        assert_eq!(
            near[..8],
            [
                "EV0130", "EV0013", "EV1003", "WV0103", "EV0102", "EV0104", "EV0101", "EV0105"
            ]
        );
        assert_eq!(near[near.len() - 1], "EV9103");
        assert!(!near.contains(&"EV0103".to_owned()));
        // Equal neighbouring digits swap to the code itself: left out.
        let near = near_codes("W11001");
        assert_eq!(near[..3], ["W11010", "W10101", "E11001"]);
        assert_eq!(near.len(), 39);
        assert!(near.iter().all(|code| code.len() == 6));
        assert!(near_codes("EV01").is_empty());
        assert!(near_codes("XV0101").is_empty());
        assert!(near_codes("EV01é1").is_empty());
    }

    #[test]
    fn accepts_the_four_shapes() {
        assert_eq!(
            classify_code("EK0201"),
            Ok(CodeKind {
                warning: false,
                internal: false
            })
        );
        assert_eq!(
            classify_code("WE0001"),
            Ok(CodeKind {
                warning: true,
                internal: false
            })
        );
        assert_eq!(
            classify_code("E19999"),
            Ok(CodeKind {
                warning: false,
                internal: true
            })
        );
        assert_eq!(
            classify_code("EH8888"),
            Ok(CodeKind {
                warning: false,
                internal: true
            })
        );
    }

    #[test]
    fn names_what_is_wrong() {
        assert_eq!(classify_code("EK201"), Err(CodeError::Length(5)));
        assert_eq!(classify_code("EK02011"), Err(CodeError::Length(7)));
        assert_eq!(classify_code("XK0201"), Err(CodeError::Severity('X')));
        assert_eq!(classify_code("Ek0201"), Err(CodeError::Module('k')));
        assert_eq!(classify_code("EK02O1"), Err(CodeError::Number('O')));
        assert_eq!(classify_code("EK020é"), Err(CodeError::Number('é')));
        assert_eq!(
            CodeError::Length(5).to_string(),
            "a code is six characters: `E` or `W`, an uppercase letter or digit, then four digits (like `EK0201`); this one has 5 characters"
        );
    }

    #[test]
    fn the_constant_rule_agrees_with_classify_code() {
        for code in [
            "EK0201", "WE0001", "E19999", "EH8888", "EK201", "XK0201", "Ek0201", "EK02O1",
            "EK020é", "EK02011", "",
        ] {
            assert_eq!(code_kind(code), classify_code(code).ok(), "{code}");
        }
    }

    #[test]
    fn packing_keeps_string_order() {
        let mut codes = ["EK0201", "E19999", "WE0001", "EK0001", "EH8888"];
        let mut packed: Vec<u64> = codes.iter().map(|c| pack_code(c).unwrap()).collect();
        codes.sort();
        packed.sort();
        let repacked: Vec<u64> = codes.iter().map(|c| pack_code(c).unwrap()).collect();
        assert_eq!(packed, repacked);
        assert_eq!(pack_code("EK0201"), Some(0x45_4B_30_32_30_31));
        assert_eq!(pack_code("EK02"), None);
    }
}
