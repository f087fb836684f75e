//! Whether a reader's line and column name a place in its input: each
//! reader counts lines and columns its own way (C counts a lone `\r` as a
//! line end, as compilers do; Rust and pages count `\n` only), so each
//! target gives the widths of the input's lines as its reader counts them.

/// The widths of `bytes`' lines, in characters (a UTF-8 continuation byte
/// is part of the character before), `\n`, `\r\n` and a lone `\r` each
/// ending a line when `lone_cr` is set, `\n` alone otherwise.
pub fn line_widths(bytes: &[u8], lone_cr: bool) -> Vec<u32> {
    let mut widths = vec![0u32];
    let mut index = 0;
    while let Some(&byte) = bytes.get(index) {
        index += 1;
        let ends = byte == b'\n' || (lone_cr && byte == b'\r' && bytes.get(index) != Some(&b'\n'));
        if ends {
            widths.push(0);
        } else if !((0x80..=0xbf).contains(&byte) || (lone_cr && byte == b'\r')) {
            *widths.last_mut().unwrap() += 1;
        }
    }
    widths
}

/// Asserts that `line` and `column` (both 1-based) fall in the input whose
/// lines are `widths` wide: a column may be one past a line's last
/// character (its end).
#[track_caller]
pub fn assert_within(widths: &[u32], line: u32, column: u32, what: &str) {
    assert!(
        line >= 1 && column >= 1,
        "{what} at {line}:{column}: not 1-based"
    );
    let Some(&width) = widths.get(line as usize - 1) else {
        panic!(
            "{what} at {line}:{column}: the input has {} lines",
            widths.len()
        );
    };
    assert!(
        column <= width + 1,
        "{what} at {line}:{column}: line {line} is {width} characters wide"
    );
}
