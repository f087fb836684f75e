//! The Rust reader's visitor: definitions and report sites compared as
//! they are read, so that memory holds what the other files need (codes
//! defined, sites whose code is not known yet), not the file's items.

use errcat::catalog::Position;
use errcat_catalog::c_source::SiteCode;

use super::copies::{Here, Use};
use super::{Deferred, KEPT_PER_FILE, Partial, allow, catalog_definition, define, site_note};
use crate::finding::{Finding, Kind};
use errcat_catalog::rust_source::{RustDefinition, RustProblem, RustSite, RustVisitor};

pub(super) struct RustCompare<'p, 'h> {
    pub(super) partial: &'p mut Partial,
    pub(super) here: &'h Here<'h>,
    pub(super) index: usize,
    pub(super) warn: bool,
    pub(super) found: Vec<Finding>,
    /// Errors and warnings past [`KEPT_PER_FILE`], counted, not kept.
    pub(super) left_out: (usize, usize),
}

impl RustCompare<'_, '_> {
    fn keep(&mut self, found: Vec<Finding>) {
        for finding in found {
            if self.found.len() < KEPT_PER_FILE {
                self.found.push(finding);
            } else if finding.is_error() {
                self.left_out.0 += 1;
            } else {
                self.left_out.1 += 1;
            }
        }
    }
}

impl RustVisitor for RustCompare<'_, '_> {
    fn definition(&mut self, definition: RustDefinition) {
        self.partial.tally.definitions += 1;
        let at = Position::new(definition.code.at.line, definition.code.at.column);
        let names = definition.arg_names().0.join(", ");
        self.partial
            .used(&definition.code.value, self.here.file, at, || {
                format!("Rust definition {}, names {names:?}", definition.item)
            });
        let mut found = Vec::new();
        self.here.rust(&definition, &mut found);
        self.keep(found);
        // A retired definition defines no code a site may report.
        if definition.retired.is_some() {
            return;
        }
        let template = definition.template().unwrap_or_default();
        define(
            &mut self.partial.defined,
            self.index,
            &definition.code.value,
            definition.arg_names().0,
            &template,
            None,
        );
    }

    fn site(&mut self, site: RustSite) {
        self.partial.tally.sites += 1;
        let at = Position::new(site.code.at.line, site.code.at.column);
        let allowed_at = site.allowed_at.map(|at| Position::new(at.line, at.column));
        let code = site.code.value;
        self.partial.used(&code, self.here.file, at, || {
            site_note(site.keys.as_deref(), None)
        });
        match self.here.entries.get(code.as_str()) {
            Some((checked, entry)) => {
                let definition = catalog_definition(checked, entry);
                let using = Use {
                    code: &code,
                    through: None,
                    at,
                    keys: site.keys.as_deref(),
                    values: site.values.as_deref(),
                    formats: None,
                };
                let mut one = Vec::new();
                self.here
                    .site(&using, Some(&definition), self.warn, &mut one);
                let mut found = Vec::new();
                allow(
                    self.here.file,
                    allowed_at.unwrap_or(at),
                    &site.allowed,
                    one,
                    &mut found,
                );
                self.keep(found);
            }
            None => self.partial.deferred.push(Deferred {
                file: self.here.file.to_owned(),
                code: SiteCode::Literal(code),
                at,
                keys: site.keys,
                values: site.values,
                after: 0,
                allowed: site.allowed,
                allowed_at,
            }),
        }
    }

    fn problem(&mut self, problem: RustProblem) {
        let kind = match problem {
            RustProblem::TooDeep(_) => Kind::TooDeep,
            RustProblem::TooManyItems(_) => Kind::Unclosed,
        };
        let at = problem.at();
        self.keep(vec![Finding::new(
            self.here.file,
            at.line,
            at.column,
            None,
            kind,
            problem.describe(),
        )]);
    }
}
