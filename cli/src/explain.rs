//! `errcode explain CODE`: everything known about one code.

use std::path::{Path, PathBuf};

use errcat::catalog::{Catalog, Entry, Position, Suggestion, field_name};
use errcat::{register_catalog_json, registry, report_dynamic};
use errcat_syntax::classify_code;

use errcat::catalog::cann_page::Language;
use errcat_catalog::c_source::{
    Assertion, Layout, Site, SiteCode, SiteContext, list_items, read_context, read_macro_uses,
};
use errcat_catalog::{code_span, escape_markdown};

use crate::args::{ExplainFormat, Lang};

use crate::against::{Content, kind_of, read_whole};
use crate::outcome::Outcome;
use crate::paths::{self, shown};
use crate::source::Source;
use crate::walk::walk;

/// Every file of a known kind under the `--against` paths, read whole.
struct Sources {
    files: Vec<(String, Content)>,
    unreadable: Vec<String>,
    /// Where each C file is, by its name, to read it again for what
    /// surrounds a site.
    c_paths: std::collections::HashMap<String, PathBuf>,
    /// The C files whose text holds the code (a test's literal may).
    mentions: std::collections::HashSet<String>,
    max_size: u64,
}

impl Sources {
    fn read(paths_given: &[PathBuf], code: &str) -> Sources {
        let walked = walk(paths_given, &[], crate::walk::DEFAULT_MAX_FILE_SIZE);
        let mut files = Vec::new();
        let mut unreadable = walked.unreadable.clone();
        let mut c_paths = std::collections::HashMap::new();
        let mut mentions = std::collections::HashSet::new();
        for file in &walked.files {
            let Some(kind) = kind_of(&file.path) else {
                continue;
            };
            match crate::walk::read_file(&file.path, walked.max_size) {
                Ok(bytes) => {
                    if let Some(content) = read_whole(&kind, &bytes) {
                        let name = paths::name(&file.path);
                        if matches!(content, Content::C(_)) {
                            // The standard library's search is the fast one.
                            let mentions_code = match std::str::from_utf8(&bytes) {
                                Ok(text) => text.contains(code),
                                Err(_) => String::from_utf8_lossy(&bytes).contains(code),
                            };
                            if mentions_code {
                                mentions.insert(name.clone());
                            }
                            c_paths.insert(name.clone(), file.path.clone());
                        }
                        files.push((name, content));
                    }
                }
                Err(failure) => unreadable.push(failure.describe(&file.path, walked.max_size)),
            }
        }
        Sources {
            files,
            unreadable,
            c_paths,
            mentions,
            max_size: walked.max_size,
        }
    }
}

pub(crate) fn run(
    code: &str,
    catalog: Option<&Path>,
    against: &[PathBuf],
    format: ExplainFormat,
    lang: Lang,
) -> Outcome {
    // Codes are upper case; `ek0201` is how one is often typed.
    let code = &code.to_ascii_uppercase();
    let (mut source, mut note) = match Source::open(catalog).and_then(Source::readable) {
        Ok(opened) => opened,
        Err(failure) => return failure,
    };
    let sources = (!against.is_empty()).then(|| Sources::read(against, code));
    if let Some(sources) = &sources {
        for why in &sources.unreadable {
            note.push_str(&crate::outcome::note_line(why));
        }
        if source.catalog.get(code).is_none()
            && let Some((file, entry)) = defined_in(code, sources)
        {
            // A code no catalog has is explained from its definition.
            source = Source {
                file: Some(file),
                catalog: Catalog::new(vec![entry]),
                diagnostics: Vec::new(),
                omitted_errors: 0,
                omitted_warnings: 0,
                docs: Default::default(),
                refused: Vec::new(),
                defined: Default::default(),
                left_out: Vec::new(),
            };
        }
    }
    let deep = sources.as_ref().map(|sources| {
        gather(
            code,
            source
                .defined
                .get(code)
                .map(|defined| defined.item.as_str()),
            source.catalog.get(code),
            sources,
        )
    });
    let words = Words::of(lang);
    let Some(entry) = source.catalog.get(code) else {
        if let Some(retired) = source.catalog.retired(code) {
            // A retired code is explained as rustc's error index explains
            // one: it is no longer reported, and what replaced it.
            let mut text = format!(
                "{}: retired\n{}\n",
                shown(code),
                shown(&capitalized(&retired.describe()))
            );
            if let Some(file) = source.file_of(code) {
                text.push_str(&format!("Retired at: {file}:{}\n", retired.position.line));
            }
            if let Some(replacement) = retired
                .replacement
                .as_deref()
                .and_then(|replacement| source.catalog.get(replacement))
            {
                text.push_str(&format!(
                    "\n{}: {}\n",
                    shown(&replacement.code),
                    shown(&replacement.message)
                ));
            }
            if let Some(deep) = &deep {
                text.push_str(&deep_text(deep, &words));
            }
            if format == ExplainFormat::Markdown {
                // A retired code's page is its text, as a block.
                text = format!("{}\n", code_block(&text));
            }
            return Outcome {
                stdout: text,
                stderr: note,
                ..Outcome::default()
            };
        }
        let mut outcome = Outcome::error(unknown(code, &source));
        outcome.stderr.insert_str(0, &note);
        return outcome;
    };
    let deep = deep.unwrap_or_default();
    let meaning = Meaning::of(entry, &deep, lang);
    let problems: Vec<String> = source
        .diagnostics
        .iter()
        .filter(|diagnostic| diagnostic.code.as_deref() == Some(code))
        .map(|diagnostic| diagnostic.to_string())
        .collect();
    let defined_at = match source.file_of(code) {
        Some(file) => Some(format!("{file}:{}", entry.position.line)),
        None => registry().get(code).map(|def| def.location().to_string()),
    };
    let rendered = render(entry, source.file.is_some());
    let family = family(entry, &source.catalog);
    let stdout = match format {
        ExplainFormat::Text => {
            let mut text = head_text(
                entry,
                defined_at.as_deref(),
                &meaning,
                &problems,
                &words,
                deep.fields.is_empty(),
            );
            if let Some(rendered) = &rendered {
                text.push_str(&format!("\n{}:\n", words.as_reported_by_name));
                for line in rendered.lines() {
                    text.push_str(&format!("  {}\n", shown(line)));
                }
                text.push_str(&format!(
                    "\n{}:\n  {}\n",
                    words.from_rust,
                    rust_report(entry)
                ));
            }
            text.push_str(&deep_text(&deep, &words));
            text.push_str(&family_text(&family, &words));
            text.push_str(&fallback_text(&meaning, &words));
            text
        }
        ExplainFormat::Markdown => markdown(
            entry,
            defined_at.as_deref(),
            &meaning,
            &problems,
            rendered.as_deref(),
            &deep,
            &family,
            &words,
        ),
    };
    Outcome {
        stdout,
        stderr: note,
        ..Outcome::default()
    }
}

/// `errcat::report!(...)` for the entry, as Rust would report it.
fn rust_report(entry: &Entry) -> String {
    let fields = entry
        .definition()
        .map(|definition| definition.fields)
        .unwrap_or_default();
    let keys: Vec<String> = fields.iter().map(|name| format!("{name:?}")).collect();
    let values: Vec<String> = fields.iter().map(|name| field_name(name)).collect();
    format!(
        "errcat::report!({}, [{}], [{}]);",
        shown(&format!("{:?}", entry.code)),
        shown(&keys.join(", ")),
        shown(&values.join(", "))
    )
}

/// The headings and fixed words of an explanation, in one language.
struct Words {
    lang: Lang,
    class: &'static str,
    kind: &'static str,
    defined_at: &'static str,
    message: &'static str,
    arguments: &'static str,
    none: &'static str,
    example: &'static str,
    cause: &'static str,
    solution: &'static str,
    problems: &'static str,
    copies: &'static str,
    sites: &'static str,
    tests: &'static str,
    family: &'static str,
    meaning: &'static str,
    registrations: &'static str,
    triggers: &'static str,
    fallback: &'static str,
    reading: &'static str,
    same: &'static str,
    differs_in: &'static str,
    catalog_has: &'static str,
    line: &'static str,
    within: &'static str,
    when: &'static str,
    passes: &'static str,
    beside: &'static str,
    reports: &'static str,
    asserts: &'static str,
    as_reported: &'static str,
    unresolved: &'static str,
    as_reported_by_name: &'static str,
    wording_of: &'static str,
    from_rust: &'static str,
    rust_documents: &'static str,
}

impl Words {
    /// A part's or a copy's name in the language: `cause`, `C table row`.
    fn part<'a>(&self, part: &'a str) -> &'a str {
        if self.lang == Lang::En {
            return part;
        }
        match part {
            "cause" => "可能原因",
            "solution" => "解决方法",
            "argument descriptions" => "参数说明",
            "example" => "报错示例",
            "template" => "模板",
            "arguments" => "参数",
            "title" => "标题",
            "catalog entry" => "目录条目",
            "C table row" => "C 表行",
            "X-macro row" => "X 宏行",
            "reference page, en" => "参考页面（英文）",
            "reference page, zh" => "参考页面（中文）",
            "reference page" => "参考页面",
            other => other,
        }
    }

    fn of(lang: Lang) -> Words {
        match lang {
            Lang::En => Words {
                lang,
                class: "Class",
                kind: "Kind",
                defined_at: "Defined at",
                message: "Message",
                arguments: "Arguments",
                none: "none",
                example: "Example",
                cause: "Possible cause",
                solution: "Solution",
                problems: "Problems",
                copies: "Copies",
                sites: "Report sites",
                tests: "Tests",
                family: "Family",
                meaning: "Meaning",
                registrations: "Registrations",
                triggers: "Triggers",
                fallback: "In English, for want of a Chinese page",
                reading: "Reading a report of it",
                same: "same as the catalog",
                differs_in: "differs from the catalog in",
                catalog_has: "the catalog has",
                line: "line",
                within: "in",
                when: "when",
                passes: "passes",
                beside: "beside",
                reports: "reports it",
                asserts: "asserts",
                as_reported: "As reported",
                unresolved: "what surrounds it could not be read: brackets nested too deep, or no call at this place",
                as_reported_by_name: "As reported, with each argument shown by name",
                wording_of: "the wording of",
                from_rust: "Report it from Rust",
                rust_documents: "Arguments, as the Rust definition documents them",
            },
            Lang::Zh => Words {
                lang,
                class: "类别",
                kind: "类型",
                defined_at: "定义位置",
                message: "错误信息",
                arguments: "参数",
                none: "无",
                example: "报错示例",
                cause: "可能原因",
                solution: "解决方法",
                problems: "问题",
                copies: "登记",
                sites: "上报点",
                tests: "测试",
                family: "同族错误码",
                meaning: "含义",
                registrations: "登记",
                triggers: "触发点",
                fallback: "以下部分没有中文页面，沿用英文",
                reading: "如何解读报错",
                same: "与目录一致",
                differs_in: "与目录不同的部分",
                catalog_has: "目录为",
                line: "行",
                within: "位于",
                when: "条件",
                passes: "传入",
                beside: "旁边的日志",
                reports: "上报",
                asserts: "断言",
                as_reported: "上报后的文本",
                unresolved: "无法读出上下文：括号嵌套过深，或此处没有调用",
                as_reported_by_name: "上报后的文本（参数以名称表示）",
                wording_of: "对应的登记：",
                from_rust: "在 Rust 中上报",
                rust_documents: "参数（Rust 定义中的说明）",
            },
        }
    }
}

/// What the code means, in the chosen language: its texts and where each
/// came from.
struct Meaning {
    /// Each argument's name and what it is, when something says.
    arguments: Vec<(String, Option<String>)>,
    cause: Option<String>,
    solution: Option<String>,
    example: Option<String>,
    /// The parts in English where Chinese was asked for.
    fell_back: Vec<&'static str>,
}

impl Meaning {
    fn of(entry: &Entry, deep: &Deep, lang: Lang) -> Meaning {
        let page = |language: Language| {
            deep.pages
                .iter()
                .find(|page| page.language == Some(language))
        };
        let english = page(Language::English);
        let chinese = page(Language::Chinese);
        let mut fell_back = Vec::new();
        let wanted = if lang == Lang::Zh { chinese } else { english };
        let mut pick = |part: &'static str,
                        wanted: Option<String>,
                        english: Option<String>|
         -> Option<String> {
            if lang == Lang::Zh && wanted.is_none() && english.is_some() {
                fell_back.push(part);
            }
            wanted.or(english)
        };
        let english_cause = entry.cause().map(str::to_owned);
        let english_solution = entry.solution().map(str::to_owned);
        let (cause, solution) = if lang == Lang::Zh {
            (
                pick(
                    "cause",
                    chinese.and_then(|page| page.cause.clone()),
                    english_cause,
                ),
                pick(
                    "solution",
                    chinese.and_then(|page| page.solution.clone()),
                    english_solution,
                ),
            )
        } else {
            (english_cause, english_solution)
        };
        let names: Vec<String> = entry
            .names()
            .iter()
            .map(|name| (*name).to_owned())
            .collect();
        let placeholders = |page: Option<&PageFacts>| {
            page.and_then(|page| page.placeholders.clone())
                .filter(|described| described.len() == names.len())
        };
        let described = pick(
            "argument descriptions",
            placeholders(wanted).map(|described| described.join("\u{0}")),
            placeholders(english)
                .map(|described| described.join("\u{0}"))
                .or_else(|| {
                    (!deep.field_docs.is_empty()).then(|| {
                        names
                            .iter()
                            .map(|name| {
                                deep.field_docs
                                    .iter()
                                    .find(|(field, _)| field == name)
                                    .map_or(String::new(), |(_, doc)| doc.clone())
                            })
                            .collect::<Vec<_>>()
                            .join("\u{0}")
                    })
                }),
        );
        let described: Vec<Option<String>> = match described {
            Some(joined) => joined
                .split('\u{0}')
                .map(|text| (!text.is_empty()).then(|| text.to_owned()))
                .collect(),
            None => vec![None; names.len()],
        };
        let arguments = names.into_iter().zip(described).collect();
        let example = pick(
            "example",
            wanted.and_then(|page| page.example.clone()),
            english
                .and_then(|page| page.example.clone())
                .or_else(|| deep.rust_example.clone()),
        );
        Meaning {
            arguments,
            cause,
            solution,
            example,
            fell_back,
        }
    }
}

/// The top of the text explanation: the code, its message, cause and
/// solution, as `explain` always wrote them.
fn head_text(
    entry: &Entry,
    defined_at: Option<&str>,
    meaning: &Meaning,
    problems: &[String],
    words: &Words,
    described: bool,
) -> String {
    // Every text of the catalog as a line shows it: none can start a line
    // of its own (`Class: C\r\nEK9999: forged`), move the cursor or turn
    // the line around.
    let mut text = String::new();
    text.push_str(&shown(&entry.code));
    if let Some(title) = &entry.title {
        text.push_str(&format!(": {}", shown(title)));
    }
    text.push('\n');
    if let Some(class) = &entry.class {
        text.push_str(&format!("{}: {}\n", words.class, shown(class)));
    }
    text.push_str(&format!("{}: {}\n", words.kind, kind(&entry.code)));
    if let Some(at) = defined_at {
        text.push_str(&format!("{}: {at}\n", words.defined_at));
    }
    text.push_str(&format!("\n{}: {}\n", words.message, shown(&entry.message)));
    let names = entry.names();
    if names.is_empty() {
        text.push_str(&format!("{}: {}\n", words.arguments, words.none));
    } else {
        text.push_str(&format!(
            "{}: {}\n",
            words.arguments,
            shown(&names.join(", "))
        ));
        // A Rust definition's docs and example have their own section.
        for (name, about) in meaning.arguments.iter().filter(|_| described) {
            if let Some(about) = about {
                text.push_str(&format!("  {}: {}\n", shown(name), shown(about)));
            }
        }
    }
    if let Some(example) = meaning.example.as_ref().filter(|_| described) {
        text.push_str(&format!("{}: {}\n", words.example, shown(example)));
    }
    text.push_str(&format!(
        "\n{}: {}\n{}: {}\n",
        words.cause,
        shown(meaning.cause.as_deref().unwrap_or("N/A")),
        words.solution,
        shown(meaning.solution.as_deref().unwrap_or("N/A"))
    ));
    if !problems.is_empty() {
        text.push_str(&format!("\n{}:\n", words.problems));
        for problem in problems {
            text.push_str(&format!("  {}\n", shown(problem)));
        }
    }
    text
}

/// The texts a copy of the code has, each `None` where it has none.
#[derive(Debug, Clone, Default)]
struct Texts {
    title: Option<String>,
    template: Option<String>,
    names: Option<Vec<String>>,
    cause: Option<String>,
    solution: Option<String>,
}

/// A registration of the code: a catalog entry, a table row, a Rust
/// definition or a page.
struct Copy {
    path: String,
    line: u32,
    what: String,
    texts: Texts,
    /// Which of its texts differ from the catalog's: (part, its text, the
    /// catalog's).
    differs: Vec<(&'static str, String, String)>,
}

/// A page of the code, as far as explaining goes.
struct PageFacts {
    language: Option<Language>,
    cause: Option<String>,
    solution: Option<String>,
    placeholders: Option<Vec<String>>,
    example: Option<String>,
}

/// What a C site passes: each key with its expression, or its arguments
/// as written when they are no lists.
#[derive(Clone)]
enum Passes {
    Pairs(Vec<(String, String)>),
    Raw(Vec<String>),
}

/// A report site.
struct SiteFact {
    path: String,
    line: u32,
    /// How the line names it beyond its place: `through NAME`, or a Rust
    /// value's `Path.report()`.
    label: Option<String>,
    /// What surrounds a C site; `None` when it could not be read.
    context: Option<SiteContext>,
    passes: Option<Passes>,
    /// Whether the site is a C site (its context was looked for).
    c: bool,
}

/// A test file's check of the code: a report site in it, or an assertion
/// of a literal holding the code.
enum TestFact {
    Site(SiteFact),
    /// The file, the assertion, and the registration whose template its
    /// literal matches (`path:line`).
    Asserts(String, Assertion, Option<String>),
}

/// Everything the sources tell of the code.
#[derive(Default)]
struct Deep {
    copies: Vec<Copy>,
    sites: Vec<SiteFact>,
    tests: Vec<TestFact>,
    /// The Rust fields' names and doc comments.
    field_docs: Vec<(String, String)>,
    rust_example: Option<String>,
    pages: Vec<PageFacts>,
    /// The Rust fields' lines, as the text lists them.
    fields: Vec<String>,
}

/// Path parts and file name shapes of tests.
fn is_test_path(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    let mut parts: Vec<&str> = lower.split('/').collect();
    let file = parts.pop().unwrap_or_default();
    let stem = file.split('.').next().unwrap_or_default();
    parts.iter().any(|part| {
        matches!(
            *part,
            "test"
                | "tests"
                | "ut"
                | "st"
                | "llt"
                | "testcase"
                | "testcases"
                | "unittest"
                | "unittests"
                | "gtest"
                | "gtests"
        )
    }) || stem.ends_with("_test")
        || stem.ends_with("_tests")
        || stem.ends_with("_unittest")
        || stem.starts_with("test_")
}

/// What a C site passes, from its arguments as written: the list after the
/// code's argument paired with the keys before it.
fn passes_of(site: &Site, context: &SiteContext, code: &str) -> Option<Passes> {
    let written = match &site.code {
        SiteCode::Literal(_) => format!("{code:?}"),
        SiteCode::Named(name) => name.clone(),
    };
    let index = context
        .args
        .iter()
        .position(|arg| arg.replace(' ', "") == written.replace(' ', ""))?;
    let rest = &context.args[index + 1..];
    let keys = site
        .keys
        .clone()
        .or_else(|| rest.first().and_then(|keys| list_items(keys)));
    let values = rest.get(1).and_then(|values| list_items(values));
    match (keys, values) {
        (Some(keys), Some(values)) if keys.len() == values.len() => {
            let keys = keys.into_iter().map(|key| key.trim_matches('"').to_owned());
            Some(Passes::Pairs(keys.zip(values).collect()))
        }
        _ if rest.is_empty() => None,
        _ => Some(Passes::Raw(rest.to_vec())),
    }
}

/// A site in the body of a macro that its own file does not use.
struct Elsewhere {
    name: String,
    params: Vec<String>,
    passes: Option<Passes>,
    label: Option<String>,
    path: String,
    line: u32,
}

/// How many macros are looked for across the tree for one code.
const MACROS_FOLLOWED: usize = 8;

/// The uses, in the other C files, of the macros of `elsewhere`: each use
/// is a trigger in place of the macro's site, its arguments put in; a macro
/// used nowhere keeps its site. Each file is read again, once, only when
/// some macro is to be looked for.
fn macro_uses_elsewhere(
    elsewhere: &[Elsewhere],
    sources: &Sources,
    sites: &mut Vec<SiteFact>,
    tests: &mut Vec<TestFact>,
) {
    let elsewhere = &elsewhere[..elsewhere.len().min(MACROS_FOLLOWED)];
    if elsewhere.is_empty() {
        return;
    }
    let mut found: Vec<(usize, SiteFact, bool)> = Vec::new();
    for (path, content) in &sources.files {
        let Content::C(c) = content else {
            continue;
        };
        let Some(bytes) = sources
            .c_paths
            .get(path)
            .and_then(|at| crate::walk::read_file(at, sources.max_size).ok())
        else {
            continue;
        };
        let text = String::from_utf8_lossy(&bytes);
        let reports: Vec<_> = c.sites.iter().map(|site| site.start).collect();
        for (index, site) in elsewhere.iter().enumerate() {
            if *path == site.path || !text.contains(site.name.as_str()) {
                continue;
            }
            for (at, used) in read_macro_uses(&bytes, &site.name, &reports) {
                let through = format!(
                    "through {} at {}:{}",
                    shown(&site.name),
                    site.path,
                    site.line
                );
                let fact = SiteFact {
                    path: path.clone(),
                    line: at.line,
                    label: Some(match &site.label {
                        Some(label) => format!("{through}, {label}"),
                        None => through,
                    }),
                    passes: site
                        .passes
                        .as_ref()
                        .map(|passes| substituted(passes, &site.params, &used.args)),
                    context: Some(used),
                    c: true,
                };
                found.push((index, fact, is_test_path(path)));
            }
        }
    }
    let used: std::collections::HashSet<usize> = found.iter().map(|(index, _, _)| *index).collect();
    for index in used {
        let site = &elsewhere[index];
        let is_macro_site = |fact: &SiteFact| fact.path == site.path && fact.line == site.line;
        sites.retain(|fact| !is_macro_site(fact));
        tests.retain(|test| !matches!(test, TestFact::Site(fact) if is_macro_site(fact)));
    }
    for (_, fact, test) in found {
        if test {
            tests.push(TestFact::Site(fact));
        } else {
            sites.push(fact);
        }
    }
    // Grouped by file in the order read, each in source order.
    let order = |path: &str| sources.files.iter().position(|(name, _)| name == path);
    sites.sort_by_key(|fact| (order(&fact.path), fact.line));
}

/// What a macro's site passes at one use: each of the macro's parameters
/// in its expressions replaced by the use's argument.
fn substituted(passes: &Passes, params: &[String], args: &[String]) -> Passes {
    let put = |expression: &str| {
        let mut out = String::new();
        let mut word = String::new();
        let flush = |word: &mut String, out: &mut String| {
            match params.iter().position(|param| param == word.as_str()) {
                Some(index) if index < args.len() => out.push_str(&args[index]),
                _ => out.push_str(word),
            }
            word.clear();
        };
        let mut in_string = false;
        for c in expression.chars() {
            if c == '"' {
                in_string = !in_string;
            }
            if !in_string && (c.is_ascii_alphanumeric() || c == '_') {
                word.push(c);
            } else {
                flush(&mut word, &mut out);
                out.push(c);
            }
        }
        flush(&mut word, &mut out);
        out
    };
    match passes {
        Passes::Pairs(pairs) => Passes::Pairs(
            pairs
                .iter()
                .map(|(key, value)| (key.clone(), put(value)))
                .collect(),
        ),
        Passes::Raw(raw) => Passes::Raw(raw.iter().map(|value| put(value)).collect()),
    }
}

/// How a copy's texts differ from the catalog entry's.
fn differences_from(texts: &Texts, entry: Option<&Entry>) -> Vec<(&'static str, String, String)> {
    let Some(entry) = entry else {
        return Vec::new();
    };
    let mut differs = Vec::new();
    let mut compare = |part: &'static str, own: &Option<String>, theirs: Option<&str>| {
        if let Some(own) = own {
            let theirs = theirs.unwrap_or("N/A");
            if own.trim() != theirs.trim() {
                differs.push((part, own.clone(), theirs.to_owned()));
            }
        }
    };
    compare("title", &texts.title, entry.title.as_deref());
    compare("template", &texts.template, Some(&entry.message));
    compare(
        "arguments",
        &texts.names.as_ref().map(|names| names.join(", ")),
        Some(&entry.names().join(", ")),
    );
    compare("cause", &texts.cause, entry.cause());
    compare("solution", &texts.solution, entry.solution());
    differs
}

/// The code's copies, report sites and tests among `sources`; the Rust
/// fields' doc comments and examples with their definition. `item` is the
/// Rust type or variant that defines the code, when the catalog is a
/// folder of Rust sources: the reports of its values (`.report()`,
/// `.reported()`) are its sites too.
fn gather(code: &str, item: Option<&str>, entry: Option<&Entry>, sources: &Sources) -> Deep {
    // The definition's item, from the catalog or from a definition among
    // the sources.
    let item: Option<String> = item.map(str::to_owned).or_else(|| {
        sources.files.iter().find_map(|(_, content)| match content {
            Content::Rust(Ok(rust)) => rust
                .definitions
                .iter()
                .find(|definition| definition.code.value == code)
                .map(|definition| definition.item.clone()),
            _ => None,
        })
    });
    let mut deep = Deep::default();
    // Names that give a code (constants, enumerators of X-macro tables),
    // so that a site written with one is listed too.
    let mut names: std::collections::HashMap<&str, std::collections::BTreeSet<&str>> =
        std::collections::HashMap::new();
    for (_, content) in &sources.files {
        if let Content::C(c) = content {
            for constant in &c.constants {
                names
                    .entry(&constant.name)
                    .or_default()
                    .insert(&constant.code);
            }
            for row in &c.rows {
                if let Some(enumerator) = &row.enumerator {
                    names.entry(enumerator).or_default().insert(&row.code);
                }
            }
        }
    }
    let names_code = |site: &SiteCode| match site {
        SiteCode::Literal(literal) => literal == code,
        SiteCode::Named(_) => names
            .get(site.last())
            .is_some_and(|codes| codes.len() == 1 && codes.contains(code)),
    };
    let mut copy = |path: &str, line: u32, what: String, texts: Texts, compared: bool| {
        let differs = if compared {
            differences_from(&texts, entry)
        } else {
            Vec::new()
        };
        deep.copies.push(Copy {
            path: path.to_owned(),
            line,
            what,
            texts,
            differs,
        });
    };
    let mut sites = Vec::new();
    let mut tests = Vec::new();
    // Sites in a macro's body whose file does not use the macro: its
    // uses are looked for in the other files.
    let mut elsewhere: Vec<Elsewhere> = Vec::new();
    for (path, content) in &sources.files {
        match content {
            Content::C(c) => {
                for row in c.rows.iter().filter(|row| row.code == code) {
                    let layout = match row.layout {
                        Layout::StructArray => "C table row",
                        Layout::XMacro => "X-macro row",
                    };
                    let text = |field: &Option<errcat_catalog::c_source::RowText>| {
                        field
                            .as_ref()
                            .map(|field| field.text.clone().unwrap_or_else(|| "N/A".to_owned()))
                    };
                    let texts = Texts {
                        title: None,
                        template: Some(row.message.clone()),
                        names: Some(row.names.clone()),
                        cause: text(&row.cause),
                        solution: text(&row.solution),
                    };
                    copy(path, row.at.line, layout.to_owned(), texts, true);
                }
                let matching: Vec<&Site> = c
                    .sites
                    .iter()
                    .filter(|site| names_code(&site.code))
                    .collect();
                let reread = !matching.is_empty() || sources.mentions.contains(path);
                let file = reread
                    .then(|| sources.c_paths.get(path))
                    .flatten()
                    .and_then(|at| crate::walk::read_file(at, sources.max_size).ok())
                    .map(|bytes| {
                        let starts: Vec<_> =
                            matching.iter().map(|site| (site.start, site.at)).collect();
                        let reports: Vec<_> = c.sites.iter().map(|site| site.start).collect();
                        read_context(&bytes, &starts, &reports, code)
                    });
                let test_file = is_test_path(path) || file.as_ref().is_some_and(|file| file.gtest);
                for (index, site) in matching.iter().enumerate() {
                    let context = file
                        .as_ref()
                        .and_then(|file| file.sites.get(index).cloned().flatten());
                    let label = match &site.code {
                        SiteCode::Named(name) => Some(format!("through {}", shown(name))),
                        SiteCode::Literal(_) => None,
                    };
                    let passes = context
                        .as_ref()
                        .and_then(|context| passes_of(site, context, code));
                    let mut facts = Vec::new();
                    match context {
                        // A site in a macro's body fires where the macro is
                        // used: each use is a trigger, its arguments put in.
                        Some(context) if !context.uses.is_empty() => {
                            let name = context.function.clone().unwrap_or_default();
                            for (at, used) in &context.uses {
                                let through = format!(
                                    "through {} at line {}",
                                    shown(name.trim_start_matches("#define ")),
                                    site.at.line
                                );
                                facts.push(SiteFact {
                                    path: path.clone(),
                                    line: at.line,
                                    label: Some(match &label {
                                        Some(label) => format!("{through}, {label}"),
                                        None => through,
                                    }),
                                    passes: passes.as_ref().map(|passes| {
                                        substituted(passes, &context.macro_params, &used.args)
                                    }),
                                    context: Some(used.clone()),
                                    c: true,
                                });
                            }
                        }
                        context => {
                            if let Some(name) = context
                                .as_ref()
                                .and_then(|context| context.function.as_deref())
                                .and_then(|function| function.strip_prefix("#define "))
                            {
                                elsewhere.push(Elsewhere {
                                    name: name.to_owned(),
                                    params: context
                                        .as_ref()
                                        .map(|context| context.macro_params.clone())
                                        .unwrap_or_default(),
                                    passes: passes.clone(),
                                    label: label.clone(),
                                    path: path.clone(),
                                    line: site.at.line,
                                });
                            }
                            facts.push(SiteFact {
                                path: path.clone(),
                                line: site.at.line,
                                label,
                                passes,
                                context,
                                c: true,
                            });
                        }
                    }
                    for fact in facts {
                        if test_file {
                            tests.push(TestFact::Site(fact));
                        } else {
                            sites.push(fact);
                        }
                    }
                }
                if let Some(file) = file {
                    for assertion in file.assertions {
                        tests.push(TestFact::Asserts(path.clone(), assertion, None));
                    }
                }
            }
            Content::Rust(Ok(rust)) => {
                for definition in rust.definitions.iter().filter(|d| d.code.value == code) {
                    let texts = Texts {
                        title: definition.title.as_ref().map(|text| text.value.clone()),
                        template: definition.template(),
                        names: Some(definition.arg_names().0),
                        cause: definition.cause.as_ref().map(|text| text.value.clone()),
                        solution: definition.solution.as_ref().map(|text| text.value.clone()),
                    };
                    copy(
                        path,
                        definition.code.at.line,
                        format!("Rust definition {}", shown(&definition.item)),
                        texts,
                        true,
                    );
                    for field in definition.fields.iter().filter(|field| !field.source) {
                        let doc = field.doc.as_deref().unwrap_or("(no doc comment)");
                        deep.fields.push(format!(
                            "  {}: {}\n",
                            shown(&field.name),
                            shown(&doc.replace('\n', " "))
                        ));
                        if let Some(doc) = &field.doc {
                            deep.field_docs
                                .push((field.name.clone(), doc.replace('\n', " ")));
                        }
                    }
                    if let Some((example, _)) = &definition.example {
                        deep.fields
                            .push(format!("  example: {}\n", shown(&example.join(", "))));
                        deep.rust_example = Some(example.join(", "));
                    }
                }
                for site in rust.sites.iter().filter(|site| site.code.value == code) {
                    sites.push(SiteFact {
                        path: path.clone(),
                        line: site.code.at.line,
                        label: None,
                        context: None,
                        passes: None,
                        c: false,
                    });
                }
                if let Some(item) = &item {
                    for site in rust.value_sites.iter().filter(|site| site.builds(item)) {
                        sites.push(SiteFact {
                            path: path.clone(),
                            line: site.at.line,
                            label: Some(
                                shown(&format!("{}.{}()", site.path, site.method)).into_owned(),
                            ),
                            context: None,
                            passes: None,
                            c: false,
                        });
                    }
                }
            }
            Content::Rust(Err(_)) => {}
            Content::Page(page) if page.code == code => {
                let english = page.language != Some(Language::Chinese);
                let text = |field: &Option<errcat::catalog::PageText>| {
                    field.as_ref().map(|field| field.text.clone())
                };
                let texts = Texts {
                    title: text(&page.title),
                    template: text(&page.template),
                    names: None,
                    // A Chinese page's cause and solution are translations.
                    cause: text(&page.cause).filter(|_| english),
                    solution: text(&page.solution).filter(|_| english),
                };
                let what = match page.language {
                    Some(Language::Chinese) => "reference page, zh",
                    Some(Language::English) => "reference page, en",
                    None => "reference page",
                };
                copy(path, page.at.line, what.to_owned(), texts, true);
                deep.pages.push(PageFacts {
                    language: page.language,
                    cause: text(&page.cause),
                    solution: text(&page.solution),
                    placeholders: page.placeholders.clone(),
                    example: text(&page.example),
                });
            }
            Content::Page(_) => {}
            Content::Json(catalog) => {
                if let Some(found) = catalog.get(code) {
                    let texts = Texts {
                        title: found.title.clone(),
                        template: Some(found.message.clone()),
                        names: Some(
                            found
                                .names()
                                .iter()
                                .map(|name| (*name).to_owned())
                                .collect(),
                        ),
                        cause: found.cause().map(str::to_owned),
                        solution: found.solution().map(str::to_owned),
                    };
                    copy(
                        path,
                        found.position.line,
                        "catalog entry".to_owned(),
                        texts,
                        true,
                    );
                }
            }
        }
    }
    macro_uses_elsewhere(&elsewhere, sources, &mut sites, &mut tests);
    deep.sites = sites;
    // A file's tests in source order: its sites and assertions by line
    // (a stable sort keeps the files in the order they were read).
    let line_of = |test: &TestFact| match test {
        TestFact::Site(site) => site.line,
        TestFact::Asserts(_, assertion, _) => assertion.at.line,
    };
    let path_of = |test: &TestFact| match test {
        TestFact::Site(site) => site.path.clone(),
        TestFact::Asserts(path, _, _) => path.clone(),
    };
    let order: Vec<String> = tests
        .iter()
        .map(path_of)
        .fold(Vec::new(), |mut seen, path| {
            if !seen.contains(&path) {
                seen.push(path);
            }
            seen
        });
    tests.sort_by_key(|test| {
        (
            order.iter().position(|path| *path == path_of(test)),
            line_of(test),
        )
    });
    // Which registration's words each asserted literal checks: the copies
    // that word the code their own way first.
    for test in &mut tests {
        if let TestFact::Asserts(_, assertion, wording) = test {
            let mut copies: Vec<&Copy> = deep.copies.iter().collect();
            copies.sort_by_key(|copy| copy.differs.is_empty());
            *wording = copies
                .iter()
                .find(|copy| {
                    copy.texts
                        .template
                        .as_deref()
                        .is_some_and(|template| worded_by(&assertion.literal, code, template))
                })
                .map(|copy| format!("{}:{}", copy.path, copy.line));
        }
    }
    deep.tests = tests;
    deep
}

/// Whether `text` (a test's literal, `CODE: ` before it or not) starts as
/// `template` renders, any text standing for each `%s`.
fn worded_by(text: &str, code: &str, template: &str) -> bool {
    let text = text
        .strip_prefix(code)
        .and_then(|rest| rest.strip_prefix(": "))
        .unwrap_or(text);
    let mut parts = template.split("%s");
    let Some(first) = parts.next() else {
        return false;
    };
    let Some(mut rest) = text.strip_prefix(first) else {
        return false;
    };
    for part in parts {
        match rest.find(part) {
            Some(at) if !part.is_empty() => rest = &rest[at + part.len()..],
            Some(_) => {}
            None => return false,
        }
    }
    true
}

/// How many report sites `explain` lists before counting the rest.
const SITES_LISTED: usize = 20;

/// A site's lines under its place: the function, the condition, what it
/// passes, the log line beside it.
fn site_details(site: &SiteFact, indent: &str, words: &Words) -> String {
    let mut text = String::new();
    if !site.c {
        return text;
    }
    let Some(context) = &site.context else {
        text.push_str(&format!("{indent}({})\n", words.unresolved));
        return text;
    };
    if let Some(function) = &context.function {
        text.push_str(&format!("{indent}{} {}\n", words.within, shown(function)));
    }
    if !context.guards.is_empty() {
        text.push_str(&format!(
            "{indent}{} {}\n",
            words.when,
            shown(&conditions(context))
        ));
    }
    match &site.passes {
        Some(Passes::Pairs(pairs)) => {
            for (key, value) in pairs {
                text.push_str(&format!(
                    "{indent}{} {} = {}\n",
                    words.passes,
                    shown(key),
                    shown(value)
                ));
            }
        }
        Some(Passes::Raw(args)) => {
            text.push_str(&format!(
                "{indent}{} {}\n",
                words.passes,
                shown(&args.join(", "))
            ));
        }
        None => {}
    }
    if let Some(log) = &context.log {
        text.push_str(&format!(
            "{indent}{} {} ({} {})\n",
            words.beside,
            shown(&log.text),
            words.line,
            log.at.line
        ));
    }
    text
}

/// A site's conditions, outermost first: `a && !(b)`.
fn conditions(context: &SiteContext) -> String {
    let parts: Vec<String> = context
        .guards
        .iter()
        .map(|guard| {
            if guard.negated {
                format!("!({})", guard.condition)
            } else {
                guard.condition.clone()
            }
        })
        .collect();
    parts.join(" && ")
}

/// The sources' part of the text explanation: Rust field docs, copies,
/// report sites, tests.
fn deep_text(deep: &Deep, words: &Words) -> String {
    let mut text = String::new();
    if !deep.fields.is_empty() {
        text.push_str(&format!("\n{}:\n", words.rust_documents));
        text.extend(deep.fields.iter().cloned());
    }
    if !deep.copies.is_empty() {
        text.push_str(&format!("\n{}:\n", words.copies));
        for copy in &deep.copies {
            text.push_str(&format!(
                "  {}:{} ({})\n",
                copy.path,
                copy.line,
                words.part(&copy.what)
            ));
            if !copy.differs.is_empty() {
                let parts: Vec<&str> = copy
                    .differs
                    .iter()
                    .map(|(part, _, _)| words.part(part))
                    .collect();
                text.push_str(&format!("    {}: {}\n", words.differs_in, parts.join(", ")));
                for (part, own, theirs) in &copy.differs {
                    text.push_str(&format!("    {}: {}\n", words.part(part), shown(own)));
                    text.push_str(&format!("      {}: {}\n", words.catalog_has, shown(theirs)));
                }
            }
        }
    }
    if !deep.sites.is_empty() {
        text.push_str(&format!("\n{} ({}):\n", words.sites, deep.sites.len()));
        for site in deep.sites.iter().take(SITES_LISTED) {
            match &site.label {
                Some(label) => text.push_str(&format!("  {}:{} ({label})\n", site.path, site.line)),
                None => text.push_str(&format!("  {}:{}\n", site.path, site.line)),
            }
            text.push_str(&site_details(site, "    ", words));
        }
        let more = deep.sites.len().saturating_sub(SITES_LISTED);
        if more > 0 {
            text.push_str(&format!("  ... and {more} more\n"));
        }
    }
    if !deep.tests.is_empty() {
        text.push_str(&format!("\n{} ({}):\n", words.tests, deep.tests.len()));
        for test in deep.tests.iter().take(SITES_LISTED) {
            match test {
                TestFact::Site(site) => {
                    let within = site
                        .context
                        .as_ref()
                        .and_then(|context| context.function.as_deref())
                        .map(|function| format!(" {} {}", words.within, shown(function)))
                        .unwrap_or_default();
                    text.push_str(&format!(
                        "  {}:{} ({}{within})\n",
                        site.path, site.line, words.reports
                    ));
                }
                TestFact::Asserts(path, assertion, wording) => {
                    let within = assertion
                        .function
                        .as_deref()
                        .map(|function| format!(" {} {}", words.within, shown(function)))
                        .unwrap_or_default();
                    text.push_str(&format!(
                        "  {path}:{} ({}{within}) {}:\n    {}\n",
                        assertion.at.line,
                        shown(&assertion.check),
                        words.asserts,
                        shown(&assertion.literal)
                    ));
                    if let Some(wording) = wording {
                        text.push_str(&format!("    {} {wording}\n", words.wording_of));
                    }
                }
            }
        }
        let more = deep.tests.len().saturating_sub(SITES_LISTED);
        if more > 0 {
            text.push_str(&format!("  ... and {more} more\n"));
        }
    }
    text
}

/// How many codes of the family are listed.
const FAMILY_LISTED: usize = 10;

/// The codes of the entry's class and module (the same first four
/// characters: `EK02` of `EK0201`), nearest first.
fn family<'c>(entry: &Entry, catalog: &'c Catalog) -> Vec<&'c Entry> {
    let prefix = entry.code.get(..4).unwrap_or(&entry.code);
    let number = |code: &str| code.get(2..).and_then(|digits| digits.parse::<i64>().ok());
    let own = number(&entry.code).unwrap_or_default();
    let mut family: Vec<&Entry> = catalog
        .entries
        .iter()
        .filter(|other| {
            other.code != entry.code
                && other.code.starts_with(prefix)
                && other.code.len() == entry.code.len()
                && other.class.as_deref().map(str::trim) == entry.class.as_deref().map(str::trim)
        })
        .collect();
    family.sort_by_key(|other| {
        (
            number(&other.code).map_or(i64::MAX, |n| (n - own).abs()),
            other.code.clone(),
        )
    });
    family.truncate(FAMILY_LISTED);
    family
}

fn family_text(family: &[&Entry], words: &Words) -> String {
    if family.is_empty() {
        return String::new();
    }
    let mut text = format!("\n{}:\n", words.family);
    for other in family {
        text.push_str(&format!(
            "  {}: {}\n",
            shown(&other.code),
            shown(other.title.as_deref().unwrap_or(&other.message))
        ));
    }
    text
}

fn fallback_text(meaning: &Meaning, words: &Words) -> String {
    if meaning.fell_back.is_empty() {
        return String::new();
    }
    let parts: Vec<&str> = meaning
        .fell_back
        .iter()
        .map(|part| words.part(part))
        .collect();
    format!("\n{}: {}\n", words.fallback, parts.join(", "))
}

/// Copied text as Markdown shows it: escaped as a line, then its markup.
fn md(text: &str) -> String {
    escape_markdown(&shown(text))
}

/// Copied text as a Markdown code span.
fn span(text: &str) -> String {
    code_span(&shown(text))
}

/// `text` in a fenced block longer than any fence it holds.
fn code_block(text: &str) -> String {
    let mut longest = 0;
    for line in text.lines() {
        let run = line.trim_start().chars().take_while(|c| *c == '`').count();
        longest = longest.max(run);
    }
    let fence = "`".repeat(longest.max(2) + 1);
    format!("{fence}text\n{}\n{fence}", text.trim_end_matches('\n'))
}

/// The explanation as a Markdown page.
#[allow(clippy::too_many_arguments)]
fn markdown(
    entry: &Entry,
    defined_at: Option<&str>,
    meaning: &Meaning,
    problems: &[String],
    rendered: Option<&str>,
    deep: &Deep,
    family: &[&Entry],
    words: &Words,
) -> String {
    let mut page = format!("# {}", md(&entry.code));
    if let Some(title) = &entry.title {
        page.push_str(&format!(" {}", md(title)));
    }
    page.push_str("\n\n");
    if let Some(class) = &entry.class {
        page.push_str(&format!("- {}: {}\n", words.class, md(class)));
    }
    page.push_str(&format!("- {}: {}\n", words.kind, md(kind(&entry.code))));
    if let Some(at) = defined_at {
        page.push_str(&format!("- {}: {}\n", words.defined_at, code_span(at)));
    }
    page.push_str(&format!("\n## {}\n\n", words.meaning));
    page.push_str(&format!(
        "{}:\n\n{}\n\n",
        words.message,
        code_block(&shown(&entry.message))
    ));
    if meaning.arguments.is_empty() {
        page.push_str(&format!("{}: {}\n\n", words.arguments, words.none));
    } else {
        page.push_str(&format!("{}:\n\n", words.arguments));
        for (name, described) in &meaning.arguments {
            match described {
                Some(described) => page.push_str(&format!("- {}: {}\n", span(name), md(described))),
                None => page.push_str(&format!("- {}\n", span(name))),
            }
        }
        page.push('\n');
    }
    if let Some(example) = &meaning.example {
        page.push_str(&format!(
            "{}:\n\n{}\n\n",
            words.example,
            code_block(&shown(example))
        ));
    }
    if let Some(rendered) = rendered {
        let lines: Vec<String> = rendered
            .lines()
            .map(|line| shown(line).into_owned())
            .collect();
        page.push_str(&format!(
            "{}:\n\n{}\n\n",
            words.as_reported,
            code_block(&lines.join("\n"))
        ));
    }
    page.push_str(&format!(
        "### {}\n\n{}\n\n### {}\n\n{}\n\n",
        words.cause,
        md(meaning.cause.as_deref().unwrap_or("N/A")),
        words.solution,
        md(meaning.solution.as_deref().unwrap_or("N/A"))
    ));
    if !meaning.fell_back.is_empty() {
        page.push_str(&format!(
            "> {}: {}\n\n",
            words.fallback,
            meaning
                .fell_back
                .iter()
                .map(|part| words.part(part))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    if !problems.is_empty() {
        page.push_str(&format!("### {}\n\n", words.problems));
        for problem in problems {
            page.push_str(&format!("- {}\n", md(problem)));
        }
        page.push('\n');
    }
    if !deep.copies.is_empty() {
        page.push_str(&format!("## {}\n\n", words.registrations));
        for copy in &deep.copies {
            let same = if copy.differs.is_empty() {
                format!(", {}", words.same)
            } else {
                String::new()
            };
            page.push_str(&format!(
                "- {} ({}{same})\n",
                code_span(&format!("{}:{}", copy.path, copy.line)),
                md(words.part(&copy.what))
            ));
            let differing = |part: &str| {
                copy.differs
                    .iter()
                    .find(|(name, _, _)| *name == part)
                    .map(|(_, _, theirs)| theirs)
            };
            let mut part = |name: &'static str, own: Option<String>, as_code: bool| {
                let Some(own) = own else {
                    return;
                };
                let show = |text: &str| if as_code { span(text) } else { md(text) };
                let mut line = format!("  - {}: {}", words.part(name), show(&own));
                if let Some(theirs) = differing(name) {
                    line.push_str(&format!(" ({}: {})", words.catalog_has, show(theirs)));
                }
                line.push('\n');
                page.push_str(&line);
            };
            part("template", copy.texts.template.clone(), true);
            part(
                "arguments",
                copy.texts.names.as_ref().map(|names| names.join(", ")),
                true,
            );
            part("cause", copy.texts.cause.clone(), false);
            part("solution", copy.texts.solution.clone(), false);
            part("title", copy.texts.title.clone(), false);
        }
        page.push('\n');
    }
    if !deep.sites.is_empty() {
        page.push_str(&format!("## {} ({})\n", words.triggers, deep.sites.len()));
        let mut file: Option<&str> = None;
        for site in &deep.sites {
            if file != Some(&site.path) {
                page.push_str(&format!("\n### {}\n\n", code_span(&site.path)));
                file = Some(&site.path);
            }
            let mut line = format!("- {} {}", words.line, site.line);
            if let Some(label) = &site.label {
                line.push_str(&format!(" ({})", md(label)));
            }
            if let Some(context) = &site.context {
                if let Some(function) = &context.function {
                    line.push_str(&format!(", {} {}", words.within, span(function)));
                }
                if !context.guards.is_empty() {
                    line.push_str(&format!(", {} {}", words.when, span(&conditions(context))));
                }
            } else if site.c {
                line.push_str(&format!(": {}", words.unresolved));
            }
            page.push_str(&line);
            page.push('\n');
            match &site.passes {
                Some(Passes::Pairs(pairs)) => {
                    for (key, value) in pairs {
                        page.push_str(&format!("  - {} = {}\n", span(key), span(value)));
                    }
                }
                Some(Passes::Raw(args)) => {
                    page.push_str(&format!(
                        "  - {} {}\n",
                        words.passes,
                        span(&args.join(", "))
                    ));
                }
                None => {}
            }
            if let Some(log) = site
                .context
                .as_ref()
                .and_then(|context| context.log.as_ref())
            {
                page.push_str(&format!(
                    "  - {} {} ({} {})\n",
                    words.beside,
                    span(&log.text),
                    words.line,
                    log.at.line
                ));
            }
        }
        page.push('\n');
    }
    if !deep.tests.is_empty() {
        page.push_str(&format!("## {} ({})\n\n", words.tests, deep.tests.len()));
        for test in &deep.tests {
            match test {
                TestFact::Site(site) => {
                    let within = site
                        .context
                        .as_ref()
                        .and_then(|context| context.function.as_deref())
                        .map(|function| format!(" {} {}", words.within, span(function)))
                        .unwrap_or_default();
                    page.push_str(&format!(
                        "- {}: {}{within}\n",
                        code_span(&format!("{}:{}", site.path, site.line)),
                        words.reports
                    ));
                }
                TestFact::Asserts(path, assertion, wording) => {
                    let within = assertion
                        .function
                        .as_deref()
                        .map(|function| format!(" {} {}", words.within, span(function)))
                        .unwrap_or_default();
                    page.push_str(&format!(
                        "- {}: {}{within} {} {}\n",
                        code_span(&format!("{path}:{}", assertion.at.line)),
                        span(&assertion.check),
                        words.asserts,
                        span(&assertion.literal)
                    ));
                    if let Some(wording) = wording {
                        page.push_str(&format!(
                            "  - {} {}\n",
                            words.wording_of,
                            code_span(wording)
                        ));
                    }
                }
            }
        }
        page.push('\n');
    }
    if !family.is_empty() {
        page.push_str(&format!("## {}\n\n", words.family));
        for other in family {
            page.push_str(&format!(
                "- {}: {}\n",
                md(&other.code),
                md(other.title.as_deref().unwrap_or(&other.message))
            ));
        }
        page.push('\n');
    }
    page.push_str(&reading(entry, deep, words));
    page.trim_end_matches('\n').to_owned() + "\n"
}

/// Steps from a report of the code to its cause: which registration gave
/// the message's words, which site fired, what its arguments are.
fn reading(entry: &Entry, deep: &Deep, words: &Words) -> String {
    let mut steps = Vec::new();
    let zh = words.lang == Lang::Zh;
    let templates: Vec<&Copy> = deep
        .copies
        .iter()
        .filter(|copy| copy.differs.iter().any(|(part, _, _)| *part == "template"))
        .collect();
    if !templates.is_empty() {
        let mut step = if zh {
            format!(
                "报错文本对应哪一处登记：目录的模板是 {}；",
                span(&entry.message)
            )
        } else {
            format!(
                "Tell which registration produced the message: the catalog's template is {};",
                span(&entry.message)
            )
        };
        for copy in templates {
            if let Some(template) = &copy.texts.template {
                step.push_str(&format!(
                    " {} {} {}",
                    span(template),
                    if zh { "来自" } else { "comes from" },
                    code_span(&format!("{}:{}", copy.path, copy.line))
                ));
                step.push(';');
            }
        }
        step.pop();
        step.push(if zh { '。' } else { '.' });
        steps.push(step);
    }
    let logs: Vec<(&SiteFact, &str)> = deep
        .sites
        .iter()
        .filter_map(|site| {
            let context = site.context.as_ref()?;
            Some((site, context.log.as_ref()?.text.as_str()))
        })
        .collect();
    if !logs.is_empty() {
        let mut step = if zh {
            "在日志中找紧挨着报错的那一行，它指明触发点：".to_owned()
        } else {
            "Find the log line just before the report; it names the trigger:".to_owned()
        };
        for (site, log) in logs {
            let function = site
                .context
                .as_ref()
                .and_then(|context| context.function.as_deref())
                .map_or_else(|| code_span(&format!("{}:{}", site.path, site.line)), span);
            step.push_str(&format!(" {} → {};", span(log), function));
        }
        step.pop();
        step.push(if zh { '。' } else { '.' });
        steps.push(step);
    }
    let mut values: Vec<(String, Vec<String>)> = Vec::new();
    for site in &deep.sites {
        if let Some(Passes::Pairs(pairs)) = &site.passes {
            for (key, value) in pairs {
                match values.iter_mut().find(|(name, _)| name == key) {
                    Some((_, seen)) if !seen.contains(value) => seen.push(value.clone()),
                    Some(_) => {}
                    None => values.push((key.clone(), vec![value.clone()])),
                }
            }
        }
    }
    for (key, seen) in values {
        let listed: Vec<String> = seen.iter().map(|value| span(value)).collect();
        steps.push(if zh {
            format!("{} 的值由触发点传入：{}。", span(&key), listed.join("、"))
        } else {
            format!(
                "The value of {} is what the trigger passed: {}.",
                span(&key),
                listed.join(", ")
            )
        });
    }
    if steps.is_empty() {
        return String::new();
    }
    let mut text = format!("## {}\n\n", words.reading);
    for (index, step) in steps.iter().enumerate() {
        text.push_str(&format!("{}. {step}\n", index + 1));
    }
    text
}

/// The code's first definition among `sources` (a Rust definition, then a
/// table row) as a catalog entry, with the file it is in.
fn defined_in(code: &str, sources: &Sources) -> Option<(String, Entry)> {
    let rust = sources
        .files
        .iter()
        .find_map(|(path, content)| match content {
            Content::Rust(Ok(rust)) => rust
                .definitions
                .iter()
                .find(|definition| definition.code.value == code)
                .map(|definition| (path, definition)),
            _ => None,
        });
    if let Some((path, definition)) = rust {
        let mut entry = Entry::new(
            code,
            definition.template().unwrap_or_default(),
            definition.arg_names().0.join(", "),
        );
        entry.title = definition.title.as_ref().map(|title| title.value.clone());
        entry.class = definition.class.as_ref().map(|class| class.value.clone());
        let cause = definition.cause.as_ref().map(|text| text.value.clone());
        let solution = definition.solution.as_ref().map(|text| text.value.clone());
        if cause.is_some() || solution.is_some() {
            entry.suggestion = Some(Suggestion::new(cause, solution));
        }
        entry.position = Position::new(definition.code.at.line, definition.code.at.column);
        return Some((path.clone(), entry));
    }
    sources.files.iter().find_map(|(path, content)| {
        let Content::C(c) = content else {
            return None;
        };
        let row = c.rows.iter().find(|row| row.code == code)?;
        let mut entry = Entry::new(code, row.message.clone(), row.names.join(", "));
        let text = |field: &Option<errcat_catalog::c_source::RowText>| {
            field.as_ref().and_then(|field| field.text.clone())
        };
        let (cause, solution) = (text(&row.cause), text(&row.solution));
        if cause.is_some() || solution.is_some() {
            entry.suggestion = Some(Suggestion::new(cause, solution));
        }
        entry.position = row.at;
        Some((path.clone(), entry))
    })
}

fn kind(code: &str) -> &'static str {
    match classify_code(code) {
        Ok(kind) if kind.internal => "internal error (rendered as `Inner Error!`)",
        Ok(kind) if kind.warning => "warning",
        _ => "error",
    }
}

/// The message as the runtime renders a report of the entry, with `<name>`
/// for each argument; `None` for an entry that cannot be registered.
fn render(entry: &Entry, from_file: bool) -> Option<String> {
    let definition = entry.definition().ok()?;
    if from_file {
        // The file's entry takes over the code in this process's registry.
        let single = Catalog::new(vec![entry.clone()]);
        register_catalog_json(&single.to_json(), u32::MAX).ok()?;
    }
    let values: Vec<String> = definition
        .fields
        .iter()
        .map(|name| format!("<{name}>"))
        .collect();
    let args: Vec<(&str, &str)> = definition
        .fields
        .iter()
        .map(String::as_str)
        .zip(values.iter().map(String::as_str))
        .collect();
    report_dynamic(&entry.code, &args).ok()?;
    let rendered = if definition.kind.warning {
        errcat::take_warning_message()
    } else {
        errcat::take_error_message()
    }?;
    Some(rendered.replace("\r\n", "\n"))
}

/// Why `code` is not explained: not a code, or not in the catalog (with the
/// closest code it has).
fn unknown(code: &str, source: &Source) -> String {
    if let Err(why) = classify_code(code) {
        return format!("`{code}` is not an error code: {why}");
    }
    let closest = source
        .catalog
        .entries
        .iter()
        .map(|entry| (differences(code, &entry.code), entry.code.as_str()))
        .filter(|&(distance, _)| distance <= 2)
        .min();
    let hint = closest.map_or_else(String::new, |(_, close)| format!("; did you mean {close}?"));
    format!("no code {code} in {}{hint}", source.name())
}

/// How many characters differ between two codes of the same length.
fn differences(a: &str, b: &str) -> usize {
    if a.chars().count() != b.chars().count() {
        return usize::MAX;
    }
    a.chars().zip(b.chars()).filter(|(x, y)| x != y).count()
}

/// `text` with its first letter in upper case.
fn capitalized(text: &str) -> String {
    let mut characters = text.chars();
    characters.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(characters).collect()
    })
}
