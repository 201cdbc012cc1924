//! The designer's measures of a run, each with its estimate, 95% interval
//! and what a comparison between runs needs. docs/simulate.md says how
//! each is computed.

use super::stats::{self, Test};
use crate::sim::{COUNTERS, Hist, RatioSums, Summary};

/// The sufficient statistics of one measure.
#[derive(Debug, Clone, PartialEq)]
pub enum Stat {
    /// A proportion: `k` of `n`.
    Rate { k: u64, n: u64 },
    /// The mean of an integer value over `n` units (games, or decided
    /// games), from exact sums.
    Mean { n: u64, sum: i128, sum_sq: i128 },
    /// A ratio of two per-game sums over games (delta-method error).
    Ratio(RatioSums),
}

impl Stat {
    pub fn mean_of(h: &Hist) -> Stat {
        Stat::Mean {
            n: h.n(),
            sum: h.sum(),
            sum_sq: h.sum_sq(),
        }
    }

    /// Units the estimate is over (games, missions, decided games).
    pub fn n(&self) -> u64 {
        match self {
            Stat::Rate { n, .. } | Stat::Mean { n, .. } => *n,
            Stat::Ratio(r) => r.n,
        }
    }

    pub fn value(&self) -> f64 {
        match self {
            Stat::Rate { k, n } => *k as f64 / (*n).max(1) as f64,
            Stat::Mean { n, sum, .. } => *sum as f64 / (*n).max(1) as f64,
            Stat::Ratio(r) => r.ratio(),
        }
    }

    /// Sample variance of a mean's values (0 for fewer than two).
    pub fn variance(&self) -> f64 {
        match self {
            Stat::Mean { n, sum, sum_sq } if *n > 1 => {
                let n = *n as i128;
                (n * sum_sq - sum * sum) as f64 / (n * (n - 1)) as f64
            }
            Stat::Rate { k, n } if *n > 0 => {
                let p = *k as f64 / *n as f64;
                p * (1.0 - p)
            }
            _ => 0.0,
        }
    }

    /// The 95% confidence interval: Wilson for rates, Student's t for
    /// means, normal with the delta-method error for ratios.
    pub fn ci95(&self) -> (f64, f64) {
        match self {
            Stat::Rate { k, n } => stats::wilson95(*k, *n),
            Stat::Mean { n, .. } => {
                let v = self.value();
                if *n < 2 {
                    return (v, v);
                }
                let h =
                    stats::t_quantile_975((*n - 1) as f64) * (self.variance() / *n as f64).sqrt();
                (v - h, v + h)
            }
            Stat::Ratio(r) => {
                let (v, h) = (r.ratio(), stats::Z95 * r.se());
                (v - h, v + h)
            }
        }
    }

    /// This measure of run B (`other`) against run A (`self`): B − A with
    /// the test fitting the kind (two proportions, Welch, or z on ratios).
    pub fn compare(&self, other: &Stat) -> Option<Test> {
        match (self, other) {
            (Stat::Rate { k: k1, n: n1 }, Stat::Rate { k: k2, n: n2 }) => {
                Some(stats::two_proportions(*k1, *n1, *k2, *n2))
            }
            (Stat::Mean { n: n1, .. }, Stat::Mean { n: n2, .. }) => Some(stats::welch(
                *n1,
                self.value(),
                self.variance(),
                *n2,
                other.value(),
                other.variance(),
            )),
            (Stat::Ratio(a), Stat::Ratio(b)) => {
                Some(stats::z_test(a.ratio(), a.se(), b.ratio(), b.se()))
            }
            _ => None,
        }
    }

    pub fn kind(&self) -> &'static str {
        match self {
            Stat::Rate { .. } => "rate",
            Stat::Mean { .. } => "mean",
            Stat::Ratio(_) => "ratio",
        }
    }
}

/// One line of the report.
#[derive(Debug, Clone, PartialEq)]
pub struct Measure {
    /// Stable JSON id.
    pub id: String,
    pub label: String,
    /// The report section it belongs to.
    pub section: &'static str,
    pub stat: Stat,
}

impl Measure {
    /// Whether to show it as a percentage.
    pub fn percent(&self) -> bool {
        matches!(self.stat, Stat::Rate { .. })
            || self.id.ends_with("_rate")
            || self.id == "forced_share"
    }
}

/// The report's sections, in order.
pub const SECTIONS: [&str; 8] = [
    "Outcome",
    "Scores",
    "Game length and ending",
    "Votes",
    "Patricians and missions",
    "Action cards",
    "Drama",
    "Choices",
];

/// Every measure of a run, in report order.
pub fn measures(s: &Summary) -> Vec<Measure> {
    let t = &s.totals;
    let m = &s.meta;
    let seat = |p: usize| {
        m.seat_names
            .get(p)
            .or(m.seats.get(p))
            .cloned()
            .unwrap_or_else(|| format!("seat {p}"))
    };
    let seat_id = |p: usize| {
        m.seats
            .get(p)
            .cloned()
            .unwrap_or_else(|| format!("seat{p}"))
    };
    let mut v = Vec::new();
    let mut push = |id: String, label: String, section: &'static str, stat: Stat| {
        v.push(Measure {
            id,
            label,
            section,
            stat,
        })
    };
    let games = t.games;
    // Outcome.
    for p in 0..2 {
        push(
            format!("win_{}", seat_id(p)),
            format!("{} wins", seat(p)),
            "Outcome",
            Stat::Rate {
                k: t.wins[p],
                n: games,
            },
        );
    }
    push(
        "draw".into(),
        "draws".into(),
        "Outcome",
        Stat::Rate {
            k: t.draws,
            n: games,
        },
    );
    let first = seat(m.first_player);
    push(
        "first_player_win".into(),
        format!("first player ({first}) wins"),
        "Outcome",
        Stat::Rate {
            k: t.first_wins,
            n: games,
        },
    );
    push(
        "first_player_advantage".into(),
        "first-player advantage (first's wins - second's)".into(),
        "Outcome",
        Stat::Mean {
            n: games,
            sum: t.first_wins as i128 - t.first_losses as i128,
            sum_sq: (t.first_wins + t.first_losses) as i128,
        },
    );
    // Scores.
    for p in 0..2 {
        push(
            format!("score_{}", seat_id(p)),
            format!("{} final score", seat(p)),
            "Scores",
            Stat::mean_of(&t.score[p]),
        );
    }
    push(
        "margin".into(),
        format!("score margin ({} - {})", seat(0), seat(1)),
        "Scores",
        Stat::mean_of(&t.margin),
    );
    push(
        "abs_margin".into(),
        "points between winner and loser".into(),
        "Scores",
        Stat::mean_of(&t.margin.map(i64::abs)),
    );
    // Length and ending.
    push(
        "turns".into(),
        "game length (turns)".into(),
        "Game length and ending",
        Stat::mean_of(&t.turn_hist),
    );
    push(
        "moves".into(),
        "decisions per game".into(),
        "Game length and ending",
        Stat::mean_of(&t.move_hist),
    );
    for (reason, &k) in &t.end_reasons {
        push(
            format!("end_{reason}"),
            format!("ended: {}", reason.replace('_', " ")),
            "Game length and ending",
            Stat::Rate { k, n: games },
        );
    }
    // Votes.
    for (i, (id, label)) in COUNTERS.iter().enumerate() {
        let section = match i {
            0..=4 => "Votes",
            5..=8 => "Action cards",
            _ => "Drama",
        };
        push(
            id.to_string(),
            format!("{label} per game"),
            section,
            Stat::mean_of(&t.counts[i]),
        );
        if i == crate::sim::C_TIES {
            push(
                "tie_rate".into(),
                "share of votes tied".into(),
                "Votes",
                Stat::Ratio(t.tied.clone()),
            );
        }
    }
    push(
        "veto_rate".into(),
        "share of action cards vetoed".into(),
        "Action cards",
        Stat::Ratio(t.vetoed.clone()),
    );
    push(
        "swing_rate".into(),
        "share of (unvetoed) action cards that swung a vote".into(),
        "Action cards",
        Stat::Ratio(t.swings.clone()),
    );
    // Patricians and missions.
    for (g, gm) in m.groups.iter().enumerate() {
        for p in 0..2 {
            let h = t.won.get(g).map(|w| w[p].clone()).unwrap_or_default();
            push(
                format!("patricians_{}_{}", gm.id, seat_id(p)),
                format!("{} won by {} (of {})", gm.name, seat(p), gm.size),
                "Patricians and missions",
                Stat::mean_of(&h),
            );
        }
    }
    let (held, done): (u64, u64) = t
        .mission_seat
        .iter()
        .fold((0, 0), |(h, d), s| (h + s[0], d + s[1]));
    push(
        "mission_success".into(),
        "missions fulfilled".into(),
        "Patricians and missions",
        Stat::Rate { k: done, n: held },
    );
    for (id, name, held, done) in missions_by_id(s) {
        push(
            format!("mission_{id}"),
            format!("mission fulfilled: {name}"),
            "Patricians and missions",
            Stat::Rate { k: done, n: held },
        );
    }
    // Drama.
    push(
        "decisive_turn".into(),
        "turn after which the winner stayed ahead".into(),
        "Drama",
        Stat::mean_of(&t.decisive_turn),
    );
    push(
        "decisive_share".into(),
        "decisive turn as % of the game length".into(),
        "Drama",
        Stat::mean_of(&t.decisive_pct),
    );
    // Choices.
    push(
        "branching".into(),
        "legal choices per decision".into(),
        "Choices",
        Stat::Ratio(t.branching.clone()),
    );
    push(
        "forced_share".into(),
        "share of decisions with one legal move".into(),
        "Choices",
        Stat::Ratio(t.forced.clone()),
    );
    let order = |sec: &str| SECTIONS.iter().position(|s| *s == sec).unwrap_or(99);
    v.sort_by_key(|x| order(x.section));
    v
}

/// Missions summed over cards with the same id: (id, name, held, fulfilled).
pub fn missions_by_id(s: &Summary) -> Vec<(String, String, u64, u64)> {
    let mut out: Vec<(String, String, u64, u64)> = Vec::new();
    for (i, mm) in s.meta.missions.iter().enumerate() {
        let [h, d] = s.totals.missions.get(i).copied().unwrap_or_default();
        match out.iter_mut().find(|o| o.0 == mm.id) {
            Some(o) => {
                o.2 += h;
                o.3 += d;
            }
            None => out.push((mm.id.clone(), mm.name.clone(), h, d)),
        }
    }
    out
}
