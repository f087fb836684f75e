//! What a reference page (`<CODE>-<Title>.md`) says of its code, with
//! where it says it: the title of the `# <CODE> <Title>` line, the
//! template (the first fenced block under the symptom heading), and the
//! cause and solution sections, in the layout [`cann_page`](crate::cann_page)
//! describes. HTML comments are no page text: a reader of the rendered
//! page never sees them.

use crate::cann_page::{Language, Section, numbered_in_one_line, unescape_title};
use crate::position::Position;

/// A text of a page and the line it starts on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageText {
    /// The text.
    pub text: String,
    /// Where it starts.
    pub at: Position,
}

/// What one page says about its code.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct PageContent {
    /// The code of the `#` line, or of the file name when the page has none.
    pub code: String,
    /// The `#` line, or the page's start.
    pub at: Position,
    /// By its headings; `None` for a page with no heading of either language.
    pub language: Option<Language>,
    /// The `#` line's title, unescaped.
    pub title: Option<PageText>,
    /// The first fenced block under the symptom heading, its lines joined
    /// with `\n`.
    pub template: Option<PageText>,
    /// The cause section's lines, trimmed and joined with a space (a
    /// numbered list one item per line reads as the catalog writes it).
    pub cause: Option<PageText>,
    /// The solution section, as the cause section.
    pub solution: Option<PageText>,
    /// What the symptom section's placeholder sentence says each `%s`
    /// means, in order (Markdown escapes dropped); `None` for a page with
    /// no such sentence.
    pub placeholders: Option<Vec<String>>,
    /// The fenced block after the template under the symptom heading: the
    /// page's example of the message.
    pub example: Option<PageText>,
}

/// Reads a page whose file name gave `code`.
///
/// ```
/// use errcat_catalog::read_page;
/// let page = read_page("EK0201", "# EK0201 Low\\_Memory\n\n## Symptom\n\n```text\nCannot get %s.\n```\n\n## Solution\n\n<!-- old: Buy more. -->\nFree some.\n");
/// assert_eq!(page.title.unwrap().text, "Low_Memory");
/// assert_eq!(page.template.unwrap().text, "Cannot get %s.");
/// assert_eq!(page.solution.unwrap().text, "Free some.");
/// ```
pub fn read_page(code: &str, text: &str) -> PageContent {
    let text = without_html_comments(text);
    let text = text.as_str();
    let mut page = PageContent {
        code: code.to_owned(),
        at: Position::new(1, 1),
        language: None,
        title: None,
        template: None,
        cause: None,
        solution: None,
        placeholders: None,
        example: None,
    };
    let mut section: Option<Section> = None;
    let mut lines_of: Vec<(Section, Vec<(u32, &str)>)> = Vec::new();
    let mut fence: Option<&str> = None;
    for (index, line) in text.lines().enumerate() {
        let number = u32::try_from(index + 1).unwrap_or(u32::MAX);
        let trimmed = line.trim();
        if fence.is_none() {
            if let Some((found, language)) = Section::from_heading(trimmed) {
                page.language.get_or_insert(language);
                section = Some(found);
                lines_of.push((found, Vec::new()));
                continue;
            }
            if trimmed.starts_with("## ") {
                section = None;
                continue;
            }
            if let Some(heading) = trimmed.strip_prefix("# ")
                && page.title.is_none()
            {
                let (heading_code, title) = heading.split_once(' ').unwrap_or((heading, ""));
                if errcat_syntax::classify_code(heading_code).is_ok() {
                    page.code = heading_code.to_owned();
                }
                page.at = Position::new(number, 1);
                // Columns count characters: a code or heading of other
                // scripts before the title takes one column a character.
                let start = (line.len() - line.trim_start().len())
                    + "# ".len()
                    + (heading.len() - title.trim_start().len());
                let before = &line[..start];
                let column = u32::try_from(before.chars().count() + 1).unwrap_or(u32::MAX);
                page.title = Some(PageText {
                    text: unescape_title(title.trim()),
                    at: Position::new(number, column),
                });
                continue;
            }
        }
        for marker in ["```", "~~~"] {
            if trimmed.starts_with(marker) {
                fence = match fence {
                    None => Some(marker),
                    Some(open) if open == marker => None,
                    other => other,
                };
            }
        }
        if section.is_some()
            && let Some((_, lines)) = lines_of.last_mut()
        {
            lines.push((number, line));
        }
    }
    for (section, lines) in lines_of {
        match section {
            Section::Symptom if page.template.is_none() => {
                page.template = first_block(&lines);
                page.placeholders = lines
                    .iter()
                    .take_while(|(_, line)| !is_fence(line))
                    .find_map(|(_, line)| {
                        Language::ALL
                            .into_iter()
                            .find_map(|language| language.parse_placeholder_sentence(line.trim()))
                    })
                    .map(|descriptions| descriptions.into_iter().map(unescape_title).collect());
                // The example is the block after the template's.
                let fences: Vec<usize> = lines
                    .iter()
                    .enumerate()
                    .filter(|(_, (_, line))| is_fence(line))
                    .map(|(index, _)| index)
                    .collect();
                if let Some(&after) = fences.get(1) {
                    page.example = first_block(&lines[after + 1..]);
                }
            }
            Section::PossibleCause if page.cause.is_none() => page.cause = prose(&lines),
            Section::Solution if page.solution.is_none() => page.solution = prose(&lines),
            _ => {}
        }
    }
    page
}

/// Whether `line` opens or closes a fenced block.
fn is_fence(line: &str) -> bool {
    let line = line.trim_start();
    line.starts_with("```") || line.starts_with("~~~")
}

/// The first fenced block among `lines`.
fn first_block(lines: &[(u32, &str)]) -> Option<PageText> {
    let open = lines.iter().position(|(_, line)| {
        line.trim_start().starts_with("```") || line.trim_start().starts_with("~~~")
    })?;
    let marker = &lines[open].1.trim_start()[..3];
    let body = &lines[open + 1..];
    let close = body
        .iter()
        .position(|(_, line)| line.trim_start().starts_with(marker))
        .unwrap_or(body.len());
    let text: Vec<&str> = body[..close].iter().map(|(_, line)| *line).collect();
    Some(PageText {
        text: text.join("\n"),
        at: Position::new(body.first().map_or(lines[open].0, |(number, _)| *number), 1),
    })
}

/// A section's text, lines trimmed and joined with a space, Markdown
/// escapes dropped; `None` for a section with no text.
fn prose(lines: &[(u32, &str)]) -> Option<PageText> {
    let first = lines.iter().find(|(_, line)| !line.trim().is_empty())?;
    let unescaped: Vec<String> = lines.iter().map(|(_, line)| unescape_title(line)).collect();
    let unescaped: Vec<&str> = unescaped.iter().map(String::as_str).collect();
    Some(PageText {
        text: numbered_in_one_line(&unescaped),
        at: Position::new(first.0, 1),
    })
}

/// `text` with its HTML comments (`<!-- ... -->`, over several lines too)
/// blanked out, outside fenced blocks, where they are text. Line breaks
/// stay, so lines keep their numbers; a comment never closed hides the
/// rest, as it does in the rendered page.
fn without_html_comments(text: &str) -> String {
    if !text.contains("<!--") {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    let mut in_comment = false;
    let mut fence: Option<&str> = None;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        if !in_comment {
            for marker in ["```", "~~~"] {
                if trimmed.starts_with(marker) {
                    fence = match fence {
                        None => Some(marker),
                        Some(open) if open == marker => None,
                        other => other,
                    };
                }
            }
            if fence.is_some() || trimmed.starts_with("```") || trimmed.starts_with("~~~") {
                out.push_str(line);
                continue;
            }
        }
        let mut rest = line;
        while !rest.is_empty() {
            if in_comment {
                match rest.find("-->") {
                    Some(end) => {
                        rest = &rest[end + 3..];
                        in_comment = false;
                    }
                    None => {
                        if rest.ends_with('\n') {
                            out.push('\n');
                        }
                        rest = "";
                    }
                }
            } else {
                match rest.find("<!--") {
                    Some(start) => {
                        out.push_str(&rest[..start]);
                        rest = &rest[start + 4..];
                        in_comment = true;
                    }
                    None => {
                        out.push_str(rest);
                        rest = "";
                    }
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_english_page() {
        let page = read_page(
            "EK0201",
            "# EK0201 Low\\_Memory\n\n## Symptom\n\nThe format:\n\n```text\nCannot get %s.\n```\n\n\
             Example:\n\n```text\nCannot get 4M.\n```\n\n## Possible Cause\n\n1. Too little.\n2. Too \\*much\\*.\n\n\
             ## Solution\n\nFree some.\n",
        );
        assert_eq!(
            page,
            PageContent {
                code: "EK0201".to_owned(),
                at: Position::new(1, 1),
                language: Some(Language::English),
                title: Some(PageText {
                    text: "Low_Memory".to_owned(),
                    at: Position::new(1, 10)
                }),
                template: Some(PageText {
                    text: "Cannot get %s.".to_owned(),
                    at: Position::new(8, 1)
                }),
                cause: Some(PageText {
                    text: "1. Too little. 2. Too *much*.".to_owned(),
                    at: Position::new(19, 1)
                }),
                solution: Some(PageText {
                    text: "Free some.".to_owned(),
                    at: Position::new(24, 1)
                }),
                placeholders: None,
                example: Some(PageText {
                    text: "Cannot get 4M.".to_owned(),
                    at: Position::new(14, 1)
                }),
            }
        );
    }

    #[test]
    fn a_chinese_page_tells_its_placeholders_and_example() {
        let page = read_page(
            "EK0201",
            "# EK0201 Low\\_Memory\n\n## 错误信息\n\n报错格式如下，占位符%s表示内存大小：\n\n```text\nCannot get %s.\n```\n\n\
             报错示例如下：\n\n```text\nCannot get 4M.\n```\n\n## 可能原因\n\n内存不足。\n",
        );
        assert_eq!(page.placeholders, Some(vec!["内存大小".to_owned()]));
        assert_eq!(page.example.unwrap().text, "Cannot get 4M.");
        assert_eq!(page.cause.unwrap().text, "内存不足。");
    }

    #[test]
    fn html_comments_are_not_page_text() {
        let page = read_page(
            "EK0201",
            "# EK0201 A\n\n## Symptom\n\n<!--\n```text\nRight %s.\n```\n-->\n```text\nWrong %s.\n```\n\n## Solution\n\nFree <!-- not --> some.\n\n```text\n<!-- kept -->\n```\n",
        );
        let template = page.template.unwrap();
        assert_eq!(template.text, "Wrong %s.");
        assert_eq!(template.at, Position::new(11, 1));
        assert_eq!(
            page.solution.unwrap().text,
            "Free  some. ```text <!-- kept --> ```"
        );
    }

    #[test]
    fn a_title_column_counts_characters() {
        // Found by the `cann_page` fuzz target: the column counted bytes,
        // back from the line's end, which may have been trimmed off.
        let page = read_page("EK0202", "# 内存 不足\n");
        assert_eq!(page.title.unwrap().at, Position::new(1, 6));
        let page = read_page("EK0202", " # EK0202   Low\u{b}\n");
        assert_eq!(page.title.unwrap().at, Position::new(1, 13));
        let page = read_page("EK0202", "# 0 )et\u{2049}\u{b}\n");
        assert_eq!(page.title.unwrap().at, Position::new(1, 5));
    }

    #[test]
    fn a_chinese_page_without_cause() {
        let page = read_page(
            "EK0202",
            "# EK0202 A\n\n## 错误信息\n\n~~~\n## not a heading\n~~~\n\n## 解决方法\n\n重试。\n",
        );
        assert_eq!(page.language, Some(Language::Chinese));
        assert_eq!(page.template.unwrap().text, "## not a heading");
        assert_eq!(page.cause, None);
        assert_eq!(page.solution.unwrap().text, "重试。");
    }
}
