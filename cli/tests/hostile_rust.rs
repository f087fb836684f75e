//! Hostile Rust sources (issue 26): nesting that once overflowed the
//! stack, chains that `syn` would recurse on, bytes that are no Rust. Each
//! is read to the end or refused with a finding that names the file; the
//! tool never crashes and reads what it can.

mod common;
use common::errcode;

const CATALOG: &str = r#"{"error_info_list": [
  {"ErrCode": "EK0201", "ErrMessage": "Cannot get %s bytes.", "Arglist": "size"}
]}
"#;

/// A definition whose message differs from the catalog's: a finding that
/// shows the file was read past what comes before it.
const DEFINITION: &str =
    "#[error_code(\"EK0201\", message = \"Cannot get %s.\")]\npub struct Low { size: String }\n";

fn tree(files: &[(&str, &[u8])]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("error_code.json"), CATALOG).unwrap();
    std::fs::create_dir_all(dir.path().join("src")).unwrap();
    for (path, text) in files {
        std::fs::write(dir.path().join("src").join(path), text).unwrap();
    }
    dir
}

fn nested(depth: usize) -> String {
    format!(
        "fn g() {{ let x = {}1{}; }}\n{DEFINITION}",
        "(".repeat(depth),
        ")".repeat(depth)
    )
}

#[test]
fn rust_nested_700_deep_is_a_too_deep_finding_and_the_rest_is_read() {
    // rustc compiles this; `syn` on a reading thread overflowed its stack
    // (exit 134) and every finding was lost.
    for depth in [700, 3_000, 100_000] {
        let dir = tree(&[("deep.rs", nested(depth).as_bytes())]);
        let run = errcode(
            dir.path(),
            &["check", "error_code.json", "--against", "src"],
        );
        assert_eq!(
            (run.stdout.as_str(), run.stderr.as_str(), run.status),
            (
                "src/deep.rs:1:273: brackets nest deeper than 256 here: what is inside is not read\n\
                 src/deep.rs:2:34: EK0201: message differs: \"Cannot get %s bytes.\" vs \"Cannot get %s.\" (error_code.json:2)\n\
                 checked 1 entry in error_code.json against 1 file (0 table rows, 0 pages, 0 report sites, 1 Rust definition)\n\
                 2 errors, 0 warnings in 1 file\n",
                "",
                1
            ),
            "{depth} deep"
        );
    }
    let dir = tree(&[("deep.rs", nested(700).as_bytes())]);
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
    assert_eq!(findings[0]["kind"], "too-deep");
    assert_eq!(findings[0]["file"], "src/deep.rs");
    assert_eq!(findings[0]["severity"], "error");
}

#[test]
fn a_definitions_folder_nested_3000_deep_lists_what_it_can_and_says_what_it_left_out() {
    // `list --catalog DIR` overflowed the main thread's stack.
    let dir = tree(&[("lib.rs", nested(3_000).as_bytes())]);
    let run = errcode(dir.path(), &["list", "--catalog", "src"]);
    assert_eq!(
        (run.stdout.as_str(), run.stderr.as_str(), run.status),
        (
            "CODE    TITLE  MESSAGE\nEK0201  -      Cannot get %s.\n",
            "errcode: note: left out: src/lib.rs:1:273: brackets nest deeper than 256 here: what is inside is not read\n",
            0
        )
    );
}

#[test]
fn chains_syn_would_recurse_on_are_read_without_a_crash() {
    // No bracket nests here, but `syn` recurses once per link: given to it
    // whole, each overflowed a reading thread's stack.
    let chains = [
        format!("fn f() {{ let x = {}x; }}\n", "!".repeat(200_000)),
        format!("fn f() {{ let x = 1{}; }}\n", "+1".repeat(200_000)),
        format!(
            "type T = {}u8{};\n",
            "Vec<".repeat(50_000),
            ">".repeat(50_000)
        ),
        format!("fn f() {{ if a {{}}{} }}\n", " else if a {}".repeat(50_000)),
        format!("fn f() {{ x{}; }}\n", ".a()".repeat(100_000)),
        format!("fn f() {{ let x = {}x; }}\n", "|a, b| ".repeat(20_000)),
    ];
    for chain in chains {
        let text = format!("{chain}{DEFINITION}");
        let dir = tree(&[("chain.rs", text.as_bytes())]);
        let run = errcode(
            dir.path(),
            &["check", "error_code.json", "--against", "src"],
        );
        assert_eq!(
            (run.stdout.as_str(), run.stderr.as_str(), run.status),
            (
                "src/chain.rs:2:34: EK0201: message differs: \"Cannot get %s bytes.\" vs \"Cannot get %s.\" (error_code.json:2)\n\
                 checked 1 entry in error_code.json against 1 file (0 table rows, 0 pages, 0 report sites, 1 Rust definition)\n\
                 1 error, 0 warnings in 1 file\n",
                "",
                1
            ),
            "{}",
            &chain[..40]
        );
    }
}

#[test]
fn a_syntax_error_after_a_long_item_is_still_found() {
    // `syn` checks the file a few items at a time: an error in a later
    // item is placed in the file, not in the piece.
    let text = format!(
        "static A: [u8; 3] = [1, 2, 3];\n{}fn f() {{\n    let x = ;\n}}\n",
        "fn g() {}\n".repeat(20_000)
    );
    let dir = tree(&[("lib.rs", text.as_bytes())]);
    let run = errcode(
        dir.path(),
        &["check", "error_code.json", "--against", "src"],
    );
    assert_eq!(
        (run.stdout.as_str(), run.status),
        (
            "src/lib.rs:20003:13: Rust that does not parse, so its definitions and report sites are not checked: expected an expression\n\
             checked 1 entry in error_code.json against 1 file (0 table rows, 0 pages, 0 report sites, 0 Rust definitions)\n\
             1 error, 0 warnings in 1 file\n",
            1
        )
    );
}

#[test]
fn bytes_that_are_no_rust_are_one_finding() {
    let nul = vec![0u8; 1 << 20];
    let cases: [(&[u8], &str); 4] = [
        (
            &nul,
            "1:1: Rust that does not parse, so its definitions and report sites are not checked: a character Rust does not know here: '\\0'",
        ),
        (
            b"fn f() {\n    let s = r#\"never closed;\n}\n",
            "2:13: Rust that does not parse, so its definitions and report sites are not checked: this raw string is never closed",
        ),
        (
            b"/* /* nested */ never closed\nfn f() {}\n",
            "1:1: Rust that does not parse, so its definitions and report sites are not checked: this block comment is never closed",
        ),
        (
            b"fn f() { (] }\n",
            "1:11: Rust that does not parse, so its definitions and report sites are not checked: this `]` does not close the `(` opened at 1:10",
        ),
    ];
    for (text, finding) in cases {
        let dir = tree(&[("bad.rs", text)]);
        let run = errcode(
            dir.path(),
            &["check", "error_code.json", "--against", "src"],
        );
        assert_eq!(
            (run.stdout.as_str(), run.status),
            (
                format!(
                    "src/bad.rs:{finding}\n\
                     checked 1 entry in error_code.json against 1 file (0 table rows, 0 pages, 0 report sites, 0 Rust definitions)\n\
                     1 error, 0 warnings in 1 file\n"
                )
                .as_str(),
                1
            )
        );
    }
}

#[test]
fn a_site_with_more_keys_than_are_read_is_said_so() {
    let keys: Vec<String> = (0..70_000).map(|index| format!("\"k{index}\"")).collect();
    let text = format!(
        "fn f() {{\n    msprof_env_error!(\"EK0201\", [{}], [x]);\n}}\n",
        keys.join(", ")
    );
    let dir = tree(&[("lib.rs", text.as_bytes())]);
    let run = errcode(
        dir.path(),
        &["check", "error_code.json", "--against", "src", "--warn"],
    );
    assert_eq!(
        run.stdout.lines().nth(1),
        Some(
            "src/lib.rs:2:33: warning: more than 65536 items in one bracket group: the rest are not read"
        )
    );
    assert_eq!(run.status, 0, "the keys are not read, so not compared");
}
