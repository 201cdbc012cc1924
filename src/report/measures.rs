//! The designer's measures of a run, each with its estimate, 95% interval
//! and what a comparison between runs needs. docs/simulate.md says how
//! each is computed.

use super::Reported;
use super::stats::{self, Test};
use crate::sim::{Hist, RatioSums, Summary};

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
    /// A statistic divided by a whole number: a mean of per-game values
    /// that are fractions, summed exactly as integers times `by`.
    Scaled(Box<Stat>, u64),
}

impl Stat {
    pub fn mean_of(h: &Hist) -> Stat {
        Stat::Mean {
            n: h.n(),
            sum: h.sum(),
            sum_sq: h.sum_sq(),
        }
    }

    /// The mean of integer values `sum / n` (squares summing to
    /// `sum_sq`) divided by `by`; a plain mean when `by` is 1.
    pub fn mean_over(n: u64, sum: i128, sum_sq: i128, by: u64) -> Stat {
        let mean = Stat::Mean { n, sum, sum_sq };
        if by > 1 {
            Stat::Scaled(Box::new(mean), by)
        } else {
            mean
        }
    }

    /// Units the estimate is over (games, decided games, or the game's own
    /// units).
    pub fn n(&self) -> u64 {
        match self {
            Stat::Rate { n, .. } | Stat::Mean { n, .. } => *n,
            Stat::Ratio(r) => r.n,
            Stat::Scaled(s, _) => s.n(),
        }
    }

    pub fn value(&self) -> f64 {
        match self {
            Stat::Rate { k, n } => *k as f64 / (*n).max(1) as f64,
            Stat::Mean { n, sum, .. } => *sum as f64 / (*n).max(1) as f64,
            Stat::Ratio(r) => r.ratio(),
            Stat::Scaled(s, by) => s.value() / *by as f64,
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
            Stat::Scaled(s, by) => s.variance() / (*by as f64 * *by as f64),
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
            Stat::Scaled(s, by) => {
                let (lo, hi) = s.ci95();
                (lo / *by as f64, hi / *by as f64)
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
            (Stat::Scaled(..), _) | (_, Stat::Scaled(..)) => self.compare_means(other),
            _ => None,
        }
    }

    /// Welch's test of two means, either scaled.
    fn compare_means(&self, other: &Stat) -> Option<Test> {
        let means = |s: &Stat| match s {
            Stat::Mean { .. } => true,
            Stat::Scaled(inner, _) => matches!(**inner, Stat::Mean { .. }),
            _ => false,
        };
        (means(self) && means(other)).then(|| {
            stats::welch(
                self.n(),
                self.value(),
                self.variance(),
                other.n(),
                other.value(),
                other.variance(),
            )
        })
    }

    pub fn kind(&self) -> &'static str {
        match self {
            Stat::Rate { .. } => "rate",
            Stat::Mean { .. } => "mean",
            Stat::Ratio(_) => "ratio",
            Stat::Scaled(s, _) => s.kind(),
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

/// The generic sections before the game's own ([`Reported::SECTIONS`]).
pub const HEAD_SECTIONS: [&str; 3] = ["Outcome", "Scores", "Game length and ending"];
/// The generic sections after the game's own.
pub const TAIL_SECTIONS: [&str; 2] = ["Drama", "Choices"];

/// The report's sections of game `G`, in order: the generic ones, the
/// game's own, then any other that its measures name (`named`: a game
/// whose data names the section of its measures) in their order, then
/// the generic tail.
pub fn sections<'a, G: Reported>(named: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let mut v: Vec<String> = HEAD_SECTIONS.iter().map(|s| s.to_string()).collect();
    let own = G::SECTIONS.iter().copied().chain(named);
    for s in own {
        if !TAIL_SECTIONS.contains(&s) && !v.iter().any(|x| x == s) {
            v.push(s.to_string());
        }
    }
    v.extend(TAIL_SECTIONS.iter().map(|s| s.to_string()));
    v
}

/// Every measure of a run, in report order: the generic outcome, scores
/// and length, the game's own measures, then drama and choices.
pub fn measures<G: Reported>(s: &Summary<G::Sums>) -> Vec<Measure> {
    let mut v = Vec::new();
    let mut push = |m: Measure| v.push(m);
    outcome(s, &mut push);
    scores(s, &mut push);
    length(s, &mut push);
    G::measures(s, &mut push);
    drama_and_choices(s, &mut push);
    let order = sections::<G>(v.iter().map(|m| m.section));
    let at = |sec: &str| order.iter().position(|s| s == sec).unwrap_or(99);
    v.sort_by_key(|x| at(x.section));
    v
}

/// A measure of the report.
pub fn measure(
    id: impl Into<String>,
    label: impl Into<String>,
    section: &'static str,
    stat: Stat,
) -> Measure {
    Measure {
        id: id.into(),
        label: label.into(),
        section,
        stat,
    }
}

fn outcome<S>(s: &Summary<S>, push: &mut dyn FnMut(Measure)) {
    let (t, m) = (&s.totals, &s.meta);
    let games = t.games;
    for p in 0..t.wins.len() {
        push(measure(
            format!("win_{}", m.seat_id(p)),
            format!("{} wins", m.seat_name(p)),
            "Outcome",
            Stat::Rate {
                k: t.wins[p],
                n: games,
            },
        ));
    }
    push(measure(
        "draw",
        "draws",
        "Outcome",
        Stat::Rate {
            k: t.draws,
            n: games,
        },
    ));
    push(measure(
        "first_player_win",
        format!("first player ({}) wins", m.seat_name(m.first_player)),
        "Outcome",
        Stat::Rate {
            k: t.first_wins,
            n: games,
        },
    ));
    push(first_player_advantage(s));
}

/// The first player's win rate minus the mean of the others' (each other
/// seat's): per game +1 if the first player won, -1/(seats - 1) if
/// another seat did, 0 for a draw. 0 in a fair game for any number of
/// seats; with two, P(first wins) - P(second wins).
fn first_player_advantage<S>(s: &Summary<S>) -> Measure {
    let t = &s.totals;
    let others = t.wins.len().saturating_sub(1).max(1) as u64;
    let (won, lost) = (t.first_wins as i128, t.first_losses as i128);
    let by = others as i128;
    let label = if others > 1 {
        "first-player advantage (first's wins - others' mean)"
    } else {
        "first-player advantage (first's wins - second's)"
    };
    measure(
        "first_player_advantage",
        label,
        "Outcome",
        Stat::mean_over(t.games, by * won - lost, by * by * won + lost, others),
    )
}

fn scores<S>(s: &Summary<S>, push: &mut dyn FnMut(Measure)) {
    let (t, m) = (&s.totals, &s.meta);
    for p in 0..t.score.len() {
        push(measure(
            format!("score_{}", m.seat_id(p)),
            format!("{} final score", m.seat_name(p)),
            "Scores",
            Stat::mean_of(&t.score[p]),
        ));
    }
    push(margin(s));
    let apart = if t.score.len() > 2 {
        format!("points between {} and the best other", m.seat_name(0))
    } else {
        "points between winner and loser".to_string()
    };
    push(measure(
        "abs_margin",
        apart,
        "Scores",
        Stat::mean_of(&t.margin.map(i64::abs)),
    ));
}

/// The first seat's score minus the mean of the others': 0 in expectation
/// when the seats are alike, for any number of seats; with two, the first
/// seat's score minus the second's.
fn margin<S>(s: &Summary<S>) -> Measure {
    let (t, m) = (&s.totals, &s.meta);
    let seats = t.score.len();
    if seats <= 2 {
        return measure(
            "margin",
            format!("score margin ({} - {})", m.seat_name(0), m.seat_name(1)),
            "Scores",
            Stat::mean_of(&t.margin),
        );
    }
    let h = &t.margin_to_mean;
    measure(
        "margin",
        format!("score margin ({} - the others' mean)", m.seat_name(0)),
        "Scores",
        Stat::mean_over(h.n(), h.sum(), h.sum_sq(), seats as u64 - 1),
    )
}

fn length<S>(s: &Summary<S>, push: &mut dyn FnMut(Measure)) {
    let t = &s.totals;
    let section = "Game length and ending";
    push(measure(
        "turns",
        "game length (turns)",
        section,
        Stat::mean_of(&t.turn_hist),
    ));
    push(measure(
        "moves",
        "decisions per game",
        section,
        Stat::mean_of(&t.move_hist),
    ));
    for (reason, &k) in &t.end_reasons {
        push(measure(
            format!("end_{reason}"),
            format!("ended: {}", reason.replace('_', " ")),
            section,
            Stat::Rate { k, n: t.games },
        ));
    }
}

fn drama_and_choices<S>(s: &Summary<S>, push: &mut dyn FnMut(Measure)) {
    let t = &s.totals;
    push(measure(
        "decisive_turn",
        "turn after which the winner stayed ahead",
        "Drama",
        Stat::mean_of(&t.decisive_turn),
    ));
    push(measure(
        "decisive_share",
        "decisive turn as % of the game length",
        "Drama",
        Stat::mean_of(&t.decisive_pct),
    ));
    push(measure(
        "branching",
        "legal choices per decision",
        "Choices",
        Stat::Ratio(t.branching.clone()),
    ));
    push(measure(
        "forced_share",
        "share of decisions with one legal move",
        "Choices",
        Stat::Ratio(t.forced.clone()),
    ));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::{Meta, Totals};

    /// A run of `seats` games in which the seats take turns at each score
    /// of `ranks` (seat p has `ranks[(p + g) % seats]` in game g) and the
    /// best score wins: every seat alike.
    fn rotated(ranks: &[i64]) -> Summary<()> {
        let seats = ranks.len();
        let mut t = Totals::<()> {
            games: seats as u64,
            wins: vec![0; seats],
            score: vec![Hist::default(); seats],
            ..Totals::default()
        };
        for g in 0..seats {
            let s: Vec<i64> = (0..seats).map(|p| ranks[(p + g) % seats]).collect();
            let best = (0..seats).max_by_key(|&p| s[p]).unwrap();
            t.wins[best] += 1;
            if best == 0 {
                t.first_wins += 1;
            } else {
                t.first_losses += 1;
            }
            for (h, &v) in t.score.iter_mut().zip(&s) {
                h.add(v);
            }
            let rest: i64 = s[1..].iter().sum();
            t.margin.add(s[0] - s[1..].iter().max().unwrap());
            if seats > 2 {
                t.margin_to_mean.add((seats as i64 - 1) * s[0] - rest);
            }
        }
        Summary {
            meta: Meta::default(),
            totals: t,
            seconds: 0.0,
            threads: 1,
        }
    }

    /// Point 9 of issue 43: with seats alike, the first-player advantage
    /// and the score margin read 0 for any number of seats (they read
    /// -0.5 and -10 for four seats as the best other's margin did).
    #[test]
    fn a_fair_game_reads_zero_for_any_number_of_seats() {
        for ranks in [
            &[10, 20][..],
            &[10, 20, 30],
            &[10, 20, 30, 40],
            &[5, 7, 9, 11, 13, 15],
        ] {
            let s = rotated(ranks);
            let adv = first_player_advantage(&s);
            let m = margin(&s);
            assert!(adv.stat.value().abs() < 1e-12, "{ranks:?}: {:?}", adv.stat);
            assert!(m.stat.value().abs() < 1e-12, "{ranks:?}: {:?}", m.stat);
            let (lo, hi) = m.stat.ci95();
            assert!(lo < 0.0 && 0.0 < hi, "{ranks:?}");
            assert_eq!(adv.stat.n(), ranks.len() as u64);
        }
    }

    /// Two seats keep their figures: the first's wins minus the second's
    /// (a plain mean), the first's score minus the second's.
    #[test]
    fn two_seats_keep_their_meaning() {
        let mut s = rotated(&[10, 20]);
        s.totals.games = 4;
        s.totals.first_wins = 3;
        s.totals.first_losses = 1;
        let adv = first_player_advantage(&s);
        assert_eq!(
            adv.stat,
            Stat::Mean {
                n: 4,
                sum: 2,
                sum_sq: 4
            }
        );
        assert_eq!(
            adv.label,
            "first-player advantage (first's wins - second's)"
        );
        assert_eq!(margin(&s).stat, Stat::mean_of(&s.totals.margin));
    }

    /// A scaled mean: its value, interval and variance divided, and a
    /// comparison of two of them Welch's test of the divided values.
    #[test]
    fn scaled_means_divide_and_compare() {
        let a = Stat::mean_over(4, 6, 20, 3);
        let b = Stat::mean_over(4, -6, 20, 3);
        assert_eq!(a.kind(), "mean");
        assert!((a.value() - 0.5).abs() < 1e-12);
        let (lo, hi) = a.ci95();
        let Stat::Scaled(inner, 3) = &a else {
            panic!("{a:?}")
        };
        let (ilo, ihi) = inner.ci95();
        assert!((lo - ilo / 3.0).abs() < 1e-12 && (hi - ihi / 3.0).abs() < 1e-12);
        let t = a.compare(&b).unwrap();
        assert_eq!(t.test, "welch");
        assert!((t.diff - (b.value() - a.value())).abs() < 1e-12);
    }
}
