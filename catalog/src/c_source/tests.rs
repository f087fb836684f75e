//! The reader on C written for these tests: both table layouts, report
//! sites and their lists, constants, conditionals, allow comments, and
//! inputs that must not make it slow, deep or large.

use super::*;

fn read(text: &str) -> CFile {
    read_c(text.as_bytes())
}

fn literal(code: &str) -> SiteCode {
    SiteCode::Literal(code.to_owned())
}

#[test]
fn struct_array_rows_as_c_reads_them() {
    let text = concat!(
        "static const Config MAP[] = {\n",
        "    // {\"EK0001\", \"commented\", NULL, NULL, {}},\n",
        "    /* {\"EK0002\", \"commented\", NULL, NULL, {}}, */\n",
        "    {\"EK0201\",\n",
        "     \"Failed to \" \"allocate %s\\tmemory \\x41\\101\\u00e9.\", NULL /* no cause */,\n",
        "     \"Free \\\n",
        "some.\", {\"buf_size\"}},\n",
        "    {\"EK0202\", \"Nothing.\", \"N/A\", NULL, {}},\n",
        "};\n",
    );
    let file = read(text);
    assert_eq!(file.sites, []);
    let first = &file.rows[0];
    assert_eq!(first.layout, Layout::StructArray);
    assert_eq!(first.code, "EK0201");
    assert_eq!(first.at, Position::new(4, 6));
    assert_eq!(first.start, Position::new(4, 5));
    assert_eq!(first.message, "Failed to allocate %s\tmemory AAé.");
    assert_eq!(first.message_at, Position::new(5, 6));
    assert_eq!(
        &text[first.message_span.clone()],
        "\"Failed to \" \"allocate %s\\tmemory \\x41\\101\\u00e9.\""
    );
    assert_eq!(first.names, ["buf_size"]);
    assert_eq!(first.names_at, Position::new(7, 9));
    assert_eq!(&text[first.names_span.clone()], "{\"buf_size\"}");
    let cause = first.cause.as_ref().unwrap();
    assert_eq!(
        (cause.text.as_deref(), cause.at),
        (None, Position::new(5, 58))
    );
    let solution = first.solution.as_ref().unwrap();
    assert_eq!(solution.text.as_deref(), Some("Free some."));
    assert_eq!(solution.at, Position::new(6, 6));
    assert_eq!(
        &text[first.span.clone()],
        &text[text.find("{\"EK0201\"").unwrap()..text.find("}},\n    {\"EK0202").unwrap() + 2]
    );
    let second = &file.rows[1];
    assert_eq!(second.code, "EK0202");
    assert_eq!(second.names, Vec::<String>::new());
    assert_eq!(second.cause.as_ref().unwrap().text.as_deref(), Some("N/A"));
    assert_eq!(second.solution.as_ref().unwrap().text, None);
    assert_eq!(file.rows.len(), 2);
}

fn codes(text: &str) -> Vec<String> {
    let file = read(text);
    let rows = file.rows.iter().map(|row| row.code.clone());
    rows.chain(file.sites.iter().map(|site| site.code.last().to_owned()))
        .collect()
}

#[test]
fn code_left_out_by_if_0_is_not_read() {
    let table = concat!(
        "static const Config MAP[] = {\n",
        "    {\"EK0001\", \"One.\", NULL, NULL, {}},\n",
        "#if 0 // retired\n",
        "    {\"EK0002\", \"Two.\", NULL, NULL, {}},\n",
        "#  if defined(X)\n",
        "    {\"EK0003\", \"Three.\", NULL, NULL, {}},\n",
        "#  else\n",
        "    {\"EK0004\", \"Four.\", NULL, NULL, {}},\n",
        "#  endif\n",
        "#define REPORT_OLD() Report(\"EK0005\")\n",
        "#else\n",
        "    {\"EK0006\", \"Six.\", NULL, NULL, {}},\n",
        "#endif\n",
        "#ifdef Y\n",
        "    {\"EK0007\", \"Seven.\", NULL, NULL, {}},\n",
        "#else\n",
        "    {\"EK0008\", \"Eight.\", NULL, NULL, {}},\n",
        "#endif\n",
        "#if 1\n",
        "    {\"EK0009\", \"Nine.\", NULL, NULL, {}},\n",
        "#elif Z\n",
        "    {\"EK0010\", \"Ten.\", NULL, NULL, {}},\n",
        "#endif\n",
        "#if 0\n",
        "    {\"EK0011\", \"Eleven.\", NULL, NULL, {}},\n",
        "#elif Z\n",
        "    {\"EK0012\", \"Twelve.\", NULL, NULL, {}},\n",
        "#endif\n",
        "};\n",
        "void f() { Report(\"EK0013\"); }\n",
    );
    assert_eq!(
        codes(table),
        [
            "EK0001", "EK0006", "EK0007", "EK0008", "EK0009", "EK0012", "EK0013"
        ]
    );
    // Zero however written; any other integer is true.
    assert_eq!(
        codes("#if 0x0UL\nf(\"EK0001\");\n#endif\n#if 00\nf(\"EK0002\");\n#endif\n"),
        Vec::<String>::new()
    );
    assert_eq!(
        codes(
            "#if 2\nf(\"EK0001\");\n#else\nf(\"EK0002\");\n#endif\n#if 1.0\nf(\"EK0003\");\n#endif\n"
        ),
        ["EK0001", "EK0003"]
    );
    // An `#endif` without its `#if`; an `#if 0` never closed leaves the
    // rest out, as the compiler would, and says so.
    let file = read("#endif\nf(\"EK0001\");\n#if 0\nf(\"EK0002\");\n");
    assert_eq!(file.sites.len(), 1);
    assert_eq!(
        file.problems,
        [Problem::UnclosedConditional(Position::new(3, 1))]
    );
}

#[test]
fn x_macro_rows_without_the_tables_suffix() {
    let file = read(concat!(
        "#define TABLE(X) \\\n",
        "    /* EE1001 - Invalid_Argument */ \\\n",
        "    X(EE1001, \"EE1001\", (\"extend_info\"), \"Bad. %s. ErrorCode=EE1001.\\n\", DLOG_ERROR) \\\n",
        "    X(EE1002, \"EE1002\", (\"a\", \"b\"), \\\n",
        "      \"%s then %s.\" \"ErrorCode=EE1002.\\n\", DLOG_WARN) \\\n",
        "    X(E_OTHER, \"EE1003\", (), \"No suffix.\", DLOG_WARN)\n",
        "int f() { return g(\"EE1001\"); }\n",
    ));
    // Code, message, names, place, suffix, enumerator.
    type Seen<'a> = (
        &'a str,
        &'a str,
        Vec<String>,
        Position,
        bool,
        Option<&'a str>,
    );
    let rows: Vec<Seen> = file
        .rows
        .iter()
        .map(|row| {
            (
                row.code.as_str(),
                row.message.as_str(),
                row.names.clone(),
                row.at,
                row.message_suffix,
                row.enumerator.as_deref(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            (
                "EE1001",
                "Bad. %s.",
                vec!["extend_info".to_owned()],
                Position::new(3, 15),
                true,
                Some("EE1001")
            ),
            (
                "EE1002",
                "%s then %s.",
                vec!["a".to_owned(), "b".to_owned()],
                Position::new(4, 15),
                true,
                Some("EE1002")
            ),
            (
                "EE1003",
                "No suffix.",
                vec![],
                Position::new(6, 16),
                false,
                Some("E_OTHER")
            ),
        ]
    );
    assert_eq!(file.rows[0].layout, Layout::XMacro);
    assert_eq!(file.rows[0].cause, None);
    assert_eq!(file.rows[0].start, Position::new(3, 5));
    assert_eq!(
        file.sites,
        [Site {
            code: literal("EE1001"),
            at: Position::new(7, 20),
            start: Position::new(7, 18),
            keys: None,
            values: None,
            after: 0,
            allowed: vec![],
            allowed_at: None,
        }]
    );
}

#[test]
fn report_sites_with_literal_key_lists_only() {
    let file = read(concat!(
        "void f() {\n",
        "  REPORT(\"EK0201\", std::vector<std::string>({\"buf_size\"}), std::vector<std::string>({size}));\n",
        "  REPORT(\"EK0202\", {\"a\", \"b\"}, {\"x.\", y});\n",
        "  REPORT(\"EK0203\", ARRAY(\"a\"), ARRAY(v));\n",
        "  REPORT(\"EK0204\", keys, values);\n",
        "  REPORT(\"EK0205\", GetKeys(), GetValues());\n",
        "  REPORT(\"EK0206\", std::vector<std::string>(), std::vector<std::string>());\n",
        "  REPORT(\"EK0207\", std::vector<std::string>{\"k\", name}, {});\n",
        "  if (code == \"EK0208\") {}\n",
        "  const char *c = \"EK0209\";\n",
        "  x = 'a' + 1'000 + '\"';\n",
        "  INNER(\"EK9999\", \"text %s\", L\"EK0210\");\n",
        "  auto r = R\"x(EK0211 \"quoted\")x\";\n",
        "}\n",
    ));
    // Code, keys, how many values, line.
    type Seen<'a> = (&'a str, Option<Vec<&'a str>>, Option<usize>, u32);
    let sites: Vec<Seen> = file
        .sites
        .iter()
        .map(|site| {
            (
                site.code.last(),
                site.keys
                    .as_ref()
                    .map(|keys| keys.iter().map(String::as_str).collect()),
                site.values.as_ref().map(Vec::len),
                site.at.line,
            )
        })
        .collect();
    assert_eq!(
        sites,
        [
            ("EK0201", Some(vec!["buf_size"]), Some(1), 2),
            ("EK0202", Some(vec!["a", "b"]), Some(2), 3),
            ("EK0203", Some(vec!["a"]), Some(1), 4),
            ("EK0204", None, None, 5),
            ("EK0205", None, None, 6),
            ("EK0206", Some(vec![]), Some(0), 7),
            ("EK0207", None, None, 8),
            ("EK9999", None, None, 12),
            ("EK0210", None, None, 12),
        ]
    );
    assert_eq!(
        file.sites[1].values,
        Some(vec![Some("x.".to_owned()), None])
    );
    // `const char *c = "EK0209";` names the code.
    assert_eq!(
        file.constants,
        [Constant {
            name: "c".to_owned(),
            code: "EK0209".to_owned(),
            at: Position::new(10, 19)
        }]
    );
}

#[test]
fn unbalanced_directives_and_unclosed_text_end_quietly() {
    let file = read("#define BEGIN {\n#define END }\nBEGIN\nf(\"EK0001\");\nEND\n\"open\n/* open");
    assert_eq!(file.sites.len(), 1);
    assert_eq!(file.sites[0].at, Position::new(4, 3));
    assert_eq!(
        file.problems,
        [Problem::UnclosedComment(Position::new(7, 1))]
    );
}

#[test]
fn sites_that_name_their_code_through_a_constant_or_an_enumerator() {
    let file = read(concat!(
        "#define INVALID_PARAM_MSG \"EH0001\"\n",
        "#define MAX_ARG_NUMBER 3\n",
        "namespace acl {\n",
        "constexpr const char_t* const INVALID_PATH_MSG = \"EH0003\";\n",
        "static const std::string RT_MEMORY_ALLOC_ERROR = \"EL0004\";\n",
        "}\n",
        "void f() {\n",
        "  REPORT_INPUT_ERROR(acl::INVALID_PARAM_MSG, std::vector<const char*>({\"param\", \"value\"}), std::vector<const char*>({a, b}));\n",
        "  RT_LOG_OUTER_MSG_WITH_FUNC(ErrorCode::EE1013, std::to_string(len).c_str(), \"new\");\n",
        "  ReportErrMessage(errLevel, {\"name\"}, {v});\n",
        "  if (x == \"EK0001\") { code = \"EK0002\"; obj.code = \"EK0003\"; }\n",
        "  Log(lower_case_name, value);\n",
        "}\n",
    ));
    let sites: Vec<(&SiteCode, Option<usize>)> = file
        .sites
        .iter()
        .map(|site| (&site.code, site.keys.as_ref().map(Vec::len)))
        .collect();
    assert_eq!(
        sites,
        [
            (
                &SiteCode::Named("acl::INVALID_PARAM_MSG".to_owned()),
                Some(2)
            ),
            (&SiteCode::Named("ErrorCode::EE1013".to_owned()), None),
            (&SiteCode::Named("errLevel".to_owned()), Some(1)),
        ]
    );
    assert_eq!(file.sites[0].code.last(), "INVALID_PARAM_MSG");
    let constants: Vec<(&str, &str, u32)> = file
        .constants
        .iter()
        .map(|constant| {
            (
                constant.name.as_str(),
                constant.code.as_str(),
                constant.at.line,
            )
        })
        .collect();
    assert_eq!(
        constants,
        [
            ("INVALID_PARAM_MSG", "EH0001", 1),
            ("INVALID_PATH_MSG", "EH0003", 4),
            ("RT_MEMORY_ALLOC_ERROR", "EL0004", 5),
            ("code", "EK0002", 11),
        ]
    );
    assert_eq!(
        file.defines,
        [Define {
            name: "MAX_ARG_NUMBER".to_owned(),
            value: 3,
            at: Position::new(2, 9)
        }]
    );
}

#[test]
fn the_bound_of_a_rows_names() {
    let file = read(concat!(
        "typedef struct {\n",
        "    char* errorId;\n",
        "    char* argList[MAX_ARG_NUMBER];\n",
        "    int counts[4];\n",
        "} ErrorInfoConfig;\n",
    ));
    let members: Vec<(&str, &str)> = file
        .array_members
        .iter()
        .map(|member| (member.name.as_str(), member.bound.as_str()))
        .collect();
    assert_eq!(members, [("argList", "MAX_ARG_NUMBER"), ("counts", "4")]);
}

#[test]
fn allow_comments_go_with_the_row_or_site_after_them() {
    let file = read(concat!(
        "static const Config MAP[] = {\n",
        "    // errcode: allow(not-in-catalog)\n",
        "    {\"E10001\", \"Old.\", NULL, NULL, {}},\n",
        "    {\"E10002\", \"Old.\", NULL, NULL, {}},\n",
        "};\n",
        "void f() {\n",
        "  // errcode: allow(keys-differ, value-count)\n",
        "  REPORT(\n",
        "      \"EH0001\", {\"vale\"}, {v});\n",
        "  REPORT(\"EH0002\", {\"x\"}, {v}); // errcode: allow(keys-differ)\n",
        "  /* errcode: allow(undefined-code) */\n",
        "\n",
        "  g();\n",
        "}\n",
    ));
    let allowed: Vec<(String, Vec<String>)> = file
        .rows
        .iter()
        .map(|row| (row.code.clone(), row.allowed.clone()))
        .chain(
            file.sites
                .iter()
                .map(|site| (site.code.last().to_owned(), site.allowed.clone())),
        )
        .collect();
    let kinds = |kinds: &[&str]| {
        kinds
            .iter()
            .map(|kind| (*kind).to_owned())
            .collect::<Vec<_>>()
    };
    assert_eq!(
        allowed,
        [
            ("E10001".to_owned(), kinds(&["not-in-catalog"])),
            ("E10002".to_owned(), vec![]),
            ("EH0001".to_owned(), kinds(&["keys-differ", "value-count"])),
            // A comment after the call is not before it.
            ("EH0002".to_owned(), vec![]),
        ]
    );
    assert_eq!(
        file.problems,
        [
            Problem::StrayAllow(Position::new(10, 33)),
            Problem::StrayAllow(Position::new(11, 3))
        ]
    );
}

#[test]
fn a_lone_carriage_return_is_a_line_end() {
    // gcc compiles this: the second call is a line of its own.
    let file = read("void f() {\r  // a comment\r  REPORT(\"EH0001\", {\"vale\"}, {v});\r}\r");
    assert_eq!(file.sites.len(), 1);
    assert_eq!(file.sites[0].at, Position::new(3, 10));
}

#[test]
fn nesting_is_bounded_by_a_limit_not_the_stack() {
    let depth = 100_000;
    let text = format!(
        "f({}\"EK0001\"{});\ng(\"EK0002\");\n",
        "(".repeat(depth),
        ")".repeat(depth)
    );
    let file = read(&text);
    assert_eq!(codes(&text), ["EK0002"]);
    assert_eq!(
        file.problems,
        [Problem::TooDeep(Position::new(1, 2 + MAX_DEPTH as u32))]
    );
    // Closers without openers, openers never closed.
    let file = read(&format!(
        "{}\ng(\"EK0002\");\n{}",
        ")]}".repeat(1000),
        "({[".repeat(1000)
    ));
    assert_eq!(file.sites.len(), 1);
}

#[test]
fn a_file_of_nul_bytes_or_one_long_line_reads_to_nothing() {
    assert_eq!(read(&"\0".repeat(100_000)), CFile::default());
    assert_eq!(read(&"{ ".repeat(100_000)).rows, []);
    let commas = format!("f({});", ",".repeat(100_000));
    assert_eq!(read(&commas).sites, []);
}

/// The reader's work grows with its input, not faster: the same shape at
/// n and 8n takes 8 times the tokens, checked by counting what it reads
/// (the visitor's calls) rather than by a clock.
#[test]
fn reading_is_linear_in_the_input() {
    struct Count(usize);
    impl Visitor for Count {
        fn row(&mut self, _: Row) {
            self.0 += 1;
        }
        fn site(&mut self, _: Site) {
            self.0 += 1;
        }
        fn problem(&mut self, _: Problem) {}
    }
    for shape in [
        "#ifdef A\nf(\"EK0001\");\n",
        "{\"EK0001\", \"m\", NULL, NULL, {}},\n",
    ] {
        let mut found = Vec::new();
        for n in [1_000, 8_000] {
            let mut count = Count(0);
            read_c_with(shape.repeat(n).as_bytes(), &mut count);
            found.push(count.0);
        }
        assert_eq!(found, [1_000, 8_000], "{shape:?}");
    }
}

#[test]
fn a_row_with_a_stray_closer_is_updated_where_the_reader_ends_it() {
    // Found by the `c_source` fuzz target: the update matched brackets
    // otherwise than the reader, took a `}` with no `{` open for the row's
    // end, and sliced its arguments backwards (a panic).
    let catalog = crate::load(
        r#"{"error_info_list": [{"ErrCode": "E19999", "ErrMessage": "New %s", "Arglist": "errmsg"}]}"#,
    )
    .catalog;
    let text =
        "X(E19999, \"E19999\", (\"errmsg\"), \"Old %s ErrorCode=E19999.\\n\", LEVEL} {a, b})\n";
    let rows = read(text).rows;
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].span, 0..text.len() - 1);
    let updated = update_table(text.as_bytes(), &catalog, &TableStyle::default());
    assert_eq!(
        String::from_utf8(updated.text).unwrap(),
        "X(E19999, \"E19999\", (\"errmsg\"), \"New %s ErrorCode=E19999.\\n\", LEVEL} {a, b})\n"
    );
}

#[test]
fn a_row_on_a_directives_line_laid_out_again_continues_the_directive() {
    // Found by the `c_source` fuzz target: the row's new lines had no `\`,
    // so that all but the first left the directive, and the row was lost.
    let catalog = crate::load(
        r#"{"error_info_list": [{"ErrCode": "EK0201", "ErrMessage": "Failed to allocate %s host memory for the profiling of the device.", "Arglist": "buf_size"}]}"#,
    )
    .catalog;
    let text = "#define ROW {\"EK0201\", \"Old %s.\", NULL, NULL, {\"buf_size\"}}\n";
    let updated = update_table(text.as_bytes(), &catalog, &TableStyle { column_limit: 60 });
    let updated = String::from_utf8(updated.text).unwrap();
    assert_eq!(
        updated,
        "#define ROW {\"EK0201\", \\\n             \"Failed to allocate %s host memory for the \" \\\n             \"profiling of the device.\", \\\n             NULL, \\\n             NULL, \\\n             {\"buf_size\"}}\n"
    );
    assert_eq!(
        read(&updated).rows[0].message,
        "Failed to allocate %s host memory for the profiling of the device."
    );
}

#[test]
fn comments_and_strings_end_where_continuations_let_them() {
    // A `\` at a line comment's end continues it (`a` is comment); `*\`,
    // a line end, then `/` ends a block comment; a `\` and a line end in
    // a string are no text.
    let text = "// x \\\r\na(\"EK0001\");\n/* é *\\\n/ b(\"EK0002\"); /* * / */ c(\"EK0\\\n003\");\nd(\"EK0004\") // é\rf(\"EK0005\");";
    let file = read(text);
    let sites: Vec<(String, Position)> = file
        .sites
        .iter()
        .map(|site| (site.code.last().to_owned(), site.at))
        .collect();
    assert_eq!(
        sites,
        [
            ("EK0002".to_owned(), Position::new(4, 5)),
            ("EK0003".to_owned(), Position::new(4, 28)),
            ("EK0004".to_owned(), Position::new(6, 3)),
            ("EK0005".to_owned(), Position::new(7, 3)),
        ]
    );
}

#[test]
fn rows_inside_rows_are_left_as_they_are() {
    // Found by the `c_source` fuzz target: a row written as another's
    // field was rewritten with it, the two edits overlapped, and the
    // second was spliced into the first's shifted bytes.
    let catalog = crate::load(
        r#"{"error_info_list": [{"ErrCode": "EH0001", "ErrMessage": "New [%s].", "Arglist": "value"}]}"#,
    )
    .catalog;
    let text = "{\"EH0001\", \"Old [%s].\", NULL, NULL, {\"EH0001\", \"Old.\", NULL, NULL, {}}},\n";
    assert_eq!(read(text).rows.len(), 2);
    let updated = update_table(text.as_bytes(), &catalog, &TableStyle::default());
    assert_eq!(updated.text, text.as_bytes());
    assert_eq!(
        updated.changes,
        [
            TableChange::Nested {
                code: "EH0001".to_owned(),
                line: 1
            },
            TableChange::Nested {
                code: "EH0001".to_owned(),
                line: 1
            }
        ]
    );
}

#[test]
fn a_rewrite_that_would_change_the_rows_leaves_the_file_as_it_is() {
    // Found by the `c_source` fuzz target: a row's last argument ends in
    // an unclosed literal, which the row's line end closes; laid out anew
    // on one line, the literal runs on over the row's `)`, and the
    // brackets after it pair differently.
    let catalog = crate::load(
        r#"{"error_info_list": [{"ErrCode": "EH0001", "ErrMessage": "New %s.", "Arglist": "value"}]}"#,
    )
    .catalog;
    let row = "X(EH0001, \"EH0001\", (\"value\"), \"Old %s.\", LEVEL \"open\n)\n";
    // Where the new message fits in place, it alone is replaced: the
    // row's lines are as they were.
    let text = format!("{row}int after;\n");
    let updated = update_table(text.as_bytes(), &catalog, &TableStyle::default());
    assert_eq!(
        String::from_utf8(updated.text).unwrap(),
        text.replace("Old %s.", "New %s.")
    );
    // Too wide for its line, the row is laid out anew; before other text,
    // it would run on over it to the file's end.
    let narrow = TableStyle { column_limit: 40 };
    let updated = update_table(text.as_bytes(), &catalog, &narrow);
    assert_eq!(updated.text, text.as_bytes());
    assert_eq!(
        updated.changes,
        [TableChange::RowsShifted {
            code: "EH0001".to_owned(),
            line: 1,
            shift: RowShift::Moved
        }]
    );
    assert!(!updated.changed());
    // Before another row, it would hold that row.
    let text = format!("{row}X(EH0002, \"EH0002\", (), \"Kept.\", LEVEL)\n");
    assert_eq!(read(&text).rows.len(), 2);
    let updated = update_table(text.as_bytes(), &catalog, &narrow);
    assert_eq!(updated.text, text.as_bytes());
    assert_eq!(
        updated.changes,
        [
            TableChange::NotInCatalog {
                code: "EH0002".to_owned(),
                line: 3
            },
            TableChange::RowsShifted {
                code: "EH0001".to_owned(),
                line: 1,
                shift: RowShift::Moved
            }
        ]
    );
    // Closed on its line, the row is rewritten.
    let text = "X(EH0001, \"EH0001\", (\"value\"), \"Old %s.\", LEVEL \"open\")\n";
    let updated = update_table(text.as_bytes(), &catalog, &TableStyle::default());
    assert_eq!(
        String::from_utf8(updated.text).unwrap(),
        "X(EH0001, \"EH0001\", (\"value\"), \"New %s.\", LEVEL \"open\")\n"
    );
}

#[test]
fn a_sites_values_after_its_code_are_counted_and_test_assertions_are_no_sites() {
    let file = read(concat!(
        "void f() {\n",
        "  RT_LOG_OUTER_MSG_WITH_FUNC(ErrorCode::EE1018, a, b);\n",
        "  RT_LOG_OUTER_MSG_WITH_FUNC(ErrorCode::EE1019);\n",
        "}\n",
        "TEST_F(T, Codes) {\n",
        "  EXPECT_EQ(\"EK0002\", Code(x));\n",
        "  ASSERT_STREQ(ErrorCode::EE1018, y);\n",
        "  EXPECT_CALL(m, Report(\"EK0003\", _));\n",
        "}\n",
    ));
    let sites: Vec<(&str, u32, usize)> = file
        .sites
        .iter()
        .map(|site| (site.code.last(), site.at.line, site.after))
        .collect();
    // The `Report` inside `EXPECT_CALL` is a call of its own: a mock's
    // expectation names the code a site passes, and is still listed.
    assert_eq!(
        sites,
        [("EE1018", 2, 2), ("EE1019", 3, 0), ("EK0003", 8, 1)]
    );
}

#[test]
fn a_row_keeps_its_lines_and_the_text_of_the_fields_that_agree() {
    // EE1001's names differ, its message agrees: the message, its period
    // and its suffix are as written. EE1002 is over three lines: its new
    // names go where the old ones were, the `\` kept at its column.
    let catalog = crate::load(
        r#"{"error_info_list": [
  {"ErrCode": "EE1001", "ErrMessage": "Bad. %s.", "Arglist": "info"},
  {"ErrCode": "EE1002", "ErrMessage": "%s then %s.", "Arglist": "first, second"}
]}"#,
    )
    .catalog;
    let text = concat!(
        "#define TABLE(X)                                                        \\\r\n",
        "    X(EE1001, \"EE1001\", (\"extend_info\"), \"Bad. %s. ErrorCode=EE1001.\\n\", DLOG_ERROR) \\\r\n",
        "    X(EE1002, \"EE1002\",                                                  \\\r\n",
        "      (\"a\", \"b\"),                                                         \\\r\n",
        "      \"%s then %s.\" \"ErrorCode=EE1002.\\n\", DLOG_WARN)\r\n",
    );
    let updated = update_table(text.as_bytes(), &catalog, &TableStyle::default());
    assert_eq!(
        String::from_utf8(updated.text).unwrap(),
        concat!(
            "#define TABLE(X)                                                        \\\r\n",
            "    X(EE1001, \"EE1001\", (\"info\"), \"Bad. %s. ErrorCode=EE1001.\\n\", DLOG_ERROR) \\\r\n",
            "    X(EE1002, \"EE1002\",                                                  \\\r\n",
            "      (\"first\", \"second\"),                                               \\\r\n",
            "      \"%s then %s.\" \"ErrorCode=EE1002.\\n\", DLOG_WARN)\r\n",
        )
    );
}

#[test]
fn bytes_that_are_not_utf8_in_a_row_are_kept_or_the_row_is_left() {
    let catalog = crate::load(
        r#"{"error_info_list": [{"ErrCode": "EK0201", "ErrMessage": "New %s.", "Arglist": "size"}]}"#,
    )
    .catalog;
    let text: &[u8] = b"static const T MAP[] = {\r\n    {\"EK0201\", \"Old %s.\", NULL /* Jos\xE9 */, NULL, {\"size\"}},\r\n};\r\n";
    // The new message fits where the old one was: it alone is replaced.
    let updated = update_table(text, &catalog, &TableStyle::default());
    let mut expected = text.to_vec();
    let at = expected.windows(3).position(|w| w == b"Old").unwrap();
    expected.splice(at..at + 3, b"New".iter().copied());
    assert_eq!(updated.text, expected);
    // Too wide for its line, it would be laid out anew from text: the row
    // is left, and said to be.
    let updated = update_table(text, &catalog, &TableStyle { column_limit: 50 });
    assert_eq!(updated.text, text);
    assert_eq!(
        updated.changes,
        [TableChange::NotUtf8 {
            code: "EK0201".to_owned(),
            line: 2
        }]
    );
}
