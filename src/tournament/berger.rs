//! The Berger tables of a round-robin (RULES 8.4b): who meets whom in each
//! round, and with which colour.
//!
//! With `n` players (made even by a dummy when odd: whoever meets it sits
//! the round out), player `n` stays put and the others turn around it. In
//! round `r` player `n` meets `a`, where `a = (r + 1) / 2` in odd rounds
//! (and has White) and `a = r / 2 + n / 2` in even rounds (and has Black);
//! on the other boards `a + k` (White) meets `a - k` (Black), counted round
//! the circle of players 1 to `n - 1`. This gives the published tables
//! exactly (tested below against them).
//!
//! In a double round-robin the second cycle repeats the first with the
//! colours reversed. (Over-the-board organisers exchange the first cycle's
//! last two rounds to spare some players three games running with one
//! colour; here every game of a round-robin starts at once, so no colour
//! runs in a row and the tables stay as published.)

use super::{Pairing, Player};

/// The rounds of a round-robin of `players` (players are `0..players`,
/// `0` being the table's number 1), each a list of pairings, board 1 first.
/// With an odd count, each round leaves one player out. `double`: two
/// cycles, colours reversed in the second.
pub fn rounds(players: usize, double: bool) -> Vec<Vec<Pairing>> {
    if players < 2 {
        return Vec::new();
    }
    let n = players + players % 2;
    let first: Vec<Vec<Pairing>> = (1..n).map(|r| round(n, r, players)).collect();
    if !double {
        return first;
    }
    let second: Vec<Vec<Pairing>> =
        first.iter().map(|round| round.iter().map(|p| Pairing { white: p.black, black: p.white }).collect()).collect();
    first.into_iter().chain(second).collect()
}

/// Round `r` (from 1) of the table for `n` (even) numbers, the pairings
/// with a number above `players` (the dummy) left out.
fn round(n: usize, r: usize, players: usize) -> Vec<Pairing> {
    let circle = n - 1;
    // Numbers 1..=circle round the circle.
    let wrap = |x: isize| -> usize { ((x - 1).rem_euclid(circle as isize) + 1) as usize };
    let a = if r % 2 == 1 { r.div_ceil(2) } else { r / 2 + n / 2 };
    let mut boards = Vec::with_capacity(n / 2);
    boards.push(if r % 2 == 1 { (a, n) } else { (n, a) });
    for k in 1..n / 2 {
        boards.push((wrap((a + k) as isize), wrap(a as isize - k as isize)));
    }
    boards
        .into_iter()
        .filter(|&(w, b)| w <= players && b <= players)
        .map(|(w, b)| Pairing { white: w - 1 as Player, black: b - 1 })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table as published ("1-4 2-3" per round, numbers from 1).
    fn published(rows: &[&str]) -> Vec<Vec<(usize, usize)>> {
        rows.iter()
            .map(|row| {
                row.split_whitespace()
                    .map(|board| {
                        let (w, b) = board.split_once('-').unwrap();
                        (w.parse().unwrap(), b.parse().unwrap())
                    })
                    .collect()
            })
            .collect()
    }

    fn numbered(rounds: &[Vec<Pairing>]) -> Vec<Vec<(usize, usize)>> {
        rounds.iter().map(|r| r.iter().map(|p| (p.white + 1, p.black + 1)).collect()).collect()
    }

    #[test]
    fn the_published_tables_for_4_to_16_players() {
        let tables: [(usize, &[&str]); 5] = [
            (4, &["1-4 2-3", "4-3 1-2", "2-4 3-1"]),
            (6, &["1-6 2-5 3-4", "6-4 5-3 1-2", "2-6 3-1 4-5", "6-5 1-4 2-3", "3-6 4-2 5-1"]),
            (
                8,
                &[
                    "1-8 2-7 3-6 4-5",
                    "8-5 6-4 7-3 1-2",
                    "2-8 3-1 4-7 5-6",
                    "8-6 7-5 1-4 2-3",
                    "3-8 4-2 5-1 6-7",
                    "8-7 1-6 2-5 3-4",
                    "4-8 5-3 6-2 7-1",
                ],
            ),
            (
                10,
                &[
                    "1-10 2-9 3-8 4-7 5-6",
                    "10-6 7-5 8-4 9-3 1-2",
                    "2-10 3-1 4-9 5-8 6-7",
                    "10-7 8-6 9-5 1-4 2-3",
                    "3-10 4-2 5-1 6-9 7-8",
                    "10-8 9-7 1-6 2-5 3-4",
                    "4-10 5-3 6-2 7-1 8-9",
                    "10-9 1-8 2-7 3-6 4-5",
                    "5-10 6-4 7-3 8-2 9-1",
                ],
            ),
            (
                12,
                &[
                    "1-12 2-11 3-10 4-9 5-8 6-7",
                    "12-7 8-6 9-5 10-4 11-3 1-2",
                    "2-12 3-1 4-11 5-10 6-9 7-8",
                    "12-8 9-7 10-6 11-5 1-4 2-3",
                    "3-12 4-2 5-1 6-11 7-10 8-9",
                    "12-9 10-8 11-7 1-6 2-5 3-4",
                    "4-12 5-3 6-2 7-1 8-11 9-10",
                    "12-10 11-9 1-8 2-7 3-6 4-5",
                    "5-12 6-4 7-3 8-2 9-1 10-11",
                    "12-11 1-10 2-9 3-8 4-7 5-6",
                    "6-12 7-5 8-4 9-3 10-2 11-1",
                ],
            ),
        ];
        for (players, rows) in tables {
            assert_eq!(numbered(&rounds(players, false)), published(rows), "{players} players");
        }
        // 14 and 16, every round as published.
        let fourteen: &[&str] = &[
            "1-14 2-13 3-12 4-11 5-10 6-9 7-8",
            "14-8 9-7 10-6 11-5 12-4 13-3 1-2",
            "2-14 3-1 4-13 5-12 6-11 7-10 8-9",
            "14-9 10-8 11-7 12-6 13-5 1-4 2-3",
            "3-14 4-2 5-1 6-13 7-12 8-11 9-10",
            "14-10 11-9 12-8 13-7 1-6 2-5 3-4",
            "4-14 5-3 6-2 7-1 8-13 9-12 10-11",
            "14-11 12-10 13-9 1-8 2-7 3-6 4-5",
            "5-14 6-4 7-3 8-2 9-1 10-13 11-12",
            "14-12 13-11 1-10 2-9 3-8 4-7 5-6",
            "6-14 7-5 8-4 9-3 10-2 11-1 12-13",
            "14-13 1-12 2-11 3-10 4-9 5-8 6-7",
            "7-14 8-6 9-5 10-4 11-3 12-2 13-1",
        ];
        let sixteen: &[&str] = &[
            "1-16 2-15 3-14 4-13 5-12 6-11 7-10 8-9",
            "16-9 10-8 11-7 12-6 13-5 14-4 15-3 1-2",
            "2-16 3-1 4-15 5-14 6-13 7-12 8-11 9-10",
            "16-10 11-9 12-8 13-7 14-6 15-5 1-4 2-3",
            "3-16 4-2 5-1 6-15 7-14 8-13 9-12 10-11",
            "16-11 12-10 13-9 14-8 15-7 1-6 2-5 3-4",
            "4-16 5-3 6-2 7-1 8-15 9-14 10-13 11-12",
            "16-12 13-11 14-10 15-9 1-8 2-7 3-6 4-5",
            "5-16 6-4 7-3 8-2 9-1 10-15 11-14 12-13",
            "16-13 14-12 15-11 1-10 2-9 3-8 4-7 5-6",
            "6-16 7-5 8-4 9-3 10-2 11-1 12-15 13-14",
            "16-14 15-13 1-12 2-11 3-10 4-9 5-8 6-7",
            "7-16 8-6 9-5 10-4 11-3 12-2 13-1 14-15",
            "16-15 1-14 2-13 3-12 4-11 5-10 6-9 7-8",
            "8-16 9-7 10-6 11-5 12-4 13-3 14-2 15-1",
        ];
        for (players, rows) in [(14, fourteen), (16, sixteen)] {
            assert_eq!(numbered(&rounds(players, false)), published(rows), "{players} players");
        }
    }

    #[test]
    fn an_odd_count_uses_the_next_table_with_the_highest_number_as_the_rest() {
        // 5 players: the 6-player table without player 6.
        assert_eq!(numbered(&rounds(5, false)), published(&["2-5 3-4", "5-3 1-2", "3-1 4-5", "1-4 2-3", "4-2 5-1"]));
    }

    /// Every pair meets once per cycle, nobody twice in a round, colours
    /// within one of even, for 3 to 16 players.
    #[test]
    fn everyone_meets_everyone_once_with_balanced_colours() {
        for players in 3..=16 {
            let table = rounds(players, false);
            assert_eq!(table.len(), players - 1 + players % 2);
            let mut met = vec![vec![0u32; players]; players];
            let mut whites = vec![0i32; players];
            for round in &table {
                let mut busy = vec![false; players];
                for p in round {
                    assert!(!busy[p.white] && !busy[p.black], "{players}: twice in a round");
                    busy[p.white] = true;
                    busy[p.black] = true;
                    met[p.white][p.black] += 1;
                    met[p.black][p.white] += 1;
                    whites[p.white] += 1;
                    whites[p.black] -= 1;
                }
                assert_eq!(busy.iter().filter(|b| !**b).count(), players % 2, "{players}: one rests when odd");
            }
            for (a, row) in met.iter().enumerate() {
                for (b, &count) in row.iter().enumerate() {
                    assert_eq!(count, u32::from(a != b), "{players}: {a} and {b}");
                }
                assert!(whites[a].abs() <= 1, "{players}: colours of {a}");
            }
        }
    }

    /// Double: each pair twice, once with each colour, every player with
    /// as many games with White as with Black.
    #[test]
    fn a_double_round_robin_reverses_colours() {
        for players in 3..=16 {
            let table = rounds(players, true);
            assert_eq!(table.len(), 2 * (players - 1 + players % 2));
            assert_eq!(table[table.len() / 2][0].white, table[0][0].black, "the second cycle reversed");
            let mut games = std::collections::HashMap::new();
            let mut whites = vec![0i32; players];
            for round in &table {
                for p in round {
                    *games.entry((p.white, p.black)).or_insert(0) += 1;
                    whites[p.white] += 1;
                    whites[p.black] -= 1;
                }
            }
            for (a, balance) in whites.iter().enumerate() {
                for b in (0..players).filter(|&b| b != a) {
                    assert_eq!(games.get(&(a, b)), Some(&1), "{players}: {a} White against {b}");
                }
                assert_eq!(*balance, 0, "{players}: colours of {a}");
            }
        }
    }
}
