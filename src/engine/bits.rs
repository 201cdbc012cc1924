//! Bit masks read without a loop, for the random playouts of any game: a
//! loop over a random mask ends at a random place, a branch the processor
//! mispredicts.

/// The position of the `i`-th lowest set bit of `mask` (from 0), for `i`
/// below its number of set bits, from a table: no loop, no branch.
#[inline]
pub fn nth_set_bit(mask: u8, i: usize) -> u8 {
    /// `NTH[m][i]`: the position of the `i`-th lowest set bit of `m`.
    static NTH: [[u8; 8]; 256] = {
        let mut t = [[0u8; 8]; 256];
        let mut m = 0;
        while m < 256 {
            let (mut bit, mut n) = (0, 0);
            while bit < 8 {
                if m >> bit & 1 != 0 {
                    t[m][n] = bit as u8;
                    n += 1;
                }
                bit += 1;
            }
            m += 1;
        }
        t
    };
    NTH[mask as usize][i & 7]
}

#[cfg(test)]
mod tests {
    use super::nth_set_bit;

    #[test]
    fn nth_set_bit_is_the_ith_set_bit() {
        for m in 0..=255u8 {
            let set: Vec<u8> = (0..8).filter(|b| m & (1 << b) != 0).collect();
            for (i, &b) in set.iter().enumerate() {
                assert_eq!(nth_set_bit(m, i), b, "mask {m:b}, bit {i}");
            }
        }
    }
}
