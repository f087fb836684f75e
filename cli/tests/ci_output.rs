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

/// The results of a SARIF log: rule, fingerprint, suppressions, location.
fn sarif_results(run: &Run) -> Vec<String> {
    let log: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    log["runs"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            format!(
                "{} {} {} {}",
                r["ruleId"].as_str().unwrap(),
                r["partialFingerprints"]["errcodeFinding/v2"]
                    .as_str()
                    .unwrap(),
                r["suppressions"],
                r["locations"][0]
            )
        })
        .collect()
}

#[test]
fn sarif_fingerprints_are_one_per_finding_and_stay_when_lines_move() {
    let site = "REPORT(\"EH0001\", {\"value\", \"param\"}, {v});\n";
    let dir = tree(&[(
        "src/two.cc",
        &format!("{site}{site}// errcode: allow(value-count)\n{site}"),
    )]);
    let before = check(dir.path(), &["--format", "sarif"]);
    let fingerprints = |run: &Run| -> Vec<String> {
        sarif_results(run)
            .iter()
            .map(|result| result.split(' ').nth(1).unwrap().to_owned())
            .collect()
    };
    let first = fingerprints(&before);
    // Two sites alike: one fingerprint each, the occurrence after the hash.
    assert_eq!(first.len(), 3);
    assert_eq!(first[0].split(':').next(), first[1].split(':').next());
    assert_eq!(
        [&first[0][16..], &first[1][16..], &first[2][16..]],
        [":0", ":1", ":2"]
    );
    // A line added above moves every site: the fingerprints stay.
    std::fs::write(
        dir.path().join("src/two.cc"),
        format!("// moved\n{site}{site}// errcode: allow(value-count)\n{site}"),
    )
    .unwrap();
    let after = check(dir.path(), &["--format", "sarif"]);
    assert_eq!(fingerprints(&after), first);
}

#[test]
fn sarif_suppressions_invocations_and_logical_locations() {
    let dir = tree(&[
        (
            "src/api.cc",
            "// errcode: allow(value-count)\nREPORT(\"EH0001\", {\"value\", \"param\"}, {v});\nREPORT(\"EK0404\", {\"a\"}, {v});\n",
        ),
        ("src/notes.txt", "no code here\n"),
        (
            "errcode.toml",
            "catalogs = [\"error_code.json\"]\nagainst = [\"src\"]\n\n[[accept]]\nkind = \"undefined-code\"\ncode = \"EK0404\"\nreason = \"reported by the old driver\"\n",
        ),
    ]);
    let run = errcode(dir.path(), &["check", "--format", "sarif", "--warn"]);
    let results = sarif_results(&run);
    let shown: Vec<String> = results
        .iter()
        .map(|result| {
            let mut parts: Vec<&str> = result.splitn(4, ' ').collect();
            parts.remove(1);
            parts.join(" ")
        })
        .collect();
    assert_eq!(
        shown,
        [
            r#"skipped-files null {"logicalLocations":[{"fullyQualifiedName":"src","kind":"module"}]}"#,
            r#"value-count [{"justification":"`errcode: allow(value-count)` at src/api.cc:1","kind":"inSource"}] {"physicalLocation":{"artifactLocation":{"uri":"src/api.cc","uriBaseId":"%SRCROOT%"},"region":{"startColumn":8,"startLine":2}}}"#,
            r#"undefined-code [{"justification":"reported by the old driver","kind":"external"}] {"physicalLocation":{"artifactLocation":{"uri":"src/api.cc","uriBaseId":"%SRCROOT%"},"region":{"startColumn":8,"startLine":3}}}"#,
        ]
    );
    let log: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(
        log["runs"][0]["invocations"],
        serde_json::json!([{"executionSuccessful": true, "toolExecutionNotifications": []}])
    );
    assert_eq!(run.status, 0);
    // An input that cannot be used: exit status 2, and a log that says so.
    let run = errcode(dir.path(), &["check", "nosuch.json", "--format", "sarif"]);
    let log: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(
        log["runs"][0]["invocations"],
        serde_json::json!([{
            "executionSuccessful": false,
            "toolExecutionNotifications": [{
                "level": "error",
                "message": {"text": "cannot read nosuch.json: No such file or directory (os error 2)"},
                "locations": [{"logicalLocations": [{"fullyQualifiedName": "nosuch.json", "kind": "module"}]}],
            }],
        }])
    );
    assert_eq!(
        (log["runs"][0]["results"].clone(), run.status),
        (serde_json::json!([]), 2)
    );
    // A file that is no catalog: its finding is a result, and the run
    // did not do what it was asked.
    std::fs::write(dir.path().join("list.json"), "[1, 2]").unwrap();
    let run = errcode(dir.path(), &["check", "list.json", "--format", "sarif"]);
    let log: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(
        (
            &log["runs"][0]["invocations"][0]["executionSuccessful"],
            &log["runs"][0]["results"][0]["ruleId"],
            run.status
        ),
        (&serde_json::json!(false), &serde_json::json!("schema"), 2)
    );
    // One that stops the run before it starts: the log still comes.
    std::fs::write(dir.path().join("errcode.toml"), "catalogs = 3\n").unwrap();
    let run = errcode(dir.path(), &["check", "--format", "sarif"]);
    let log: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let invocation = &log["runs"][0]["invocations"][0];
    assert_eq!(invocation["executionSuccessful"], false);
    assert!(
        invocation["toolExecutionNotifications"][0]["message"]["text"]
            .as_str()
            .unwrap()
            .starts_with("errcode.toml is not a project file: "),
        "{}",
        run.stdout
    );
    assert_eq!(run.status, 2);
}

#[test]
fn github_annotations_escape_as_github_reads_them() {
    let dir = tree(&[
        (
            "src/we,ird:name.c",
            "T MAP[] = {\n  {\"EH0001\", \"Value %s.\", NULL, NULL, {\"value\", \"param\"}},\n};\n",
        ),
        ("src/notes.txt", "no code here\n"),
    ]);
    let run = check(dir.path(), &["--format", "github", "--warn"]);
    // `%` escaped in the message, and `,` and `:` in the file's name too,
    // where they would end a property.
    assert_eq!(
        run.stdout,
        concat!(
            "::warning file=src,title=errcode skipped-files::1 file of no known kind skipped (known: C and C++ sources, Rust, <CODE>-<Title>.md pages, error_code.json catalogs)\n",
            "::error file=src/we%2Cird%3Aname.c,line=2,col=14,title=errcode disagrees::EH0001: message differs: \"Value %25s for %25s is invalid.\" vs \"Value %25s.\" (error_code.json:3)\n",
            "checked 1 entry in error_code.json against 1 file (1 table row, 0 pages, 0 report sites, 0 Rust definitions)\n",
            "1 error, 1 warning in 2 files\n",
        )
    );
    assert_eq!(run.status, 1);
    // An input that cannot be used is an annotation too.
    let run = errcode(dir.path(), &["check", "nosuch.json", "--format", "github"]);
    assert_eq!(
        (run.stdout.as_str(), run.status),
        (
            "::error file=nosuch.json,title=errcode unreadable::cannot read nosuch.json: No such file or directory (os error 2)\n",
            2
        )
    );
}

#[test]
fn quiet_shows_the_findings_and_the_count_only() {
    let dir = tree(&[
        ("src/one.cc", &many_sites(1)),
        ("big.c", "x"),
        (
            "errcode.toml",
            "catalogs = [\"error_code.json\"]\nagainst = [\"src\"]\n\n[[accept]]\nkind = \"value-count\"\nfile = \"src/none.cc\"\nreason = \"nothing\"\n",
        ),
    ]);
    let run = errcode(dir.path(), &["check", "--quiet"]);
    assert_eq!(
        (run.stdout.as_str(), run.stderr.as_str(), run.status),
        (
            "src/one.cc:1:8: EH0001: 2 keys but 1 value\n1 error, 0 warnings in 1 file\n",
            "",
            1
        )
    );
    std::fs::write(dir.path().join("src/one.cc"), "").unwrap();
    let run = errcode(dir.path(), &["check", "-q"]);
    assert_eq!(
        (run.stdout.as_str(), run.status),
        ("0 errors, 0 warnings in 0 files\n", 0)
    );
}

#[test]
fn colour_on_a_terminal_only_as_no_color_and_clicolor_force_say() {
    let dir = tree(&[("src/one.cc", &many_sites(1))]);
    let run = |env: &[(&str, &str)]| {
        let mut command = assert_cmd::Command::cargo_bin("errcode").unwrap();
        command
            .current_dir(dir.path())
            .args(["check", "error_code.json", "--against", "src", "--warn"])
            .env_remove("NO_COLOR")
            .env_remove("CLICOLOR_FORCE")
            .env_remove("CLICOLOR");
        for (name, value) in env {
            command.env(name, value);
        }
        String::from_utf8(command.output().unwrap().stdout).unwrap()
    };
    let plain = "src/one.cc:1:8: EH0001: 2 keys but 1 value\n";
    // Not a terminal: no styles.
    assert!(run(&[]).starts_with(plain));
    assert_eq!(
        run(&[("CLICOLOR_FORCE", "1")]).lines().next().unwrap(),
        "\u{1b}[1msrc/one.cc:1:8:\u{1b}[0m EH0001: 2 keys but 1 value"
    );
    // NO_COLOR wins.
    assert!(run(&[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")]).starts_with(plain));
}

#[test]
fn changed_files_only_their_findings_names_resolved_from_the_whole_tree() {
    let dir = tree(&[
        ("src/consts.h", "#define BAD_PARAM \"EH0001\"\n"),
        ("src/api.cc", "REPORT(BAD_PARAM, {\"value\"}, {v});\n"),
        ("src/other.cc", &many_sites(1)),
        ("README.md", "# Read me\n"),
        (
            "errcode.toml",
            "catalogs = [\"error_code.json\"]\nagainst = [\"src\"]\n\n[[accept]]\nkind = \"value-count\"\nfile = \"src/other.cc\"\nreason = \"old\"\n\n[[accept]]\nkind = \"keys-differ\"\ncode = \"EZ0001\"\nreason = \"accepts nothing\"\n",
        ),
    ]);
    let run = errcode(
        dir.path(),
        &["check", "--warn", "--changed", "src/api.cc", "README.md"],
    );
    // The constant is in a file not given, and still resolves; the other
    // file's finding, its accept and the accept that accepts nothing are
    // not told.
    assert_eq!(
        (run.stdout.as_str(), run.stderr.as_str(), run.status),
        (
            concat!(
                "src/api.cc:1:8: EH0001: keys differ from Arglist (the code of BAD_PARAM): \"value, param\" vs \"value\" (error_code.json:3); missing param\n",
                "checked 1 entry in error_code.json against 3 files (0 table rows, 0 pages, 2 report sites (1 through a constant or an enumerator), 0 Rust definitions); findings of 2 changed files shown\n",
                "1 error, 0 warnings in 1 file\n",
            ),
            "errcode: 1 of the changed files is not checked (not under the --against paths, excluded, or of no known kind): README.md\n",
            1
        )
    );
    // The whole run tells them all.
    let run = errcode(dir.path(), &["check", "--warn"]);
    assert_eq!(
        run.stdout,
        concat!(
            "errcode.toml:9: warning: [[accept]] 2 (kind = \"keys-differ\", code = \"EZ0001\") accepts no finding: remove it\n",
            "src/api.cc:1:8: EH0001: keys differ from Arglist (the code of BAD_PARAM): \"value, param\" vs \"value\" (error_code.json:3); missing param\n",
            "errcode: 1 finding accepted by the project file\n",
            "checked 1 entry in error_code.json against 3 files (0 table rows, 0 pages, 2 report sites (1 through a constant or an enumerator), 0 Rust definitions)\n",
            "1 error, 1 warning in 2 files\n",
        )
    );
    // A changed file without findings: green.
    let run = errcode(
        dir.path(),
        &["check", "--quiet", "--changed", "src/consts.h"],
    );
    assert_eq!(
        (run.stdout.as_str(), run.status),
        ("0 errors, 0 warnings in 0 files\n", 0)
    );
}

fn git(dir: &Path, args: &[&str]) {
    let status = std::process::Command::new("git")
        .current_dir(dir)
        .args([
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@e",
            "-c",
            "commit.gpgsign=false",
        ])
        .args(args)
        .status()
        .unwrap();
    assert!(status.success(), "git {args:?}");
}

#[test]
fn previous_ref_compares_with_where_the_branch_left_it() {
    let dir = tree(&[]);
    git(dir.path(), &["init", "-q", "-b", "main"]);
    git(dir.path(), &["add", "."]);
    git(dir.path(), &["commit", "-qm", "v1"]);
    git(dir.path(), &["checkout", "-qb", "feature"]);
    let catalog = dir.path().join("error_code.json");
    std::fs::write(
        &catalog,
        CATALOG.replace("\"value, param\"", "\"param, value\""),
    )
    .unwrap();
    git(dir.path(), &["commit", "-qam", "reorder"]);
    // Main moves on: a code added there is no change of the branch's.
    git(dir.path(), &["checkout", "-q", "main"]);
    std::fs::write(
        &catalog,
        CATALOG.replace(
            "\n  ]",
            ",\n    {\"errTitle\": \"New\", \"ErrCode\": \"EH0002\", \"ErrMessage\": \"New.\", \"Arglist\": \"\"}\n  ]",
        ),
    )
    .unwrap();
    git(dir.path(), &["commit", "-qam", "add"]);
    git(dir.path(), &["checkout", "-q", "feature"]);
    let run = errcode(
        dir.path(),
        &["check", "error_code.json", "--previous-ref", "main"],
    );
    assert_eq!(
        (run.stdout.as_str(), run.status),
        (
            "error_code.json:3:5: EH0001: args-reordered (SITES): \"value, param\" -> \"param, value\": positional copies now pass these values in another order\nchecked 1 entry in error_code.json\n1 error, 0 warnings in 1 file\n",
            1
        )
    );
    // A reference that looks like an option is refused, never given to git.
    let run = errcode(
        dir.path(),
        &["check", "error_code.json", "--previous-ref=--output=x"],
    );
    assert_eq!(
        (run.stderr.as_str(), run.status),
        (
            "errcode: the reference --output=x starts with `-`, which git would read as an option: refused\n",
            2
        )
    );
    assert!(!dir.path().join("x").exists());
    // One git does not know says so.
    let run = errcode(
        dir.path(),
        &["check", "error_code.json", "--previous-ref", "nosuch"],
    );
    assert_eq!(run.status, 2);
    assert!(
        run.stderr
            .starts_with("errcode: git cannot find where HEAD left nosuch: "),
        "{}",
        run.stderr
    );
}

#[test]
fn gitignore_is_honoured_in_a_repository_and_a_fifo_for_one_blocks_nothing() {
    let site = many_sites(1);
    let dir = tree(&[
        (".gitignore", "build/\n*.gen.cc\n!keep.gen.cc\n"),
        ("src/.gitignore", "local.cc\n"),
        ("src/api.cc", &site),
        ("src/build/out.cc", &site),
        ("src/a.gen.cc", &site),
        ("src/keep.gen.cc", &site),
        ("src/local.cc", &site),
        ("src/sub/deep.cc", &site),
    ]);
    let fifo = dir.path().join("src/sub/.gitignore");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let files = |run: &Run| -> Vec<String> {
        run.stdout
            .lines()
            .filter_map(|line| line.split_once(':').map(|(file, _)| file.to_owned()))
            .filter(|file| file.starts_with("src/"))
            .collect()
    };
    // Outside a repository, no .gitignore applies (as for `rg`).
    let run = check(dir.path(), &[]);
    assert_eq!(
        files(&run),
        [
            "src/a.gen.cc",
            "src/api.cc",
            "src/build/out.cc",
            "src/keep.gen.cc",
            "src/local.cc",
            "src/sub/deep.cc"
        ]
    );
    git(dir.path(), &["init", "-q"]);
    let run = check(dir.path(), &[]);
    assert_eq!(
        files(&run),
        ["src/api.cc", "src/keep.gen.cc", "src/sub/deep.cc"]
    );
    assert_eq!(run.status, 1);
}

#[test]
fn explain_reads_the_project_file() {
    let dir = tree(&[
        ("src/api.cc", &many_sites(1)),
        (
            "errcode.toml",
            "catalogs = [\"error_code.json\"]\nagainst = [\"src\"]\n",
        ),
    ]);
    // The project's catalog, not the built-in one, and its tree's sites.
    let run = errcode(dir.path(), &["explain", "EH0001"]);
    assert_eq!(
        (run.stdout.as_str(), run.status),
        (
            concat!(
                "EH0001: Bad_Param\n",
                "Kind: error\n",
                "Defined at: error_code.json:3\n",
                "\n",
                "Message: Value %s for %s is invalid.\n",
                "Arguments: value, param\n",
                "\n",
                "Possible cause: N/A\n",
                "Solution: N/A\n",
                "\n",
                "As reported, with each argument shown by name:\n",
                "  EH0001: Value <value> for <param> is invalid.\n",
                "\n",
                "Report it from Rust:\n",
                "  errcat::report!(\"EH0001\", [\"value\", \"param\"], [value, param]);\n",
                "\n",
                "Report sites (1):\n",
                "  src/api.cc:1\n",
                "    passes {\"value\", \"param\"}, {v}\n",
            ),
            0
        )
    );
    // A project file that is wrong says so, as for check.
    std::fs::write(dir.path().join("errcode.toml"), "catalogs = 3\n").unwrap();
    let run = errcode(dir.path(), &["explain", "EH0001"]);
    assert_eq!(run.status, 2);
    assert!(
        run.stderr
            .starts_with("errcode: errcode.toml is not a project file: "),
        "{}",
        run.stderr
    );
}

#[test]
fn github_annotations_carry_a_changes_sites_as_lines_of_one_message() {
    let previous = CATALOG.replace(
        "\n  ]",
        ",\n    {\"errTitle\": \"Old\", \"ErrCode\": \"EK0009\", \"ErrMessage\": \"Old %s.\", \"Arglist\": \"what\"}\n  ]",
    );
    let dir = tree(&[
        ("v1.json", &previous),
        (
            "src/old.cc",
            "REPORT(\"EK0009\", {\"what\"}, {x});\nREPORT(\"EK0009\", {\"what\"}, {y});\n",
        ),
    ]);
    let run = check(
        dir.path(),
        &["--format", "github", "--quiet", "--previous", "v1.json"],
    );
    assert_eq!(
        run.stdout,
        concat!(
            "::error file=src/old.cc,line=1,col=8,title=errcode undefined-code::EK0009: reported here, but no catalog, table or Rust definition defines the code\n",
            "::error file=src/old.cc,line=2,col=8,title=errcode undefined-code::EK0009: reported here, but no catalog, table or Rust definition defines the code\n",
            "::error file=v1.json,line=10,col=5,title=errcode code-removed::EK0009: code-removed (SITES): the code is gone, and not retired; if that is deliberate, list it in the catalog's `retired` list",
            "%0Asrc/old.cc:1:8: report site, keys \"what\"",
            "%0Asrc/old.cc:2:8: report site, keys \"what\"\n",
            "3 errors, 0 warnings in 2 files\n",
        )
    );
}

#[test]
fn the_pre_commit_hook_runs_as_shipped() {
    let hooks = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../.pre-commit-hooks.yaml"),
    )
    .unwrap();
    let entry = hooks
        .lines()
        .find_map(|line| line.trim().strip_prefix("entry: "))
        .unwrap();
    let words: Vec<&str> = entry.split_whitespace().collect();
    assert_eq!(words[0], "errcode");
    let dir = tree(&[
        ("src/api.cc", &many_sites(1)),
        ("src/other.cc", &many_sites(1)),
        (
            "errcode.toml",
            "catalogs = [\"error_code.json\"]\nagainst = [\"src\"]\n",
        ),
    ]);
    // pre-commit appends the staged files' names.
    let args: Vec<&str> = words[1..].iter().copied().chain(["src/api.cc"]).collect();
    let run = errcode(dir.path(), &args);
    assert_eq!(
        (run.stdout.as_str(), run.stderr.as_str(), run.status),
        (
            "src/api.cc:1:8: EH0001: 2 keys but 1 value\n1 error, 0 warnings in 1 file\n",
            "",
            1
        )
    );
}

#[test]
fn an_accept_that_accepts_nothing_is_told_at_its_header() {
    let dir = tree(&[
        ("src/one.cc", ""),
        (
            "errcode.toml",
            "catalogs = [\"error_code.json\"]\nagainst = [\"src\"]\n\n  [[ accept ]]  # unused\nkind = \"keys-differ\"\ncode = \"EZ0001\"\nreason = \"none\"\n",
        ),
    ]);
    let run = errcode(dir.path(), &["check", "--warn", "--quiet"]);
    assert_eq!(
        run.stdout,
        "errcode.toml:4: warning: [[accept]] 1 (kind = \"keys-differ\", code = \"EZ0001\") accepts no finding: remove it\n0 errors, 1 warning in 1 file\n"
    );
    // Tables without headers (an inline array): the file alone.
    std::fs::write(
        dir.path().join("errcode.toml"),
        "catalogs = [\"error_code.json\"]\nagainst = [\"src\"]\naccept = [{kind = \"keys-differ\", code = \"EZ0001\", reason = \"none\"}]\n",
    )
    .unwrap();
    let run = errcode(dir.path(), &["check", "--warn", "--quiet"]);
    assert_eq!(
        run.stdout,
        "errcode.toml: warning: [[accept]] 1 (kind = \"keys-differ\", code = \"EZ0001\") accepts no finding: remove it\n0 errors, 1 warning in 1 file\n"
    );
}
