//! The tool on the real CANN catalog (`../shared/cann/error_code.json`):
//! `check` finds its one defect, E61601, and nothing else; the copy without
//! it (made by the `catalog-cann` test crate) exports back as written.
//! Its copies written by `codegen` and `export` read back the same: C
//! tables and pages with no drift finding, Rust with the same entries and
//! pages. Skipped, saying so, when the file is absent (a failure with
//! `CI=true`).

use std::path::Path;

use assert_cmd::Command;

const SHARED: &str = "../shared/cann/error_code.json";

fn workspace() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

fn available() -> bool {
    let there = workspace().join(SHARED).exists();
    if !there {
        skip::skip(format_args!(
            "the real catalog {SHARED} is absent (relative to the repository root)"
        ));
    }
    there
}

#[test]
fn check_reports_e61601_and_nothing_else() {
    if !available() {
        return;
    }
    let output = Command::cargo_bin("errcode")
        .unwrap()
        .current_dir(workspace())
        .args(["check", SHARED])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "../shared/cann/error_code.json:2337:18: E61601: the message has 4 `%s` placeholders but Arglist names 3 (op_name, scene, param_name)\n\
         checked 406 entries in ../shared/cann/error_code.json\n1 error, 0 warnings in 1 file\n"
    );
    assert_eq!(String::from_utf8(output.stderr).unwrap(), "");
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn warnings_on_the_real_catalog_are_the_repeated_names_and_a_spaced_class() {
    if !available() {
        return;
    }
    let output = Command::cargo_bin("errcode")
        .unwrap()
        .current_dir(workspace())
        .args(["check", "--warn", SHARED])
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let warned: Vec<&str> = stdout
        .lines()
        .filter(|line| line.contains(": warning: "))
        .map(|line| line.split(": ").nth(2).unwrap())
        .collect();
    assert_eq!(
        warned,
        // One warning of a kind per entry: E50031 and E60002 each repeat
        // three names, named in their one warning.
        ["EI0003", "EI0005", "E50031", "E60002", "E60028"]
    );
    // The warnings, E61601, what was read and the closing count.
    assert_eq!(stdout.lines().count(), warned.len() + 3);
    assert_eq!(stdout.lines().last(), Some("1 error, 5 warnings in 1 file"));
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn the_copy_without_e61601_checks_clean_and_exports_back() {
    if !catalog_cann::AVAILABLE {
        skip::skip(format_args!(
            "the real catalog {} is absent",
            catalog_cann::SHARED
        ));
        return;
    }
    let check = Command::cargo_bin("errcode")
        .unwrap()
        .args(["check", catalog_cann::COPY])
        .output()
        .unwrap();
    assert_eq!(
        (
            String::from_utf8(check.stdout).unwrap(),
            check.status.code()
        ),
        (
            format!("checked 405 entries in {}: no errors\n", catalog_cann::COPY),
            Some(0)
        )
    );

    let folder = tempfile::tempdir().unwrap();
    let out = folder.path().join("error_code.json");
    let export = Command::cargo_bin("errcode")
        .unwrap()
        .args([
            "export",
            "--format",
            "json",
            "--catalog",
            catalog_cann::COPY,
            "--out",
        ])
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(export.status.code(), Some(0));
    let original = std::fs::read_to_string(catalog_cann::COPY).unwrap();
    // One `"Solution":"` of the file lacks the space after the colon; the
    // export writes it; every other byte comes back.
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        original.replace("\"Solution\":\"", "\"Solution\": \"")
    );

    let markdown = folder.path().join("reference");
    let export = Command::cargo_bin("errcode")
        .unwrap()
        .args([
            "export",
            "--format",
            "markdown",
            "--catalog",
            catalog_cann::COPY,
            "--out",
        ])
        .arg(&markdown)
        .output()
        .unwrap();
    assert_eq!(export.status.code(), Some(0));
    assert_eq!(
        std::fs::read_dir(markdown.join("codes")).unwrap().count(),
        405
    );
    // "HCCL Errors " and "HCCL Errors" are one class.
    let index = std::fs::read_to_string(markdown.join("index.md")).unwrap();
    assert_eq!(index.matches("HCCL Errors").count(), 1);
}

/// Runs the tool: (stdout, stderr, status).
fn errcode(args: &[&std::ffi::OsStr]) -> (String, String, Option<i32>) {
    let output = Command::cargo_bin("errcode")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
        output.status.code(),
    )
}

/// The copy without E61601, or `None` (a failure with `CI=true`).
fn copy() -> Option<&'static str> {
    if !catalog_cann::AVAILABLE {
        skip::skip(format_args!(
            "the real catalog {} is absent",
            catalog_cann::SHARED
        ));
        return None;
    }
    Some(catalog_cann::COPY)
}

fn os(text: &str) -> &std::ffi::OsStr {
    std::ffi::OsStr::new(text)
}

#[test]
fn its_c_tables_and_pages_read_back_by_the_drift_check_give_no_finding() {
    let Some(copy) = copy() else {
        return;
    };
    let folder = tempfile::tempdir().unwrap();
    let map = folder.path().join("error_map.h");
    let xmacro = folder.path().join("error_code_meta.h");
    for (target, path) in [("c-error-map", &map), ("c-xmacro", &xmacro)] {
        let (table, stderr, status) =
            errcode(&[os("codegen"), os("--target"), os(target), os(copy)]);
        assert_eq!((stderr.as_str(), status), ("", Some(0)));
        std::fs::write(path, table).unwrap();
    }
    let (stdout, stderr, status) = errcode(&[
        os("check"),
        os(copy),
        os("--against"),
        map.as_os_str(),
        os("--against"),
        xmacro.as_os_str(),
    ]);
    assert_eq!(
        (stdout, stderr.as_str(), status),
        (
            format!(
                "checked 405 entries in {copy} against 2 files \
                 (810 table rows, 0 pages, 0 report sites, 0 Rust definitions): no errors\n"
            ),
            "",
            Some(0)
        )
    );

    for lang in ["en", "zh"] {
        let (_, stderr, status) = errcode(&[
            os("export"),
            os("--format"),
            os("cann-docs"),
            os("--lang"),
            os(lang),
            os("--catalog"),
            os(copy),
            os("--out"),
            folder.path().join(lang).as_os_str(),
        ]);
        assert_eq!((stderr.as_str(), status), ("", Some(0)));
    }
    let (stdout, stderr, status) = errcode(&[
        os("check"),
        os(copy),
        os("--against"),
        folder.path().join("en").as_os_str(),
        os("--against"),
        folder.path().join("zh").as_os_str(),
    ]);
    // A page per code and language, those without a title (`E61501.md`)
    // included.
    assert_eq!(
        (stdout, stderr.as_str(), status),
        (
            format!(
                "checked 405 entries in {copy} against 810 files \
                 (0 table rows, 810 pages, 0 report sites, 0 Rust definitions): no errors\n"
            ),
            "",
            Some(0)
        )
    );
}

#[test]
fn converted_to_rust_it_writes_back_the_same_entries_and_pages() {
    let Some(copy) = copy() else {
        return;
    };
    let folder = tempfile::tempdir().unwrap();
    let crate_dir = folder.path().join("rust");
    std::fs::create_dir(&crate_dir).unwrap();
    let (rust, stderr, status) = errcode(&[os("codegen"), os(copy)]);
    assert_eq!((stderr.as_str(), status), ("", Some(0)));
    std::fs::write(crate_dir.join("lib.rs"), rust).unwrap();

    let (json, stderr, status) = errcode(&[
        os("export"),
        os("--format"),
        os("json"),
        os("--catalog"),
        crate_dir.as_os_str(),
        os("--out"),
        os("-"),
    ]);
    assert_eq!((stderr.as_str(), status), ("", Some(0)));
    let entries = |json: &str| {
        let catalog = errcat::catalog::load(json).into_result().unwrap();
        catalog
            .entries
            .iter()
            .map(|entry| {
                [
                    entry.code.clone(),
                    entry.class.clone().unwrap_or_default(),
                    entry.title.clone().unwrap_or_default(),
                    entry.message.clone(),
                    entry.names().join(", "),
                    entry.cause().unwrap_or_default().to_owned(),
                    entry.solution().unwrap_or_default().to_owned(),
                ]
            })
            .collect::<Vec<_>>()
    };
    let original = entries(&std::fs::read_to_string(copy).unwrap());
    assert_eq!(original.len(), 405);
    assert_eq!(entries(&json), original);

    for lang in ["en", "zh"] {
        let from = |catalog: &std::ffi::OsStr, out: &str| {
            let out = folder.path().join(lang).join(out);
            let (_, stderr, status) = errcode(&[
                os("export"),
                os("--format"),
                os("cann-docs"),
                os("--lang"),
                os(lang),
                os("--catalog"),
                catalog,
                os("--out"),
                out.as_os_str(),
            ]);
            assert_eq!((stderr.as_str(), status), ("", Some(0)));
            files(&out)
        };
        let from_json = from(os(copy), "json");
        // A page per code and an index page per class (20 of them).
        assert_eq!(from_json.len(), 405 + 20);
        assert!(from(crate_dir.as_os_str(), "rust") == from_json, "{lang}");
    }
}

/// Every file under `folder`, by its path relative to it, with its text.
fn files(folder: &Path) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut pending = vec![folder.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else {
                let relative = path.strip_prefix(folder).unwrap();
                let relative = relative.to_string_lossy().replace('\\', "/");
                found.push((relative, std::fs::read_to_string(&path).unwrap()));
            }
        }
    }
    found.sort();
    found
}
