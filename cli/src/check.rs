//! `errcode check [FILE...] [--against PATH]...`: the defects of every
//! catalog, and where the other copies of their codes disagree with them,
//! with the project's policy applied: each kind's severity, findings
//! accepted by the project file, by an `errcode: allow(...)` comment or by
//! a baseline.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use crate::against::{Checked, compare};
use crate::args::CheckFormat;
use crate::baseline::Baseline;
use crate::finding::{Finding, LeftOut};
use crate::history::Previous;
use crate::outcome::{Outcome, Status};
use crate::policy::{AcceptedBy, apply};
use crate::project::{FILE_NAME, Project};
use crate::report::Notification;
use crate::source::Source;
use crate::walk::{DEFAULT_MAX_FILE_SIZE, Excludes, walk};

/// What `check` is asked.
pub(crate) struct CheckArgs {
    pub(crate) files: Vec<PathBuf>,
    pub(crate) against: Vec<PathBuf>,
    pub(crate) exclude: Vec<String>,
    pub(crate) warn: bool,
    pub(crate) format: CheckFormat,
    pub(crate) config: Option<PathBuf>,
    pub(crate) baseline: Option<PathBuf>,
    pub(crate) write_baseline: Option<PathBuf>,
    pub(crate) previous: Option<String>,
    /// The previous version from git: where HEAD left this revision.
    pub(crate) previous_ref: Option<String>,
    pub(crate) complete: bool,
    /// How many findings of one file text shows (0: all).
    pub(crate) max_per_file: usize,
    /// Only the findings and the closing count.
    pub(crate) quiet: bool,
    /// The files whose findings are shown (empty: every file's); the
    /// whole tree is read all the same, to resolve names and definitions.
    pub(crate) changed: Vec<PathBuf>,
}

/// The catalogs and copies a command works on: from its arguments, else
/// from the project file; and the paths to leave out.
pub(crate) struct Inputs {
    pub(crate) project: Option<Project>,
    pub(crate) catalogs: Vec<PathBuf>,
    pub(crate) against: Vec<PathBuf>,
    pub(crate) excludes: Vec<Excludes>,
    pub(crate) max_size: u64,
}

impl Inputs {
    /// The inputs of a command given `files` and `against` (each empty
    /// when not given) and the project file `config` names or that is found.
    pub(crate) fn gather(
        files: &[PathBuf],
        against: &[PathBuf],
        exclude: &[String],
        config: Option<&Path>,
    ) -> Result<Inputs, Outcome> {
        let project = Project::find(config).map_err(Outcome::input_error)?;
        let (catalogs, against) = match &project {
            // Nothing named: the project file says.
            Some(project) if files.is_empty() && against.is_empty() => {
                (project.catalogs.clone(), project.against.clone())
            }
            Some(project) if files.is_empty() => (project.catalogs.clone(), against.to_vec()),
            _ => (files.to_vec(), against.to_vec()),
        };
        if catalogs.is_empty() {
            return Err(Outcome::input_error(format!(
                "no catalog to check: name one (`errcode check error_code.json`), or write an {FILE_NAME} with `catalogs = [...]` in this folder or one above"
            )));
        }
        let mut excludes = Vec::new();
        if let Some(project) = &project {
            excludes.push(
                Excludes::new(&project.root, &project.exclude)
                    .map_err(|why| Outcome::input_error(format!("{}: {why}", project.file)))?,
            );
        }
        if !exclude.is_empty() {
            excludes.push(Excludes::new(Path::new("."), exclude).map_err(Outcome::input_error)?);
        }
        let max_size = project
            .as_ref()
            .map_or(DEFAULT_MAX_FILE_SIZE, |project| project.max_file_size);
        Ok(Inputs {
            project,
            catalogs,
            against,
            excludes,
            max_size,
        })
    }
}

/// `explain`'s catalog and paths, as `check` finds its own: a catalog
/// named is taken with the paths named; with none named, the project
/// file's first catalog, and its `against` unless paths are named; with
/// no project file either, none (the built-in catalog).
pub(crate) fn explain_inputs(
    catalog: Option<PathBuf>,
    against: Vec<PathBuf>,
) -> Result<(Option<PathBuf>, Vec<PathBuf>), Outcome> {
    if catalog.is_some() {
        return Ok((catalog, against));
    }
    let Some(project) = Project::find(None).map_err(Outcome::input_error)? else {
        return Ok((None, against));
    };
    let against = if against.is_empty() {
        project.against.clone()
    } else {
        against
    };
    Ok((project.catalogs.first().cloned(), against))
}

pub(crate) fn run(args: CheckArgs) -> Outcome {
    let format = args.format;
    let mut outcome = checked(args);
    // A run that could not start still writes the log a code-scanning
    // service reads: no results, an unsuccessful invocation, and why.
    if format == CheckFormat::Sarif
        && outcome.status == Status::InputError
        && outcome.stdout.is_empty()
    {
        let failures: Vec<Notification> = outcome
            .stderr
            .lines()
            .map(|line| Notification {
                file: None,
                message: line.trim_start_matches("errcode: ").to_owned(),
            })
            .collect();
        outcome.stdout = crate::report::sarif(&[], &[], &LeftOut::default(), &failures, false);
    }
    outcome
}

fn checked(args: CheckArgs) -> Outcome {
    let inputs = match Inputs::gather(
        &args.files,
        &args.against,
        &args.exclude,
        args.config.as_deref(),
    ) {
        Ok(inputs) => inputs,
        Err(failure) => return failure,
    };
    let mut outcome = Outcome::default();
    let mut extra: Vec<Value> = Vec::new();
    let mut input_error = |outcome: &mut Outcome, file: Option<String>, why: &str| {
        outcome.status = Status::InputError;
        match args.format {
            CheckFormat::Text => outcome.note(why),
            CheckFormat::Json | CheckFormat::Sarif | CheckFormat::Github => {
                outcome.note(why);
                extra.push(json!({
                    "file": file,
                    "line": null,
                    "column": null,
                    "severity": "error",
                    "kind": "unreadable",
                    "code": null,
                    "entry": null,
                    "message": why,
                }));
            }
        }
    };
    // `--changed`: the files whose findings are shown, as findings name them.
    let changed: Option<HashSet<String>> = (!args.changed.is_empty()).then(|| {
        args.changed
            .iter()
            .map(|path| crate::paths::name(path))
            .collect()
    });
    let mut findings: Vec<Finding> = Vec::new();
    let mut left_out = LeftOut::default();
    let mut read: Vec<Source> = Vec::new();
    for path in &inputs.catalogs {
        let source = match Source::read_within(path, inputs.max_size) {
            Ok(source) => source,
            Err(unreadable) => {
                let why = unreadable.stderr.trim_end().trim_start_matches("errcode: ");
                input_error(&mut outcome, Some(crate::paths::name(path)), why);
                continue;
            }
        };
        let file = source.name();
        // A file that is no catalog at all is an input that cannot be
        // used, as one that cannot be read.
        if source
            .diagnostics
            .iter()
            .any(|diagnostic| diagnostic.is_error() && diagnostic.entry.is_none())
        {
            outcome.status = Status::InputError;
        }
        findings.extend(
            source
                .diagnostics
                .iter()
                .map(|diagnostic| Finding::of_diagnostic(&file, diagnostic)),
        );
        left_out.add(&file, source.omitted_errors, source.omitted_warnings);
        read.push(source);
    }
    // The changes from the previous version, and the codes whose sites
    // they break.
    // `--previous-ref`: the catalog where HEAD left the reference. The
    // project file's is relative to its own folder.
    let previous = match (&args.previous_ref, inputs.catalogs.first()) {
        (Some(reference), Some(catalog)) => match crate::git::merge_base_spec(reference, catalog) {
            Ok(spec) => Some(Previous::Given(spec)),
            Err(why) => return Outcome::input_error(why),
        },
        _ => args.previous.clone().map(Previous::Given).or_else(|| {
            let project = inputs.project.as_ref()?;
            Some(Previous::Project {
                spec: project.previous.clone()?,
                file: project.file.clone(),
                root: project.root.clone(),
            })
        }),
    };
    let mut changes: Vec<Finding> = Vec::new();
    if let (Some(spec), Some(current)) = (&previous, read.first()) {
        match crate::history::previous_changes(spec, &inputs.catalogs[0], current, inputs.max_size)
        {
            Ok(found) => changes = found,
            Err(why) => return Outcome::input_error(why),
        }
    }
    let broken: std::collections::HashSet<String> = changes
        .iter()
        .filter(|change| change.is_sites_change())
        .filter_map(|change| change.code.clone())
        .collect();
    let mut tally = String::new();
    if !inputs.against.is_empty() {
        let checked: Vec<Checked> = read
            .iter()
            .map(|source| Checked {
                file: source.name(),
                catalog: &source.catalog,
                defined: &source.defined,
            })
            .collect();
        let walked = walk_all(&inputs);
        // A file too large to read is named even without --warn: what it
        // holds goes unchecked.
        for (path, skip) in &walked.skipped {
            if let crate::walk::Skip::TooLarge(_) = skip
                && !args.quiet
            {
                outcome.note(format!(
                    "note: {} is {}",
                    crate::paths::name(path),
                    skip.describe(walked.max_size)
                ));
            }
        }
        let compared = compare(&checked, &walked, &inputs.against, args.warn, &broken);
        for change in &mut changes {
            if let Some(uses) = change
                .code
                .as_ref()
                .and_then(|code| compared.uses.get(code))
                && change.is_sites_change()
            {
                change.related = uses.clone();
            }
        }
        for why in &compared.unreadable {
            input_error(&mut outcome, None, why);
        }
        findings.extend(compared.findings);
        mark_newer_copies(
            &mut findings,
            crate::git::EntryChanges::new(
                read.iter()
                    .filter_map(|source| {
                        Some((
                            std::path::PathBuf::from(source.file.as_ref()?),
                            &source.catalog,
                        ))
                    })
                    .collect(),
            ),
        );
        if args.complete {
            // A copy that mirrors the catalog has each of its codes, and
            // no other: a code of a crate's own is an error too.
            for finding in &mut findings {
                if finding.kind == crate::finding::Kind::RustOnlyCode {
                    finding.severity = errcat::catalog::Severity::Error;
                }
            }
            for checked in &checked {
                for entry in &checked.catalog.entries {
                    if !compared.defined.contains(&entry.code) {
                        findings.push(Finding::new(
                            checked.file.clone(),
                            entry.position.line,
                            entry.position.column,
                            Some(entry.code.clone()),
                            crate::finding::Kind::MissingCopy,
                            "the catalog defines the code, but no Rust definition, catalog copy or table row under the --against paths does (--complete)",
                        ));
                    }
                }
            }
        }
        left_out.extend(compared.left_out);
        if args.warn {
            for checked in &checked {
                for entry in &checked.catalog.entries {
                    crate::text_rules::entry_rules(&checked.file, entry, &mut findings);
                }
            }
        }
        tally = format!(" against {}", compared.tally.describe());
        if let Some(changed) = &changed {
            // The files given that no reader took: named, not passed over
            // in silence.
            let read: HashSet<String> = walked
                .files
                .iter()
                .map(|walked| crate::paths::name(&walked.path))
                .chain(checked.iter().map(|checked| checked.file.clone()))
                .collect();
            let unread: Vec<&String> = changed
                .iter()
                .filter(|file| !read.contains(*file))
                .collect();
            if !unread.is_empty() && !args.quiet {
                let shown: Vec<&str> = unread.iter().take(5).map(|file| file.as_str()).collect();
                let more = unread.len() - shown.len();
                outcome.note(format!(
                    "{} of the changed files {} not checked (not under the --against paths, excluded, or of no known kind): {}{}",
                    unread.len(),
                    if unread.len() == 1 { "is" } else { "are" },
                    shown.join(", "),
                    if more > 0 { format!(" and {more} more") } else { String::new() }
                ));
            }
            tally.push_str(&format!(
                "; findings of {} shown",
                errcat_syntax::counted(changed.len(), "changed file")
            ));
        }
    }
    findings.extend(changes);
    let project = inputs.project.as_ref();
    let baseline_path = args
        .baseline
        .clone()
        .or_else(|| project.and_then(|project| project.baseline.clone()))
        .filter(|_| args.write_baseline.is_none());
    let mut baseline = match baseline_path
        .as_deref()
        .map(|path| Baseline::read(path, inputs.max_size))
        .transpose()
    {
        Ok(baseline) => baseline,
        Err(why) => return Outcome::input_error(why),
    };
    let mut applied = apply(findings, project, baseline.as_mut());
    // A partial run: only the changed files' findings count. What the
    // project file and the baseline accept elsewhere was not looked at, so
    // neither an accept that accepted nothing nor a baseline's finding
    // that is gone says anything.
    if let Some(changed) = &changed {
        applied
            .active
            .retain(|finding| changed.contains(&finding.file));
        applied
            .accepted
            .retain(|(finding, _)| changed.contains(&finding.file));
        left_out.0.retain(|file, _| changed.contains(file));
        applied.unused.clear();
        applied.baseline_gone = 0;
    }
    if let Some(project) = project {
        applied.active.extend(
            applied
                .unused
                .iter()
                .map(|accept| accept.unused_finding(project)),
        );
    }
    if let Some(path) = &args.write_baseline {
        let errors: Vec<&Finding> = applied.active.iter().filter(|f| f.is_error()).collect();
        let (text, entries) = crate::baseline::write(path, &errors);
        let folder = path.parent().unwrap_or(Path::new(""));
        let written = crate::replace::replace(
            folder,
            path,
            text.as_bytes(),
            crate::replace::Before::Anything,
        );
        if let Err(why) = written {
            return Outcome::input_error(why);
        }
        outcome.stdout.push_str(&format!(
            "wrote {} ({}) to {}\n",
            errcat_syntax::counted(errors.len(), "finding"),
            errcat_syntax::counted(entries, "entry"),
            crate::paths::name(path)
        ));
        let (unrecorded, _) = left_out.total();
        if unrecorded > 0 {
            outcome.stderr.push_str(&format!(
                "errcode: {unrecorded} more {} not recorded: a file had too many to keep\n",
                errcat_syntax::noun(unrecorded, "error")
            ));
        }
        return outcome;
    }
    let mut active = applied.active;
    if !args.warn {
        active.retain(Finding::is_error);
        left_out = left_out.errors_only();
    }
    active.sort();
    active.dedup();
    let errors = active.iter().any(Finding::is_error) || left_out.total().0 > 0;
    if errors {
        outcome.status = outcome.status.max(Status::Failure);
    }
    let notes = notes(&applied.accepted, applied.baseline_gone, baseline.as_ref());
    match args.format {
        CheckFormat::Text | CheckFormat::Github => {
            outcome.styled = args.format == CheckFormat::Text;
            outcome.stdout.push_str(&match args.format {
                CheckFormat::Github => {
                    let failures: Vec<Notification> = extra
                        .iter()
                        .map(|value| Notification {
                            file: value["file"].as_str().map(str::to_owned),
                            message: value["message"].as_str().unwrap_or_default().to_owned(),
                        })
                        .collect();
                    crate::report::github(&active, &left_out, &failures)
                }
                _ => crate::report::text(&active, &left_out, args.max_per_file),
            });
            if args.quiet {
                outcome
                    .stdout
                    .push_str(&format!("{}\n", crate::report::summary(&active, &left_out)));
                return outcome;
            }
            outcome.stdout.push_str(&notes);
            let entries: Vec<String> = read
                .iter()
                .map(|source| {
                    format!(
                        "{} in {}",
                        errcat_syntax::counted(source.catalog.entries.len(), "entry"),
                        source.name()
                    )
                })
                .collect();
            let checked = format!("checked {}{tally}", entries.join(" and "));
            if errors || outcome.status == Status::InputError {
                if !active.is_empty() || left_out.total() != (0, 0) {
                    // What was read, then the count a CI log ends with.
                    if !read.is_empty() {
                        outcome.stdout.push_str(&format!("{checked}\n"));
                    }
                    outcome
                        .stdout
                        .push_str(&format!("{}\n", crate::report::summary(&active, &left_out)));
                }
            } else {
                let warnings = active.len() + left_out.total().1;
                let warned = match warnings {
                    0 => String::new(),
                    count => format!(", {}", errcat_syntax::counted(count, "warning")),
                };
                outcome
                    .stdout
                    .push_str(&format!("{checked}: no errors{warned}\n"));
            }
        }
        CheckFormat::Json => {
            if !args.quiet {
                outcome.stderr.push_str(&notes);
            }
            outcome.stdout = crate::report::json(&active, &left_out, &extra);
        }
        CheckFormat::Sarif => {
            if !args.quiet {
                outcome.stderr.push_str(&notes);
            }
            let failures: Vec<Notification> = extra
                .iter()
                .map(|value| Notification {
                    file: value["file"].as_str().map(str::to_owned),
                    message: value["message"].as_str().unwrap_or_default().to_owned(),
                })
                .collect();
            // A catalog that is no catalog at all is a finding of its own,
            // and the run did not do what it was asked all the same.
            let successful = outcome.status != Status::InputError;
            outcome.stdout =
                crate::report::sarif(&active, &applied.accepted, &left_out, &failures, successful);
        }
    }
    outcome
}

/// The files under the inputs' paths, the project's and the command
/// line's excludes both applied.
pub(crate) fn walk_all(inputs: &Inputs) -> crate::walk::Walk {
    walk(&inputs.against, &inputs.excludes, inputs.max_size)
}

/// What was accepted, and what the baseline records that is gone.
fn notes(accepted: &[(Finding, AcceptedBy)], gone: usize, baseline: Option<&Baseline>) -> String {
    let mut notes = String::new();
    let by_project = accepted
        .iter()
        .filter(|(_, by)| matches!(by, AcceptedBy::Project(_)))
        .count();
    let by_baseline = accepted
        .iter()
        .filter(|(_, by)| matches!(by, AcceptedBy::Baseline))
        .count();
    if by_project > 0 {
        notes.push_str(&format!(
            "errcode: {} accepted by the project file\n",
            errcat_syntax::counted(by_project, "finding")
        ));
    }
    if let Some(baseline) = baseline {
        if by_baseline > 0 {
            notes.push_str(&format!(
                "errcode: {} accepted by the baseline {}\n",
                errcat_syntax::counted(by_baseline, "finding"),
                baseline.file
            ));
        }
        if gone > 0 {
            notes.push_str(&format!(
                "errcode: {gone} of the {} the baseline {} records {} gone: `--write-baseline {}` shrinks it\n",
                errcat_syntax::counted(baseline.recorded, "finding"),
                baseline.file,
                if gone == 1 { "is" } else { "are" },
                baseline.file
            ));
        }
    }
    notes
}

/// A copy's disagreements become `copy-newer` where git says the copy
/// changed after its catalog entry did (a page: its last change; a table
/// row: the finding's line, by blame): its text may be the newer, and `update`
/// leaves it (see [`crate::git::copy_is_newer`]).
fn mark_newer_copies(findings: &mut [Finding], mut entries: crate::git::EntryChanges<'_>) {
    use crate::against::{FileKind, kind_of};
    use crate::finding::Kind;
    let mut pages: std::collections::HashMap<String, Option<crate::git::Changed>> =
        std::collections::HashMap::new();
    for finding in findings {
        if finding.kind != Kind::Disagrees {
            continue;
        }
        let path = std::path::Path::new(&finding.file);
        if !path.is_file() {
            continue;
        }
        let (changed, what) = match kind_of(path) {
            Some(FileKind::Page(_)) => (
                *pages
                    .entry(finding.file.clone())
                    .or_insert_with(|| crate::git::last_change(path)),
                "page",
            ),
            Some(FileKind::C) if finding.line > 0 => (
                crate::git::lines_changed(path, finding.line, finding.line),
                "row",
            ),
            _ => continue,
        };
        let Some(code) = finding.code.as_deref().filter(|_| changed.is_some()) else {
            continue;
        };
        if crate::git::copy_is_newer(changed, entries.of(code)) {
            finding.kind = Kind::CopyNewer;
            // The catalog's place stays last, as in every disagreement.
            finding.message = format!(
                "the {what} changed after the catalog did, so its text may be the newer one (`errcode update` leaves it): {}",
                finding.message
            );
        }
    }
}
