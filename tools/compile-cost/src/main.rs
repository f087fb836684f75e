//! What errcode's macros cost a build.
//!
//! Writes a workspace of generated crates (see [`generate`]) under `--out`,
//! builds their dependencies once, then times `cargo build` and `cargo check`
//! of each crate from clean, interleaving the crates run by run so that a
//! burst of load on the shared machine hits all of them alike, and prints
//! the medians and the ratios:
//!
//! ```sh
//! cargo run --release -p errcat-compile-cost -- --runs 5
//! ```
//!
//! "From clean" means: incremental compilation off, the crate's `lib.rs`
//! touched, every dependency already built, so each timing is one full
//! compile of the crate under test.

mod clean;
mod generate;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

const USAGE: &str = "\
usage: errcat-compile-cost [--count N] [--runs R] [--out DIR] [--catalog FILE] [--release]
                            [--prototypes] [--only NAME,...] [--repo DIR] [--clean-build]

  --count N       definitions and report sites per crate (default 1000)
  --runs R        timed builds of each crate, medians reported (default 5)
  --out DIR       where the generated workspace goes (default /tmp/errcat-compile-cost)
  --catalog FILE  CANN catalog to time include_catalog! with (default:
                  ../shared/cann/error_code.json beside the repository, when present);
                  its defective entry E61601 is left out
  --release       time the release profile instead of dev
  --prototypes    also time the x-* crates: the expansion with one part removed or
                  reshaped, to price that part
  --only NAMES    time only these crates (comma-separated: macros, expanded, plain,
                  thiserror, catalog, empty, x-...)
  --repo DIR      take errcode from DIR instead of this repository (a scratch copy
                  with a prototype of the runtime or the macros)
  --clean-build   instead: time clean builds (every dependency compiled) of the
                  16-code crate tests/support/devmgr-errors against the same enums
                  written with thiserror";

/// The dependency line of the `thiserror` crate: its current major version.
const THISERROR: &str = "thiserror = \"2\"";

/// The one entry of the real catalog that `include_catalog!` rightly rejects.
const DEFECTIVE: &str = "E61601";

struct Options {
    count: usize,
    runs: usize,
    out: PathBuf,
    catalog: Option<PathBuf>,
    release: bool,
    prototypes: bool,
    only: Option<Vec<String>>,
    repo: PathBuf,
    clean_build: bool,
}

fn parse_args() -> Result<Options, String> {
    let repo = repo_root();
    let shared = repo.join("../shared/cann/error_code.json");
    let mut options = Options {
        count: 1_000,
        runs: 5,
        out: PathBuf::from("/tmp/errcat-compile-cost"),
        catalog: shared.exists().then_some(shared),
        release: false,
        prototypes: false,
        only: None,
        repo,
        clean_build: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--count" => options.count = number(&value("--count")?)?,
            "--runs" => options.runs = number(&value("--runs")?)?.max(1),
            "--out" => options.out = PathBuf::from(value("--out")?),
            "--catalog" => options.catalog = Some(PathBuf::from(value("--catalog")?)),
            "--release" => options.release = true,
            "--prototypes" => options.prototypes = true,
            "--only" => {
                let names = value("--only")?;
                options.only = Some(names.split(',').map(str::to_owned).collect());
            }
            "--repo" => options.repo = PathBuf::from(value("--repo")?),
            "--clean-build" => options.clean_build = true,
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    Ok(options)
}

fn number(text: &str) -> Result<usize, String> {
    text.parse()
        .map_err(|_| format!("{text:?} is not a whole number"))
}

/// The repository this tool belongs to: two folders above its manifest.
fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// What a crate of the generated workspace is made of.
#[derive(Clone, Copy)]
enum Kind {
    Macros,
    Expanded(generate::Shape),
    Plain,
    Thiserror,
    Catalog,
    Empty,
}

/// One crate of the generated workspace.
struct Subject {
    name: String,
    what: String,
    kind: Kind,
}

/// Every crate the options ask for, in the order they are built.
fn wanted_subjects(options: &Options) -> Vec<Subject> {
    let subject = |name: &str, what: &str, kind| Subject {
        name: name.to_owned(),
        what: what.to_owned(),
        kind,
    };
    let mut subjects = vec![
        subject("macros", "#[error_code] + msprof_env_error!", Kind::Macros),
        subject(
            "expanded",
            "the same expansion written by hand",
            Kind::Expanded(generate::Shape::MIRROR),
        ),
        subject(
            "plain",
            "statics + inventory::submit! + report_dynamic",
            Kind::Plain,
        ),
        subject(
            "thiserror",
            "the same types with thiserror 2, returned as Err",
            Kind::Thiserror,
        ),
        subject(
            "catalog",
            "include_catalog! of the CANN catalog",
            Kind::Catalog,
        ),
        subject("empty", "the dependencies and no code", Kind::Empty),
    ];
    if options.prototypes {
        for (name, what, shape) in generate::PROTOTYPES {
            subjects.push(subject(&format!("x-{name}"), what, Kind::Expanded(shape)));
        }
    }
    if let Some(only) = &options.only {
        subjects.retain(|subject| only.contains(&subject.name));
    }
    subjects
}

pub(crate) fn write(path: &Path, text: &str) -> Result<(), String> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)
            .map_err(|error| format!("cannot create {}: {error}", parent.display()))?;
    }
    std::fs::write(path, text).map_err(|error| format!("cannot write {}: {error}", path.display()))
}

/// Writes the workspace; returns the members it has (`catalog` only with a catalog).
fn generate_workspace(options: &Options) -> Result<Vec<Subject>, String> {
    let repo = options
        .repo
        .canonicalize()
        .map_err(|error| format!("cannot find the repository: {error}"))?;
    let mut subjects: Vec<Subject> = Vec::new();
    for subject in wanted_subjects(options) {
        let source = match subject.kind {
            Kind::Macros => generate::macros(options.count),
            Kind::Expanded(shape) => generate::expanded(options.count, shape),
            Kind::Plain => generate::plain(options.count),
            Kind::Thiserror => generate::thiserror(options.count),
            Kind::Empty => generate::empty(),
            Kind::Catalog => {
                let Some(path) = &options.catalog else {
                    continue;
                };
                let text = std::fs::read_to_string(path)
                    .map_err(|error| format!("cannot read {}: {error}", path.display()))?;
                let text = generate::without_entry(&text, DEFECTIVE).unwrap_or(text);
                let dir = options.out.join(&subject.name);
                write(&dir.join("error_code.json"), &text)?;
                generate::catalog("error_code.json")
            }
        };
        let dir = options.out.join(&subject.name);
        let extra: &[&str] = match subject.kind {
            Kind::Thiserror => &[THISERROR],
            _ => &[],
        };
        // `include_catalog!` is behind its feature; the crate it is
        // compared with builds the same dependencies.
        let features: &[&str] = match subject.kind {
            Kind::Catalog | Kind::Empty => &["include-catalog"],
            _ => &[],
        };
        write(
            &dir.join("Cargo.toml"),
            &generate::manifest(&subject.name, features, extra),
        )?;
        write(&dir.join("src/lib.rs"), &source)?;
        subjects.push(subject);
    }
    let members: Vec<&str> = subjects
        .iter()
        .map(|subject| subject.name.as_str())
        .collect();
    let repo = repo
        .to_str()
        .ok_or("the repository's path is not valid UTF-8")?;
    write(
        &options.out.join("Cargo.toml"),
        &generate::workspace_manifest(repo, &members),
    )?;
    // The repository's lock file, so the generated crates build the same
    // dependency versions as the repository's own tests and benches.
    let lock = options.repo.join("Cargo.lock");
    if lock.exists() {
        std::fs::copy(&lock, options.out.join("Cargo.lock"))
            .map_err(|error| format!("cannot copy {}: {error}", lock.display()))?;
    }
    Ok(subjects)
}

/// How long one cargo command took: wall-clock time, and the CPU time of
/// cargo and the compilers it ran (user + system).
#[derive(Clone, Copy, Default)]
pub(crate) struct Took {
    pub(crate) wall: Duration,
    pub(crate) cpu: Duration,
}

/// The CPU time of this process's waited-for children so far (`cutime` and
/// `cstime` of `/proc/self/stat`), where the system has it. On a shared
/// machine it moves much less than wall time when others load the cores.
pub(crate) fn children_cpu() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name, which is in parentheses and may hold spaces.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    // cutime and cstime are fields 16 and 17 of the file; the slice starts at field 3.
    let ticks: u64 = fields.get(13)?.parse::<u64>().ok()? + fields.get(14)?.parse::<u64>().ok()?;
    // USER_HZ, the unit of these fields, is 100 on every Linux architecture.
    Some(Duration::from_millis(ticks * 10))
}

/// Runs `cargo <command> -p cost-<name>` in the generated workspace and
/// returns how long it took; fails with cargo's output when the build fails.
fn cargo(options: &Options, command: &str, name: &str) -> Result<Took, String> {
    let mut cmd = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned()));
    cmd.current_dir(&options.out)
        .args([
            command,
            "--quiet",
            "--offline",
            "-p",
            &format!("cost-{name}"),
        ])
        .env("CARGO_TARGET_DIR", options.out.join("target"))
        // From clean: no incremental cache to reuse after the touch.
        .env("CARGO_INCREMENTAL", "0")
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    // The target dir and profile come from here, not from whoever runs the tool.
    for variable in [
        "RUSTFLAGS",
        "CARGO_BUILD_TARGET_DIR",
        "CARGO_ENCODED_RUSTFLAGS",
    ] {
        cmd.env_remove(variable);
    }
    if options.release {
        cmd.arg("--release");
    }
    let cpu_before = children_cpu();
    let start = Instant::now();
    let output = cmd
        .output()
        .map_err(|error| format!("cannot run cargo: {error}"))?;
    let wall = start.elapsed();
    let cpu = match (cpu_before, children_cpu()) {
        (Some(before), Some(after)) => after.saturating_sub(before),
        _ => Duration::ZERO,
    };
    if !output.status.success() {
        return Err(format!(
            "cargo {command} -p cost-{name} failed:\n{}",
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(Took { wall, cpu })
}

/// Makes sure every dependency is at hand, so that the timed builds can run
/// `--offline`: the copied lock file has errcode's dependencies, not
/// `thiserror`, which `cargo fetch` adds to it (from the local cache when it
/// is there, else from the registry).
fn fetch(options: &Options) -> Result<(), String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let mut last = String::new();
    for offline in [true, false] {
        let mut cmd = Command::new(&cargo);
        cmd.current_dir(&options.out).args(["fetch", "--quiet"]);
        if offline {
            cmd.arg("--offline");
        }
        let output = cmd
            .output()
            .map_err(|error| format!("cannot run cargo: {error}"))?;
        if output.status.success() {
            return Ok(());
        }
        last = String::from_utf8_lossy(&output.stderr).into_owned();
    }
    Err(format!(
        "cargo fetch failed in {}:\n{last}",
        options.out.display()
    ))
}

/// Marks the crate's source changed, so that the next build compiles it again.
fn touch(options: &Options, name: &str) -> Result<(), String> {
    let path = options.out.join(name).join("src/lib.rs");
    let file = std::fs::File::options()
        .append(true)
        .open(&path)
        .map_err(|error| format!("cannot open {}: {error}", path.display()))?;
    file.set_modified(std::time::SystemTime::now())
        .map_err(|error| format!("cannot touch {}: {error}", path.display()))
}

pub(crate) fn median(durations: &mut [Duration]) -> Duration {
    durations.sort();
    let middle = durations.len() / 2;
    if durations.len() % 2 == 1 {
        durations[middle]
    } else {
        (durations[middle - 1] + durations[middle]) / 2
    }
}

pub(crate) fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|text| text.split_whitespace().next().map(str::to_owned))
        .unwrap_or_else(|| "?".to_owned())
}

/// The timings of one crate: `cargo build` and `cargo check`, one per run.
#[derive(Default)]
struct Timings {
    build: Vec<Took>,
    check: Vec<Took>,
}

/// The medians of one kind of command: wall time and CPU time, each on its own.
#[derive(Clone, Copy)]
struct Medians {
    wall: Duration,
    cpu: Duration,
}

fn medians(took: &[Took]) -> Medians {
    let mut wall: Vec<Duration> = took.iter().map(|took| took.wall).collect();
    let mut cpu: Vec<Duration> = took.iter().map(|took| took.cpu).collect();
    Medians {
        wall: median(&mut wall),
        cpu: median(&mut cpu),
    }
}

fn run(options: &Options) -> Result<(), String> {
    let subjects = generate_workspace(options)?;
    let subjects: Vec<&Subject> = subjects.iter().collect();
    let profile = if options.release { "release" } else { "dev" };
    println!(
        "generated {} crates in {} ({} definitions and report sites each)",
        subjects.len(),
        options.out.display(),
        options.count
    );
    fetch(options)?;
    // First builds compile the dependencies (errcode, its macros, syn...),
    // which every later build reuses.
    for subject in &subjects {
        for command in ["build", "check"] {
            let took = cargo(options, command, &subject.name)?;
            println!(
                "  first cargo {command} of cost-{}: {:.1} s",
                subject.name,
                took.wall.as_secs_f64()
            );
        }
    }
    let load_before = load_average();
    let mut timings: Vec<Timings> = subjects.iter().map(|_| Timings::default()).collect();
    for run in 0..options.runs {
        // Each run starts with a different crate, so none is always first.
        for offset in 0..subjects.len() {
            let at = (run + offset) % subjects.len();
            let name = subjects[at].name.as_str();
            touch(options, name)?;
            timings[at].build.push(cargo(options, "build", name)?);
            touch(options, name)?;
            timings[at].check.push(cargo(options, "check", name)?);
        }
        println!("  run {} of {} done", run + 1, options.runs);
    }
    let load_after = load_average();

    println!();
    println!(
        "== compile time of {} definitions and {} report sites, {profile} profile, \
         from clean (CARGO_INCREMENTAL=0, dependencies built), median of {} runs",
        options.count, options.count, options.runs
    );
    println!("   load average {load_before} before, {load_after} after");
    println!(
        "   {:<24} {:>12} {:>12} {:>12} {:>12}",
        "crate", "build wall", "build CPU", "check wall", "check CPU"
    );
    let mut results: Vec<(&str, Medians, Medians)> = Vec::new();
    for (subject, timing) in subjects.iter().zip(&timings) {
        let build = medians(&timing.build);
        let check = medians(&timing.check);
        println!(
            "   cost-{:<19} {:>10.2} s {:>10.2} s {:>10.2} s {:>10.2} s   ({})",
            subject.name,
            build.wall.as_secs_f64(),
            build.cpu.as_secs_f64(),
            check.wall.as_secs_f64(),
            check.cpu.as_secs_f64(),
            subject.what
        );
        results.push((&subject.name, build, check));
    }
    let get = |name: &str| {
        results
            .iter()
            .find(|(n, _, _)| *n == name)
            .map(|&(_, build, check)| (build, check))
    };
    let ratio = |a: Duration, b: Duration| a.as_secs_f64() / b.as_secs_f64();
    let ratios = |a: (Medians, Medians), b: (Medians, Medians)| {
        format!(
            "build {:.2} (CPU {:.2}), check {:.2} (CPU {:.2})",
            ratio(a.0.wall, b.0.wall),
            ratio(a.0.cpu, b.0.cpu),
            ratio(a.1.wall, b.1.wall),
            ratio(a.1.cpu, b.1.cpu)
        )
    };
    let verdict = |met: bool| if met { "met" } else { "MISSED" };
    if let (Some(macros), Some(plain)) = (get("macros"), get("plain")) {
        let build = ratio(macros.0.wall, plain.0.wall);
        let check = ratio(macros.1.wall, plain.1.wall);
        println!(
            "(4) ratio macros / plain: {} (target: build <= 2.0: {}, check <= 1.5: {})",
            ratios(macros, plain),
            verdict(build <= 2.0),
            verdict(check <= 1.5)
        );
    }
    if let (Some(macros), Some(thiserror)) = (get("macros"), get("thiserror")) {
        let build = ratio(macros.0.wall, thiserror.0.wall);
        let check = ratio(macros.1.wall, thiserror.1.wall);
        println!(
            "ratio macros / thiserror: {} (target: build <= 2.0: {}, check <= 2.0: {})",
            ratios(macros, thiserror),
            verdict(build <= 2.0),
            verdict(check <= 2.0)
        );
    }
    if let (Some(macros), Some(expanded)) = (get("macros"), get("expanded")) {
        println!(
            "ratio macros / expanded by hand: {} (what running the macros costs)",
            ratios(macros, expanded)
        );
    }
    if let (Some(expanded), Some(plain)) = (get("expanded"), get("plain")) {
        println!(
            "ratio expanded by hand / plain: {} (what the typed code costs)",
            ratios(expanded, plain)
        );
    }
    if let Some(expanded) = get("expanded") {
        for (name, what, _) in generate::PROTOTYPES {
            if let Some(prototype) = get(&format!("x-{name}")) {
                println!(
                    "ratio x-{name} / expanded: {} ({what})",
                    ratios(prototype, expanded)
                );
            }
        }
    }
    if let (Some(catalog), Some(empty)) = (get("catalog"), get("empty")) {
        let added = catalog.0.wall.saturating_sub(empty.0.wall).as_secs_f64();
        println!(
            "(5) include_catalog! of the CANN catalog ({DEFECTIVE} left out) adds {:.2} s to cargo build \
             (CPU {:.2} s), {:.2} s to cargo check (CPU {:.2} s) (target: build <= 2 s: {})",
            added,
            catalog.0.cpu.saturating_sub(empty.0.cpu).as_secs_f64(),
            catalog.1.wall.saturating_sub(empty.1.wall).as_secs_f64(),
            catalog.1.cpu.saturating_sub(empty.1.cpu).as_secs_f64(),
            verdict(added <= 2.0)
        );
    } else if get("empty").is_some() {
        println!(
            "include_catalog!: not measured, no catalog (pass --catalog FILE or put the \
             shared catalog beside the repository)"
        );
    }
    Ok(())
}

fn main() -> ExitCode {
    let options = match parse_args() {
        Ok(options) => options,
        Err(message) => {
            if !message.is_empty() {
                eprintln!("errcat-compile-cost: {message}");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let result = if options.clean_build {
        options
            .repo
            .canonicalize()
            .map_err(|error| format!("cannot find the repository: {error}"))
            .and_then(|repo| clean::run(&repo, &options.out, options.runs, options.release))
    } else {
        run(&options)
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("errcat-compile-cost: {message}");
            ExitCode::FAILURE
        }
    }
}
