//! What CI reads of `check`: every finding, in each format; text may
//! show only each file's first ones, and then says how many more and how
//! to see them all.

use std::path::Path;

mod common;
use common::{Run, errcode};

const CATALOG: &str = r#"{
  "error_info_list": [
    {
      "errTitle": "Bad_Param",
      "ErrCode": "EH0001",
      "ErrMessage": "Value %s for %s is invalid.",
      "Arglist": "value, param",
      "suggestion": {"Possible Cause": "N/A", "Solution": "N/A"}
    }
  ]
}
"#;

/// A folder with the catalog and `files` (path, text).
fn tree(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("error_code.json"), CATALOG).unwrap();
    for (path, text) in files {
        let path = dir.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    dir
}

fn check(dir: &Path, args: &[&str]) -> Run {
    errcode(
        dir,
        &[&["check", "error_code.json", "--against", "src"], args].concat(),
    )
}

/// A source with `count` sites that pass one value for two keys.
fn many_sites(count: usize) -> String {
    (1..=count)
        .map(|_| "REPORT(\"EH0001\", {\"value\", \"param\"}, {v});\n")
        .collect()
}

#[test]
fn text_caps_each_file_and_says_how_to_see_all_json_and_sarif_carry_all() {
    let dir = tree(&[
        ("src/many.cc", &many_sites(105)),
        ("src/one.cc", &many_sites(1)),
    ]);
    let line = |n: usize| format!("src/many.cc:{n}:8: EH0001: 2 keys but 1 value\n");
    let run = check(dir.path(), &[]);
    let shown: String = (1..=100).map(line).collect();
    assert_eq!(
        run.stdout,
        format!(
            "{shown}src/many.cc: ... and 5 more findings (`--max-per-file 0` shows every one)\n\
             src/one.cc:1:8: EH0001: 2 keys but 1 value\n\
             checked 1 entry in error_code.json against 2 files (0 table rows, 0 pages, 106 report sites, 0 Rust definitions)\n\
             106 errors, 0 warnings in 2 files\n"
        )
    );
    let run = check(dir.path(), &["--max-per-file", "2"]);
    assert_eq!(
        run.stdout,
        format!(
            "{}{}src/many.cc: ... and 103 more findings (`--max-per-file 0` shows every one)\n\
             src/one.cc:1:8: EH0001: 2 keys but 1 value\n\
             checked 1 entry in error_code.json against 2 files (0 table rows, 0 pages, 106 report sites, 0 Rust definitions)\n\
             106 errors, 0 warnings in 2 files\n",
            line(1),
            line(2)
        )
    );
    let run = check(dir.path(), &["--max-per-file", "0"]);
    let all: String = (1..=105).map(line).collect();
    assert_eq!(
        run.stdout,
        format!(
            "{all}src/one.cc:1:8: EH0001: 2 keys but 1 value\n\
             checked 1 entry in error_code.json against 2 files (0 table rows, 0 pages, 106 report sites, 0 Rust definitions)\n\
             106 errors, 0 warnings in 2 files\n"
        )
    );
    // JSON and SARIF: every finding, the last of the big file included.
    let run = check(dir.path(), &["--format", "json"]);
    let findings: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let lines: Vec<(String, u64)> = findings
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["file"].as_str().unwrap().to_owned(),
                f["line"].as_u64().unwrap(),
            )
        })
        .collect();
    let mut expected: Vec<(String, u64)> =
        (1..=105).map(|n| ("src/many.cc".to_owned(), n)).collect();
    expected.push(("src/one.cc".to_owned(), 1));
    assert_eq!(lines, expected);
    let run = check(dir.path(), &["--format", "sarif"]);
    let log: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let lines: Vec<(String, u64)> = log["runs"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let place = &r["locations"][0]["physicalLocation"];
            (
                place["artifactLocation"]["uri"]
                    .as_str()
                    .unwrap()
                    .to_owned(),
                place["region"]["startLine"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(lines, expected);
    assert_eq!((run.stderr.as_str(), run.status), ("", 1));
}
