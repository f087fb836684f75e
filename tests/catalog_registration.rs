//! `register_catalog_json`: all or nothing, replacement by priority, and
//! readers that never wait while catalogs are registered.

use std::sync::Barrier;
use std::sync::atomic::{AtomicBool, Ordering};

use errcat::{register_catalog_json, registry};

fn catalog(entries: &[(&str, &str, &str)]) -> String {
    let entries: Vec<String> = entries
        .iter()
        .map(|(code, message, arglist)| {
            format!(r#"{{"ErrCode": "{code}", "ErrMessage": "{message}", "Arglist": "{arglist}"}}"#)
        })
        .collect();
    format!("{{\"error_info_list\": [\n{}\n]}}", entries.join(",\n"))
}

#[test]
fn registers_every_entry_and_renders_it() {
    let json = r#"{
  "error_info_list": [
    {
      "errClass": "Registration Errors",
      "errTitle": "Invalid_Argument",
      "ErrCode": "ER0101",
      "ErrMessage": "Value %s for %s is invalid; %s must be positive.",
      "Arglist": "value, param, param",
      "suggestion": {
        "Possible Cause": "A negative value was given.",
        "Solution": "N/A"
      }
    },
    {
      "ErrCode": "WR0102",
      "ErrMessage": "Deprecated option %s.",
      "Arglist": "option"
    }
  ]
}"#;
    assert_eq!(register_catalog_json(json, 3), Ok(2));
    let def = registry().get("ER0101").unwrap();
    assert_eq!(def.args(), ["value", "param", "param"]);
    assert_eq!(def.fields(), ["value", "param"]);
    assert_eq!(def.cause(), Some("A negative value was given."));
    assert_eq!(def.solution(), None);
    assert_eq!(def.class(), Some("Registration Errors"));
    assert_eq!(def.location().file, errcat::REGISTERED_FILE);
    assert_eq!((def.location().line, def.location().column), (3, 5));
    assert_eq!(registry().priority("ER0101"), Some(3));

    errcat::report_dynamic("ER0101", &[("value", "-1"), ("param", "depth")]).unwrap();
    assert_eq!(
        errcat::take_error_message().unwrap(),
        "ER0101: Value -1 for depth is invalid; depth must be positive.\r\n\
         \x20       PossibleCause: A negative value was given.\r\n"
    );
    errcat::report_dynamic("WR0102", &[("option", "--old")]).unwrap();
    assert_eq!(
        errcat::take_warning_message().unwrap(),
        "WR0102: Deprecated option --old.\r\n"
    );
}

#[test]
fn a_catalog_with_any_error_registers_nothing_and_names_every_error() {
    let json = catalog(&[
        ("ER0201", "Fine %s.", "what"),
        ("ER0202", "%s and %s.", "one"),
        ("ER02X3", "Bad code.", ""),
        ("ER0201", "Again %s.", "what"),
    ]);
    let errors = register_catalog_json(&json, 1).unwrap_err();
    assert_eq!(
        errors.to_string(),
        "3: ER0202: the message has 2 `%s` placeholders but Arglist names 1 (one)\n\
         4: ER02X3: `ER02X3` is not an error code: a code is six characters: `E` or `W`, an uppercase letter or digit, then four digits (like `EK0201`); its last four characters contain 'X'\n\
         5: ER0201: the code is defined twice: first by entry 1 at line 2"
    );
    assert_eq!(errors.len(), 3);
    assert!(registry().get("ER0201").is_none(), "nothing registered");

    let errors =
        register_catalog_json("{\"error_info_list\": [\n  {\"ErrCode\": }\n]}", 1).unwrap_err();
    assert_eq!(errors.to_string(), "2:15: invalid JSON: expected value");
}

#[test]
fn a_code_is_replaced_only_by_a_strictly_higher_priority() {
    let first = catalog(&[("ER0301", "First %s.", "a"), ("ER0302", "Kept.", "")]);
    assert_eq!(register_catalog_json(&first, 5), Ok(2));
    let same = catalog(&[("ER0301", "Same priority %s.", "a")]);
    assert_eq!(register_catalog_json(&same, 5), Ok(0));
    assert_eq!(registry().get("ER0301").unwrap().message(), "First %s.");
    let lower = catalog(&[("ER0301", "Lower %s.", "a"), ("ER0303", "New.", "")]);
    assert_eq!(register_catalog_json(&lower, 4), Ok(1));
    assert_eq!(registry().get("ER0301").unwrap().message(), "First %s.");
    assert_eq!(registry().get("ER0303").unwrap().message(), "New.");
    let higher = catalog(&[("ER0301", "Higher %s.", "b")]);
    assert_eq!(register_catalog_json(&higher, 6), Ok(1));
    let def = registry().get("ER0301").unwrap();
    assert_eq!((def.message(), def.fields()), ("Higher %s.", &["b"][..]));
    assert_eq!(registry().priority("ER0301"), Some(6));
    assert_eq!(registry().get("ER0302").unwrap().message(), "Kept.");
}

#[test]
fn compile_time_definitions_have_priority_zero() {
    #[derive(Debug)]
    #[errcat::error_code("ER0401", message = "Compiled in: %s.")]
    pub struct CompiledIn {
        pub what: String,
    }
    let _ = CompiledIn {
        what: String::new(),
    };
    assert_eq!(registry().priority("ER0401"), Some(0));
    let zero = catalog(&[("ER0401", "Priority zero: %s.", "what")]);
    assert_eq!(register_catalog_json(&zero, 0), Ok(0));
    assert_eq!(
        registry().get("ER0401").unwrap().message(),
        "Compiled in: %s."
    );
    let one = catalog(&[("ER0401", "Priority one: %s.", "what")]);
    assert_eq!(register_catalog_json(&one, 1), Ok(1));
    errcat::msprof_env_error!("ER0401", ["what"], ["typed report"]);
    // The higher priority applies to every report of the code, typed ones too.
    assert_eq!(
        errcat::take_error_message().unwrap(),
        "ER0401: Priority one: typed report.\r\n"
    );
    assert_eq!(
        registry().get("ER0401").unwrap().message(),
        "Priority one: %s."
    );
}

#[test]
fn readers_see_whole_snapshots_while_catalogs_are_registered() {
    const ROUNDS: usize = 200;
    let done = AtomicBool::new(false);
    let start = Barrier::new(3);
    std::thread::scope(|scope| {
        let readers: Vec<_> = (0..2)
            .map(|_| {
                scope.spawn(|| {
                    start.wait();
                    let mut reads = 0usize;
                    let mut last_len = 0;
                    while !done.load(Ordering::Acquire) {
                        let snapshot = registry();
                        // Each registration adds a pair of codes at once:
                        // a snapshot has both or neither.
                        for round in 0..ROUNDS {
                            let a = snapshot.get(&format!("ES{round:04}")).is_some();
                            let b = snapshot.get(&format!("ET{round:04}")).is_some();
                            assert_eq!(a, b, "round {round} half registered");
                        }
                        assert!(snapshot.len() >= last_len, "snapshots only grow");
                        last_len = snapshot.len();
                        reads += 1;
                    }
                    reads
                })
            })
            .collect();
        start.wait();
        for round in 0..ROUNDS {
            let json = catalog(&[
                (&format!("ES{round:04}"), "S %s.", "a"),
                (&format!("ET{round:04}"), "T %s.", "a"),
            ]);
            assert_eq!(register_catalog_json(&json, 1), Ok(2));
        }
        done.store(true, Ordering::Release);
        for reader in readers {
            assert!(reader.join().unwrap() > 0);
        }
    });
    for round in 0..ROUNDS {
        assert!(registry().get(&format!("ET{round:04}")).is_some());
    }
}

#[test]
fn a_registration_is_seen_by_the_next_lookup_of_every_thread() {
    // More rounds than the registry keeps snapshots in its array (64), so
    // that the later ones are found by following the chain.
    const ROUNDS: usize = 100;
    let (to_reader, registered) = std::sync::mpsc::channel::<usize>();
    let (to_writer, checked) = std::sync::mpsc::channel::<()>();
    std::thread::scope(|scope| {
        scope.spawn(move || {
            for round in registered {
                // The registration returned before the round was sent: this
                // thread's very next lookup must find it, hit and miss alike.
                assert_eq!(
                    registry()
                        .get(&format!("EU{round:04}"))
                        .map(|def| def.message()),
                    Some("U %s."),
                    "round {round}"
                );
                assert!(registry().get(&format!("EU{:04}", round + 1)).is_none());
                to_writer.send(()).unwrap();
            }
        });
        for round in 0..ROUNDS {
            let json = catalog(&[(&format!("EU{round:04}"), "U %s.", "a")]);
            assert_eq!(register_catalog_json(&json, 1), Ok(1));
            to_reader.send(round).unwrap();
            checked.recv().unwrap();
        }
        drop(to_reader);
    });
}
