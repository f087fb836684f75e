//! How long reading large catalogs takes, and the catalogs themselves for
//! timing `errcode check` on them:
//!
//! ```text
//! cargo run --release -p errcat-catalog --example scale -- 40000 /tmp/scale
//! ```
//!
//! reads a catalog of 40,000 entries written on one line and the same
//! catalog pretty-printed, and an entry whose `Arglist` is 1,000,000 commas,
//! printing the time each takes; with a folder, it also writes the three
//! files there (`one-line.json`, `pretty.json`, `commas.json`).

use std::time::Instant;

fn entry(index: usize) -> [(&'static str, String); 5] {
    [
        ("errClass", "Profiling Errors".to_owned()),
        ("errTitle", format!("Resource_Error_{index}")),
        (
            "ErrCode",
            format!(
                "E{}{:04}",
                (b'A' + (index / 10_000) as u8) as char,
                index % 10_000
            ),
        ),
        ("ErrMessage", "Failed to allocate %s of %s (é).".to_owned()),
        ("Arglist", "buf_size, kind".to_owned()),
    ]
}

fn catalog(entries: usize, pretty: bool) -> String {
    let (open, between, close, indent, field_sep) = if pretty {
        (
            "{\n  \"error_info_list\": [\n",
            ",\n",
            "\n  ]\n}\n",
            "    ",
            ",\n      ",
        )
    } else {
        ("{\"error_info_list\":[", ",", "]}", "", ",")
    };
    let items: Vec<String> = (0..entries)
        .map(|index| {
            let fields: Vec<String> = entry(index)
                .iter()
                .map(|(key, value)| format!("\"{key}\":{}{value:?}", if pretty { " " } else { "" }))
                .collect();
            if pretty {
                format!("{indent}{{\n      {}\n    }}", fields.join(field_sep))
            } else {
                format!("{{{}}}", fields.join(field_sep))
            }
        })
        .collect();
    format!("{open}{}{close}", items.join(between))
}

fn commas(count: usize) -> String {
    format!(
        "{{\"error_info_list\": [{{\"ErrCode\": \"EX0001\", \"ErrMessage\": \"%s\", \"Arglist\": \"{}\"}}]}}",
        ",".repeat(count)
    )
}

fn main() {
    let mut args = std::env::args().skip(1);
    let entries: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(40_000);
    let folder = args.next();
    for (name, text) in [
        ("one-line.json", catalog(entries, false)),
        ("pretty.json", catalog(entries, true)),
        ("commas.json", commas(1_000_000)),
    ] {
        let start = Instant::now();
        let loaded = errcat_catalog::load(&text);
        let elapsed = start.elapsed();
        println!(
            "{name}: {} bytes, {} entries, {} findings, read in {:.3} s",
            text.len(),
            loaded.catalog.entries.len(),
            loaded.diagnostics.len(),
            elapsed.as_secs_f64()
        );
        if let Some(folder) = &folder {
            std::fs::create_dir_all(folder).expect("create the folder");
            std::fs::write(std::path::Path::new(folder).join(name), &text).expect("write the file");
        }
    }
}
