//! The libraries define every function and variable the C++ headers of
//! `include/cann` declare, so that the shared library can stand in for
//! CANN's `liberror_manager.so` system-wide and objects compiled against
//! CANN's own headers find each symbol they may need.
//!
//! The list is not written by hand: the declarations are read from the
//! headers ([`declarations`]), a C++ program that takes the address of each
//! is generated and compiled (with `-fno-access-control`, so that private
//! members are taken too), the compiler's own names for them are read from
//! the object with `nm`, and each must be defined (and, in the shared
//! library, exported) by both libraries; the program is then linked to each
//! and run.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

fn crate_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The headers whose declarations the libraries define.
const HEADERS: [&str; 3] = ["error_manager.h", "base/err_msg.h", "base/err_mgr.h"];

/// Where a declaration is.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Scope {
    /// A namespace (`""` for the global one, and for `extern "C"`).
    Namespace(String),
    /// The body of a class whose members are declared (`ErrorManager`).
    Class(String),
    /// Anything else: a type's body, an inline definition, an initialiser.
    Skipped,
}

/// A declaration of a function or variable the libraries must define.
#[derive(Debug, Clone)]
struct Declaration {
    /// `ErrorManager::`, `error_message::` or `::`.
    qualifier: String,
    /// Its text, comments, attributes and default arguments removed.
    text: String,
    member: bool,
    is_static: bool,
}

/// `text` without comments, preprocessor lines and the attribute macros of
/// the headers.
fn plain(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("/*") {
            rest = after.find("*/").map_or("", |end| &after[end + 2..]);
        } else if let Some(after) = rest.strip_prefix("//") {
            rest = after.find('\n').map_or("", |end| &after[end..]);
        } else {
            let ch = rest.chars().next().expect("not empty");
            out.push(ch);
            rest = &rest[ch.len_utf8()..];
        }
    }
    let mut lines = String::new();
    let mut continued = false;
    for line in out.lines() {
        let directive = continued || line.trim_start().starts_with('#');
        continued = directive && line.trim_end().ends_with('\\');
        if !directive {
            lines.push_str(line);
            lines.push('\n');
        }
    }
    let mut text = lines;
    for word in [
        "GE_FUNC_HOST_VISIBILITY",
        "GE_FUNC_DEV_VISIBILITY",
        "WEAK_SYMBOL",
        "ATTRIBUTE_USED",
    ] {
        text = text.replace(word, " ");
    }
    for call in ["FORMAT_PRINTF", "__attribute__"] {
        while let Some(at) = text.find(call) {
            let open = at + text[at..].find('(').expect("a call has arguments");
            let close = matching(&text, open);
            text.replace_range(at..=close, " ");
        }
    }
    text
}

/// The index of the bracket that closes the one at `open`.
fn matching(text: &str, open: usize) -> usize {
    let bytes = text.as_bytes();
    let (up, down) = match bytes[open] {
        b'(' => (b'(', b')'),
        b'{' => (b'{', b'}'),
        other => panic!("{} is not an opening bracket", other as char),
    };
    let mut depth = 0;
    for (at, &byte) in bytes.iter().enumerate().skip(open) {
        if byte == up {
            depth += 1;
        } else if byte == down {
            depth -= 1;
            if depth == 0 {
                return at;
            }
        }
    }
    panic!("unbalanced {}", up as char);
}

/// Splits at the commas outside brackets.
fn top_level_split(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    for (at, ch) in text.char_indices() {
        match ch {
            '(' | '<' | '{' | '[' => depth += 1,
            ')' | '>' | '}' | ']' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&text[start..at]);
                start = at + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
}

/// The declarations of functions and variables in `header`.
fn declarations(header: &str) -> Vec<Declaration> {
    let text = plain(header);
    let mut found = Vec::new();
    let mut scopes: Vec<Scope> = vec![Scope::Namespace(String::new())];
    let mut statement = String::new();
    for ch in text.chars() {
        match ch {
            '{' => {
                let head = statement.trim().to_owned();
                let words: Vec<&str> = head.split_whitespace().collect();
                let in_skipped = scopes.last() == Some(&Scope::Skipped);
                let scope = match words.as_slice() {
                    _ if in_skipped => Scope::Skipped,
                    ["namespace", name] => Scope::Namespace((*name).to_owned()),
                    ["extern", "\"C\""] => Scope::Namespace(String::new()),
                    ["class", name, ..] => Scope::Class((*name).to_owned()),
                    _ => Scope::Skipped,
                };
                scopes.push(scope);
                statement.clear();
            }
            '}' => {
                scopes.pop();
                statement.clear();
            }
            ';' => {
                let scope = scopes.last().cloned().unwrap_or(Scope::Skipped);
                // Declared once per branch of an #ifdef: read once.
                if let Some(declaration) = declaration(&scopes, &scope, &statement)
                    && !found.iter().any(|other: &Declaration| {
                        other.qualifier == declaration.qualifier && other.text == declaration.text
                    })
                {
                    found.push(declaration);
                }
                statement.clear();
            }
            _ => statement.push(ch),
        }
    }
    found
}

/// The declaration `statement` makes in `scope`, when it is one of a
/// function or a variable with a definition somewhere.
fn declaration(scopes: &[Scope], scope: &Scope, statement: &str) -> Option<Declaration> {
    let mut text = statement.trim().to_owned();
    for access in ["public:", "private:", "protected:"] {
        if let Some(rest) = text.strip_prefix(access) {
            text = rest.trim().to_owned();
        }
    }
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let first = text.split(' ').next().unwrap_or_default();
    if text.is_empty()
        || [
            "using",
            "typedef",
            "friend",
            "constexpr",
            "inline",
            "template",
        ]
        .contains(&first)
        || text.contains("= default")
        || text.contains("= delete")
    {
        return None;
    }
    let namespaces: Vec<&str> = scopes
        .iter()
        .filter_map(|scope| match scope {
            Scope::Namespace(name) if !name.is_empty() => Some(name.as_str()),
            _ => None,
        })
        .collect();
    let (qualifier, member) = match scope {
        Scope::Skipped => return None,
        Scope::Class(name) => (format!("{name}::"), true),
        Scope::Namespace(_) if namespaces.is_empty() => ("::".to_owned(), false),
        Scope::Namespace(_) => (format!("{}::", namespaces.join("::")), false),
    };
    let function = text.contains('(');
    let is_static = text.split(' ').any(|word| word == "static");
    if !function && member && !is_static {
        // A data member: part of the object, no symbol.
        return None;
    }
    if !function && !member && first != "extern" {
        return None;
    }
    Some(Declaration {
        qualifier,
        text: if function {
            without_defaults(&text)
        } else {
            text
        },
        member,
        is_static,
    })
}

/// A function declaration with its default arguments removed.
fn without_defaults(text: &str) -> String {
    let open = text.find('(').expect("a function");
    let close = matching(text, open);
    let params: Vec<String> = top_level_split(&text[open + 1..close])
        .into_iter()
        .map(|param| param.split(" =").next().unwrap_or(param).trim().to_owned())
        .collect();
    format!(
        "{}({}){}",
        &text[..open],
        params.join(", "),
        &text[close + 1..]
    )
}

/// The name a declaration declares, and whether it is a function.
fn name_of(text: &str) -> (&str, bool) {
    let Some(open) = text.find('(') else {
        return (text.split(' ').next_back().expect("a name"), false);
    };
    let head = text[..open].trim_end();
    let at = head
        .rfind(|ch: char| !(ch.is_alphanumeric() || ch == '_'))
        .map_or(0, |at| at + 1);
    (&head[at..], true)
}

/// A function of the generated program that takes the address of
/// `declaration` and returns whether it has one: with `auto` for a name
/// declared once, with its own signature for an overloaded one, in the
/// declaration's namespace, where its types are named as it names them.
fn taken(index: usize, declaration: &Declaration, overloaded: bool) -> String {
    let Declaration {
        qualifier,
        text,
        member,
        is_static,
    } = declaration;
    let (name, function) = name_of(text);
    let namespace = qualifier.trim_end_matches("::");
    let (open_ns, close_ns) = if !member && !namespace.is_empty() {
        (format!("namespace {namespace} {{ "), " }".to_owned())
    } else {
        (String::new(), String::new())
    };
    let take = if !function || !overloaded {
        format!("const auto p = &{qualifier}{name};")
    } else {
        let open = text.find('(').expect("a function");
        let close = matching(text, open);
        let head = text[..open].trim_end();
        let result = head[..head.len() - name.len()]
            .split(' ')
            .filter(|word| !["static", "extern"].contains(word))
            .collect::<Vec<_>>()
            .join(" ");
        let pointer = if *member && !is_static {
            format!("{qualifier}*")
        } else {
            "*".to_owned()
        };
        format!(
            "{result} ({pointer} p)({}) {} = &{qualifier}{name};",
            &text[open + 1..close],
            text[close + 1..].trim()
        )
    };
    format!("{open_ns}bool Taken{index}() {{ {take} return p != nullptr; }}{close_ns}\n")
}

/// Runs `command`; panics with its output unless it succeeds.
fn output(mut command: Command) -> String {
    let result = command
        .output()
        .unwrap_or_else(|error| panic!("cannot run {command:?}: {error}"));
    assert!(
        result.status.success(),
        "{command:?} failed:\n{}{}",
        String::from_utf8_lossy(&result.stdout),
        String::from_utf8_lossy(&result.stderr)
    );
    String::from_utf8_lossy(&result.stdout).into_owned()
}

/// The symbols `nm` lists with the given flags, of those kinds.
fn symbols(file: &Path, flags: &[&str], kinds: &str) -> BTreeSet<String> {
    let mut command = Command::new("nm");
    command.args(flags).arg(file);
    output(command)
        .lines()
        .filter_map(|line| {
            let mut words = line.split_whitespace().rev();
            let name = words.next()?;
            let kind = words.next()?;
            kinds.contains(kind).then(|| name.to_owned())
        })
        .collect()
}

fn compiler() -> Command {
    let target = env!("ERRCODE_FFI_TARGET");
    cc::Build::new()
        .cpp(true)
        .target(target)
        .host(target)
        .opt_level(0)
        .cargo_metadata(false)
        .try_get_compiler()
        .unwrap_or_else(|error| panic!("no C++ compiler for {target}: {error}"))
        .to_command()
}

fn library_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("the test executable has a path");
    exe.parent()
        .expect("the test executable is in a directory")
        .to_path_buf()
}

#[test]
fn the_libraries_define_every_declaration_of_the_cann_headers() {
    let include = crate_dir().join("include/cann");
    let mut all = Vec::new();
    for header in HEADERS {
        let path = include.join(header);
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
        all.extend(declarations(&text));
    }
    let class_members = all
        .iter()
        .filter(|declaration| declaration.qualifier == "ErrorManager::")
        .count();
    assert!(
        class_members >= 30,
        "only {class_members} members of ErrorManager were read from error_manager.h: {all:#?}"
    );

    let mut program = String::from(
        "#include <cstdio>\n#include <sstream>\n#include \"error_manager.h\"\n\
         #include \"base/err_msg.h\"\n#include \"base/err_mgr.h\"\n\n",
    );
    for (index, declaration) in all.iter().enumerate() {
        let name = name_of(&declaration.text).0;
        let overloaded = all
            .iter()
            .filter(|other| {
                other.qualifier == declaration.qualifier && name_of(&other.text).0 == name
            })
            .count()
            > 1;
        program.push_str(&taken(index, declaration, overloaded));
    }
    program.push_str("\nint main()\n{\n    int taken = 0;\n");
    for (index, declaration) in all.iter().enumerate() {
        let namespace = if declaration.member {
            ""
        } else {
            declaration.qualifier.trim_end_matches("::")
        };
        let namespace = if namespace.is_empty() {
            String::new()
        } else {
            format!("{namespace}::")
        };
        writeln!(program, "    taken += {namespace}Taken{index}() ? 1 : 0;").expect("a String");
    }
    program.push_str("    std::printf(\"%d\\n\", taken);\n    return 0;\n}\n");

    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("errcat-ffi/exports");
    std::fs::create_dir_all(&dir).expect("the folder is made");
    let source = dir.join("declared.cc");
    std::fs::write(&source, &program).expect("the program is written");
    let object = dir.join("declared.o");
    let mut compile = compiler();
    compile
        .args(["-std=c++14", "-fno-access-control", "-c"])
        .arg(format!("-I{}", include.display()))
        .arg(&source)
        .arg("-o")
        .arg(&object);
    output(compile);

    // The compiler's names of what the program takes, which the libraries
    // must define: everything the object needs but the C++ runtime's.
    let needed: BTreeSet<String> = symbols(&object, &["-u"], "Uw")
        .into_iter()
        .filter(|name| {
            !(name.starts_with("_ZNSt")
                || name.starts_with("_ZSt")
                || name.starts_with("_ZNKSt")
                || name.starts_with("__")
                || name == "_GLOBAL_OFFSET_TABLE_"
                || name == "printf")
        })
        .collect();
    assert!(
        needed.len() >= all.len(),
        "{} declarations read but {} symbols needed: {needed:#?}",
        all.len(),
        needed.len()
    );

    let libs = library_dir();
    let shared = libs.join("liberrcat_ffi.so");
    let exported = symbols(&shared, &["-D", "--defined-only"], "TWBDVRu");
    let archive = libs.join("liberrcat_ffi.a");
    let defined = symbols(&archive, &["--defined-only"], "TWBDVRu");
    let not_exported: Vec<&String> = needed.difference(&exported).collect();
    let not_defined: Vec<&String> = needed.difference(&defined).collect();
    assert!(
        not_exported.is_empty() && not_defined.is_empty(),
        "of the {} symbols the headers declare, liberrcat_ffi.so does not export {not_exported:#?} \
         and liberrcat_ffi.a does not define {not_defined:#?}",
        needed.len()
    );
    println!(
        "{} declarations of {HEADERS:?}, {} symbols, every one exported and defined",
        all.len(),
        needed.len()
    );

    // And the program links to each library and runs.
    for (name, link) in [
        ("declared-static", vec![archive.display().to_string()]),
        (
            "declared-shared",
            vec![
                format!("-L{}", libs.display()),
                "-lerrcat_ffi".to_owned(),
                format!("-Wl,-rpath,{}", libs.display()),
                "-Wl,--disable-new-dtags".to_owned(),
            ],
        ),
    ] {
        let exe = dir.join(name);
        let mut command = compiler();
        command
            .arg(&object)
            .arg("-o")
            .arg(&exe)
            .args(&link)
            .args(["-lpthread", "-ldl", "-lm"]);
        output(command);
        let printed = output(Command::new(&exe));
        assert_eq!(printed.trim(), all.len().to_string(), "{name}");
    }
}
