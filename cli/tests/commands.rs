//! The `errcode` binary, run as a user runs it: output and exit status.

use std::path::Path;

use assert_cmd::Command;

/// The tool, run from the workspace root so that fixture paths read as in the docs.
fn errcode() -> Command {
    let mut command = Command::cargo_bin("errcode").unwrap();
    command.current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join(".."));
    command
}

struct Run {
    stdout: String,
    stderr: String,
    status: i32,
}

fn run(args: &[&str]) -> Run {
    let output = errcode().args(args).output().unwrap();
    Run {
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
        status: output.status.code().unwrap(),
    }
}

const DEFECTS: &str = "\
ui-tests/catalogs/defects.json:6:18: EX1001: the message has 3 `%s` placeholders but Arglist names 2 (op_name, param_name)
ui-tests/catalogs/defects.json:9:18: EX10O2: `EX10O2` is not an error code: a code is six characters: `E` or `W`, an uppercase letter or digit, then four digits (like `EK0201`); its last four characters contain 'O'
ui-tests/catalogs/defects.json:15:21: EX1003: `%,` at byte 20 is not a placeholder: the only placeholder is `%s`; write `%%` for a literal percent sign (and 1 more stray `%`)
ui-tests/catalogs/defects.json:21:18: EX1004: Arglist has an empty name (\"first,,third\"): every name between commas must name an argument
ui-tests/catalogs/defects.json:26:18: EX1005: Arglist name `buf size` is not an identifier (letters, digits and `_`, not starting with a digit) (and 1 more bad name: `self`)
ui-tests/catalogs/defects.json:28:5: EX1006: missing required field \"ErrMessage\"
ui-tests/catalogs/defects.json:35:18: EX1007: \"Arglist\" must be a string, not a number
ui-tests/catalogs/defects.json:39:7: EX1008: unknown field \"ErrMesage\"; the fields of an entry are errClass, errTitle, ErrCode, ErrMessage, Arglist, suggestion; did you mean \"ErrMessage\"?
ui-tests/catalogs/defects.json:45:7: EX1009: \"ErrCode\" is written twice in this entry (first at line 44)
ui-tests/catalogs/defects.json:53:21: EX1011: \"suggestion\" is missing \"Solution\" (write \"N/A\" when there is none)
ui-tests/catalogs/defects.json:57:5: entry 11: an entry is an object, not a string
ui-tests/catalogs/defects.json:65:18: EX1001: the code is defined twice: first by entry 1 at line 4
";

#[test]
fn check_reports_every_defect_kind_a_line_each_and_fails() {
    let run = run(&["check", "ui-tests/catalogs/defects.json"]);
    assert_eq!(
        run.stdout,
        format!(
            "{DEFECTS}checked 7 entries in ui-tests/catalogs/defects.json\n12 errors, 0 warnings in 1 file\n"
        )
    );
    assert_eq!(run.stderr, "");
    assert_eq!(run.status, 1);
}

#[test]
fn check_with_warn_adds_warning_lines() {
    let run = run(&["check", "--warn", "ui-tests/catalogs/defects.json"]);
    let warnings = "\
ui-tests/catalogs/defects.json:59:19: warning: EX1012: errClass \"Example Errors \" has spaces around it, so it differs from \"Example Errors\"
ui-tests/catalogs/defects.json:62:18: warning: EX1012: Arglist names `value` 2 times (placeholders 2, 3): one value fills all of them
";
    let (before, after) =
        DEFECTS.split_at(DEFECTS.find("ui-tests/catalogs/defects.json:65").unwrap());
    assert_eq!(
        run.stdout,
        format!(
            "{before}{warnings}{after}checked 7 entries in ui-tests/catalogs/defects.json\n12 errors, 2 warnings in 1 file\n"
        )
    );
    assert_eq!(run.status, 1);
}

#[test]
fn warnings_never_change_the_exit_status() {
    let run = run(&["check", "--warn", "ui-tests/catalogs/valid.json"]);
    assert_eq!(
        run.stdout,
        "ui-tests/catalogs/valid.json:29:18: warning: EX0003: Arglist names `value` 2 times (placeholders 2, 4): one value fills all of them\n\
         checked 5 entries in ui-tests/catalogs/valid.json: no errors, 1 warning\n"
    );
    assert_eq!(run.status, 0);
    let quiet = self::run(&["check", "ui-tests/catalogs/valid.json"]);
    assert_eq!(
        (quiet.stdout.as_str(), quiet.status),
        (
            "checked 5 entries in ui-tests/catalogs/valid.json: no errors\n",
            0
        )
    );
}

#[test]
fn check_names_invalid_json_by_line_and_column_and_checks_every_file() {
    let run = run(&[
        "check",
        "ui-tests/catalogs/invalid_json.json",
        "ui-tests/catalogs/not_a_catalog.json",
        "ui-tests/catalogs/not_utf8.json",
        "ui-tests/catalogs/no_such_file.json",
        "ui-tests/catalogs/valid.json",
    ]);
    assert_eq!(
        run.stdout,
        "ui-tests/catalogs/invalid_json.json:7:5: invalid JSON: trailing comma\n\
         ui-tests/catalogs/not_a_catalog.json:1:1: a catalog is an object with an \"error_info_list\" array, not an array\n\
         ui-tests/catalogs/not_utf8.json:1:62: invalid JSON: the text is not UTF-8 (byte 0xE9)\n\
         checked 0 entries in ui-tests/catalogs/invalid_json.json and 0 entries in ui-tests/catalogs/not_a_catalog.json and 0 entries in ui-tests/catalogs/not_utf8.json and 5 entries in ui-tests/catalogs/valid.json\n3 errors, 0 warnings in 3 files\n"
    );
    assert_eq!(
        run.stderr,
        "errcode: cannot read ui-tests/catalogs/no_such_file.json: No such file or directory (os error 2)\n"
    );
    // A file that cannot be read is an input error, not a defect.
    assert_eq!(run.status, 2);
    // So is a file that is no catalog at all.
    let malformed = self::run(&["check", "ui-tests/catalogs/invalid_json.json"]);
    assert_eq!(malformed.status, 2);
    let defects_only = self::run(&["check", "ui-tests/catalogs/placeholder_count.json"]);
    assert_eq!(defects_only.status, 1);
}

#[test]
fn an_unreadable_file_is_a_json_finding_with_the_keys_of_every_finding() {
    let run = run(&[
        "check",
        "--format",
        "json",
        "ui-tests/catalogs/no_such_file.json",
        "ui-tests/catalogs/placeholder_count.json",
    ]);
    let output: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(
        output,
        serde_json::json!([
                {
                    "file": "ui-tests/catalogs/no_such_file.json",
                    "line": null,
                    "column": null,
                    "severity": "error",
                    "kind": "unreadable",
                    "code": null,
                    "entry": null,
                    "message": "cannot read ui-tests/catalogs/no_such_file.json: No such file or directory (os error 2)"
                },
                {
                    "file": "ui-tests/catalogs/placeholder_count.json",
                    "line": 6,
                    "column": 18,
                    "severity": "error",
                    "kind": "placeholder-count",
                    "code": "EX5001",
                    "entry": 1,
                    "message": "the message has 4 `%s` placeholders but Arglist names 3 (op_name, scene, param_name)"
                }
        ])
    );
    assert_eq!(run.status, 2);
}

/// A catalog of `count` entries, each with a placeholder and no name.
fn many_defects(count: usize) -> tempfile::NamedTempFile {
    let entries: Vec<String> = (0..count)
        .map(|index| {
            format!("{{\"ErrCode\": \"EX{index:04}\", \"ErrMessage\": \"%s\", \"Arglist\": \"\"}}")
        })
        .collect();
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(
        file.path(),
        format!("{{\"error_info_list\": [\n{}\n]}}", entries.join(",\n")),
    )
    .unwrap();
    file
}

#[test]
fn check_lists_at_most_a_hundred_findings_and_counts_the_rest() {
    let file = many_defects(250);
    let path = file.path().to_str().unwrap();
    let text = run(&["check", path]);
    let lines: Vec<&str> = text.stdout.lines().collect();
    assert_eq!(lines.len(), 103);
    assert_eq!(
        lines[0],
        format!("{path}:2:54: EX0000: the message has 1 `%s` placeholder but Arglist is empty")
    );
    // The catalog's reader keeps its first hundred: the rest are counted.
    assert_eq!(
        lines[100],
        format!("{path}: ... and 150 more findings, counted but not kept (too many in one file)")
    );
    assert_eq!(lines[101], format!("checked 250 entries in {path}"));
    assert_eq!(lines[102], "250 errors, 0 warnings in 1 file");
    assert_eq!(text.status, 1);
    let json = run(&["check", "--format", "json", path]);
    let output: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    let findings = output.as_array().unwrap();
    assert_eq!(findings.len(), 101);
    assert_eq!(
        findings[100],
        serde_json::json!({
            "file": path,
            "line": null,
            "column": null,
            "severity": "error",
            "kind": "omitted",
            "code": null,
            "entry": null,
            "message": "... and 150 more findings, counted but not kept (too many in one file)"
        })
    );
}

#[test]
fn a_million_commas_are_one_line() {
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(
        file.path(),
        format!(
            "{{\"error_info_list\": [{{\"ErrCode\": \"EX0001\", \"ErrMessage\": \"%s\", \"Arglist\": \"{}\"}}]}}",
            ",".repeat(1_000_000)
        ),
    )
    .unwrap();
    let path = file.path().to_str().unwrap();
    let run = run(&["check", path]);
    assert_eq!(
        run.stdout,
        format!(
            "{path}:1:75: EX0001: Arglist has an empty name (\"{}...\"): every name between commas \
             must name an argument (and 1000000 more bad names)\nchecked 1 entry in {path}\n1 error, 0 warnings in 1 file\n",
            ",".repeat(40)
        )
    );
    assert_eq!(run.status, 1);
}

#[test]
fn check_writes_json_for_machines() {
    let run = run(&[
        "check",
        "--format",
        "json",
        "--warn",
        "ui-tests/catalogs/placeholder_count.json",
    ]);
    let findings: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(
        findings,
        serde_json::json!([{
            "file": "ui-tests/catalogs/placeholder_count.json",
            "line": 6,
            "column": 18,
            "severity": "error",
            "kind": "placeholder-count",
            "code": "EX5001",
            "entry": 1,
            "message": "the message has 4 `%s` placeholders but Arglist names 3 (op_name, scene, param_name)"
        }])
    );
    assert_eq!(run.status, 1);
    let clean = self::run(&["check", "--format", "json", "ui-tests/catalogs/valid.json"]);
    assert_eq!((clean.stdout.as_str(), clean.status), ("[]\n", 0));
}

#[test]
fn explain_works_on_the_built_in_catalog() {
    let run = run(&["explain", "EK0201"]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    let defined_at = run
        .stdout
        .lines()
        .find(|line| line.starts_with("Defined at: "))
        .unwrap();
    assert!(
        defined_at.starts_with("Defined at: profiling/src/lib.rs:"),
        "{defined_at}"
    );
    let without_location = run.stdout.replace(&format!("{defined_at}\n"), "");
    assert_eq!(
        without_location,
        "EK0201: Resource_Error_Insufficient_Host_Memory\n\
         Class: Profiling Errors\n\
         Kind: error\n\
         \n\
         Message: Failed to allocate %s host memory for Profiling.\n\
         Arguments: buf_size\n\
         \n\
         Possible cause: Allocation failed due to insufficient host memory.\n\
         Solution: Stop unnecessary processes and ensure that the required memory is available.\n\
         \n\
         As reported, with each argument shown by name:\n\
         \x20 EK0201: Failed to allocate <buf_size> host memory for Profiling.\n\
         \x20         PossibleCause: Allocation failed due to insufficient host memory.\n\
         \x20         Solution: Stop unnecessary processes and ensure that the required memory is available.\n\
         \n\
         Report it from Rust:\n\
         \x20 errcat::report!(\"EK0201\", [\"buf_size\"], [buf_size]);\n\
         \n\
         Family:\n\
         \x20 EK0202: Resource_Error_Insufficient_Host_Memory\n\
         \x20 EK0203: Resource_Error\n\
         \x20 EK0204: Resource_Error\n"
    );
}

#[test]
fn explain_a_catalog_entry_with_keywords_repeats_and_problems() {
    let run = run(&[
        "explain",
        "WX0001",
        "--catalog",
        "ui-tests/catalogs/valid.json",
    ]);
    assert_eq!(
        run.stdout,
        "WX0001: Not_Supported\n\
         Kind: warning\n\
         Defined at: ui-tests/catalogs/valid.json:14\n\
         \n\
         Message: Failed to %s because %s is not supported.\n\
         Arguments: function, type\n\
         \n\
         Possible cause: N/A\n\
         Solution: N/A\n\
         \n\
         As reported, with each argument shown by name:\n\
         \x20 WX0001: Failed to <function> because <type> is not supported.\n\
         \n\
         Report it from Rust:\n\
         \x20 errcat::report!(\"WX0001\", [\"function\", \"type\"], [function, r#type]);\n"
    );
    assert_eq!(run.status, 0);

    let defective = self::run(&[
        "explain",
        "EX5001",
        "--catalog",
        "ui-tests/catalogs/placeholder_count.json",
    ]);
    assert_eq!(
        defective.stdout,
        "EX5001\n\
         Kind: error\n\
         Defined at: ui-tests/catalogs/placeholder_count.json:3\n\
         \n\
         Message: In op [%s], if it is the [%s] cut shape, the [%s] must be [%s]\n\
         Arguments: op_name, scene, param_name\n\
         \n\
         Possible cause: N/A\n\
         Solution: N/A\n\
         \n\
         Problems:\n\
         \x20 6: EX5001: the message has 4 `%s` placeholders but Arglist names 3 (op_name, scene, param_name)\n\
         \n\
         Family:\n\
         \x20 EX5002: Op [%s] is fine.\n"
    );
    assert_eq!(
        defective.stderr,
        "errcode: note: ui-tests/catalogs/placeholder_count.json has 1 error; `errcode check ui-tests/catalogs/placeholder_count.json` lists them\n"
    );
    assert_eq!(defective.status, 0);
}

#[test]
fn explain_names_unknown_and_malformed_codes() {
    let unknown = run(&["explain", "EK0209"]);
    assert_eq!(
        (
            unknown.stdout.as_str(),
            unknown.stderr.as_str(),
            unknown.status
        ),
        (
            "",
            "errcode: no code EK0209 in the built-in Profiling catalog; did you mean EK0201?\n",
            1
        )
    );
    let far = run(&["explain", "EZ1234"]);
    assert_eq!(
        far.stderr,
        "errcode: no code EZ1234 in the built-in Profiling catalog\n"
    );
    let malformed = run(&["explain", "EK02"]);
    assert_eq!(
        malformed.stderr,
        "errcode: `EK02` is not an error code: a code is six characters: `E` or `W`, an uppercase letter or digit, then four digits (like `EK0201`); this one has 4 characters\n"
    );
    assert_eq!(malformed.status, 1);
}

#[test]
fn missing_files_and_unreadable_json_are_clear_errors() {
    let missing = run(&["list", "--catalog", "nowhere.json"]);
    assert_eq!(
        (
            missing.stdout.as_str(),
            missing.stderr.as_str(),
            missing.status
        ),
        (
            "",
            "errcode: cannot read nowhere.json: No such file or directory (os error 2)\n",
            2
        )
    );
    let invalid = run(&[
        "explain",
        "EX2001",
        "--catalog",
        "ui-tests/catalogs/invalid_json.json",
    ]);
    assert_eq!(
        invalid.stderr,
        "errcode: ui-tests/catalogs/invalid_json.json is not a catalog:\n\
         ui-tests/catalogs/invalid_json.json:7:5: invalid JSON: trailing comma\n"
    );
    assert_eq!(invalid.status, 2);
    let usage = run(&["explain"]);
    assert_eq!(usage.status, 2);
    assert!(
        usage
            .stderr
            .starts_with("error: the following required arguments were not provided:"),
        "{}",
        usage.stderr
    );
}

#[test]
fn list_prints_a_table_and_filters_by_class() {
    let run = run(&["list", "--catalog", "ui-tests/catalogs/valid.json"]);
    assert_eq!(
        run.stdout,
        "CODE    TITLE                                    MESSAGE\n\
         EX0201  Resource_Error_Insufficient_Host_Memory  Failed to allocate %s host memory.\n\
         WX0001  Not_Supported                            Failed to %s because %s is not supported.\n\
         EX0003  Invalid_Argument                         In %s, %s is %s but %s must be at most 100%%.\n\
         EX9999  -                                        %s\n\
         EX0004  System_Terminated                        An unknown error occurred. Please check the log.\n"
    );
    let class = self::run(&[
        "list",
        "--catalog",
        "ui-tests/catalogs/valid.json",
        "--class",
        " example errors",
    ]);
    assert_eq!(
        class.stdout,
        "CODE    TITLE                                    MESSAGE\n\
         EX0201  Resource_Error_Insufficient_Host_Memory  Failed to allocate %s host memory.\n\
         EX0003  Invalid_Argument                         In %s, %s is %s but %s must be at most 100%%.\n\
         EX0004  System_Terminated                        An unknown error occurred. Please check the log.\n"
    );
    let unclassified = self::run(&[
        "list",
        "--catalog",
        "ui-tests/catalogs/valid.json",
        "--class",
        "Unclassified",
    ]);
    assert_eq!(unclassified.stdout.lines().count(), 3);
    let unknown = self::run(&["list", "--class", "FE Errors"]);
    assert_eq!(
        (unknown.stderr.as_str(), unknown.status),
        (
            "errcode: no code in the built-in Profiling catalog has the class \"FE Errors\"; its classes are: Profiling Errors\n",
            1
        )
    );
    let built_in = self::run(&["list"]);
    assert_eq!(built_in.stdout.lines().count(), 13);
    assert!(built_in.stdout.contains("\nEK0201  Resource_Error_Insufficient_Host_Memory  Failed to allocate %s host memory for Profiling.\n"));
}

#[test]
fn export_json_writes_the_file_back() {
    let folder = tempfile::tempdir().unwrap();
    let out = folder.path().join("catalog.json");
    let run = run(&[
        "export",
        "--format",
        "json",
        "--catalog",
        "ui-tests/catalogs/valid.json",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(
        run.stdout,
        format!(
            "wrote 5 codes from ui-tests/catalogs/valid.json to {}\n",
            out.display()
        )
    );
    assert_eq!(run.status, 0);
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        include_str!("../../ui-tests/catalogs/valid.json")
    );
}

#[test]
fn export_markdown_of_the_built_in_catalog() {
    let folder = tempfile::tempdir().unwrap();
    let out = folder.path().join("reference");
    let run = run(&[
        "export",
        "--format",
        "markdown",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    let index = std::fs::read_to_string(out.join("index.md")).unwrap();
    assert_eq!(
        index,
        "# Error codes\n\n| Class | Codes |\n| --- | --- |\n| [Profiling Errors](classes/profiling-errors.md) | 12 |\n"
    );
    let page = std::fs::read_to_string(out.join("codes/EK0204.md")).unwrap();
    assert_eq!(
        page,
        "# EK0204: Resource\\_Error\n\n\
         Class: [Profiling Errors](../classes/profiling-errors.md)  \nKind: error\n\n\
         ## Message\n\nInsufficient disk space. Reason: `{reason}`.\n\n\
         | Argument | Fills placeholder |\n| --- | --- |\n| `reason` | 1 |\n\n\
         Template: `Insufficient disk space. Reason: %s.`\n\n\
         ## Solution\n\nAt least 20MB storage space is required for Profiling flushing. Delete redundant files or change the flushing path.\n"
    );
    assert_eq!(std::fs::read_dir(out.join("codes")).unwrap().count(), 12);
}

#[test]
fn export_refuses_a_defective_catalog() {
    let folder = tempfile::tempdir().unwrap();
    let out = folder.path().join("x.json");
    let run = run(&[
        "export",
        "--format",
        "json",
        "--catalog",
        "ui-tests/catalogs/placeholder_count.json",
        "--out",
        out.to_str().unwrap(),
    ]);
    // The entry that is not whole is named and left out, the others are
    // written, and the run fails.
    assert_eq!(
        run.stderr,
        "errcode: left out: ui-tests/catalogs/placeholder_count.json:6: EX5001: the message has 4 `%s` placeholders but Arglist names 3 (op_name, scene, param_name)\n"
    );
    assert_eq!(run.status, 1);
    let written = errcat::catalog::load(&std::fs::read_to_string(&out).unwrap()).catalog;
    let codes: Vec<&str> = written
        .entries
        .iter()
        .map(|entry| entry.code.as_str())
        .collect();
    assert_eq!(codes, ["EX5002"]);
}

#[test]
fn codegen_prints_definitions_or_the_errors() {
    let run = run(&["codegen", "ui-tests/catalogs/valid.json"]);
    assert_eq!(run.status, 0);
    assert_eq!(
        run.stdout,
        errcat::catalog::load(include_str!("../../ui-tests/catalogs/valid.json"))
            .into_result()
            .unwrap()
            .to_rust("valid.json")
            .unwrap()
    );
    let defective = self::run(&["codegen", "ui-tests/catalogs/placeholder_count.json"]);
    assert_eq!(defective.status, 1);
    assert!(defective.stdout.contains("pub struct EX5002 {"));
    assert!(!defective.stdout.contains("EX5001"));
    assert_eq!(
        defective.stderr,
        "errcode: left out: ui-tests/catalogs/placeholder_count.json:6: EX5001: the message has 4 `%s` placeholders but Arglist names 3 (op_name, scene, param_name)\n"
    );
}

#[test]
fn explain_takes_a_code_in_any_case() {
    let lower = run(&["explain", "ek0201"]);
    let upper = run(&["explain", "EK0201"]);
    assert_eq!(lower.status, 0, "{}", lower.stderr);
    assert_eq!(lower.stdout, upper.stdout);
    assert!(lower.stdout.starts_with("EK0201"), "{}", lower.stdout);
}

#[test]
fn export_to_dash_writes_standard_output() {
    let run = run(&[
        "export",
        "--format",
        "json",
        "--catalog",
        "ui-tests/catalogs/valid.json",
        "--out",
        "-",
    ]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert_eq!(run.stderr, "");
    assert!(!Path::new("../-").exists() && !Path::new("-").exists());
    let written: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let original: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string("../ui-tests/catalogs/valid.json").unwrap())
            .unwrap();
    assert_eq!(written, original);
    let markdown = self::run(&["export", "--format", "markdown", "--out", "-"]);
    assert_eq!(markdown.status, 2);
    assert_eq!(
        markdown.stderr,
        "errcode: a reference is a folder of pages: give --out a folder, not -\n"
    );
}
