//! What a maintainer has decided about the findings: each kind's severity,
//! the findings the project file accepts, and those a baseline accepts.
//! Applied to every finding of a run, in that order.

use errcat::catalog::Severity;

use crate::baseline::Baseline;
use crate::finding::{Finding, Kind};
use crate::project::{Accept, Level, Project};

/// A finding taken off a run, and by what.
pub(crate) enum AcceptedBy {
    /// An `errcode: allow(KIND)` comment in the source, on its line.
    InSource(u32),
    /// An `[[accept]]` table of the project file, with its reason.
    Project(String),
    /// The baseline.
    Baseline,
}

/// The findings after the policy.
pub(crate) struct Applied {
    /// The findings that still count, in the order given.
    pub(crate) active: Vec<Finding>,
    /// The findings accepted, and by what.
    pub(crate) accepted: Vec<(Finding, AcceptedBy)>,
    /// How many findings the baseline accepts that were not found.
    pub(crate) baseline_gone: usize,
    /// The project file's accept tables that accepted nothing.
    pub(crate) unused: Vec<Accept>,
}

/// Applies `project`'s kinds and accept tables, then `baseline`, to
/// `findings`. Without `warn`, warnings the policy leaves as warnings are
/// dropped (they never change the status).
pub(crate) fn apply(
    findings: Vec<Finding>,
    project: Option<&Project>,
    mut baseline: Option<&mut Baseline>,
) -> Applied {
    let mut active = Vec::new();
    let mut accepted = Vec::new();
    let mut used = vec![false; project.map_or(0, |project| project.accept.len())];
    for mut finding in findings {
        if let Some(line) = finding.allowed_at {
            accepted.push((finding, AcceptedBy::InSource(line)));
            continue;
        }
        if let Some(project) = project {
            match project.level(finding.kind) {
                Some(Level::Off) => continue,
                Some(Level::Error) => finding.severity = Severity::Error,
                Some(Level::Warning) => finding.severity = Severity::Warning,
                None => {}
            }
            if let Some((index, accept)) = project
                .accept
                .iter()
                .enumerate()
                .find(|(_, accept)| matches(accept, project, &finding))
            {
                used[index] = true;
                accepted.push((finding, AcceptedBy::Project(accept.reason.clone())));
                continue;
            }
        }
        if finding.is_error()
            && let Some(baseline) = baseline.as_deref_mut()
            && baseline.accepts(&finding)
        {
            accepted.push((finding, AcceptedBy::Baseline));
            continue;
        }
        active.push(finding);
    }
    let unused = project.map_or_else(Vec::new, |project| {
        project
            .accept
            .iter()
            .zip(&used)
            .filter(|(_, used)| !**used)
            .map(|(accept, _)| accept.clone())
            .collect()
    });
    Applied {
        active,
        accepted,
        baseline_gone: baseline.map_or(0, |baseline| baseline.gone()),
        unused,
    }
}

fn matches(accept: &Accept, project: &Project, finding: &Finding) -> bool {
    if accept.kind != finding.kind {
        return false;
    }
    if let Some(code) = &accept.code
        && finding.code.as_ref() != Some(code)
    {
        return false;
    }
    if let Some(field) = accept.field
        && finding.field != Some(field)
    {
        return false;
    }
    if let Some((_, glob)) = &accept.file
        && !glob.is_match(project.relative(&finding.file))
    {
        return false;
    }
    true
}

impl Accept {
    /// `[[accept]] 2 (kind = "not-in-catalog", code = "E10001")`.
    pub(crate) fn describe(&self) -> String {
        let mut keys = vec![format!("kind = {:?}", self.kind.name())];
        if let Some(code) = &self.code {
            keys.push(format!("code = {code:?}"));
        }
        if let Some((file, _)) = &self.file {
            keys.push(format!("file = {file:?}"));
        }
        if let Some(field) = self.field {
            keys.push(format!("field = {:?}", field.name()));
        }
        format!("[[accept]] {} ({})", self.number, keys.join(", "))
    }

    /// The finding that says it accepted nothing.
    pub(crate) fn unused_finding(&self, project: &Project) -> Finding {
        Finding::new(
            project.file.clone(),
            self.line,
            0,
            None,
            Kind::UnusedAccept,
            format!("{} accepts no finding: remove it", self.describe()),
        )
    }
}
