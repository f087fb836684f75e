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
    /// one `FILE:LINE: CODE: what is wrong` line per error (at most 100 a
    /// catalog, then `FILE: ... and N more findings`), and a closing
    /// `checked ...: no errors` line when there is none; exit status 1 if
    /// any error was found, 2 if a file cannot be read.
    Check {
        /// The catalogs to check.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
        /// Other sources of the same codes, compared with the catalogs: a
        /// file or a folder (searched recursively) of C and C++ sources
        /// (tables and report sites), `<CODE>-<Title>.md` reference pages,
        /// Rust sources and other `error_code.json` copies. Repeatable.
        /// Adds the review checklist's text rules to --warn.
        #[arg(long, value_name = "PATH")]
        against: Vec<PathBuf>,
        /// Also report warnings (lines marked `warning:`; they never change
        /// the exit status), such as a name that fills several placeholders.
        #[arg(long)]
        warn: bool,
        /// How to write the findings.
        #[arg(long, value_enum, default_value_t = CheckFormat::Text)]
        format: CheckFormat,
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
    pub(crate) fn language(self) -> errcode::catalog::cann_page::Language {
        use errcode::catalog::cann_page::Language;
        match self {
            Lang::En => Language::English,
            Lang::Zh => Language::Chinese,
        }
    }
}
