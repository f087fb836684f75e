//! Runs one benchmark scenario in a loop, for a profiler:
//! `cargo run --release -p errcat-bench --example profile -- ek0201 10000000`
//! under `perf record` or `valgrind --tool=callgrind`.

use std::hint::black_box;

use errcat_bench::scenarios::{
    BUF_SIZE, NeverReady, TRACEBACK, floor_ek0201, floor_ek0201_take, floor_traceback,
    report_ek0201, report_ek0201_dynamic, report_ek0201_take, report_traceback,
};

const SCENARIOS: &str = "ek0201, ek0201-floor, ek0201-dynamic, traceback, traceback-floor, take, take-floor, \
                         scope-poll, bare-poll, lookup, lookup-miss, lookup-dense, \
                         lookup-dense-miss, lookup-dense-held, lookup-dense-held-miss";

fn main() {
    let mut args = std::env::args().skip(1);
    let scenario = args.next().unwrap_or_else(|| "ek0201".to_owned());
    let cycles: u64 = args
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1_000_000);
    if let Some(rest) = scenario.strip_prefix("lookup-dense") {
        let (held, absent) = match rest {
            "" => (false, false),
            "-miss" => (false, true),
            "-held" => (true, false),
            "-held-miss" => (true, true),
            other => {
                eprintln!("unknown scenario lookup-dense{other}: {SCENARIOS}");
                std::process::exit(2);
            }
        };
        lookup_dense(cycles, held, absent);
        return;
    }
    if let Some(absent) = scenario.strip_prefix("lookup").map(|rest| rest == "-miss") {
        lookup(cycles, absent);
        return;
    }
    if let Some(scoped) = scenario.strip_suffix("-poll").map(|kind| kind == "scope") {
        poll(cycles, scoped);
        return;
    }
    let mut out = String::with_capacity(4096);
    let run: fn(&mut String) = match scenario.as_str() {
        "ek0201" => |out| report_ek0201(out, black_box(BUF_SIZE)),
        "ek0201-floor" => |out| floor_ek0201(out, black_box(BUF_SIZE)),
        // What the C ABI's ReportErrMessage + GetErrorMessage do, from Rust.
        "ek0201-dynamic" => |out| report_ek0201_dynamic(out, black_box(BUF_SIZE)),
        "traceback" => |out| report_traceback(out, black_box(&TRACEBACK)),
        "traceback-floor" => |out| floor_traceback(out, black_box(&TRACEBACK)),
        // A new String each cycle, as `take_error_message()` returns.
        "take" => |out| *out = report_ek0201_take(black_box(BUF_SIZE)).unwrap_or_default(),
        "take-floor" => |out| *out = floor_ek0201_take(black_box(BUF_SIZE)),
        other => {
            eprintln!("unknown scenario {other:?}: {SCENARIOS}");
            std::process::exit(2);
        }
    };
    for _ in 0..cycles {
        run(&mut out);
        black_box(&out);
    }
    println!(
        "{} cycles of {scenario}; last text {} bytes",
        cycles,
        out.len()
    );
}

/// Polls a never-ready future `cycles` times, inside `errcat::scope` or bare.
fn poll(cycles: u64, scoped: bool) {
    let waker = std::task::Waker::noop();
    let mut context = std::task::Context::from_waker(waker);
    if scoped {
        let mut future = std::pin::pin!(errcat::scope(NeverReady::default()));
        for _ in 0..cycles {
            let _ = black_box(future.as_mut().poll(&mut context));
        }
    } else {
        let mut future = std::pin::pin!(NeverReady::default());
        for _ in 0..cycles {
            let _ = black_box(future.as_mut().poll(&mut context));
        }
    }
    println!("{cycles} polls");
}

/// Every code is six ASCII characters.
const CODE_LEN: usize = 6;

/// The codes of `text`, back to back in it, as the criterion benchmarks
/// read theirs: a `String` per code would add a cache miss of the loop's
/// own (its scattered heap bytes) to every lookup. Slices made once, so the
/// loop has no boundary check of its own.
fn codes_of(text: &str) -> Vec<&str> {
    (0..text.len() / CODE_LEN)
        .map(|i| &text[i * CODE_LEN..(i + 1) * CODE_LEN])
        .collect()
}

/// Looks up the 10,000 generated codes of the lookup benchmark, in a
/// scattered order; with `absent`, each with the other severity letter,
/// which is mostly not registered.
fn lookup(cycles: u64, absent: bool) {
    let json = include_str!(concat!(env!("OUT_DIR"), "/generated_catalog.json"));
    errcat::register_catalog_json(json, 1).expect("the generated catalog is valid");
    let text: String = errcat::registry()
        .iter()
        .filter(|def| def.class() == Some("Generated"))
        .map(|def| {
            let code = def.code();
            if absent {
                let other = if code.starts_with('E') { 'W' } else { 'E' };
                format!("{other}{}", &code[1..])
            } else {
                code.to_owned()
            }
        })
        .collect();
    let codes = codes_of(&text);
    let mut found = 0usize;
    let mut at = 0usize;
    for _ in 0..cycles {
        // A stride coprime with the count visits every code in a scattered
        // order; a compare, not `%`, keeps a division out of the loop.
        at += 7_919;
        if at >= codes.len() {
            at -= codes.len();
        }
        found += usize::from(errcat::registry().get(black_box(codes[at])).is_some());
    }
    println!("{cycles} lookups, {found} found");
}

/// Looks up the 10,000 codes of the third issue's distribution
/// (`EM0000`–`EM4999`, `EN0000`–`EN4999`, registered at run time) in a
/// shuffled order; with `absent`, `EM5000`–`EM9999` and `EN5000`–`EN9999`,
/// none registered; with `held`, through one `registry()` taken before the
/// loop instead of one per lookup.
fn lookup_dense(cycles: u64, held: bool, absent: bool) {
    let registered = errcat::register_catalog_json(&errcat_bench::lookup::dense_catalog(), 1)
        .expect("the dense catalog is valid");
    assert_eq!(registered, errcat_bench::lookup::DENSE_COUNT);
    let text = errcat_bench::lookup::dense_queries(absent).concat();
    let codes = codes_of(&text);
    let registry = errcat::registry();
    let mut found = 0usize;
    let mut at = 0usize;
    for _ in 0..cycles {
        at += 1;
        if at == codes.len() {
            at = 0;
        }
        let code = black_box(codes[at]);
        let def = if held {
            registry.get(code)
        } else {
            errcat::registry().get(code)
        };
        found += usize::from(def.is_some());
    }
    println!("{cycles} lookups, {found} found");
}
