//! The command line.

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

/// Lint, explain, list, export and convert error-code catalogs in the CANN
/// `error_code.json` format. Without --catalog, commands use the Profiling
/// catalog built into this tool.
///
/// Exit status: 0 when all went well, 1 when defects were found (or a code
/// or class is not in the catalog), 2 when an input cannot be used: a file
/// that cannot be read or written, or wrong arguments.
#[derive(Debug, Parser)]
#[command(name = "errcode", version)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Check catalogs, and with --against the other copies of their codes:
    /// one `FILE:LINE:COLUMN: CODE: what is wrong` line per error (at most
    /// 100 a file unless --max-per-file says otherwise, then `FILE: ... and
    /// N more findings`), closed by `N
    /// errors, M warnings in K files`, or by a `checked ...: no errors`
    /// line when there is none. Without catalogs and paths, checks what
    /// the project file (errcode.toml, in the working folder or above)
    /// names. Exit status 1 if any error was found, 2 if an input cannot
    /// be used.
    Check {
        /// The catalogs to check (default: the project file's `catalogs`).
        #[arg(value_name = "FILE")]
        files: Vec<PathBuf>,
        /// Other sources of the same codes, compared with the catalogs: a
        /// file or a folder (searched recursively) of C and C++ sources
        /// (tables and report sites), `<CODE>-<Title>.md` reference pages,
        /// Rust sources and other `error_code.json` copies. Repeatable.
        /// Adds the review checklist's text rules to --warn.
        #[arg(long, value_name = "PATH")]
        against: Vec<PathBuf>,
        /// Leave out the paths that match this glob (relative to the
        /// working folder; `**` crosses folders): `tests/ut/**`. Repeatable,
        /// and added to the project file's `exclude`.
        #[arg(long, value_name = "GLOB")]
        exclude: Vec<String>,
        /// Also report warnings (lines marked `warning:`; they never change
        /// the exit status), such as a name that fills several placeholders.
        #[arg(long)]
        warn: bool,
        /// How to write the findings.
        #[arg(long, value_enum, default_value_t = CheckFormat::Text)]
        format: CheckFormat,
        /// The project file to read, instead of the errcode.toml found in
        /// the working folder or above it.
        #[arg(long, value_name = "FILE")]
        config: Option<PathBuf>,
        /// Fail only on errors this baseline does not record (default: the
        /// project file's `baseline`); say how many it records that are gone.
        #[arg(long, value_name = "FILE")]
        baseline: Option<PathBuf>,
        /// Record today's errors in this baseline (file, code, kind and
        /// field of each, no line numbers) and exit 0.
        #[arg(long, value_name = "FILE", conflicts_with = "baseline")]
        write_baseline: Option<PathBuf>,
        /// Compare the (first) catalog with its previous version: a file,
        /// or `REV:PATH` read from git in the repository the catalog is in
        /// (`./PATH` relative to the catalog's folder; default: the project
        /// file's `previous`, relative to the project file's folder). A
        /// revision that starts with `-` is refused; a version larger than
        /// `max-file-size` is refused by its size, not read. Each change is
        /// a finding under a rule: SITES and LOGS ones errors, TEXT ones
        /// warnings.
        #[arg(long, value_name = "FILE|REV:PATH")]
        previous: Option<String>,
        /// --previous from git: the (first) catalog as it was where HEAD
        /// left REF (`git merge-base REF HEAD`), for a branch or a pull
        /// request (`--previous-ref origin/main`).
        #[arg(long, value_name = "REF", conflicts_with = "previous")]
        previous_ref: Option<String>,
        /// The --against paths mirror the catalogs whole (a Rust crate of
        /// their definitions, a JSON copy): a code on one side only is an
        /// error, a catalog's code that no copy defines and a copy's code
        /// the catalogs lack alike.
        #[arg(long)]
        complete: bool,
        /// Text shows at most this many findings of one file, then how
        /// many more it has; 0 shows every one. JSON and SARIF always
        /// carry every finding.
        #[arg(long, value_name = "N", default_value_t = crate::report::DEFAULT_MAX_PER_FILE)]
        max_per_file: usize,
        /// Only the findings and the closing `N errors, M warnings in K
        /// files` line: no notes, no `checked ...` line.
        #[arg(long, short)]
        quiet: bool,
        /// Show only the findings of these files (a pre-commit hook's or a
        /// pull request's changed files), reading the whole tree all the
        /// same to resolve constants, enumerators and definitions. Accept
        /// tables that accept nothing and baseline findings that are gone
        /// are not told: the rest of the tree was not looked at.
        #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with = "write_baseline")]
        changed: Vec<PathBuf>,
    },
    /// Per code, when the catalog's git history added, changed (by
    /// category and rule) and removed or retired it. Each version (a commit
    /// that changed the file, across renames) is compared with the file in
    /// its first parent, never with the version listed before it; versions
    /// are read one at a time through `git cat-file`, so that memory does
    /// not grow with their number. A version that is no catalog, or larger
    /// than `max-file-size` (errcode.toml), is named on standard error and
    /// left out.
    History {
        /// The catalog, in a git repository.
        #[arg(value_name = "FILE")]
        file: PathBuf,
        /// Only this code's history.
        #[arg(long)]
        code: Option<String>,
        /// Also the commits of the branches merged in. By default the
        /// versions are the commits of the first-parent line (the branch's
        /// own commits and its merges, a merge showing what its branch
        /// brought in); with this, git's whole history of the file, each
        /// commit compared with its own first parent, so that a change made
        /// on a side branch is shown at its commit and again at the merge.
        #[arg(long)]
        side_branches: bool,
    },
    /// Rewrite the existing copies of the catalogs' codes from the catalogs:
    /// the rows C tables already have (in their order, their layout and
    /// line width), and the reference pages that exist (their hand-written
    /// parts kept; a part that cannot be kept is named on standard error),
    /// with their index pages' links. Nothing else is touched; new pages
    /// are `export`'s. Without catalogs and paths, updates what the project
    /// file names. Exit status 0, or with --dry-run 1 when something would
    /// change.
    Update {
        /// The catalogs (default: the project file's `catalogs`).
        #[arg(value_name = "FILE")]
        files: Vec<PathBuf>,
        /// The copies to update: files, or folders searched recursively
        /// (default: the project file's `against`). Repeatable.
        #[arg(long, value_name = "PATH")]
        against: Vec<PathBuf>,
        /// Leave out the paths that match this glob. Repeatable.
        #[arg(long, value_name = "GLOB")]
        exclude: Vec<String>,
        /// Write nothing: print what would change as a unified diff, and
        /// exit 1 if anything would (a freshness check for CI).
        #[arg(long)]
        dry_run: bool,
        /// Where the catalog has no cause or solution (`N/A`) and an English
        /// page has one, copy the page's text into the catalog first.
        #[arg(long)]
        adopt_pages: bool,
        /// Rewrite the pages and table rows that changed after the catalog
        /// did (by git) too; without it they are left, each named
        /// (copy-newer).
        #[arg(long)]
        overwrite_newer: bool,
        /// The project file to read, instead of the one found.
        #[arg(long, value_name = "FILE")]
        config: Option<PathBuf>,
    },
    /// Everything known about one code.
    Explain {
        /// The code, such as EK0201.
        code: String,
        /// The catalog to look in, instead of the built-in one.
        #[arg(long, value_name = "FILE")]
        catalog: Option<PathBuf>,
        /// Sources to look in too (as `check --against` reads them): a code
        /// defined only in Rust or a C table is explained from there, and
        /// every copy and report site of the code is listed. Repeatable.
        #[arg(long, value_name = "PATH")]
        against: Vec<PathBuf>,
        /// text: lines for a terminal; markdown: a page to publish.
        #[arg(long, value_enum, default_value_t = ExplainFormat::Text)]
        format: ExplainFormat,
        /// The language of headings, cause, solution and argument
        /// descriptions (zh: from the Chinese pages under --against, English
        /// where they have none, and says so).
        #[arg(long, value_enum, default_value_t = Lang::En)]
        lang: Lang,
    },
    /// A table of codes, titles and messages.
    List {
        /// The catalog to list, instead of the built-in one.
        #[arg(long, value_name = "FILE")]
        catalog: Option<PathBuf>,
        /// Only the codes of this class (case and surrounding spaces do not
        /// matter; "Unclassified" lists the codes without a class).
        #[arg(long)]
        class: Option<String>,
    },
    /// Write a catalog as JSON (the same schema), as a Markdown reference,
    /// or as CANN's reference pages (`docs/<lang>/error_code_ref`).
    Export {
        /// JSON writes one file; Markdown writes a folder with index.md, a
        /// page per class under classes/ and a page per code under codes/;
        /// cann-docs writes `<CODE>-<Title>.md` pages in a folder per class,
        /// each folder with its index page, in the layout of CANN's pages.
        #[arg(long, value_enum)]
        format: ExportFormat,
        /// The catalog to export, instead of the built-in one: a JSON file,
        /// or a folder of Rust sources whose `#[error_code]` definitions are
        /// read without building them.
        #[arg(long, value_name = "FILE|DIR")]
        catalog: Option<PathBuf>,
        /// The file (JSON) or folder (Markdown, cann-docs) to write; `-`
        /// writes the JSON to standard output.
        #[arg(long, value_name = "PATH")]
        out: PathBuf,
        /// The language of cann-docs pages.
        #[arg(long, value_enum, default_value_t = Lang::En)]
        lang: Lang,
        /// cann-docs: an existing reference (such as docs/en/error_code_ref)
        /// whose pages are regenerated: each keeps its folder, its
        /// placeholder sentence, its example and its fences, and a Chinese
        /// page its translated cause and solution. May be the --out folder.
        #[arg(long, value_name = "DIR")]
        keep: Option<PathBuf>,
    },
    /// Print a catalog as source: Rust `#[error_code]` definitions, or one
    /// of CANN's C tables.
    Codegen {
        /// The catalog to convert: a JSON file, or a folder of Rust sources.
        #[arg(value_name = "FILE|DIR")]
        file: PathBuf,
        /// rust: one `#[error_code]` definition per entry; c-error-map: the
        /// compact manager's `ERROR_MAP` rows, sorted for its bsearch;
        /// c-xmacro: `RUNTIME_ERROR_CODE_TABLE(X)` rows.
        #[arg(long, value_enum, default_value_t = Target::Rust)]
        target: Target,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum CheckFormat {
    /// `FILE:LINE: CODE: what is wrong`, a line each.
    Text,
    /// A JSON array of findings, for machines.
    Json,
    /// SARIF 2.1.0, for code-scanning annotations.
    Sarif,
    /// GitHub Actions workflow commands: `::error file=...,line=...::`
    /// annotations, then the closing lines.
    Github,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum ExplainFormat {
    /// Lines for a terminal.
    Text,
    /// A Markdown page a team can publish.
    Markdown,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum ExportFormat {
    /// The CANN error_code.json schema.
    Json,
    /// A Markdown reference.
    Markdown,
    /// CANN's reference pages, `<CODE>-<Title>.md` in a folder per class.
    CannDocs,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Target {
    /// `#[error_code]` definitions.
    Rust,
    /// `static const ErrorInfoConfig ERROR_MAP[]`, sorted by code.
    CErrorMap,
    /// `#define RUNTIME_ERROR_CODE_TABLE(X)`.
    CXmacro,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Lang {
    /// English: `## Symptom`, `## Possible Cause`, `## Solution`.
    En,
    /// Chinese: `## 错误信息`, `## 可能原因`, `## 解决方法`.
    Zh,
}

impl Lang {
    pub(crate) fn language(self) -> errcat::catalog::cann_page::Language {
        use errcat::catalog::cann_page::Language;
        match self {
            Lang::En => Language::English,
            Lang::Zh => Language::Chinese,
        }
    }
}
