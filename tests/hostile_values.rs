//! Property tests: whatever the argument values, the message is the template
//! with each value inserted verbatim (or cut at the byte limit), and nothing
//! inside a value is ever read as a placeholder.

use errcat::error_code;
use proptest::prelude::*;

#[derive(Debug)]
#[error_code("EZ0800", message = "A[%s]B[%s]C[%s]%%D", args = "first,second,third")]
pub struct ThreeValues {
    pub first: String,
    pub second: String,
    pub third: String,
}

/// The store's rule for a text longer than the limit: cut at a char
/// boundary so that, with "...", it fits.
fn cut(text: &str, limit: usize) -> String {
    if text.len() <= limit {
        return text.to_owned();
    }
    let mut end = limit - 3;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}...", &text[..end])
}

/// Values full of what a template engine might expand: placeholders, format
/// braces, line breaks, NUL, and any other char.
fn hostile() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("%s".to_owned()),
        Just("%%".to_owned()),
        Just("%".to_owned()),
        Just("{}".to_owned()),
        Just("{0}".to_owned()),
        Just("\r\n".to_owned()),
        Just("\0".to_owned()),
        any::<char>().prop_map(String::from),
        "[a-z ]{1,8}",
    ];
    prop::collection::vec(piece, 0..40).prop_map(|pieces| pieces.concat())
}

/// Now and then a value of up to 1 MiB.
fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        8 => hostile(),
        1 => (hostile(), 0usize..=(1 << 20)).prop_map(|(seed, len)| {
            let seed = if seed.is_empty() { "%s".to_owned() } else { seed };
            let mut big = String::with_capacity(len + seed.len());
            while big.len() < len {
                big.push_str(&seed);
            }
            big
        }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn values_are_inserted_verbatim_or_cut(first in value(), second in value(), third in value()) {
        let limit = errcat::limits().max_message_bytes();
        ThreeValues { first: first.clone(), second: second.clone(), third: third.clone() }.report();
        let reports = errcat::take_reports();
        prop_assert_eq!(reports.len(), 1);
        let report = &reports[0];

        let kept: Vec<String> = [&first, &second, &third].iter().map(|value| cut(value, limit)).collect();
        let values: Vec<(&str, &str)> = report.args().collect();
        prop_assert_eq!(
            values,
            vec![("first", kept[0].as_str()), ("second", kept[1].as_str()), ("third", kept[2].as_str())]
        );

        let whole = format!("A[{}]B[{}]C[{}]%D", kept[0], kept[1], kept[2]);
        let expected = cut(&whole, limit);
        prop_assert_eq!(report.message(), expected.as_str());
        prop_assert!(report.message().len() <= limit);

        // The template's pieces appear in order, each where the values put it.
        let message = report.message();
        let mut at = 0;
        for (piece, value) in [("A[", ""), ("]B[", &kept[0]), ("]C[", &kept[1]), ("]%D", &kept[2])] {
            let piece_at = at + value.len();
            if piece_at + piece.len() > message.len() {
                break;
            }
            prop_assert_eq!(&message[at..piece_at], value);
            prop_assert_eq!(&message[piece_at..piece_at + piece.len()], piece);
            at = piece_at + piece.len();
        }

        errcat::restore_reports(reports);
        let rendered = errcat::take_error_message().unwrap();
        prop_assert_eq!(rendered, format!("EZ0800: {expected}\r\n"));
    }
}
