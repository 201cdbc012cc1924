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

/// Checks that the parts (each a file's name and its shard `[i, n]`,
/// `None` for a whole `what`, made without `--shard`) are the shards of
/// one split, each exactly once.
pub fn every_shard_once<'a>(
    what: &str,
    parts: impl IntoIterator<Item = (&'a str, Option<[u64; 2]>)>,
) -> Result<(), String> {
    let mut seen = BTreeSet::new();
    let mut count: Option<(u64, &str)> = None;
    for (name, shard) in parts {
        let Some([i, n]) = shard else {
            return Err(format!(
                "{name} is a whole {what}, not a shard (made without --shard)"
            ));
        };
        let (all, first_name) = *count.get_or_insert((n, name));
        if all != n {
            return Err(format!(
                "{name} is shard {i}/{n}, but {first_name} is one of {all} shards"
            ));
        }
        if !seen.insert(i) {
            return Err(format!("shard {i}/{n} is given twice ({name})"));
        }
    }
    let n = count.map_or(1, |c| c.0);
    let missing: Vec<String> = (0..n)
        .filter(|i| !seen.contains(i))
        .map(|i| format!("{i}/{n}"))
        .collect();
    if !missing.is_empty() {
        return Err(format!("missing shard(s): {}", missing.join(", ")));
    }
    Ok(())
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
    }
    every_shard_once("run", parts.iter().map(|(n, s)| (n.as_str(), s.meta.shard)))?;
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
