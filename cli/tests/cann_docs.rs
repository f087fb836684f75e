//! `errcode export --format cann-docs`: CANN's reference pages, checked byte
//! for byte against pages written for this project in CANN's layout
//! (`cli/tests/cann-docs/`: a catalog and its English and Chinese pages).

use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::Command;

const FIXTURE: &str = "cli/tests/cann-docs";

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Runs the tool from the workspace root: (stdout, stderr, status).
fn errcode(args: &[&str]) -> (String, String, i32) {
    let output = Command::cargo_bin("errcode")
        .unwrap()
        .current_dir(workspace())
        .args(args)
        .output()
        .unwrap();
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
        output.status.code().unwrap(),
    )
}

/// Every file under `folder`, by its path relative to it, with its text.
fn files(folder: &Path) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut pending = vec![folder.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else {
                let relative = path.strip_prefix(folder).unwrap();
                let relative = relative.to_string_lossy().replace('\\', "/");
                found.push((relative, fs::read_to_string(&path).unwrap()));
            }
        }
    }
    found.sort();
    found
}

fn export(lang: &str, keep: Option<&str>, out: &Path) -> (String, String, i32) {
    let out = out.to_str().unwrap();
    let catalog = format!("{FIXTURE}/catalog.json");
    let mut args = vec![
        "export",
        "--format",
        "cann-docs",
        "--lang",
        lang,
        "--catalog",
        &catalog,
        "--out",
        out,
    ];
    if let Some(keep) = keep {
        args.extend(["--keep", keep]);
    }
    errcode(&args)
}

#[test]
fn english_pages_regenerated_with_keep_are_the_pages_byte_for_byte() {
    let out = tempfile::tempdir().unwrap();
    let keep = format!("{FIXTURE}/en");
    let (stdout, stderr, status) = export("en", Some(&keep), out.path());
    assert_eq!((stderr.as_str(), status), ("", 0));
    assert_eq!(
        stdout,
        format!(
            "wrote 7 pages (6 codes and their index pages) from {FIXTURE}/catalog.json to {}\n\
             6 of them regenerated from the pages in {keep}\n",
            out.path().display()
        )
    );
    assert_eq!(files(out.path()), files(&workspace().join(&keep)));
}

#[test]
fn chinese_pages_keep_their_translation_and_carry_english_where_there_is_none() {
    let out = tempfile::tempdir().unwrap();
    let keep = format!("{FIXTURE}/zh");
    let (stdout, stderr, status) = export("zh", Some(&keep), out.path());
    assert_eq!((stderr.as_str(), status), ("", 0));
    assert!(
        stdout.ends_with(
            "1 Chinese page carries the English cause or solution, with no translation to keep: ES0102\n"
        ),
        "{stdout}"
    );
    let untranslated = "Storage-Errors/ES0102-File_Operation_Error_Open.md";
    let mut expected = files(&workspace().join(&keep));
    for (path, text) in &mut expected {
        if path == untranslated {
            // The kept page has no 解决方法: the catalog's English solution,
            // one item per line, goes under the Chinese heading.
            text.push_str(
                "\n## 解决方法\n\n1.Restore the file from a backup.\n2. Make the file writable.\n",
            );
        }
    }
    assert_eq!(files(out.path()), expected);
}

#[test]
fn pages_regenerated_in_place_are_unchanged() {
    let folder = tempfile::tempdir().unwrap();
    for (path, text) in files(&workspace().join(FIXTURE).join("en")) {
        let target = folder.path().join(&path);
        fs::create_dir_all(target.parent().unwrap()).unwrap();
        fs::write(target, text).unwrap();
    }
    let before = files(folder.path());
    let path = folder.path().to_str().unwrap();
    let (_, stderr, status) = export("en", Some(path), folder.path());
    assert_eq!((stderr.as_str(), status), ("", 0));
    assert_eq!(files(folder.path()), before);
}

#[test]
fn new_pages_in_both_languages_from_the_catalog_alone() {
    let out = tempfile::tempdir().unwrap();
    let (stdout, _, status) = export("en", None, &out.path().join("en"));
    assert_eq!(status, 0);
    assert_eq!(
        stdout,
        format!(
            "wrote 8 pages (6 codes and their index pages) from {FIXTURE}/catalog.json to {}\n",
            out.path().join("en").display()
        )
    );
    let (stdout, _, status) = export("zh", None, &out.path().join("zh"));
    assert_eq!(status, 0);
    assert!(stdout.ends_with(
        "3 Chinese pages carry the English cause or solution, with no translation to keep: ES0101, ES0102, WS0001\n"
    ));
    let written = files(out.path());
    let paths: Vec<&str> = written.iter().map(|(path, _)| path.as_str()).collect();
    assert_eq!(
        paths,
        [
            "en/Storage-Errors/ES0001-Invalid_Argument.md",
            "en/Storage-Errors/ES0101-Resource_Error_Insufficient_Disk_Space.md",
            "en/Storage-Errors/ES0102-File_Operation_Error_Open.md",
            "en/Storage-Errors/ES9999-System_Terminated.md",
            "en/Storage-Errors/Storage-Errors.md",
            "en/Storage-Errors/WS0001-Not_Supported.md",
            "en/Sync-Errors/ES2001-Execution_Error.md",
            "en/Sync-Errors/Sync-Errors.md",
            "zh/Storage-Errors/ES0001-Invalid_Argument.md",
            "zh/Storage-Errors/ES0101-Resource_Error_Insufficient_Disk_Space.md",
            "zh/Storage-Errors/ES0102-File_Operation_Error_Open.md",
            "zh/Storage-Errors/ES9999-System_Terminated.md",
            "zh/Storage-Errors/Storage-Errors.md",
            "zh/Storage-Errors/WS0001-Not_Supported.md",
            "zh/Sync-Errors/ES2001-Execution_Error.md",
            "zh/Sync-Errors/Sync-Errors.md",
        ]
    );
    let text = |path: &str| {
        written
            .iter()
            .find(|(written, _)| written == path)
            .map(|(_, text)| text.as_str())
            .unwrap()
    };
    assert_eq!(
        text("en/Storage-Errors/ES0101-Resource_Error_Insufficient_Disk_Space.md"),
        "# ES0101 Resource\\_Error\\_Insufficient\\_Disk\\_Space

## Symptom

The following is error format. The placeholder %s indicates the free_space.

```text
Only %s of disk space is left for the cache.
```

## Possible Cause

Other programs filled the disk.

## Solution

1. Delete old cache files.
2. Move the cache to a larger disk.
"
    );
    assert_eq!(
        text("zh/Storage-Errors/WS0001-Not_Supported.md"),
        "# WS0001 Not\\_Supported

## 错误信息

报错格式如下，占位符%s的含义依次为feature、device、fallback：

```text
%s is not supported on %s; %s is used instead.
```

## 解决方法

Use a device that supports the feature_name.
"
    );
    assert_eq!(
        text("en/Sync-Errors/ES2001-Execution_Error.md"),
        "# ES2001 Execution\\_Error

## Symptom

The following is error format. The meanings of the placeholders %s in sequence are: peer_report, job, detail.

```text
%s\\nSync %s stopped: %s
```
"
    );
    assert_eq!(
        text("en/Storage-Errors/ES9999-System_Terminated.md"),
        "# ES9999 System\\_Terminated

## Symptom

The following is error format.

```text
The storage service stopped. Please check the log.
```
"
    );
    assert_eq!(
        text("zh/Sync-Errors/Sync-Errors.md"),
        "# Sync Errors\n\n- [ES2001 Execution\\_Error](ES2001-Execution_Error.md)\n"
    );
}

#[test]
fn keep_must_be_a_folder_and_goes_with_cann_docs() {
    let out = tempfile::tempdir().unwrap();
    let (stdout, stderr, status) = export("en", Some("no/such/folder"), out.path());
    assert_eq!(
        (stdout.as_str(), stderr.as_str(), status),
        (
            "",
            "errcode: no/such/folder is not a folder: --keep takes the folder of an existing reference\n",
            2
        )
    );
    let (_, stderr, status) = errcode(&[
        "export", "--format", "json", "--out", "-", "--keep", FIXTURE,
    ]);
    assert_eq!(
        (stderr.as_str(), status),
        (
            "errcode: --keep regenerates CANN's pages: it goes with --format cann-docs\n",
            2
        )
    );
    let (_, stderr, status) = errcode(&["export", "--format", "cann-docs", "--out", "-"]);
    assert_eq!(
        (stderr.as_str(), status),
        (
            "errcode: a reference is a folder of pages: give --out a folder, not -\n",
            2
        )
    );
}

#[test]
fn a_folder_of_rust_sources_is_a_catalog_with_descriptions_and_examples() {
    let (json, stderr, status) = errcode(&[
        "export",
        "--format",
        "json",
        "--catalog",
        "cli/tests/cann-docs/rust",
        "--out",
        "-",
    ]);
    assert_eq!((stderr.as_str(), status), ("", 0));
    assert_eq!(
        json,
        r#"{
  "error_info_list": [
    {
      "errClass": "Sync Errors",
      "errTitle": "Execution_Error",
      "ErrCode": "ES2001",
      "ErrMessage": "%s\nSync %s stopped: %s",
      "Arglist": "peer_report, job, detail",
      "suggestion": {
        "Possible Cause": "N/A",
        "Solution": "Read the peer's report first."
      }
    },
    {
      "errClass": "Storage Errors",
      "errTitle": "Resource_Error_Insufficient_Disk_Space",
      "ErrCode": "ES0101",
      "ErrMessage": "Only %s of disk space is left for the cache.",
      "Arglist": "free_space",
      "suggestion": {
        "Possible Cause": "Other programs filled the disk.",
        "Solution": "1. Delete old cache files.  2. Move the cache to a larger disk."
      }
    },
    {
      "errClass": "Storage Errors",
      "errTitle": "System_Terminated",
      "ErrCode": "ES9999",
      "ErrMessage": "The storage service stopped. Please check the log.",
      "Arglist": ""
    }
  ]
}
"#
    );
    let out = tempfile::tempdir().unwrap();
    let (_, stderr, status) = errcode(&[
        "export",
        "--format",
        "cann-docs",
        "--catalog",
        "cli/tests/cann-docs/rust",
        "--out",
        out.path().to_str().unwrap(),
    ]);
    assert_eq!((stderr.as_str(), status), ("", 0));
    let written = files(out.path());
    let text = |path: &str| {
        written
            .iter()
            .find(|(written, _)| written == path)
            .map(|(_, text)| text.as_str())
            .unwrap()
    };
    // The description from `/// the free space`, the example from
    // `example = "12K"`: the kept page's words, written from Rust alone.
    assert_eq!(
        text("Storage-Errors/ES0101-Resource_Error_Insufficient_Disk_Space.md"),
        fs::read_to_string(
            workspace()
                .join(FIXTURE)
                .join("en/Storage-Errors/ES0101-Resource_Error_Insufficient_Disk_Space.md")
        )
        .unwrap()
        .replace("```\nOnly %s", "```text\nOnly %s")
    );
    assert_eq!(
        text("Sync-Errors/ES2001-Execution_Error.md"),
        "# ES2001 Execution\\_Error

## Symptom

The following is error format. The meanings of the placeholders %s in sequence are: peer's report, job name, detail.

```text
%s\\nSync %s stopped: %s
```

Error example:

```text
Peer node-2 reported: disk full.
Sync nightly stopped: the peer refused the copy.
```

## Solution

Read the peer's report first.
"
    );
}

#[test]
fn a_catalog_converted_to_rust_exports_the_same_pages() {
    let (rust, stderr, status) = errcode(&["codegen", &format!("{FIXTURE}/catalog.json")]);
    assert_eq!((stderr.as_str(), status), ("", 0));
    let crate_dir = tempfile::tempdir().unwrap();
    fs::write(crate_dir.path().join("lib.rs"), rust).unwrap();
    for lang in ["en", "zh"] {
        let from_json = tempfile::tempdir().unwrap();
        let from_rust = tempfile::tempdir().unwrap();
        let (_, stderr, status) = export(lang, None, from_json.path());
        assert_eq!((stderr.as_str(), status), ("", 0));
        let (_, stderr, status) = errcode(&[
            "export",
            "--format",
            "cann-docs",
            "--lang",
            lang,
            "--catalog",
            crate_dir.path().to_str().unwrap(),
            "--out",
            from_rust.path().to_str().unwrap(),
        ]);
        assert_eq!((stderr.as_str(), status), ("", 0));
        assert_eq!(files(from_rust.path()), files(from_json.path()));
    }
}

#[test]
fn rust_definitions_that_are_no_entry_are_named_and_the_others_written() {
    let folder = tempfile::tempdir().unwrap();
    fs::write(
        folder.path().join("a.rs"),
        "#[errcat::error_code(\"EX0001\", title = \"T\")]\npub struct NoMessage;\n\n#[errcat::error_code(\"EX0002\", message = \"%s and %s\", args = \"a\")]\npub struct Short { a: String }\n\n#[errcat::error_code(\"EX0003\", message = \"Whole.\")]\npub struct Whole;\n",
    )
    .unwrap();
    fs::write(folder.path().join("b.rs"), "fn broken( {").unwrap();
    let path = folder.path().display().to_string();
    let (stdout, stderr, status) = errcode(&[
        "export",
        "--format",
        "json",
        "--catalog",
        &path,
        "--out",
        "-",
    ]);
    // The entry that is whole is written; each other is named; the run fails.
    assert_eq!(
        stdout,
        "{\n  \"error_info_list\": [\n    {\n      \"ErrCode\": \"EX0003\",\n      \"ErrMessage\": \"Whole.\",\n      \"Arglist\": \"\"\n    }\n  ]\n}\n"
    );
    assert_eq!(status, 1);
    assert_eq!(
        stderr,
        format!(
            "errcode: left out: {path}/a.rs:1: EX0001: the definition has no `message`, so it has no catalog entry\n\
             errcode: left out: {path}/a.rs:4: EX0002: the message has 2 `%s` placeholders but Arglist names 1 (a)\n\
             errcode: left out: {path}/b.rs:1:12: this `{{` is never closed\n"
        )
    );
    // A folder with no definition at all is no catalog.
    let empty = tempfile::tempdir().unwrap();
    fs::write(empty.path().join("lib.rs"), "pub fn f() {}\n").unwrap();
    let empty_path = empty.path().display().to_string();
    let (stdout, stderr, status) = errcode(&["list", "--catalog", &empty_path]);
    assert_eq!(
        (stdout.as_str(), stderr, status),
        (
            "",
            format!("errcode: no `#[error_code]` definitions in {empty_path}\n"),
            2
        )
    );
}

#[test]
fn pages_read_back_by_the_drift_check_give_no_finding() {
    let out = tempfile::tempdir().unwrap();
    for lang in ["en", "zh"] {
        let (_, stderr, status) = export(lang, None, &out.path().join(lang));
        assert_eq!((stderr.as_str(), status), ("", 0));
    }
    let (stdout, stderr, status) = errcode(&[
        "check",
        &format!("{FIXTURE}/catalog.json"),
        "--against",
        out.path().join("en").to_str().unwrap(),
        "--against",
        out.path().join("zh").to_str().unwrap(),
    ]);
    assert_eq!(
        (stdout.as_str(), stderr.as_str(), status),
        (
            "checked 6 entries in cli/tests/cann-docs/catalog.json against 12 files \
             (0 table rows, 12 pages, 0 report sites, 0 Rust definitions): no errors\n",
            "",
            0
        )
    );
}

#[test]
fn the_page_of_a_code_without_a_title_is_read_back_and_checked() {
    let folder = tempfile::tempdir().unwrap();
    let catalog = folder.path().join("error_code.json");
    fs::write(
        &catalog,
        r#"{"error_info_list": [
  {"errClass": "Storage Errors", "ErrCode": "ES0301", "ErrMessage": "Disk %s is gone.", "Arglist": "disk"}
]}
"#,
    )
    .unwrap();
    let catalog = catalog.to_str().unwrap();
    let pages = folder.path().join("en");
    let (_, stderr, status) = errcode(&[
        "export",
        "--format",
        "cann-docs",
        "--catalog",
        catalog,
        "--out",
        pages.to_str().unwrap(),
    ]);
    assert_eq!((stderr.as_str(), status), ("", 0));
    let page = pages.join("Storage-Errors/ES0301.md");
    assert_eq!(
        fs::read_to_string(&page).unwrap(),
        "# ES0301\n\n## Symptom\n\nThe following is error format. The placeholder %s indicates the disk.\n\n\
         ```text\nDisk %s is gone.\n```\n"
    );
    let check = || errcode(&["check", catalog, "--against", pages.to_str().unwrap()]);
    assert_eq!(
        check(),
        (
            format!(
                "checked 1 entry in {catalog} against 1 file \
                 (0 table rows, 1 page, 0 report sites, 0 Rust definitions): no errors\n"
            ),
            String::new(),
            0
        )
    );
    // A title the catalog does not have is drift, like any other.
    fs::write(
        &page,
        fs::read_to_string(&page)
            .unwrap()
            .replace("# ES0301", "# ES0301 Disk\\_Lost"),
    )
    .unwrap();
    let (stdout, _, status) = check();
    assert_eq!(
        stdout.lines().next().unwrap(),
        format!(
            "{}:1:10: ES0301: title differs: none vs \"Disk_Lost\" ({catalog}:2)",
            page.display()
        )
    );
    assert_eq!(status, 1);
}

/// The entries of a catalog as a user reads them: code, class, title,
/// message, argument names, cause and solution (`N/A` and absence alike).
fn entries(json: &str) -> Vec<[String; 7]> {
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
        .collect()
}

#[test]
fn a_catalog_converted_to_rust_writes_back_the_same_entries() {
    let catalog = format!("{FIXTURE}/catalog.json");
    let (rust, stderr, status) = errcode(&["codegen", &catalog]);
    assert_eq!((stderr.as_str(), status), ("", 0));
    let crate_dir = tempfile::tempdir().unwrap();
    fs::write(crate_dir.path().join("lib.rs"), rust).unwrap();
    let (json, stderr, status) = errcode(&[
        "export",
        "--format",
        "json",
        "--catalog",
        crate_dir.path().to_str().unwrap(),
        "--out",
        "-",
    ]);
    assert_eq!((stderr.as_str(), status), ("", 0));
    let original = fs::read_to_string(workspace().join(&catalog)).unwrap();
    assert_eq!(entries(&json), entries(&original));
    // Byte for byte but for `"suggestion"` objects that only say N/A: a
    // Rust definition without cause and solution writes none.
    let without_na = original.replace(
        ",\n      \"suggestion\": {\n        \"Possible Cause\": \"N/A\",\n        \"Solution\": \"N/A\"\n      }",
        "",
    );
    assert_eq!(json, without_na);
}

/// `path`'s text with `from` replaced by `to`, which must be there.
fn edit(path: &Path, from: &str, to: &str) {
    let text = fs::read_to_string(path).unwrap();
    assert!(text.contains(from), "{} has no {from:?}", path.display());
    fs::write(path, text.replacen(from, to, 1)).unwrap();
}

#[test]
fn keep_reproduces_every_page_the_drift_check_passes_byte_for_byte() {
    let folder = tempfile::tempdir().unwrap();
    for (path, text) in files(&workspace().join(FIXTURE)) {
        if path.starts_with("en/") || path.starts_with("zh/") {
            let target = folder.path().join(&path);
            fs::create_dir_all(target.parent().unwrap()).unwrap();
            fs::write(target, text).unwrap();
        }
    }
    let root = folder.path();
    let storage = |lang: &str, name: &str| root.join(lang).join("Storage-Errors").join(name);
    // Drift the check reports, beside the fixture's own (solutions the
    // catalog lacks, a Chinese page without the catalog's solution).
    edit(
        &storage("en", "ES0101-Resource_Error_Insufficient_Disk_Space.md"),
        "Other programs filled the disk.",
        "Other programs fill the disk.",
    );
    edit(
        &storage("en", "ES9999-System_Terminated.md"),
        "# ES9999 System\\_Terminated",
        "# ES9999 System\\_Stopped",
    );
    edit(
        &storage("zh", "WS0001-Not_Supported.md"),
        "%s is used instead.",
        "%s is used.",
    );
    // What the check rightly passes and the writer must keep as written: a
    // page without a final line end, an index line with trailing spaces.
    edit(
        &storage("en", "ES0102-File_Operation_Error_Open.md"),
        "writable.\n",
        "writable.",
    );
    edit(
        &storage("zh", "STORAGE-Errors.md"),
        "(ES0001-Invalid_Argument.md)\n",
        "(ES0001-Invalid_Argument.md)  \n",
    );

    let en = root.join("en");
    let zh = root.join("zh");
    let catalog = format!("{FIXTURE}/catalog.json");
    let (stdout, stderr, status) = errcode(&[
        "check",
        &catalog,
        "--against",
        en.to_str().unwrap(),
        "--against",
        zh.to_str().unwrap(),
    ]);
    assert_eq!((stderr.as_str(), status), ("", 1));
    let findings: Vec<String> = stdout
        .lines()
        .map(|line| line.replace(&format!("{}/", root.display()), ""))
        .collect();
    assert_eq!(
        findings,
        [
            "en/Storage-Errors/ES0101-Resource_Error_Insufficient_Disk_Space.md:19:1: ES0101: cause differs: \"Other programs filled the disk.\" vs \"Other programs fill the disk.\" (cli/tests/cann-docs/catalog.json:3)",
            "en/Storage-Errors/ES9999-System_Terminated.md:1:10: ES9999: title differs: \"System_Terminated\" vs \"System_Stopped\" (cli/tests/cann-docs/catalog.json:36)",
            "zh/Storage-Errors/ES0102-File_Operation_Error_Open.md:1:1: ES0102: solution differs: \"1.Restore the file from a backup. 2. Make the file writable.\" vs none (cli/tests/cann-docs/catalog.json:25)",
            "zh/Storage-Errors/WS0001-Not_Supported.md:8:1: WS0001: message differs: \"%s is not supported on %s; %s is used instead.\" vs \"%s is not supported on %s; %s is used.\" (cli/tests/cann-docs/catalog.json:47)",
            // A page's solution for the catalog's `N/A` is a warning
            // (`catalog-missing-text`), once per code, under --warn only.
            "checked 6 entries in cli/tests/cann-docs/catalog.json against 12 files (0 table rows, 12 pages, 0 report sites, 0 Rust definitions)",
            "4 errors, 0 warnings in 4 files",
        ]
    );
    let faulty: Vec<&str> = findings
        .iter()
        .map(|finding| finding.split(':').next().unwrap())
        .collect();

    let mut passed = 0;
    for lang in ["en", "zh"] {
        let out = root.join(format!("regenerated-{lang}"));
        let kept = root.join(lang);
        let (_, stderr, status) = export(lang, Some(kept.to_str().unwrap()), &out);
        // The Chinese WS0001 page's template was edited above: its example
        // no longer reads with it, and the export says it left it out.
        let dropped = match lang {
            "zh" => {
                "errcode: WS0001: the error example \"Compression is not supported on tape; plain copy is used ins\"... was dropped: its values cannot be read with the old message\n"
            }
            _ => "",
        };
        assert_eq!((stderr.as_str(), status), (dropped, 0));
        let regenerated = files(&out);
        for (path, text) in files(&kept) {
            let again = regenerated
                .iter()
                .find(|(written, _)| *written == path)
                .map(|(_, text)| text.as_str());
            let path = format!("{lang}/{path}");
            // A page with drift is rewritten from the catalog, or kept
            // where it says more than the catalog (a solution for `N/A`).
            if !faulty.contains(&path.as_str()) {
                assert_eq!(again, Some(text.as_str()), "{path}");
                passed += 1;
            }
        }
    }
    // Of 14 files, 4 have drift; the other 10 came back byte for byte: en
    // ES0102 without its final line end, en WS0001, zh ES0101, both index
    // pages, and the 5 pages whose solution the catalog lacks (a warning,
    // kept as written).
    assert_eq!(passed, 10);
}
