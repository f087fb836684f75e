//! `export --format cann-docs` on a hostile catalog and a hostile `--out`
//! (issue 26, defect 5): a class or title becomes a file name only as one
//! safe name, and nothing is written through a symbolic link inside the
//! folder written.

use std::path::{Path, PathBuf};

use assert_cmd::Command;

fn export(dir: &Path, catalog: &str, out: &str) -> (String, String, i32) {
    std::fs::write(dir.join("error_code.json"), catalog).unwrap();
    let output = Command::cargo_bin("errcode")
        .unwrap()
        .current_dir(dir)
        .args([
            "export",
            "--format",
            "cann-docs",
            "--catalog",
            "error_code.json",
            "--out",
            out,
        ])
        .output()
        .unwrap();
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
        output.status.code().unwrap_or(-1),
    )
}

/// Every file under `dir`, relative, sorted.
fn files_under(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut pending: Vec<PathBuf> = vec![dir.to_path_buf()];
    while let Some(folder) = pending.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let entry = entry.unwrap();
            let kind = entry.file_type().unwrap();
            if kind.is_dir() {
                pending.push(entry.path());
            } else {
                let relative = entry.path().strip_prefix(dir).unwrap().to_path_buf();
                found.push(relative.to_string_lossy().into_owned());
            }
        }
    }
    found.sort();
    found
}

fn entry(class: &str, title: &str, code: &str) -> String {
    let json = |text: &str| serde_json::to_string(text).unwrap();
    format!(
        r#"{{"errClass": {}, "errTitle": {}, "ErrCode": "{code}", "ErrMessage": "Failed.", "Arglist": "",
   "suggestion": {{"Possible Cause": "A cause.", "Solution": "A solution."}}}}"#,
        json(class),
        json(title)
    )
}

#[test]
fn classes_and_titles_that_are_paths_stay_inside_out() {
    let dir = tempfile::tempdir().unwrap();
    let absolute = dir.path().join("abs").to_string_lossy().into_owned();
    let catalog = format!(
        "{{\"error_info_list\": [\n{},\n{},\n{}\n]}}",
        entry("../../x", "Low", "EK0201"),
        entry(&absolute, "../../t", "EK0202"),
        entry("Line\nbreak\u{1b}[2J", ".hidden/..", "EK0203"),
    );
    std::fs::create_dir_all(dir.path().join("deep/out")).unwrap();
    let (stdout, stderr, status) = export(dir.path(), &catalog, "deep/out");
    assert_eq!(
        (stdout.as_str(), stderr.as_str(), status),
        (
            "wrote 6 pages (3 codes and their index pages) from error_code.json to deep/out\n",
            "",
            0
        )
    );
    // Before, `../../x` wrote x/EK0201-Low.md two folders above --out, and
    // the absolute class wrote into that folder.
    let abs_folder = format!("-{}", absolute.trim_start_matches('/').replace('/', "-"));
    let mut expected = vec![
        "deep/out/---..-x/---..-x.md".to_owned(),
        "deep/out/---..-x/EK0201-Low.md".to_owned(),
        format!("deep/out/{abs_folder}/{abs_folder}.md"),
        format!("deep/out/{abs_folder}/EK0202-..-..-t.md"),
        "deep/out/Line-break-[2J/EK0203-.hidden-...md".to_owned(),
        "deep/out/Line-break-[2J/Line-break-[2J.md".to_owned(),
        "error_code.json".to_owned(),
    ];
    expected.sort();
    assert_eq!(files_under(dir.path()), expected);
}

#[test]
fn a_long_title_makes_a_name_the_file_system_takes() {
    let dir = tempfile::tempdir().unwrap();
    let title = "T".repeat(400);
    let catalog = format!(
        "{{\"error_info_list\": [\n{}\n]}}",
        entry("C", &title, "EK0201")
    );
    let (_, stderr, status) = export(dir.path(), &catalog, "out");
    assert_eq!((stderr.as_str(), status), ("", 0));
    let page = format!("out/C/EK0201-{}.md", "T".repeat(200 - "EK0201-".len()));
    assert!(
        dir.path().join(&page).is_file(),
        "{:?}",
        files_under(dir.path())
    );
}

#[cfg(unix)]
#[test]
fn a_symbolic_link_inside_out_is_not_written_through() {
    let dir = tempfile::tempdir().unwrap();
    let catalog = format!(
        "{{\"error_info_list\": [\n{}\n]}}",
        entry("Memory", "Low", "EK0201")
    );
    let victim = dir.path().join("victim");
    std::fs::create_dir_all(&victim).unwrap();
    std::fs::write(victim.join("kept.md"), "not to be overwritten\n").unwrap();

    // A link where the class's folder goes.
    std::fs::create_dir_all(dir.path().join("out")).unwrap();
    std::os::unix::fs::symlink(&victim, dir.path().join("out/Memory")).unwrap();
    let (_, stderr, status) = export(dir.path(), &catalog, "out");
    assert_eq!(
        (stderr.as_str(), status),
        (
            "errcode: out/Memory is a symbolic link: not written through\n",
            2
        )
    );
    assert_eq!(files_under(&victim), ["kept.md"]);

    // A link where a page goes.
    std::fs::remove_file(dir.path().join("out/Memory")).unwrap();
    std::fs::create_dir_all(dir.path().join("out/Memory")).unwrap();
    std::os::unix::fs::symlink(
        victim.join("kept.md"),
        dir.path().join("out/Memory/EK0201-Low.md"),
    )
    .unwrap();
    let (_, stderr, status) = export(dir.path(), &catalog, "out");
    assert_eq!(
        (stderr.as_str(), status),
        (
            "errcode: out/Memory/EK0201-Low.md is a symbolic link: not written through\n",
            2
        )
    );
    assert_eq!(
        std::fs::read_to_string(victim.join("kept.md")).unwrap(),
        "not to be overwritten\n"
    );

    // `--out` given as a link is followed, as a link given on the command
    // line always is.
    std::fs::remove_file(dir.path().join("out/Memory/EK0201-Low.md")).unwrap();
    std::os::unix::fs::symlink(dir.path().join("out"), dir.path().join("linked-out")).unwrap();
    let (_, stderr, status) = export(dir.path(), &catalog, "linked-out");
    assert_eq!((stderr.as_str(), status), ("", 0));
    assert!(dir.path().join("out/Memory/EK0201-Low.md").is_file());
}
