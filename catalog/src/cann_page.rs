//! The vocabulary of CANN's error-code reference pages (`docs/en/error_code_ref`
//! and `docs/zh/error_code_ref`): their languages, headings, fixed sentences,
//! file names and the Markdown escapes of their titles, plus the two forms
//! of a numbered list (one item per line on a page, all in one line in the
//! catalog). The page writer and the drift check both speak it, so that what
//! one writes the other reads without a finding.
//!
//! ```
//! use errcat_catalog::cann_page::{Language, Section, escape_title, page_file_name};
//! assert_eq!(Section::Symptom.heading(Language::Chinese), "## 错误信息");
//! assert_eq!(escape_title("Invalid_Argument"), r"Invalid\_Argument");
//! assert_eq!(page_file_name("EH0001", "Invalid_Argument"), "EH0001-Invalid_Argument.md");
//! ```

/// The language of a reference page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Language {
    /// `docs/en`.
    English,
    /// `docs/zh`.
    Chinese,
}

impl Language {
    /// Both languages, English first.
    pub const ALL: [Language; 2] = [Language::English, Language::Chinese];

    /// The language's code, as the folder `docs/<code>` and `--lang` write it.
    pub const fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Chinese => "zh",
        }
    }

    /// The language of `code` (`"en"` or `"zh"`).
    pub fn from_code(code: &str) -> Option<Language> {
        Language::ALL
            .into_iter()
            .find(|language| language.code() == code)
    }

    /// The line that introduces the example block: `Error example:`.
    pub const fn example_label(self) -> &'static str {
        match self {
            Language::English => "Error example:",
            Language::Chinese => "报错示例如下：",
        }
    }

    /// The sentence before the template that says what its placeholders
    /// mean, one description per `%s` in order; no descriptions gives the
    /// sentence without its placeholder clause.
    ///
    /// English puts "the" before a single description and none before a
    /// list, as CANN's pages do; descriptions are written as given (Markdown).
    ///
    /// ```
    /// use errcat_catalog::cann_page::Language;
    /// assert_eq!(
    ///     Language::English.placeholder_sentence(&["memory size"]),
    ///     "The following is error format. The placeholder %s indicates the memory size."
    /// );
    /// assert_eq!(
    ///     Language::Chinese.placeholder_sentence(&["参数值", "参数名"]),
    ///     "报错格式如下，占位符%s的含义依次为参数值、参数名："
    /// );
    /// assert_eq!(Language::English.placeholder_sentence(&[]), "The following is error format.");
    /// ```
    pub fn placeholder_sentence(self, descriptions: &[&str]) -> String {
        match (self, descriptions) {
            (Language::English, []) => EN_FORMAT.to_owned(),
            (Language::English, [one]) => format!("{EN_FORMAT}{EN_ONE}{one}."),
            (Language::English, several) => {
                format!("{EN_FORMAT}{EN_SEVERAL}{}.", several.join(", "))
            }
            (Language::Chinese, []) => format!("{ZH_FORMAT}："),
            (Language::Chinese, [one]) => format!("{ZH_FORMAT}{ZH_ONE}{one}："),
            (Language::Chinese, several) => {
                format!("{ZH_FORMAT}{ZH_SEVERAL}{}：", several.join("、"))
            }
        }
    }

    /// The descriptions a placeholder sentence gives, in order: the inverse of
    /// [`placeholder_sentence`](Self::placeholder_sentence), `None` for a line
    /// that is not one. Chinese pages also write `分别表示A、B` and `的含义为A`
    /// by hand; they are read too.
    ///
    /// ```
    /// use errcat_catalog::cann_page::Language;
    /// assert_eq!(
    ///     Language::English.parse_placeholder_sentence(
    ///         "The following is error format. The meanings of the placeholders %s in sequence are: file name, error cause."
    ///     ),
    ///     Some(vec!["file name", "error cause"])
    /// );
    /// assert_eq!(Language::Chinese.parse_placeholder_sentence("报错格式如下："), Some(vec![]));
    /// assert_eq!(Language::English.parse_placeholder_sentence("Error example:"), None);
    /// ```
    pub fn parse_placeholder_sentence(self, line: &str) -> Option<Vec<&str>> {
        match self {
            Language::English => {
                let rest = line.strip_prefix(EN_FORMAT)?;
                if rest.is_empty() {
                    return Some(Vec::new());
                }
                let rest = rest.strip_suffix('.')?;
                if let Some(one) = rest.strip_prefix(EN_ONE) {
                    Some(vec![one])
                } else {
                    Some(rest.strip_prefix(EN_SEVERAL)?.split(", ").collect())
                }
            }
            Language::Chinese => {
                let rest = line.strip_prefix(ZH_FORMAT)?.strip_suffix('：')?;
                if rest.is_empty() {
                    return Some(Vec::new());
                }
                let rest = rest.strip_prefix("，占位符%s")?;
                for (clause, several) in [
                    ("的含义依次为", true),
                    ("分别表示", true),
                    ("的含义为", false),
                    ("表示", false),
                ] {
                    if let Some(listed) = rest.strip_prefix(clause) {
                        return Some(if several {
                            listed.split('、').collect()
                        } else {
                            vec![listed]
                        });
                    }
                }
                None
            }
        }
    }
}

const EN_FORMAT: &str = "The following is error format.";
const EN_ONE: &str = " The placeholder %s indicates the ";
const EN_SEVERAL: &str = " The meanings of the placeholders %s in sequence are: ";
const ZH_FORMAT: &str = "报错格式如下";
const ZH_ONE: &str = "，占位符%s表示";
const ZH_SEVERAL: &str = "，占位符%s的含义依次为";

/// A section of a code's page, each under its `##` heading.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Section {
    /// The template and its example.
    Symptom,
    /// The catalog's `Possible Cause`.
    PossibleCause,
    /// The catalog's `Solution`.
    Solution,
}

impl Section {
    /// The sections in the order a page writes them.
    pub const ALL: [Section; 3] = [Section::Symptom, Section::PossibleCause, Section::Solution];

    /// The heading line: `## Symptom` / `## 错误信息`, `## Possible Cause` /
    /// `## 可能原因`, `## Solution` / `## 解决方法`.
    pub const fn heading(self, language: Language) -> &'static str {
        match (self, language) {
            (Section::Symptom, Language::English) => "## Symptom",
            (Section::Symptom, Language::Chinese) => "## 错误信息",
            (Section::PossibleCause, Language::English) => "## Possible Cause",
            (Section::PossibleCause, Language::Chinese) => "## 可能原因",
            (Section::Solution, Language::English) => "## Solution",
            (Section::Solution, Language::Chinese) => "## 解决方法",
        }
    }

    /// The section and language of a heading line, trailing spaces ignored.
    ///
    /// ```
    /// use errcat_catalog::cann_page::{Language, Section};
    /// assert_eq!(Section::from_heading("## 可能原因"), Some((Section::PossibleCause, Language::Chinese)));
    /// assert_eq!(Section::from_heading("## Cause"), None);
    /// ```
    pub fn from_heading(line: &str) -> Option<(Section, Language)> {
        let line = line.trim_end();
        Section::ALL.into_iter().find_map(|section| {
            Language::ALL
                .into_iter()
                .find(|language| section.heading(*language) == line)
                .map(|language| (section, language))
        })
    }
}

/// The characters a title escapes with `\` on a page: those that would
/// start emphasis, code, a link or HTML, and `\` itself.
const ESCAPED: &[char] = &['\\', '`', '*', '_', '[', ']', '<', '>'];

/// A title as a page writes it: `Invalid_Argument` → `Invalid\_Argument`.
pub fn escape_title(title: &str) -> String {
    let mut escaped = String::with_capacity(title.len() + 8);
    for character in title.chars() {
        if ESCAPED.contains(&character) {
            escaped.push('\\');
        }
        escaped.push(character);
    }
    escaped
}

/// A title as the catalog writes it: a `\` before any ASCII punctuation is
/// dropped (the CommonMark rule), so `error stage \(or API name\)` reads
/// back too; any other `\` is kept.
pub fn unescape_title(escaped: &str) -> String {
    let mut title = String::with_capacity(escaped.len());
    let mut characters = escaped.chars().peekable();
    while let Some(character) = characters.next() {
        if character == '\\'
            && let Some(next) = characters.peek()
            && next.is_ascii_punctuation()
        {
            continue;
        }
        title.push(character);
    }
    title
}

/// The first line of a code's page: `# EK0201 Resource\_Error`.
pub fn title_line(code: &str, title: &str) -> String {
    format!("# {code} {}", escape_title(title))
}

/// The file name of a code's page: `<CODE>-<Title>.md`, the title as the
/// catalog writes it, made one safe name by [`file_name_part`]:
/// `Device_Absent/Abnormal` → `Device_Absent-Abnormal`.
pub fn page_file_name(code: &str, title: &str) -> String {
    format!("{}.md", file_name_part(&format!("{code}-{title}")))
}

/// The most bytes a name made from a catalog's text may have before its
/// `.md`: file systems refuse names longer than 255 bytes.
pub const MAX_FILE_NAME_PART: usize = 200;

/// `text` as one safe part of a file name, the only way a catalog's text
/// (a title, a class) becomes one: the characters no file name may hold on
/// the systems CANN is built on (`/`, `\`, `:`, `*`, `?`, `"`, `<`, `>`,
/// `|`), control characters and those that reorder or break a line on
/// screen become `-`, and so do leading dots, so that the name is never
/// `.` or `..`, nor hidden; then it is cut to [`MAX_FILE_NAME_PART`]
/// bytes. Whatever a catalog holds, the name stays in its folder.
///
/// ```
/// use errcat_catalog::cann_page::file_name_part;
/// assert_eq!(file_name_part("../../etc"), "---..-etc");
/// assert_eq!(file_name_part("/tmp/x"), "-tmp-x");
/// assert_eq!(file_name_part("a\nb"), "a-b");
/// ```
pub fn file_name_part(text: &str) -> String {
    let mut part = String::with_capacity(text.len().min(MAX_FILE_NAME_PART));
    let mut leading = true;
    for character in text.chars() {
        let unsafe_here = matches!(
            character,
            '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|'
        ) || crate::one_line::breaks_a_line(character)
            || (leading && character == '.');
        leading &= character == '.';
        let character = if unsafe_here { '-' } else { character };
        if part.len() + character.len_utf8() > MAX_FILE_NAME_PART {
            break;
        }
        part.push(character);
    }
    part
}

/// The code and the title of a page's file name, `None` for a name that is
/// not `<CODE>-<Title>.md` (an index page, whose name has no code). The
/// page of an entry without a title is `<CODE>.md`, title `""`.
///
/// ```
/// use errcat_catalog::cann_page::parse_page_file_name;
/// assert_eq!(parse_page_file_name("EK0201-Resource_Error.md"), Some(("EK0201", "Resource_Error")));
/// assert_eq!(parse_page_file_name("E61501.md"), Some(("E61501", "")));
/// assert_eq!(parse_page_file_name("Profiling-Errors.md"), None);
/// ```
pub fn parse_page_file_name(name: &str) -> Option<(&str, &str)> {
    let stem = name.strip_suffix(".md")?;
    if errcat_syntax::classify_code(stem).is_ok() {
        return Some((stem, ""));
    }
    let (code, title) = stem.split_once('-')?;
    errcat_syntax::classify_code(code).ok()?;
    (!title.is_empty()).then_some((code, title))
}

/// The stem of a class's index page: the class, trimmed, spaces as `-`:
/// `Profiling Errors` → `Profiling-Errors` (the page `Profiling-Errors.md`,
/// and the class's folder when no existing reference names another).
pub fn class_file_stem(class: &str) -> String {
    file_name_part(&class.trim().replace(' ', "-"))
}

/// A class's index page: `# <class>`, then a link per code, a blank line
/// between items, and a final newline.
///
/// ```
/// use errcat_catalog::cann_page::index_page;
/// assert_eq!(
///     index_page("Profiling Errors", &[("EK0201", "Resource_Error")]),
///     "# Profiling Errors\n\n- [EK0201 Resource\\_Error](EK0201-Resource_Error.md)\n"
/// );
/// ```
pub fn index_page(class: &str, codes: &[(&str, &str)]) -> String {
    let mut page = format!("# {}\n", class.trim());
    for (code, title) in codes {
        page.push_str(&format!(
            "\n- [{code} {}]({})\n",
            escape_title(title),
            page_file_name(code, title)
        ));
    }
    page
}

/// The template as a page's text block writes it: a newline in the message
/// is written `\n`, so the template stays one line, as on CANN's pages.
pub fn template_line(message: &str) -> String {
    message.replace('\n', "\\n")
}

/// The items of a numbered list written in one text (`1. a 2. b`, or one
/// per line), each trimmed; `None` when the text does not start with `1.`.
///
/// Item `n + 1` starts where `n + 1.` follows a space, a line break or the
/// end of a sentence (`failed.2. The`), and no digit follows its dot.
///
/// ```
/// use errcat_catalog::cann_page::numbered_items;
/// assert_eq!(
///     numbered_items("1. The file does not exist.  2. No permission.\n3. Locked."),
///     Some(vec!["1. The file does not exist.", "2. No permission.", "3. Locked."])
/// );
/// assert_eq!(numbered_items("Version 1.2 is required. 2. Retry."), None);
/// ```
pub fn numbered_items(text: &str) -> Option<Vec<&str>> {
    let text = text.trim();
    number_at(text, 0, 1)?;
    let mut starts = vec![0];
    let mut next = 2;
    for (index, character) in text.char_indices().skip(1) {
        if character.is_ascii_digit()
            && let Some(previous) = text[..index].chars().next_back()
            && (previous.is_whitespace() || matches!(previous, '.' | '。' | ';' | '；'))
            && number_at(text, index, next).is_some()
        {
            starts.push(index);
            next += 1;
        }
    }
    starts.push(text.len());
    Some(
        starts
            .windows(2)
            .map(|bounds| text[bounds[0]..bounds[1]].trim())
            .collect(),
    )
}

/// The byte after `number.` at `index`, when `text` has it there and no
/// digit follows the dot.
fn number_at(text: &str, index: usize, number: usize) -> Option<usize> {
    let label = format!("{number}.");
    let rest = text[index..].strip_prefix(label.as_str())?;
    (!rest.starts_with(|character: char| character.is_ascii_digit())).then_some(index + label.len())
}

/// A cause or solution as a page writes it: a numbered list one item per
/// line, any other text as it is (trimmed).
///
/// ```
/// use errcat_catalog::cann_page::numbered_lines;
/// assert_eq!(numbered_lines("1. Check a. 2. Check b."), "1. Check a.\n2. Check b.");
/// assert_eq!(numbered_lines("Check a."), "Check a.");
/// ```
pub fn numbered_lines(text: &str) -> String {
    match numbered_items(text) {
        Some(items) => items.join("\n"),
        None => text.trim().to_owned(),
    }
}

/// A page's numbered lines as the catalog writes them, in one line:
/// `["1. a", "2. b"]` → `1. a 2. b`.
pub fn numbered_in_one_line(lines: &[&str]) -> String {
    lines
        .iter()
        .map(|line| line.trim())
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_by_code() {
        assert_eq!(Language::from_code("en"), Some(Language::English));
        assert_eq!(Language::from_code("zh"), Some(Language::Chinese));
        assert_eq!(Language::from_code("fr"), None);
        assert_eq!(Language::Chinese.example_label(), "报错示例如下：");
        assert_eq!(Language::English.example_label(), "Error example:");
    }

    #[test]
    fn every_heading_reads_back() {
        for section in Section::ALL {
            for language in Language::ALL {
                assert_eq!(
                    Section::from_heading(section.heading(language)),
                    Some((section, language))
                );
            }
        }
        assert_eq!(
            Section::from_heading("## Solution  "),
            Some((Section::Solution, Language::English))
        );
        assert_eq!(Section::from_heading("# Solution"), None);
    }

    #[test]
    fn placeholder_sentences_in_both_languages() {
        let several = ["parameter value", "parameter name", "error cause"];
        assert_eq!(
            Language::English.placeholder_sentence(&several),
            "The following is error format. The meanings of the placeholders %s in sequence are: parameter value, parameter name, error cause."
        );
        assert_eq!(
            Language::Chinese.placeholder_sentence(&["内存大小"]),
            "报错格式如下，占位符%s表示内存大小："
        );
        assert_eq!(
            Language::Chinese.placeholder_sentence(&[]),
            "报错格式如下："
        );
        for language in Language::ALL {
            for descriptions in [&several[..], &several[..1], &[]] {
                let sentence = language.placeholder_sentence(descriptions);
                assert_eq!(
                    language.parse_placeholder_sentence(&sentence).as_deref(),
                    Some(descriptions),
                    "{sentence}"
                );
            }
        }
    }

    #[test]
    fn chinese_sentences_written_by_hand_read_too() {
        assert_eq!(
            Language::Chinese
                .parse_placeholder_sentence("报错格式如下，占位符%s分别表示操作任务、报错原因："),
            Some(vec!["操作任务", "报错原因"])
        );
        assert_eq!(
            Language::Chinese.parse_placeholder_sentence("报错格式如下，占位符%s的含义为文件名："),
            Some(vec!["文件名"])
        );
        assert_eq!(
            Language::Chinese.parse_placeholder_sentence("报错格式如下，占位符%s："),
            None
        );
        assert_eq!(
            Language::English.parse_placeholder_sentence("The following is error format"),
            None
        );
    }

    #[test]
    fn titles_escape_and_unescape() {
        assert_eq!(
            escape_title("Resource_Error_Insufficient_Host_Memory"),
            r"Resource\_Error\_Insufficient\_Host\_Memory"
        );
        assert_eq!(escape_title("a*b`c[d]<e>\\"), r"a\*b\`c\[d\]\<e\>\\");
        for title in [
            "Invalid_Argument",
            "a*b`c[d]<e>\\",
            "Device_Absent/Abnormal",
            "plain",
        ] {
            assert_eq!(unescape_title(&escape_title(title)), title);
        }
        assert_eq!(
            unescape_title(r"error stage \(or API name\)"),
            "error stage (or API name)"
        );
        assert_eq!(unescape_title(r"C:\dir"), r"C:\dir");
        assert_eq!(
            title_line("EH0001", "Invalid_Argument"),
            r"# EH0001 Invalid\_Argument"
        );
    }

    #[test]
    fn file_names() {
        assert_eq!(
            page_file_name("EK0201", "Resource_Error_Insufficient_Host_Memory"),
            "EK0201-Resource_Error_Insufficient_Host_Memory.md"
        );
        assert_eq!(
            page_file_name("EL0001", "Device_Absent/Abnormal"),
            "EL0001-Device_Absent-Abnormal.md"
        );
        assert_eq!(
            parse_page_file_name("EE1002-Execution_Error_Stream_Synchronize_Timeout.md"),
            Some(("EE1002", "Execution_Error_Stream_Synchronize_Timeout"))
        );
        assert_eq!(parse_page_file_name("DUMP-Errors.md"), None);
        assert_eq!(parse_page_file_name("EK0201-.md"), None);
        assert_eq!(parse_page_file_name("EK0201-Title.txt"), None);
        assert_eq!(class_file_stem("HCCL Errors "), "HCCL-Errors");
    }

    #[test]
    fn index_page_has_a_blank_line_between_items() {
        assert_eq!(
            index_page(
                " DUMP Errors",
                &[
                    ("EP0001", "Config_Error"),
                    ("EP0008", "Invalid_Argument_API_Call_Sequence")
                ]
            ),
            "# DUMP Errors\n\n- [EP0001 Config\\_Error](EP0001-Config_Error.md)\n\n- [EP0008 Invalid\\_Argument\\_API\\_Call\\_Sequence](EP0008-Invalid_Argument_API_Call_Sequence.md)\n"
        );
        assert_eq!(index_page("Empty Errors", &[]), "# Empty Errors\n");
    }

    #[test]
    fn template_keeps_one_line() {
        assert_eq!(template_line("%s\nFault %s occurs"), r"%s\nFault %s occurs");
        assert_eq!(template_line("Value %s."), "Value %s.");
    }

    #[test]
    fn numbered_lists_in_both_forms() {
        let catalog = "1.The link is faulty. 2. The device is abnormal.";
        assert_eq!(
            numbered_lines(catalog),
            "1.The link is faulty.\n2. The device is abnormal."
        );
        assert_eq!(
            numbered_items("1. Jobs failed.2. Too slow (default 1800s, 2.5 at most)."),
            Some(vec![
                "1. Jobs failed.",
                "2. Too slow (default 1800s, 2.5 at most)."
            ])
        );
        // A number out of sequence is text, not an item.
        assert_eq!(
            numbered_items("1. Retry 3. times. 2. Stop."),
            Some(vec!["1. Retry 3. times.", "2. Stop."])
        );
        assert_eq!(
            numbered_items("1. Only one item."),
            Some(vec!["1. Only one item."])
        );
        assert_eq!(numbered_items("Check: 1. a 2. b"), None);
        assert_eq!(numbered_items("10. a"), None);
        assert_eq!(
            numbered_lines("  Stop unnecessary processes.  "),
            "Stop unnecessary processes."
        );
        assert_eq!(numbered_in_one_line(&["1. a", " 2. b ", ""]), "1. a 2. b");
        let page = numbered_lines("1. a  2. b\n3. c");
        assert_eq!(
            numbered_in_one_line(&page.lines().collect::<Vec<_>>()),
            "1. a 2. b 3. c"
        );
    }
}
