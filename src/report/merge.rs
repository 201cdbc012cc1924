//! `ludus merge FILES...`: shards of one run (`ludus simulate --shard i/n
//! --json`) summed into the report of the whole run.

use std::collections::BTreeSet;

use serde_json::Value;

use super::{Outcome, Reported};
use crate::sim::{Meta, Summary};

/// Everything that must agree between shards of one run: all but the
/// shard and where the rules were read from (the same rules, as their
/// fingerprint says, may lie in another folder on another machine).
fn identity(m: &Meta) -> Meta {
    Meta {
        shard: None,
        rules_source: String::new(),
        ..m.clone()
    }
}

/// The rules sources of the shards: the one they share, or each one
/// once, in order, joined by " and ".
fn sources<S>(parts: &[(String, Summary<S>)]) -> String {
    let mut seen: Vec<&str> = Vec::new();
    for (_, s) in parts {
        if !seen.contains(&s.meta.rules_source.as_str()) {
            seen.push(&s.meta.rules_source);
        }
    }
    seen.join(" and ")
}

/// Merges shard reports of one run. Every shard `i/n` for `i` in `0..n`
/// must be there exactly once, and all must have played the same rules,
/// agents, seed and number of games.
pub fn merge_summaries<G: Reported>(
    parts: &[(String, Summary<G::Sums>)],
) -> Result<Summary<G::Sums>, String> {
    let Some((first_name, first)) = parts.first() else {
        return Err("nothing to merge".into());
    };
    let id = identity(&first.meta);
    let mut seen = BTreeSet::new();
    let mut n_all = None;
    for (name, s) in parts {
        if let Some([i, j]) = s.meta.partial {
            return Err(format!(
                "{name} is a partial report (the run was stopped after games {i} to {}): play the shard again whole to merge it",
                j.saturating_sub(1).max(i)
            ));
        }
        if identity(&s.meta) != id {
            let what = differing(&id, &s.meta);
            return Err(format!(
                "{name} is not a shard of the same run as {first_name} ({what} differ)"
            ));
        }
        let Some([i, n]) = s.meta.shard else {
            return Err(format!(
                "{name} is a whole run, not a shard (made without --shard)"
            ));
        };
        if *n_all.get_or_insert(n) != n {
            return Err(format!(
                "{name} is shard {i}/{n}, but {first_name} is one of {} shards",
                n_all.unwrap_or(n)
            ));
        }
        if !seen.insert(i) {
            return Err(format!("shard {i}/{n} is given twice ({name})"));
        }
    }
    let n = n_all.unwrap_or(1);
    let missing: Vec<String> = (0..n)
        .filter(|i| !seen.contains(i))
        .map(|i| format!("{i}/{n}"))
        .collect();
    if !missing.is_empty() {
        return Err(format!("missing shard(s): {}", missing.join(", ")));
    }
    let mut out = Summary {
        meta: Meta {
            rules_source: sources(parts),
            ..id
        },
        totals: Default::default(),
        seconds: 0.0,
        threads: 0,
    };
    for (_, s) in parts {
        out.totals.merge_with::<G>(&s.totals);
        out.seconds += s.seconds;
        out.threads = out.threads.max(s.threads);
    }
    Ok(out)
}

fn differing(a: &Meta, b: &Meta) -> String {
    let mut v = Vec::new();
    if a.label != b.label || a.variant != b.variant || a.addons != b.addons || a.sets != b.sets {
        v.push("rule sets");
    }
    if a.rules_fingerprint != b.rules_fingerprint {
        v.push("rules");
    }
    if a.agents != b.agents {
        v.push("agents");
    }
    if a.seed != b.seed {
        v.push("seeds");
    }
    if a.games != b.games {
        v.push("numbers of games");
    }
    if v.is_empty() {
        v.push("names");
    }
    v.join(", ")
}

/// Merges reports read from files: `(file name, JSON)`. All single runs or
/// all comparisons (`--compare`) with the same sets.
pub fn merge_reports<G: Reported>(files: &[(String, Value)]) -> Result<Outcome<G::Sums>, String> {
    let is_compare = |v: &Value| v.get("sets").is_some_and(Value::is_array);
    if files.iter().all(|(_, v)| !is_compare(v)) {
        let parts = files
            .iter()
            .map(|(name, v)| super::json::summary_from_json::<G>(v).map(|s| (name.clone(), s)))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| format!("not a ludus simulate --json report: {e}"))?;
        return merge_summaries::<G>(&parts).map(|s| Outcome::Single(Box::new(s)));
    }
    if !files.iter().all(|(_, v)| is_compare(v)) {
        return Err("cannot merge a --compare report with a single run's".into());
    }
    let sets = |v: &Value| v["sets"].as_array().cloned().unwrap_or_default();
    let k = sets(&files[0].1).len();
    let mut merged = Vec::new();
    let mut paired: Option<super::compare_paired::Paired> = None;
    let mut all_paired = true;
    for (name, v) in files {
        match serde_json::from_value::<super::compare_paired::Paired>(v["paired"].clone()) {
            Ok(p) => match paired.as_mut() {
                Some(acc) => acc.merge(&p),
                None => paired = Some(p),
            },
            Err(_) if v.get("paired").is_none() => all_paired = false,
            Err(e) => return Err(format!("{name}: paired: {e}")),
        }
    }
    for i in 0..k {
        let mut parts = Vec::new();
        for (name, v) in files {
            let s = sets(v);
            if s.len() != k {
                return Err(format!("{name} compares {} sets, not {k}", s.len()));
            }
            parts.push((name.clone(), super::json::summary_from_json::<G>(&s[i])?));
        }
        merged.push(merge_summaries::<G>(&parts)?);
    }
    Ok(Outcome::Compare(merged, paired.filter(|_| all_paired)))
}
