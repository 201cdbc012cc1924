//! Paired comparisons: the same games (the same seeds) played under two
//! rule sets, A (the base) and B, analysed game by game (common random
//! numbers). Everything works from integer sums over the pairs, so that
//! shards merge exactly:
//!
//! - a mean: the paired difference of means, `d̄ ± t(0.975, n−1)·s_d/√n`
//!   with Student's t on the n − 1 degrees of freedom of the differences;
//! - a rate (a yes-or-no per game): McNemar's test on the discordant
//!   games (`b`: yes under B only, `c`: under A only), `z = (b − c)/√(b + c)`,
//!   and the Wald interval of the paired difference `(b − c)/n ±
//!   1.96·√((b + c) − (b − c)²/n)/n`;
//! - a function of several rates (the spread of win rates across seats):
//!   a seeded paired bootstrap over the games' joint outcomes (the
//!   multinomial table of (outcome under A, outcome under B)).
//!
//! [`holm`] corrects a family of p-values (Holm's step-down method, which
//! holds the chance of any false "resolved" in the family at 5%), and
//! [`games_needed`] says how many games would resolve an effect of the
//! size seen.

use rand::SeedableRng;
use rand_distr::{Binomial, Distribution};
use serde::{Deserialize, Serialize};

use super::{Test, Z95, normal_cdf, t_quantile_975, t_two_sided_p};

/// Sums over the games both sets measured: `a` under A, `b` under B.
/// The sums are exact integers; in JSON they are written as decimal
/// strings (they may exceed what a JSON reader keeps exactly).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairSums {
    pub n: u64,
    #[serde(with = "text")]
    pub a: i128,
    #[serde(with = "text")]
    pub b: i128,
    #[serde(with = "text")]
    pub aa: i128,
    #[serde(with = "text")]
    pub bb: i128,
    #[serde(with = "text")]
    pub ab: i128,
}

impl PairSums {
    pub fn add(&mut self, a: i64, b: i64) {
        let (a, b) = (i128::from(a), i128::from(b));
        self.n += 1;
        self.a += a;
        self.b += b;
        self.aa += a * a;
        self.bb += b * b;
        self.ab += a * b;
    }

    pub fn merge(&mut self, o: &PairSums) {
        self.n += o.n;
        self.a += o.a;
        self.b += o.b;
        self.aa += o.aa;
        self.bb += o.bb;
        self.ab += o.ab;
    }

    /// The means of A and B over the pairs.
    pub fn means(&self) -> (f64, f64) {
        let n = self.n.max(1) as f64;
        (self.a as f64 / n, self.b as f64 / n)
    }

    /// The paired difference B − A of the means, scaled by `scale`.
    pub fn test(&self, scale: f64) -> Test {
        let n = self.n as i128;
        let diff = (self.b - self.a) as f64 / self.n.max(1) as f64 * scale;
        // Σd and Σd², d = b − a, exactly.
        let sd = self.b - self.a;
        let sdd = self.bb - 2 * self.ab + self.aa;
        if n < 2 {
            return exact(diff, "paired-t");
        }
        let var = (n * sdd - sd * sd) as f64 / (n * (n - 1)) as f64;
        let se = (var.max(0.0) / n as f64).sqrt() * scale.abs();
        if se == 0.0 {
            return exact(diff, "paired-t");
        }
        let q = t_quantile_975((n - 1) as f64);
        Test {
            diff,
            ci95: (diff - q * se, diff + q * se),
            p: t_two_sided_p(diff / se, (n - 1) as f64),
            test: "paired-t",
        }
    }
}

/// A difference known without error (no game differs, or one pair).
fn exact(diff: f64, test: &'static str) -> Test {
    Test {
        diff,
        ci95: (diff, diff),
        p: if diff == 0.0 { 1.0 } else { 0.0 },
        test,
    }
}

/// McNemar's test of a rate over `n` paired games: `yes_b_only` games
/// said yes under B only, `yes_a_only` under A only.
pub fn mcnemar(yes_b_only: u64, yes_a_only: u64, n: u64) -> Test {
    let (b, c, nf) = (yes_b_only as f64, yes_a_only as f64, n.max(1) as f64);
    let diff = (b - c) / nf;
    if b + c == 0.0 {
        return exact(0.0, "mcnemar");
    }
    let z = (b - c) / (b + c).sqrt();
    let se = ((b + c) - (b - c) * (b - c) / nf).max(0.0).sqrt() / nf;
    Test {
        diff,
        ci95: (diff - Z95 * se, diff + Z95 * se),
        p: (2.0 * (1.0 - normal_cdf(z.abs()))).clamp(0.0, 1.0),
        test: "mcnemar",
    }
}

/// Replicates of the paired bootstrap.
pub const BOOTSTRAP_REPLICATES: usize = 2000;

/// A paired bootstrap of `f(table)`'s difference between B and A, where
/// `table` counts the games by their joint outcome (cell `k`) and `f`
/// gives (the measure under B, the measure under A) of a table. The
/// games are resampled as a whole (a multinomial draw of the table),
/// `BOOTSTRAP_REPLICATES` times from a ChaCha8 stream seeded by `seed`:
/// the interval is the percentile interval; the p-value is the normal
/// one of the estimate over the replicates' standard deviation.
pub fn bootstrap(table: &[u64], seed: u64, f: impl Fn(&[u64]) -> (f64, f64)) -> Test {
    let (b, a) = f(table);
    let diff = b - a;
    let n: u64 = table.iter().sum();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut reps: Vec<f64> = Vec::with_capacity(BOOTSTRAP_REPLICATES);
    let mut draw = vec![0u64; table.len()];
    for _ in 0..BOOTSTRAP_REPLICATES {
        multinomial(table, n, &mut rng, &mut draw);
        let (b, a) = f(&draw);
        reps.push(b - a);
    }
    let mean = reps.iter().sum::<f64>() / reps.len() as f64;
    let var = reps.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (reps.len() - 1) as f64;
    let se = var.sqrt();
    if se == 0.0 {
        return exact(diff, "paired-bootstrap");
    }
    reps.sort_by(f64::total_cmp);
    let at = |q: f64| reps[((q * reps.len() as f64) as usize).min(reps.len() - 1)];
    Test {
        diff,
        ci95: (at(0.025), at(0.975)),
        p: (2.0 * (1.0 - normal_cdf((diff / se).abs()))).clamp(0.0, 1.0),
        test: "paired-bootstrap",
    }
}

/// One multinomial draw of `n` games over the cells of `table` (each
/// cell's chance its share of the table), cell by cell as binomials of
/// what is left.
fn multinomial(table: &[u64], n: u64, rng: &mut rand_chacha::ChaCha8Rng, out: &mut [u64]) {
    let (mut left, mut mass) = (n, n);
    for (o, &c) in out.iter_mut().zip(table) {
        *o = if left == 0 || c == 0 {
            0
        } else if c >= mass {
            left
        } else {
            let p = c as f64 / mass as f64;
            Binomial::new(left, p).map_or(0, |d| d.sample(rng))
        };
        left -= *o;
        mass -= c;
    }
}

/// Holm's step-down correction of a family of p-values: the adjusted
/// p-values, in the family's order.
pub fn holm(p: &[f64]) -> Vec<f64> {
    let m = p.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&i, &j| p[i].total_cmp(&p[j]).then(i.cmp(&j)));
    let mut out = vec![1.0; m];
    let mut running: f64 = 0.0;
    for (rank, &i) in order.iter().enumerate() {
        let adj = ((m - rank) as f64 * p[i]).min(1.0);
        running = running.max(adj);
        out[i] = running;
    }
    out
}

/// The standard normal quantile of `q` (bisection on [`normal_cdf`]).
pub fn normal_quantile(q: f64) -> f64 {
    let (mut lo, mut hi) = (-40.0, 40.0);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if normal_cdf(mid) < q {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// Games that would resolve an effect of `diff` seen with standard error
/// `se` over `n` games, in a family of `m` tests: enough for 80% power
/// at the two-sided level 0.05/m (Bonferroni's, the strictest step of
/// Holm's), `n · ((z(1 − 0.025/m) + z(0.8)) · se / |diff|)²`. `None` when
/// no effect was seen (a zero difference).
pub fn games_needed(diff: f64, se: f64, n: u64, m: usize) -> Option<u64> {
    if diff == 0.0 || !diff.is_finite() || !se.is_finite() {
        return None;
    }
    let z = normal_quantile(1.0 - 0.025 / m.max(1) as f64) + normal_quantile(0.8);
    let k = z * se / diff.abs();
    let need = n as f64 * k * k;
    Some(need.ceil().min(u64::MAX as f64 / 2.0) as u64)
}

/// The standard error behind a test's 95% interval (its half width over
/// the normal quantile).
pub fn se_of(t: &Test) -> f64 {
    (t.ci95.1 - t.ci95.0) / (2.0 * Z95)
}

/// `i128` sums as decimal strings in JSON.
pub mod text {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &i128, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&v.to_string())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<i128, D::Error> {
        let t = String::deserialize(d)?;
        t.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The paired t of known differences: d = 1, 2, 3, 4 (mean 2.5,
    /// s = 1.291, t(3) = 3.182: half width 2.054).
    #[test]
    fn paired_t_of_known_differences() {
        let mut s = PairSums::default();
        for (a, b) in [(10, 11), (3, 5), (0, 3), (7, 11)] {
            s.add(a, b);
        }
        let t = s.test(1.0);
        assert!((t.diff - 2.5).abs() < 1e-12);
        assert!((t.ci95.1 - t.ci95.0 - 2.0 * 2.054).abs() < 1e-3, "{t:?}");
        // Unchanged pairs: no difference, known exactly.
        let mut same = PairSums::default();
        same.add(4, 4);
        same.add(9, 9);
        assert_eq!(same.test(1.0).p, 1.0);
    }

    /// McNemar: 30 games yes under B only, 10 under A only, of 1000.
    #[test]
    fn mcnemar_of_discordant_games() {
        let t = mcnemar(30, 10, 1000);
        assert!((t.diff - 0.02).abs() < 1e-12);
        // z = 20/√40 = 3.162: p = 0.00157.
        assert!((t.p - 0.001_565).abs() < 2e-5, "{t:?}");
        assert_eq!(mcnemar(0, 0, 10).p, 1.0);
    }

    #[test]
    fn holm_steps_down() {
        let adj = holm(&[0.01, 0.04, 0.03, 0.005]);
        // Sorted: 0.005·4 = 0.02, 0.01·3 = 0.03, 0.03·2 = 0.06, 0.04·1
        // held at 0.06.
        let want = [0.03, 0.06, 0.06, 0.02];
        for (a, w) in adj.iter().zip(want) {
            assert!((a - w).abs() < 1e-12, "{adj:?}");
        }
    }

    /// The bootstrap of a rate's difference agrees with McNemar's, and
    /// the same seed gives the same interval.
    #[test]
    fn bootstrap_agrees_with_mcnemar_and_is_seeded() {
        // Cells: (A no, B no), (A no, B yes), (A yes, B no), (A yes, B yes).
        let table = [600u64, 60, 20, 320];
        let f = |t: &[u64]| {
            let n = t.iter().sum::<u64>() as f64;
            ((t[1] + t[3]) as f64 / n, (t[2] + t[3]) as f64 / n)
        };
        let b = bootstrap(&table, 7, f);
        let m = mcnemar(60, 20, 1000);
        assert!((b.diff - m.diff).abs() < 1e-12);
        assert!((se_of(&b) - se_of(&m)).abs() < 0.002, "{b:?} {m:?}");
        assert_eq!(bootstrap(&table, 7, f), b);
    }

    #[test]
    fn games_needed_grows_as_the_effect_shrinks() {
        let small = games_needed(0.01, 0.01, 1000, 10).unwrap();
        let large = games_needed(0.02, 0.01, 1000, 10).unwrap();
        assert!(small > 3 * large && large > 1000, "{small} {large}");
        assert_eq!(games_needed(0.0, 0.01, 1000, 10), None);
        assert!((normal_quantile(0.975) - Z95).abs() < 1e-5);
    }

    #[test]
    fn sums_read_back_from_json() {
        let mut s = PairSums::default();
        s.add(i64::MAX, -3);
        s.add(i64::MAX, 5);
        let back: PairSums = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
        assert_eq!(back, s);
    }
}
