//! Output that a hostile tree cannot forge (issue 26, defect 6): file
//! names with line breaks, escape sequences and bytes that are no UTF-8,
//! and key literals holding them, are shown escaped, one path per name,
//! in every command's text output; JSON keeps them distinct.
#![cfg(unix)]

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;

mod common;
use common::errcode;

const CATALOG: &str = r#"{"error_info_list": [
  {"ErrCode": "EK0201", "ErrMessage": "Cannot get %s bytes.", "Arglist": "size"}
]}
"#;

const ROW: &str = "{\"EK0201\", \"Wrong.\", NULL, NULL, {\"size\"}},\n";

/// The name a file must not be able to forge a line with.
const FORGING: &[u8] = b"a.c\nchecked 1 entry in error_code.json against 1 file (1 table row, 0 pages, 0 report sites, 0 Rust definitions): no errors\nx.c";

fn tree(files: &[(&[u8], &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("error_code.json"), CATALOG).unwrap();
    std::fs::create_dir_all(dir.path().join("src")).unwrap();
    for (name, text) in files {
        std::fs::write(dir.path().join("src").join(OsStr::from_bytes(name)), text).unwrap();
    }
    dir
}

#[test]
fn a_file_name_with_a_line_break_forges_no_line() {
    let dir = tree(&[(FORGING, ROW)]);
    let run = errcode(
        dir.path(),
        &["check", "error_code.json", "--against", "src"],
    );
    assert_eq!(
        (run.stdout.as_str(), run.status),
        (
            "src/a.c\\nchecked 1 entry in error_code.json against 1 file (1 table row, 0 pages, 0 report sites, 0 Rust definitions): no errors\\nx.c:1:12: EK0201: message differs: \"Cannot get %s bytes.\" vs \"Wrong.\" (error_code.json:2)\n\
             checked 1 entry in error_code.json against 1 file (1 table row, 0 pages, 0 report sites, 0 Rust definitions)\n\
             1 error, 0 warnings in 1 file\n",
            1
        )
    );
    // explain lists the copy; update's diff names the file it would change.
    let run = errcode(
        dir.path(),
        &[
            "explain",
            "EK0201",
            "--catalog",
            "error_code.json",
            "--against",
            "src",
        ],
    );
    assert!(
        run.stdout.contains("\nCopies:\n  src/a.c\\nchecked 1 entry in error_code.json against 1 file (1 table row, 0 pages, 0 report sites, 0 Rust definitions): no errors\\nx.c:1 (C table row)\n"),
        "{}",
        run.stdout
    );
    let run = errcode(
        dir.path(),
        &["update", "error_code.json", "--against", "src", "--dry-run"],
    );
    let headers: Vec<&str> = run
        .stdout
        .lines()
        .filter(|line| line.starts_with("---") || line.starts_with("+++"))
        .collect();
    assert_eq!(
        headers,
        [
            "--- a/src/a.c\\nchecked 1 entry in error_code.json against 1 file (1 table row, 0 pages, 0 report sites, 0 Rust definitions): no errors\\nx.c",
            "+++ b/src/a.c\\nchecked 1 entry in error_code.json against 1 file (1 table row, 0 pages, 0 report sites, 0 Rust definitions): no errors\\nx.c"
        ]
    );
}

#[test]
fn names_that_are_no_utf8_or_hold_escapes_print_as_themselves() {
    // Two names that are no UTF-8, and one whose text is what the first
    // prints as: three names, three texts.
    let dir = tree(&[
        (b"\xff.c", ROW),
        (b"\xfe.c", ROW),
        (b"\\xff.c", ROW),
        (b"\x1b[2J.c", ROW),
    ]);
    let run = errcode(
        dir.path(),
        &["check", "error_code.json", "--against", "src"],
    );
    let files: Vec<&str> = run
        .stdout
        .lines()
        .filter_map(|line| line.split_once(":1:12:").map(|(file, _)| file))
        .collect();
    assert_eq!(
        files,
        [
            "src/\\\\xff.c",
            "src/\\u{1b}[2J.c",
            "src/\\xfe.c",
            "src/\\xff.c"
        ]
    );
    let run = errcode(
        dir.path(),
        &[
            "check",
            "error_code.json",
            "--against",
            "src",
            "--format",
            "json",
        ],
    );
    let findings: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let files: Vec<&str> = findings
        .as_array()
        .unwrap()
        .iter()
        .map(|finding| finding["file"].as_str().unwrap())
        .collect();
    assert_eq!(
        files,
        [
            "src/\\\\xff.c",
            "src/\\u{1b}[2J.c",
            "src/\\xfe.c",
            "src/\\xff.c"
        ]
    );
}

#[test]
fn key_literals_with_line_breaks_and_escape_sequences_are_escaped() {
    let dir = tree(&[(
        b"k.c",
        "REPORT_INPUT_ERROR(\"EK0201\", std::vector<std::string>({\"b\\n\\033[2J\"}), std::vector<std::string>({v}));\n",
    )]);
    let run = errcode(
        dir.path(),
        &["check", "error_code.json", "--against", "src"],
    );
    assert_eq!(
        run.stdout.lines().next(),
        Some(
            "src/k.c:1:20: EK0201: keys differ from Arglist: \"size\" vs \"b\\n\\u{1b}[2J\" (error_code.json:2); missing size; not in Arglist: b\\n\\u{1b}[2J"
        )
    );
}

#[test]
fn a_file_passed_over_is_named_on_one_line() {
    // Above the limit, which the catalog (106 bytes) is within.
    let dir = tree(&[(b"big\n.c", &ROW.repeat(4))]);
    std::fs::write(
        dir.path().join("errcode.toml"),
        "max-file-size = \"128B\"\n",
    )
    .unwrap();
    let run = errcode(
        dir.path(),
        &["check", "error_code.json", "--against", "src"],
    );
    assert_eq!(
        run.stderr,
        "errcode: note: src/big\\n.c is 176 bytes, more than the limit of 128 (`max-file-size` in errcode.toml): not read\n"
    );
    assert_eq!(run.status, 0);
}

/// A catalog whose texts hold what would forge lines or move the cursor:
/// CR LF before a forged line, BEL, ESC, CR, U+2028 and U+202E; and an
/// entry left out for a code that holds ESC.
const FORGING_CATALOG: &str = r#"{"error_info_list": [
  {"errClass": "Cls\r\nEK9999: forged", "errTitle": "Bell\u0007Esc\u001b[2J", "ErrCode": "EK0201",
   "ErrMessage": "Cannot get %s bytes.\rEK9999: forged\u2028line\u202eevil", "Arglist": "size",
   "suggestion": {"Possible Cause": "Cause\nEK9999: forged", "Solution": "N/A"}},
  {"ErrCode": "EK0202\u001b[2J", "ErrMessage": "Bad code.", "Arglist": ""}
]}
"#;

/// Whether `text` has a character a line of output must not carry raw.
fn raw_controls(text: &str) -> Vec<char> {
    text.chars()
        .filter(|c| (c.is_control() && *c != '\n') || matches!(c, '\u{2028}' | '\u{202e}'))
        .collect()
}

#[test]
fn list_and_explain_show_a_catalogs_texts_escaped() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("error_code.json"), FORGING_CATALOG).unwrap();
    let run = errcode(dir.path(), &["list", "--catalog", "error_code.json"]);
    assert_eq!(
        (run.stdout.as_str(), run.status),
        (
            "CODE             TITLE                  MESSAGE\n\
             EK0201           Bell\\u{7}Esc\\u{1b}[2J  Cannot get %s bytes.\\rEK9999: forged\\u{2028}line\\u{202e}evil\n\
             EK0202\\u{1b}[2J  -                      Bad code.\n",
            0
        )
    );
    let run = errcode(
        dir.path(),
        &["explain", "EK0201", "--catalog", "error_code.json"],
    );
    assert_eq!(
        (run.stdout.as_str(), run.status),
        (
            "EK0201: Bell\\u{7}Esc\\u{1b}[2J\n\
             Class: Cls\\r\\nEK9999: forged\n\
             Kind: error\n\
             Defined at: error_code.json:2\n\
             \n\
             Message: Cannot get %s bytes.\\rEK9999: forged\\u{2028}line\\u{202e}evil\n\
             Arguments: size\n\
             \n\
             Possible cause: Cause\\nEK9999: forged\n\
             Solution: N/A\n",
            0
        )
    );
    assert!(!run.stdout.lines().any(|line| line.starts_with("EK9999")));
    for command in [
        &["list", "--catalog", "error_code.json"][..],
        &["explain", "EK0201", "--catalog", "error_code.json"],
        &["codegen", "error_code.json"],
        &["codegen", "--target", "c-error-map", "error_code.json"],
        &[
            "export",
            "--format",
            "json",
            "--catalog",
            "error_code.json",
            "--out",
            "-",
        ],
    ] {
        let run = errcode(dir.path(), command);
        assert_eq!(raw_controls(&run.stderr), [], "{command:?}: {}", run.stderr);
    }
}

#[test]
fn the_lines_codegen_and_export_leave_out_are_escaped() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("error_code.json"), FORGING_CATALOG).unwrap();
    for command in [
        &["codegen", "error_code.json"][..],
        &[
            "export",
            "--format",
            "json",
            "--catalog",
            "error_code.json",
            "--out",
            "-",
        ],
    ] {
        let run = errcode(dir.path(), command);
        assert_eq!(
            (run.stderr.as_str(), run.status),
            (
                "errcode: left out: error_code.json:5: EK0202\\u{1b}[2J: `EK0202\\u{1b}[2J` is not an error code: a code is six characters: `E` or `W`, an uppercase letter or digit, then four digits (like `EK0201`); this one has 10 characters\n",
                1
            ),
            "{command:?}"
        );
    }
}

#[test]
fn a_rust_catalogs_texts_are_escaped_too() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("errors/src")).unwrap();
    std::fs::write(
        dir.path().join("errors/src/lib.rs"),
        "#[error_code(\"EK0201\", message = \"Cannot get %s.\\x1b[2J\\u{202e}\", title = \"T\\r\\nEK9999: forged\", class = \"Class: Cls\\r\\nEK9999: forged\")]\n\
         pub struct Low { size: String }\n\
         \n\
         #[error_code(\"EK0202\", message = \"Bad %s %s.\\x07\")]\n\
         pub struct Bad { size: String }\n",
    )
    .unwrap();
    let run = errcode(dir.path(), &["list", "--catalog", "errors"]);
    assert_eq!(
        run.stdout,
        "CODE    TITLE                MESSAGE\n\
         EK0201  T\\r\\nEK9999: forged  Cannot get %s.\\u{1b}[2J\\u{202e}\n"
    );
    let run = errcode(dir.path(), &["explain", "EK0201", "--catalog", "errors"]);
    assert!(
        run.stdout.starts_with(
            "EK0201: T\\r\\nEK9999: forged\nClass: Class: Cls\\r\\nEK9999: forged\nKind: error\n"
        ),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("\nMessage: Cannot get %s.\\u{1b}[2J\\u{202e}\n")
    );
    let run = errcode(dir.path(), &["codegen", "errors"]);
    assert_eq!(
        (run.stderr.as_str(), run.status),
        (
            "errcode: left out: errors/src/lib.rs:4: EK0202: the message has 2 `%s` placeholders but Arglist names 1 (size)\n",
            1
        )
    );
}

#[test]
fn sarif_uris_carry_the_paths_own_bytes() {
    let dir = tree(&[(b"new\nline.c", ROW), (b"back\\slash.c", ROW)]);
    let run = errcode(
        dir.path(),
        &[
            "check",
            "error_code.json",
            "--against",
            "src",
            "--format",
            "sarif",
        ],
    );
    let log: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let mut uris: Vec<&str> = log["runs"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|result| {
            result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                .as_str()
                .unwrap()
        })
        .collect();
    uris.sort();
    assert_eq!(uris, ["src/back%5Cslash.c", "src/new%0Aline.c"]);
}
