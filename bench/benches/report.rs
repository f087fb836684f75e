//! errcode against its baselines, each pair in the same run, with the ratios
//! printed at the end, numbered as the targets of the performance issue:
//!
//! 1. report EK0201 and render it into a reused buffer, against `write!` of
//!    the same text into a reused `String`;
//! 2. a traceback of ten reports, against the same `write!` floor;
//! 3. allocations and reallocations per `take_error_message()` (a new
//!    `String`), counted by the global allocator, and its time against
//!    `format!` of the same text;
//! 6. lookup by code string among 10,000 generated codes, against
//!    `HashMap<String, _>::get` and a binary search over a sorted `Vec<&str>`;
//!    and among the 10,000 codes of the third issue's distribution
//!    (`EM0000`–`EM4999`, `EN0000`–`EN4999`, shuffled; see
//!    [`errcat_bench::lookup`]), in a child process of its own so that the
//!    two catalogs never share a registry;
//! 7. what must not regress: allocations per report in steady state, the
//!    cost per cycle after 10^6 cycles against the first ones, and two
//!    threads reporting at once against one thread;
//! 8. what `errcat::scope` adds to each poll of a future, against the bare
//!    future, polled with a no-op waker.
//!
//! `cargo bench -p errcat-bench --bench report` for the full run, with
//! `-- --quick` for a run of under a minute; a criterion filter after `--`
//! (`-- lookup`) runs only the matching benchmarks.

use std::collections::HashMap;
use std::hint::black_box;
use std::process::{Command, Stdio};
use std::sync::{Arc, Barrier, mpsc};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use criterion::Criterion;
use criterion::measurement::WallTime;
use errcat::ErrorDef;
use errcat_bench::alloc::{CountingAlloc, PerCycle, allocations_per_cycle, counts_per_cycle};
use errcat_bench::lookup::{DENSE_CLASS, DENSE_COUNT, dense_catalog, dense_queries};
use errcat_bench::scenarios::{
    BUF_SIZE, NeverReady, TRACEBACK, floor_ek0201, floor_ek0201_take, floor_traceback,
    report_ek0201, report_ek0201_dynamic, report_ek0201_take, report_traceback,
    report_traceback_take,
};
use errcat_bench::stats::{self, Clock, Paired, Sample, thread_cpu_time};

#[global_allocator]
static ALLOCATOR: CountingAlloc = CountingAlloc;

/// The catalog of 10,000 generated codes of the lookup benchmark, written by `build.rs`.
const GENERATED_CATALOG: &str = include_str!(concat!(env!("OUT_DIR"), "/generated_catalog.json"));

type Group<'a> = criterion::BenchmarkGroup<'a, WallTime>;

/// Benchmarks `routine` as `group_name/id`, recording criterion's samples for
/// the summary. The loop is timed here (`iter_custom`) so that the recorded
/// figures are exactly the ones criterion analyses.
fn bench(group: &mut Group<'_>, group_name: &str, id: &str, mut routine: impl FnMut()) {
    let key = format!("{group_name}/{id}");
    group.bench_function(id, |b| {
        b.iter_custom(|iterations| {
            let cpu = thread_cpu_time();
            let start = Instant::now();
            for _ in 0..iterations {
                routine();
            }
            let wall = start.elapsed();
            let cpu = thread_cpu_time().saturating_sub(cpu);
            stats::record(
                &key,
                Sample {
                    iterations,
                    wall,
                    cpu,
                },
            );
            wall
        })
    });
}

fn report_and_render(c: &mut Criterion) {
    const NAME: &str = "report_ek0201";
    let mut group = c.benchmark_group(NAME);
    let mut out = String::with_capacity(1024);
    bench(&mut group, NAME, "errcode", || {
        report_ek0201(&mut out, black_box(BUF_SIZE));
        black_box(&out);
    });
    bench(&mut group, NAME, "floor_write", || {
        floor_ek0201(&mut out, black_box(BUF_SIZE));
        black_box(&out);
    });
    bench(&mut group, NAME, "errcode_report_dynamic", || {
        report_ek0201_dynamic(&mut out, black_box(BUF_SIZE));
        black_box(&out);
    });
    group.finish();
}

fn traceback(c: &mut Criterion) {
    const NAME: &str = "traceback_10";
    let mut group = c.benchmark_group(NAME);
    let mut out = String::with_capacity(4096);
    bench(&mut group, NAME, "errcode", || {
        report_traceback(&mut out, black_box(&TRACEBACK));
        black_box(&out);
    });
    bench(&mut group, NAME, "floor_write", || {
        floor_traceback(&mut out, black_box(&TRACEBACK));
        black_box(&out);
    });
    group.finish();
}

fn take(c: &mut Criterion) {
    const NAME: &str = "take_ek0201";
    let mut group = c.benchmark_group(NAME);
    bench(&mut group, NAME, "errcode", || {
        black_box(report_ek0201_take(black_box(BUF_SIZE)));
    });
    bench(&mut group, NAME, "floor_format", || {
        black_box(floor_ek0201_take(black_box(BUF_SIZE)));
    });
    group.finish();
}

fn scope_poll(c: &mut Criterion) {
    const NAME: &str = "scope_poll";
    let mut group = c.benchmark_group(NAME);
    let waker = std::task::Waker::noop();
    let mut context = std::task::Context::from_waker(waker);
    let mut bare = std::pin::pin!(NeverReady::default());
    bench(&mut group, NAME, "bare_future", || {
        let _ = black_box(bare.as_mut().poll(&mut context));
    });
    let mut scoped = std::pin::pin!(errcat::scope(NeverReady::default()));
    bench(&mut group, NAME, "errcode_scope", || {
        let _ = black_box(scoped.as_mut().poll(&mut context));
    });
    group.finish();
}

/// Cycles of the flat-cost figure, and the cycles per timed block.
const FLAT_CYCLES: u64 = 1_000_000;
const FLAT_BLOCK: u64 = 10_000;

/// Report EK0201 + render, `FLAT_CYCLES` times in a row on a fresh thread:
/// the median ns per cycle (wall, thread CPU) of the first ten blocks of
/// `FLAT_BLOCK` cycles and of the last ten. A store that kept something
/// from each cycle would grow slower (the C error manager's output buffer
/// is never reset).
fn flat_cost() -> ((f64, f64), (f64, f64)) {
    std::thread::spawn(|| {
        let mut out = String::with_capacity(1024);
        let blocks = FLAT_CYCLES / FLAT_BLOCK;
        let mut samples = Vec::with_capacity(blocks as usize);
        for _ in 0..blocks {
            let cpu = thread_cpu_time();
            let start = Instant::now();
            for _ in 0..FLAT_BLOCK {
                report_ek0201(&mut out, black_box(BUF_SIZE));
                black_box(&out);
            }
            samples.push(Sample {
                iterations: FLAT_BLOCK,
                wall: start.elapsed(),
                cpu: thread_cpu_time().saturating_sub(cpu),
            });
        }
        let figure = |samples: &[Sample]| {
            (
                stats::median_per_iteration(samples, Clock::Wall).unwrap_or(f64::NAN),
                stats::median_per_iteration(samples, Clock::Cpu).unwrap_or(f64::NAN),
            )
        };
        let ten = 10.min(samples.len());
        (
            figure(&samples[..ten]),
            figure(&samples[samples.len() - ten..]),
        )
    })
    .join()
    .expect("the flat-cost thread does not panic")
}

/// How many distinct lookup strings the lookup benchmarks cycle through: enough
/// that the branch predictor cannot learn the sequence, and a power of two.
const QUERIES: usize = 4096;

/// `QUERIES` codes to look up, picked from `generated` in a scattered order,
/// back to back in one text as codes parsed from input would be (separate
/// `String`s would add a cache miss of the benchmark's own to every
/// lookup). With `present` false, each is a generated code with the other
/// severity letter, kept only when that code is not registered.
fn queries(generated: &[&str], present: bool) -> String {
    let registry = errcat::registry();
    let mut state: u64 = 0x0123_4567_89ab_cdef;
    let mut text = String::with_capacity(QUERIES * CODE_LEN);
    while text.len() < QUERIES * CODE_LEN {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let code = generated[(state >> 33) as usize % generated.len()];
        if present {
            text.push_str(code);
        } else {
            let other = if code.starts_with('E') { 'W' } else { 'E' };
            let absent = format!("{other}{}", &code[1..]);
            if registry.get(&absent).is_none() {
                text.push_str(&absent);
            }
        }
    }
    text
}

/// Every code is six ASCII characters.
const CODE_LEN: usize = 6;

/// The codes of a query text, in order.
fn codes_of(text: &str) -> impl Iterator<Item = &str> {
    (0..text.len() / CODE_LEN).map(move |i| &text[i * CODE_LEN..(i + 1) * CODE_LEN])
}

fn lookup(c: &mut Criterion) {
    const NAME: &str = "lookup_10k";
    // Registered at run time, the registry is built by the same code as for
    // definitions linked in, and `registry()` returns the newest snapshot.
    let registered = errcat::register_catalog_json(GENERATED_CATALOG, 1)
        .expect("the generated catalog is valid");
    assert_eq!(registered, 10_000);
    let registry = errcat::registry();
    let generated: Vec<&str> = registry
        .iter()
        .filter(|def| def.class() == Some("Generated"))
        .map(ErrorDef::code)
        .collect();
    assert_eq!(generated.len(), 10_000);
    let defs: Vec<&'static ErrorDef> = registry.iter().collect();
    let map: HashMap<String, &'static ErrorDef> = defs
        .iter()
        .map(|def| (def.code().to_owned(), *def))
        .collect();
    // The registry iterates in code order, so this is sorted.
    let sorted: Vec<&'static str> = defs.iter().map(|def| def.code()).collect();
    let binary_search = |code: &str| sorted.binary_search(&code).ok().map(|i| defs[i]);

    let hits = queries(&generated, true);
    let misses = queries(&generated, false);
    // The three must agree before their speeds mean anything.
    for code in codes_of(&hits).chain(codes_of(&misses)) {
        let expected = map.get(code).copied();
        assert!(same_def(registry.get(code), expected), "{code}");
        assert!(same_def(binary_search(code), expected), "{code}");
    }

    let mut group = c.benchmark_group(NAME);
    let mut i = 0usize;
    bench(&mut group, NAME, "errcode_registry_get", || {
        black_box(errcat::registry().get(next(&hits, &mut i)));
    });
    bench(&mut group, NAME, "hashmap_string_get", || {
        black_box(map.get(next(&hits, &mut i)));
    });
    bench(&mut group, NAME, "sorted_vec_binary_search", || {
        black_box(binary_search(next(&hits, &mut i)));
    });
    bench(&mut group, NAME, "errcode_registry_get_miss", || {
        black_box(errcat::registry().get(next(&misses, &mut i)));
    });
    group.finish();
}

/// The next code of a query text; `black_box` keeps the compiler from knowing
/// it. A mask, not `%`: a division would cost as much as the lookup.
#[inline(always)]
fn next<'a>(codes: &'a str, i: &mut usize) -> &'a str {
    *i = i.wrapping_add(1);
    let at = (*i & (QUERIES - 1)) * CODE_LEN;
    black_box(&codes[at..at + CODE_LEN])
}

/// Set in the child process that runs the dense lookup benchmark alone: a
/// registry, once built, keeps its codes, and the dense catalog must not
/// share one with the generated catalog of `lookup_10k`.
const DENSE_CHILD: &str = "ERRCODE_BENCH_LOOKUP_DENSE";

/// How the child marks the lines of its output that the summary prints.
const DENSE_MARK: &str = "dense-summary:";

/// The third issue's lookup distribution (see [`errcat_bench::lookup`]):
/// `registry().get` per lookup, the registry held, `HashMap<String, _>`,
/// and the same for codes not registered.
fn lookup_dense(c: &mut Criterion) {
    const NAME: &str = "lookup_dense";
    let registered =
        errcat::register_catalog_json(&dense_catalog(), 1).expect("the dense catalog is valid");
    assert_eq!(registered, DENSE_COUNT);
    let registry = errcat::registry();
    let map: HashMap<String, &'static ErrorDef> = registry
        .iter()
        .map(|def| (def.code().to_owned(), def))
        .collect();
    let hits = dense_queries(false);
    let misses = dense_queries(true);
    // Both must agree before their speeds mean anything.
    for code in &hits {
        let def = registry.get(code).expect("every hit is registered");
        assert_eq!(def.class(), Some(DENSE_CLASS));
        assert!(same_def(Some(def), map.get(code).copied()), "{code}");
    }
    for code in &misses {
        assert!(
            registry.get(code).is_none() && !map.contains_key(code),
            "{code}"
        );
    }
    // Back to back in one text, as the `lookup_10k` queries.
    let hits = hits.concat();
    let misses = misses.concat();

    let mut group = c.benchmark_group(NAME);
    let mut i = 0usize;
    bench(&mut group, NAME, "errcode_registry_get", || {
        black_box(errcat::registry().get(next_dense(&hits, &mut i)));
    });
    bench(&mut group, NAME, "errcode_registry_held", || {
        black_box(registry.get(next_dense(&hits, &mut i)));
    });
    bench(&mut group, NAME, "hashmap_string_get", || {
        black_box(map.get(next_dense(&hits, &mut i)));
    });
    bench(&mut group, NAME, "errcode_registry_get_miss", || {
        black_box(errcat::registry().get(next_dense(&misses, &mut i)));
    });
    bench(&mut group, NAME, "errcode_registry_held_miss", || {
        black_box(registry.get(next_dense(&misses, &mut i)));
    });
    bench(&mut group, NAME, "hashmap_string_get_miss", || {
        black_box(map.get(next_dense(&misses, &mut i)));
    });
    group.finish();
}

/// The next of the `DENSE_COUNT` codes of a query text, all of them in
/// turn; a compare, not `%`, to wrap around.
#[inline(always)]
fn next_dense<'a>(codes: &'a str, i: &mut usize) -> &'a str {
    *i += 1;
    if *i >= DENSE_COUNT {
        *i = 0;
    }
    let at = *i * CODE_LEN;
    black_box(&codes[at..at + CODE_LEN])
}

/// In the child: the dense lookups' figures, as lines for the parent's summary.
fn dense_summary() {
    let lookup = |id: &str| figures(&format!("lookup_dense/{id}"));
    let both = |(wall, cpu): (f64, f64)| format!("{wall:.1} ns [{cpu:.1}]");
    let (Some(get), Some(held), Some(map), Some(get_miss), Some(held_miss), Some(map_miss)) = (
        lookup("errcode_registry_get"),
        lookup("errcode_registry_held"),
        lookup("hashmap_string_get"),
        lookup("errcode_registry_get_miss"),
        lookup("errcode_registry_held_miss"),
        lookup("hashmap_string_get_miss"),
    ) else {
        return;
    };
    println!(
        "{DENSE_MARK}(6) lookup among the {} codes EM0000-EM4999 and EN0000-EN4999 registered at run time, shuffled: errcode registry().get {}, registry held {}, HashMap<String, _> {} (target: <= 6 ns hit and miss: {})",
        errcat::registry().len(),
        both(get),
        both(held),
        both(map),
        verdict(get.0.max(get_miss.0) <= 6.0)
    );
    println!(
        "{DENSE_MARK}    codes not registered (EM5000-EM9999, EN5000-EN9999): registry().get {}, registry held {}, HashMap<String, _> {}",
        both(get_miss),
        both(held_miss),
        both(map_miss)
    );
}

/// Runs [`lookup_dense`] in a child process (this bench with the same
/// arguments, so criterion's filter and `--quick` apply), echoes its output
/// and returns the lines for the summary.
fn lookup_dense_in_child() -> Vec<String> {
    let exe = std::env::current_exe().expect("the bench executable has a path");
    let output = Command::new(&exe)
        .args(std::env::args_os().skip(1))
        .env(DENSE_CHILD, "1")
        .stderr(Stdio::inherit())
        .output()
        .unwrap_or_else(|error| panic!("cannot run {}: {error}", exe.display()));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "the dense lookup benchmark failed ({}):\n{stdout}",
        output.status
    );
    let mut summary = Vec::new();
    for line in stdout.lines() {
        match line.strip_prefix(DENSE_MARK) {
            Some(line) => summary.push(line.to_owned()),
            None => println!("{line}"),
        }
    }
    summary
}

fn same_def(a: Option<&ErrorDef>, b: Option<&ErrorDef>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => std::ptr::eq(a, b),
        (None, None) => true,
        _ => false,
    }
}

/// Worker threads that stay alive across samples, so that their stores and
/// buffers are warm and a sample times reporting, not thread start-up.
struct Pool {
    jobs: Vec<mpsc::Sender<Job>>,
    /// Each worker's wall and CPU time for its last job.
    done: mpsc::Receiver<(Duration, Duration)>,
    handles: Vec<JoinHandle<()>>,
}

struct Job {
    iterations: u64,
    start: Arc<Barrier>,
}

impl Pool {
    fn new(threads: usize) -> Self {
        let (done_tx, done) = mpsc::channel();
        let mut jobs = Vec::new();
        let mut handles = Vec::new();
        for _ in 0..threads {
            let (tx, rx) = mpsc::channel::<Job>();
            let done_tx = done_tx.clone();
            jobs.push(tx);
            handles.push(std::thread::spawn(move || {
                let mut out = String::with_capacity(1024);
                for job in rx {
                    job.start.wait();
                    let cpu = thread_cpu_time();
                    let start = Instant::now();
                    for _ in 0..job.iterations {
                        report_ek0201(&mut out, black_box(BUF_SIZE));
                        black_box(&out);
                    }
                    let wall = start.elapsed();
                    let _ = done_tx.send((wall, thread_cpu_time().saturating_sub(cpu)));
                }
            }));
        }
        Pool {
            jobs,
            done,
            handles,
        }
    }

    /// Has `threads` workers each report `iterations` times, all starting
    /// together; returns the time until the last one finished, and the
    /// workers' mean CPU time.
    fn run(&self, threads: usize, iterations: u64) -> Sample {
        let start = Arc::new(Barrier::new(threads));
        for jobs in &self.jobs[..threads] {
            let job = Job {
                iterations,
                start: Arc::clone(&start),
            };
            jobs.send(job).expect("a worker is alive");
        }
        let times: Vec<(Duration, Duration)> = (0..threads)
            .map(|_| self.done.recv().expect("a worker is alive"))
            .collect();
        Sample {
            iterations,
            wall: times
                .iter()
                .map(|&(wall, _)| wall)
                .max()
                .unwrap_or_default(),
            cpu: times.iter().map(|&(_, cpu)| cpu).sum::<Duration>() / threads as u32,
        }
    }

    fn shut_down(self) {
        drop(self.jobs);
        for handle in self.handles {
            let _ = handle.join();
        }
    }
}

fn threads(c: &mut Criterion) {
    const NAME: &str = "threads";
    let pool = Pool::new(2);
    let mut group = c.benchmark_group(NAME);
    for (id, threads) in [("one_thread", 1), ("two_threads", 2)] {
        let key = format!("{NAME}/{id}");
        group.bench_function(id, |b| {
            b.iter_custom(|iterations| {
                let sample = pool.run(threads, iterations);
                stats::record(&key, sample);
                sample.wall
            })
        });
    }
    group.finish();
    // The same, one thread and two alternately, 101 times: the throughput
    // ratio of each pair, for a machine whose speed drifts.
    let mut pairs: Vec<(f64, f64)> = (0..101)
        .map(|_| {
            let one = pool.run(1, 20_000);
            let two = pool.run(2, 20_000);
            let per = |sample: Sample, clock| {
                let time = match clock {
                    Clock::Wall => sample.wall,
                    Clock::Cpu => sample.cpu,
                };
                time.as_nanos() as f64
            };
            (
                2.0 * per(one, Clock::Wall) / per(two, Clock::Wall),
                2.0 * per(one, Clock::Cpu) / per(two, Clock::Cpu),
            )
        })
        .collect();
    let mut wall: Vec<f64> = pairs.iter().map(|pair| pair.0).collect();
    let mut cpu: Vec<f64> = pairs.drain(..).map(|pair| pair.1).collect();
    if let (Some(wall), Some(cpu)) = (stats::median(&mut wall), stats::median(&mut cpu)) {
        *PAIRED_THROUGHPUT.lock().unwrap_or_else(|p| p.into_inner()) = Some((wall, cpu));
    }
    pool.shut_down();
}

/// The paired throughput ratio of two threads against one (wall, CPU).
static PAIRED_THROUGHPUT: std::sync::Mutex<Option<(f64, f64)>> = std::sync::Mutex::new(None);

/// Allocations and reallocations per `take_error_message()` call, the
/// report before it included, after 100 warm-up calls.
fn take_allocations() -> Vec<(&'static str, PerCycle)> {
    vec![
        (
            "report EK0201 + take_error_message()",
            counts_per_cycle(100, 10_000, || {
                black_box(report_ek0201_take(BUF_SIZE));
            }),
        ),
        (
            "traceback of 10 + take_error_message()",
            counts_per_cycle(100, 10_000, || {
                black_box(report_traceback_take(&TRACEBACK));
            }),
        ),
        (
            "floor: format! of the EK0201 text",
            counts_per_cycle(100, 10_000, || {
                black_box(floor_ek0201_take(BUF_SIZE));
            }),
        ),
    ]
}

/// Allocations per report in steady state, on this thread: each scenario
/// runs until its buffers have grown, then 10,000 more times.
fn allocations() -> Vec<(&'static str, f64)> {
    let mut out = String::with_capacity(4096);
    let mut per_report = |reports: f64, cycle: &mut dyn FnMut(&mut String)| {
        allocations_per_cycle(100, 10_000, || cycle(&mut out)) / reports
    };
    vec![
        (
            "EK0201 of errcat-profiling, &str into its Cow field (1)",
            per_report(1.0, &mut |out| report_ek0201(out, BUF_SIZE)),
        ),
        (
            "traceback of 10 (2), per report",
            per_report(10.0, &mut |out| report_traceback(out, &TRACEBACK)),
        ),
        (
            "EK0201 by report_dynamic",
            per_report(1.0, &mut |out| report_ek0201_dynamic(out, BUF_SIZE)),
        ),
    ]
}

/// The median ns per iteration of `id` on both clocks, or `None` when it
/// did not run.
fn figures(id: &str) -> Option<(f64, f64)> {
    Some((
        stats::median_ns(id, Clock::Wall)?,
        stats::median_ns(id, Clock::Cpu)?,
    ))
}

/// `product / baseline` on both clocks: `(wall ratio, CPU ratio)`.
fn ratios(product: (f64, f64), baseline: (f64, f64)) -> (f64, f64) {
    (product.0 / baseline.0, product.1 / baseline.1)
}

fn verdict(met: bool) -> &'static str {
    if met { "met" } else { "MISSED" }
}

/// Targets (1) and (2) measured again in alternating blocks of product and
/// floor (see [`stats::paired`]): the ratios that drift least on a shared machine.
fn paired_ratios() -> (Paired, Paired) {
    let mut out = String::with_capacity(4096);
    let mut floor_out = String::with_capacity(4096);
    let ek0201 = stats::paired(
        301,
        2_000,
        || {
            report_ek0201(&mut out, black_box(BUF_SIZE));
            black_box(&out);
        },
        || {
            floor_ek0201(&mut floor_out, black_box(BUF_SIZE));
            black_box(&floor_out);
        },
    );
    let traceback = stats::paired(
        301,
        200,
        || {
            report_traceback(&mut out, black_box(&TRACEBACK));
            black_box(&out);
        },
        || {
            floor_traceback(&mut floor_out, black_box(&TRACEBACK));
            black_box(&floor_out);
        },
    );
    (ek0201, traceback)
}

/// What the summary prints besides criterion's figures.
struct Extra {
    load_before: Option<f64>,
    allocations: Vec<(&'static str, f64)>,
    take: Vec<(&'static str, PerCycle)>,
    /// First and last blocks of the flat-cost run, when it ran.
    flat: Option<((f64, f64), (f64, f64))>,
    /// Targets (1) and (2), product and floor in alternating blocks.
    paired: (Paired, Paired),
    /// The dense lookups' lines, from the child that ran them.
    dense: Vec<String>,
}

fn summary(extra: &Extra) {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|line| line.starts_with("model name"))
                .and_then(|line| line.split(':').nth(1))
                .map(|model| model.trim().to_owned())
        })
        .unwrap_or_else(|| "unknown CPU".to_owned());
    let cores = std::thread::available_parallelism().map_or(0, usize::from);
    let load = |load: Option<f64>| load.map_or("?".to_owned(), |load| format!("{load:.2}"));
    println!();
    println!(
        "== errcode against its baselines: median ns per iteration over criterion's samples, \
         wall time [thread CPU time]; (N) is the issue's target N"
    );
    println!(
        "   machine: {cores} cores, {cpu}; load average {} before, {} after",
        load(extra.load_before),
        load(stats::load_average())
    );
    let both = |(wall, cpu): (f64, f64)| format!("{wall:.1} ns [{cpu:.1}]");
    let times = |(wall, cpu): (f64, f64)| format!("{wall:.2} [{cpu:.2}]");

    let (ek0201, traceback) = extra.paired;
    println!(
        "(1) report EK0201 + render, paired blocks: errcode {}, write! floor {}: ratio {} \
         (issue 20's time target <= 3; its instruction target <= 2.5 is callgrind's, see \
         BENCHMARKS.md: {})",
        both(ek0201.product),
        both(ek0201.baseline),
        times(ek0201.ratio),
        verdict(ek0201.ratio.0 <= 3.0)
    );
    println!(
        "(2) traceback of 10 reports + render, paired blocks: errcode {}, write! floor {}: ratio \
         {} (issue 20's time target <= 2.5; its instruction target <= 2 is callgrind's: {})",
        both(traceback.product),
        both(traceback.baseline),
        times(traceback.ratio),
        verdict(traceback.ratio.0 <= 2.5)
    );
    let floor = figures("report_ek0201/floor_write");
    if let (Some(product), Some(floor)) = (figures("report_ek0201/errcode"), floor) {
        let ratio = ratios(product, floor);
        println!(
            "(1) report EK0201 + render, criterion: errcode {}, write! floor {}: ratio {}",
            both(product),
            both(floor),
            times(ratio),
        );
        for (id, what) in [("errcode_report_dynamic", "report_dynamic (lookup by code)")] {
            if let Some(other) = figures(&format!("report_ek0201/{id}")) {
                println!(
                    "    with {what}: {}, ratio {}",
                    both(other),
                    times(ratios(other, floor))
                );
            }
        }
    }
    if let (Some(product), Some(floor)) = (
        figures("traceback_10/errcode"),
        figures("traceback_10/floor_write"),
    ) {
        println!(
            "(2) traceback of 10 reports + render, criterion: errcode {}, write! floor {}: ratio {}",
            both(product),
            both(floor),
            times(ratios(product, floor)),
        );
    }
    let take_met = extra
        .take
        .iter()
        .filter(|(what, _)| !what.starts_with("floor"))
        .all(|(_, counts)| counts.allocations <= 1.0 && counts.reallocations == 0.0);
    println!(
        "(3) allocations per take_error_message() (a new String), steady state (target: 1 \
         allocation, no reallocation: {})",
        verdict(take_met)
    );
    for (what, counts) in &extra.take {
        println!(
            "    {what}: {:.2} allocations, {:.2} reallocations",
            counts.allocations, counts.reallocations
        );
    }
    if let (Some(product), Some(floor)) = (
        figures("take_ek0201/errcode"),
        figures("take_ek0201/floor_format"),
    ) {
        println!(
            "    time, report EK0201 + take_error_message(): {}, format! floor {}: ratio {}",
            both(product),
            both(floor),
            times(ratios(product, floor))
        );
    }
    let lookup = |id: &str| figures(&format!("lookup_10k/{id}"));
    if let (Some(errcode), Some(map), Some(sorted)) = (
        lookup("errcode_registry_get"),
        lookup("hashmap_string_get"),
        lookup("sorted_vec_binary_search"),
    ) {
        let codes = errcat::registry().len();
        let faster = errcode.0 < map.0 && errcode.0 < sorted.0;
        println!(
            "(6) lookup among {codes} codes: errcode {}, HashMap<String, _> {} ({} times \
             errcode's), sorted Vec<&str> {} ({} times errcode's) (target: <= 10 ns and faster \
             than both: {})",
            both(errcode),
            both(map),
            times(ratios(map, errcode)),
            both(sorted),
            times(ratios(sorted, errcode)),
            verdict(faster && errcode.0 <= 10.0)
        );
        if let Some(miss) = lookup("errcode_registry_get_miss") {
            println!("    errcode, code not registered: {}", both(miss));
        }
    }
    for line in &extra.dense {
        println!("{line}");
    }
    let none = extra.allocations.iter().all(|(_, count)| *count == 0.0);
    println!(
        "(7) allocations per report in steady state (counted by the global allocator) \
         (target 0: {}):",
        verdict(none)
    );
    for (what, count) in &extra.allocations {
        println!("    {what}: {count:.2}");
    }
    if let Some((first, last)) = extra.flat {
        let ratio = ratios(last, first);
        println!(
            "(7) report EK0201 + render over {FLAT_CYCLES} cycles: first {}k cycles {}, last {}k \
             {}: ratio {} (target: flat, <= 1.10: {})",
            10 * FLAT_BLOCK / 1000,
            both(first),
            10 * FLAT_BLOCK / 1000,
            both(last),
            times(ratio),
            verdict(ratio.1 <= 1.10)
        );
    }
    if let (Some(one), Some(two)) = (
        figures("threads/one_thread"),
        figures("threads/two_threads"),
    ) {
        // Per iteration every thread reports once: two threads do twice the work.
        let throughput = (2.0 * one.0 / two.0, 2.0 * one.1 / two.1);
        println!(
            "(7) report + render per thread: one thread {}, two threads at once {} each: \
             throughput ratio {} (target: CPU-time ratio >= 1.8: {}; wall time needs two \
             free cores)",
            both(one),
            both(two),
            times(throughput),
            verdict(throughput.1 >= 1.8)
        );
    }
    if let Some(paired) = *PAIRED_THROUGHPUT.lock().unwrap_or_else(|p| p.into_inner()) {
        println!(
            "    one thread and two alternately, 101 pairs: throughput ratio {} (CPU-time ratio \
             >= 1.8: {})",
            times(paired),
            verdict(paired.1 >= 1.8)
        );
    }
    if let (Some(bare), Some(scoped)) = (
        figures("scope_poll/bare_future"),
        figures("scope_poll/errcode_scope"),
    ) {
        let added = (scoped.0 - bare.0, scoped.1 - bare.1);
        println!(
            "(8) one poll: bare future {}, inside errcat::scope {}: {} added per poll \
             (target <= 20 ns: {})",
            both(bare),
            both(scoped),
            both(added),
            verdict(added.0 <= 20.0)
        );
    }
}

fn main() {
    if std::env::var_os(DENSE_CHILD).is_some() {
        let mut c = Criterion::default().configure_from_args();
        lookup_dense(&mut c);
        c.final_summary();
        dense_summary();
        return;
    }
    let load_before = stats::load_average();
    let mut c = Criterion::default().configure_from_args();
    report_and_render(&mut c);
    traceback(&mut c);
    take(&mut c);
    lookup(&mut c);
    threads(&mut c);
    scope_poll(&mut c);
    c.final_summary();
    let dense = lookup_dense_in_child();
    // Under a second of reporting: run whatever the filter.
    let flat = Some(flat_cost());
    let paired = paired_ratios();
    let extra = Extra {
        load_before,
        allocations: allocations(),
        take: take_allocations(),
        flat,
        paired,
        dense,
    };
    summary(&extra);
}
