//! `errcode`: lint, explain, list, export and convert error-code catalogs in
//! the CANN `error_code.json` format. With no `--catalog`, the commands work
//! on the Profiling catalog built into the tool.
//!
//! Each command produces its output as text, which is written at the end: a
//! closed pipe (`errcode list | head`) ends the tool quietly, and no failure
//! turns into a panic.

mod against;
mod args;
mod baseline;
mod check;
mod codegen;
mod explain;
mod export;
mod finding;
mod git;
mod history;
mod list;
mod outcome;
mod paths;
mod policy;
mod project;
mod replace;
mod report;
mod rust_catalog;
mod source;
mod text_rules;
mod update;
mod walk;

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

use crate::args::{Cli, Command};
use crate::outcome::Outcome;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            // Usage errors (status 2), and --help and --version (status 0).
            let _ = error.print();
            return ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(2));
        }
    };
    let outcome = match cli.command {
        Command::Check {
            files,
            against,
            exclude,
            warn,
            format,
            config,
            baseline,
            write_baseline,
            previous,
            previous_ref,
            complete,
            max_per_file,
            quiet,
            changed,
        } => check::run(check::CheckArgs {
            files,
            against,
            exclude,
            warn,
            format,
            config,
            baseline,
            write_baseline,
            previous,
            previous_ref,
            complete,
            max_per_file,
            quiet,
            changed,
        }),
        Command::History {
            file,
            code,
            side_branches,
        } => match project::Project::max_file_size() {
            Ok(max_size) => {
                let lines = if side_branches {
                    git::Lines::SideBranches
                } else {
                    git::Lines::FirstParent
                };
                history::run(&file, code.as_deref(), lines, max_size)
            }
            Err(why) => Outcome::input_error(why),
        },
        Command::Update {
            files,
            against,
            exclude,
            dry_run,
            adopt_pages,
            overwrite_newer,
            config,
        } => update::run(update::UpdateArgs {
            files,
            against,
            exclude,
            dry_run,
            adopt_pages,
            overwrite_newer,
            config,
        }),
        Command::Explain {
            code,
            catalog,
            against,
            format,
            lang,
        } => match check::explain_inputs(catalog, against) {
            Ok((catalog, against)) => {
                explain::run(&code, catalog.as_deref(), &against, format, lang)
            }
            Err(failure) => failure,
        },
        Command::List { catalog, class } => list::run(catalog.as_deref(), class.as_deref()),
        Command::Export {
            format,
            catalog,
            out,
            lang,
            keep,
        } => export::run(
            format,
            catalog.as_deref(),
            &out,
            lang.language(),
            keep.as_deref(),
        ),
        Command::Codegen { file, target } => codegen::run(&file, target),
    };
    write(outcome)
}

/// Writes what a command produced and turns its success into the exit status.
fn write(outcome: Outcome) -> ExitCode {
    // A reader that went away (a closed pipe) needs no more output.
    if outcome.styled {
        // Styles are stripped unless standard output is a terminal that
        // wants them (NO_COLOR, CLICOLOR_FORCE and the terminal decide).
        let mut stdout = anstream::stdout().lock();
        let _ = stdout
            .write_all(outcome.stdout.as_bytes())
            .and_then(|()| stdout.flush());
    } else {
        let mut stdout = std::io::stdout().lock();
        let _ = stdout
            .write_all(outcome.stdout.as_bytes())
            .and_then(|()| stdout.flush());
    }
    let mut stderr = std::io::stderr().lock();
    let _ = stderr.write_all(outcome.stderr.as_bytes());
    ExitCode::from(outcome.status.code())
}
