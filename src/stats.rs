//! Confidence intervals and two-sample tests for the designer's report.
//!
//! Everything here works from sufficient statistics (counts, sums, sums of
//! squares), so a report can be computed from merged integer totals.

pub mod paired;

/// The 97.5% quantile of the standard normal distribution.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Standard normal cumulative distribution function.
pub fn normal_cdf(x: f64) -> f64 {
    0.5 * erfc(-x / std::f64::consts::SQRT_2)
}

/// Complementary error function (Numerical Recipes' Chebyshev fit,
/// relative error below 1.2e-7 everywhere).
pub fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let r = t
        * (-z * z - 1.265_512_23
            + t * (1.000_023_68
                + t * (0.374_091_96
                    + t * (0.096_784_18
                        + t * (-0.186_288_06
                            + t * (0.278_868_07
                                + t * (-1.135_203_98
                                    + t * (1.488_515_87
                                        + t * (-0.822_152_23 + t * 0.170_872_77)))))))))
            .exp();
    if x >= 0.0 { r } else { 2.0 - r }
}

/// ln Γ(x) for x > 0 (Lanczos approximation).
fn ln_gamma(x: f64) -> f64 {
    const G: [f64; 6] = [
        76.180_091_729_471_46,
        -86.505_320_329_416_77,
        24.014_098_240_830_91,
        -1.231_739_572_450_155,
        0.120_865_097_386_617_9e-2,
        -0.539_523_938_495_3e-5,
    ];
    let mut y = x;
    let tmp = x + 5.5 - (x + 0.5) * (x + 5.5).ln();
    let mut ser = 1.000_000_000_190_015;
    for g in G {
        y += 1.0;
        ser += g / y;
    }
    -tmp + (2.506_628_274_631_000_5 * ser / x).ln()
}

/// Continued fraction of the incomplete beta function (modified Lentz).
fn beta_cf(a: f64, b: f64, x: f64) -> f64 {
    let tiny = 1e-300;
    let (qab, qap, qam) = (a + b, a + 1.0, a - 1.0);
    let mut c = 1.0;
    let mut d = 1.0 - qab * x / qap;
    if d.abs() < tiny {
        d = tiny;
    }
    d = 1.0 / d;
    let mut h = d;
    for m in 1..300 {
        let m = m as f64;
        let m2 = 2.0 * m;
        let aa = m * (b - m) * x / ((qam + m2) * (a + m2));
        d = 1.0 + aa * d;
        if d.abs() < tiny {
            d = tiny;
        }
        c = 1.0 + aa / c;
        if c.abs() < tiny {
            c = tiny;
        }
        d = 1.0 / d;
        h *= d * c;
        let aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
        d = 1.0 + aa * d;
        if d.abs() < tiny {
            d = tiny;
        }
        c = 1.0 + aa / c;
        if c.abs() < tiny {
            c = tiny;
        }
        d = 1.0 / d;
        let del = d * c;
        h *= del;
        if (del - 1.0).abs() < 1e-14 {
            break;
        }
    }
    h
}

/// The regularized incomplete beta function I_x(a, b).
fn beta_inc(a: f64, b: f64, x: f64) -> f64 {
    if x <= 0.0 {
        return 0.0;
    }
    if x >= 1.0 {
        return 1.0;
    }
    let front =
        (ln_gamma(a + b) - ln_gamma(a) - ln_gamma(b) + a * x.ln() + b * (1.0 - x).ln()).exp();
    if x < (a + 1.0) / (a + b + 2.0) {
        front * beta_cf(a, b, x) / a
    } else {
        1.0 - front * beta_cf(b, a, 1.0 - x) / b
    }
}

/// Two-sided p-value of Student's t statistic `t` with `df` degrees of
/// freedom (the normal distribution when `df` is huge or infinite).
pub fn t_two_sided_p(t: f64, df: f64) -> f64 {
    if !t.is_finite() {
        return if t.is_nan() { 1.0 } else { 0.0 };
    }
    if !df.is_finite() || df > 1e7 {
        return 2.0 * (1.0 - normal_cdf(t.abs())).max(0.0);
    }
    beta_inc(df / 2.0, 0.5, df / (df + t * t)).clamp(0.0, 1.0)
}

/// The 97.5% quantile of Student's t with `df` degrees of freedom.
pub fn t_quantile_975(df: f64) -> f64 {
    if !df.is_finite() || df > 1e7 {
        return Z95;
    }
    let df = df.max(1.0);
    // Two-sided p of 0.05: bisect on |t| in [Z95, 20].
    let (mut lo, mut hi) = (Z95, 20.0);
    if t_two_sided_p(hi, df) > 0.05 {
        hi = 1000.0;
    }
    for _ in 0..100 {
        let mid = 0.5 * (lo + hi);
        if t_two_sided_p(mid, df) > 0.05 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// Wilson score interval at 95% for `k` successes out of `n`.
pub fn wilson95(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = Z95;
    let n = n as f64;
    let p = k as f64 / n;
    let z2 = z * z;
    let den = 1.0 + z2 / n;
    let center = (p + z2 / (2.0 * n)) / den;
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / den;
    ((center - half).max(0.0), (center + half).min(1.0))
}

/// The result of comparing a measure of set B with set A (B − A).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Test {
    pub diff: f64,
    pub ci95: (f64, f64),
    pub p: f64,
    /// The name of the test used: "z" (two proportions, ratio) or "welch".
    pub test: &'static str,
}

impl Test {
    pub fn significant(&self) -> bool {
        self.p < 0.05
    }
}

/// Two-proportion z-test of k2/n2 against k1/n1: pooled standard error for
/// the p-value, unpooled (Wald) for the 95% interval of the difference.
pub fn two_proportions(k1: u64, n1: u64, k2: u64, n2: u64) -> Test {
    let (n1f, n2f) = (n1.max(1) as f64, n2.max(1) as f64);
    let (p1, p2) = (k1 as f64 / n1f, k2 as f64 / n2f);
    let diff = p2 - p1;
    let pool = (k1 + k2) as f64 / (n1f + n2f);
    let se0 = (pool * (1.0 - pool) * (1.0 / n1f + 1.0 / n2f)).sqrt();
    let se = (p1 * (1.0 - p1) / n1f + p2 * (1.0 - p2) / n2f).sqrt();
    let p = if se0 > 0.0 {
        2.0 * (1.0 - normal_cdf((diff / se0).abs())).max(0.0)
    } else if diff == 0.0 {
        1.0
    } else {
        0.0
    };
    Test {
        diff,
        ci95: (diff - Z95 * se, diff + Z95 * se),
        p,
        test: "z",
    }
}

/// Welch's unequal-variance t-test of mean2 against mean1, from each
/// sample's size, mean and variance.
pub fn welch(n1: u64, m1: f64, v1: f64, n2: u64, m2: f64, v2: f64) -> Test {
    let diff = m2 - m1;
    let (a, b) = (v1 / n1.max(1) as f64, v2 / n2.max(1) as f64);
    let se = (a + b).sqrt();
    if se <= 0.0 || !se.is_finite() {
        return Test {
            diff,
            ci95: (diff, diff),
            p: if diff == 0.0 { 1.0 } else { 0.0 },
            test: "welch",
        };
    }
    let df = (a + b) * (a + b)
        / (a * a / (n1.saturating_sub(1).max(1)) as f64
            + b * b / (n2.saturating_sub(1).max(1)) as f64);
    let t = diff / se;
    let q = t_quantile_975(df);
    Test {
        diff,
        ci95: (diff - q * se, diff + q * se),
        p: t_two_sided_p(t, df),
        test: "welch",
    }
}

/// A z-test of two estimates with known standard errors (ratio estimators).
pub fn z_test(e1: f64, se1: f64, e2: f64, se2: f64) -> Test {
    let diff = e2 - e1;
    let se = (se1 * se1 + se2 * se2).sqrt();
    let p = if se > 0.0 {
        2.0 * (1.0 - normal_cdf((diff / se).abs())).max(0.0)
    } else if diff == 0.0 {
        1.0
    } else {
        0.0
    };
    Test {
        diff,
        ci95: (diff - Z95 * se, diff + Z95 * se),
        p,
        test: "z",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values() {
        assert!((normal_cdf(1.959_963_984_540_054) - 0.975).abs() < 1e-6);
        assert!((t_quantile_975(10.0) - 2.228_138_85).abs() < 1e-5);
        assert!((t_quantile_975(1.0) - 12.706_204_7).abs() < 1e-4);
        assert!((t_two_sided_p(2.0, 5.0) - 0.101_939_28).abs() < 1e-6);
        let t = two_proportions(50, 100, 50, 100);
        assert!((t.p - 1.0).abs() < 1e-6);
        let t = welch(100, 1.0, 1.0, 100, 1.5, 1.0);
        assert!(t.significant(), "{t:?}");
    }
}
