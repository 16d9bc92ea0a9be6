//! Standings and their tiebreaks (RULES 8.4a-c): points, then for a
//! round-robin Sonneborn-Berger, the number of wins and the result between
//! the players still tied (still equal: a shared place); for a Swiss,
//! Buchholz less the lowest opponent's score, Sonneborn-Berger, then rating.
//!
//! Forfeits (RULES 8.4a, 8.4d) score like wins and losses and count as
//! such in every tiebreak: the players were paired, the point stands. A bye
//! scores a point and has no opponent, so it adds nothing to Buchholz or
//! Sonneborn-Berger. Games still being played count for nothing yet.

use std::cmp::Ordering;

use super::{HalfPoints, Player, TournamentGame};

/// Which rules break ties.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Round-robin, single or double (RULES 8.4b).
    RoundRobin,
    /// Swiss (RULES 8.4c).
    Swiss,
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// The player.
    pub player: Player,
    /// Their place, from 1; players who stay equal after every tiebreak
    /// share it.
    pub place: usize,
    /// Points, in halves (a bye counts 2).
    pub points: HalfPoints,
    /// Games won (forfeits included).
    pub wins: u32,
    /// Sonneborn-Berger, in quarter points: the points of the players
    /// beaten plus half those of the players drawn with.
    pub sonneborn_berger: u32,
    /// Swiss only: Buchholz (the opponents' points) less the lowest
    /// opponent's, in halves.
    pub buchholz_cut: Option<HalfPoints>,
    /// Games of theirs without a result yet.
    pub games_left: u32,
}

/// The standings of `ratings.len()` players after `games` (finished or
/// not) and `byes` (a player per bye given), best first.
pub fn standings(format: Format, ratings: &[f64], games: &[TournamentGame], byes: &[Player]) -> Vec<Standing> {
    let players = ratings.len();
    let mut points = vec![0 as HalfPoints; players];
    let mut wins = vec![0u32; players];
    let mut games_left = vec![0u32; players];
    for &p in byes {
        points[p] += 2;
    }
    for g in games {
        match g.result {
            Some(result) => {
                let (w, b) = result.half_points();
                points[g.white] += w;
                points[g.black] += b;
                wins[g.white] += u32::from(w == 2);
                wins[g.black] += u32::from(b == 2);
            }
            None => {
                games_left[g.white] += 1;
                games_left[g.black] += 1;
            }
        }
    }
    let mut sonneborn_berger = vec![0u32; players];
    let mut opponents: Vec<Vec<HalfPoints>> = vec![Vec::new(); players];
    for g in games {
        let Some(result) = g.result else { continue };
        let (w, b) = result.half_points();
        // A win adds the loser's points (2 quarters per half); a draw half that.
        sonneborn_berger[g.white] += w * points[g.black];
        sonneborn_berger[g.black] += b * points[g.white];
        opponents[g.white].push(points[g.black]);
        opponents[g.black].push(points[g.white]);
    }
    let buchholz_cut = |p: Player| -> HalfPoints {
        let all: HalfPoints = opponents[p].iter().sum();
        all - opponents[p].iter().min().copied().unwrap_or(0)
    };
    let mut table: Vec<Standing> = (0..players)
        .map(|p| Standing {
            player: p,
            place: 0,
            points: points[p],
            wins: wins[p],
            sonneborn_berger: sonneborn_berger[p],
            buchholz_cut: (format == Format::Swiss).then(|| buchholz_cut(p)),
            games_left: games_left[p],
        })
        .collect();
    let compare = |a: &Standing, b: &Standing| match format {
        Format::RoundRobin => (b.points, b.sonneborn_berger, b.wins).cmp(&(a.points, a.sonneborn_berger, a.wins)),
        Format::Swiss => (b.points, b.buchholz_cut, b.sonneborn_berger)
            .cmp(&(a.points, a.buchholz_cut, a.sonneborn_berger))
            .then_with(|| ratings[b.player].total_cmp(&ratings[a.player])),
    };
    table.sort_by(|a, b| compare(a, b).then(a.player.cmp(&b.player)));
    // Places: runs of players equal by `compare` are then ordered by the
    // games between them (round-robin), and share what still ties them.
    let mut start = 0;
    while start < table.len() {
        let mut end = start + 1;
        while end < table.len() && compare(&table[start], &table[end]) == Ordering::Equal {
            end += 1;
        }
        let group = &mut table[start..end];
        let between: Vec<HalfPoints> = if format == Format::RoundRobin && group.len() > 1 {
            let members: Vec<Player> = group.iter().map(|s| s.player).collect();
            let mini = score_between(&members, games);
            group.sort_by(|a, b| mini[&b.player].cmp(&mini[&a.player]).then(a.player.cmp(&b.player)));
            group.iter().map(|s| mini[&s.player]).collect()
        } else {
            vec![0; group.len()]
        };
        for i in 0..group.len() {
            group[i].place = if i > 0 && between[i] == between[i - 1] { group[i - 1].place } else { start + i + 1 };
        }
        start = end;
    }
    table
}

/// Each of `members`' points in the finished games among them.
fn score_between(members: &[Player], games: &[TournamentGame]) -> std::collections::HashMap<Player, HalfPoints> {
    let mut mini: std::collections::HashMap<Player, HalfPoints> = members.iter().map(|&p| (p, 0)).collect();
    for g in games {
        if let (Some(result), true, true) = (g.result, members.contains(&g.white), members.contains(&g.black)) {
            let (w, b) = result.half_points();
            *mini.get_mut(&g.white).expect("a member") += w;
            *mini.get_mut(&g.black).expect("a member") += b;
        }
    }
    mini
}

/// Half-points as people write them: "0", "½", "2", "2½".
pub fn half_points_text(half: HalfPoints) -> String {
    quarter_points_text(half * 2)
}

/// Quarter points (Sonneborn-Berger) written as the points are, with
/// fractions: "3", "3¼", "3½", "3¾", "¼".
pub fn quarter_points_text(quarters: u32) -> String {
    let whole = quarters / 4;
    let fraction = ["", "¼", "½", "¾"][(quarters % 4) as usize];
    match (whole, fraction) {
        (0, "") => "0".to_string(),
        (0, fraction) => fraction.to_string(),
        (whole, fraction) => format!("{whole}{fraction}"),
    }
}

#[cfg(test)]
mod tests {
    use super::super::GameResult::{self, *};
    use super::*;

    fn game(round: u32, white: Player, black: Player, result: Option<GameResult>) -> TournamentGame {
        TournamentGame { round, white, black, result }
    }

    fn places(table: &[Standing]) -> Vec<(Player, usize)> {
        table.iter().map(|s| (s.player, s.place)).collect()
    }

    #[test]
    fn points_sonneborn_berger_and_wins_by_hand() {
        // 0 beats 1 and 2, draws 3; 1 beats 2 and 3; 2 beats 3.
        let games = [
            game(1, 0, 1, Some(WhiteWins)),
            game(1, 2, 3, Some(WhiteWins)),
            game(2, 0, 2, Some(WhiteWins)),
            game(2, 1, 3, Some(WhiteWins)),
            game(3, 3, 0, Some(Draw)),
            game(3, 1, 2, Some(WhiteWins)),
        ];
        let table = standings(Format::RoundRobin, &[1500.0; 4], &games, &[]);
        let points: Vec<(Player, HalfPoints)> = table.iter().map(|s| (s.player, s.points)).collect();
        assert_eq!(points, [(0, 5), (1, 4), (2, 2), (3, 1)]);
        // 0: beat 1 (2 points) and 2 (1), drew with 3 (½): SB 3.25 = 13 quarters.
        assert_eq!(table[0].sonneborn_berger, 13);
        assert_eq!(quarter_points_text(13), "3¼");
        assert_eq!(
            (quarter_points_text(2), quarter_points_text(0), quarter_points_text(15)),
            ("½".into(), "0".into(), "3¾".into())
        );
        assert_eq!(half_points_text(5), "2½");
        assert_eq!(half_points_text(1), "½");
        assert_eq!(table[0].wins, 2);
        assert_eq!(places(&table), [(0, 1), (1, 2), (2, 3), (3, 4)]);
    }

    #[test]
    fn sonneborn_berger_breaks_a_tie_on_points() {
        // 0 and 1 both 1½ of 3... 0 beat the strong player, 1 the weak one.
        let games = [
            game(1, 0, 2, Some(WhiteWins)), // 0 beats 2
            game(1, 1, 3, Some(WhiteWins)), // 1 beats 3
            game(2, 0, 1, Some(Draw)),
            game(2, 2, 3, Some(WhiteWins)), // 2 beats 3
            game(3, 3, 0, Some(WhiteWins)), // 3 beats 0
            game(3, 2, 1, Some(WhiteWins)), // 2 beats 1
        ];
        let table = standings(Format::RoundRobin, &[1500.0; 4], &games, &[]);
        // Points: 0 1½, 1 1½, 2 2, 3 1.
        assert_eq!(table[0].player, 2);
        // 0 beat 2 (2 points) and drew 1 (1½/2): SB 2.75; 1 beat 3 (1) and drew 0: SB 1.75.
        assert_eq!((table[1].player, table[1].sonneborn_berger), (0, 11));
        assert_eq!((table[2].player, table[2].sonneborn_berger), (1, 7));
    }

    #[test]
    fn the_game_between_tied_players_decides_then_a_place_is_shared() {
        // 0 and 1 beat each other, 2 beat 3: 0 and 1 are equal on points,
        // Sonneborn-Berger, wins and between them: they share first place.
        let games = [game(1, 0, 1, Some(WhiteWins)), game(1, 2, 3, Some(WhiteWins)), game(2, 1, 0, Some(WhiteWins))];
        let table = standings(Format::RoundRobin, &[1500.0; 4], &games, &[]);
        assert_eq!(places(&table), [(0, 1), (1, 1), (2, 3), (3, 4)]);

        // Half-way through: 1 beat 0, 0 beat 2, 2 beat 3. 0 and 1 have one
        // win each over a player with one win: equal on everything but
        // their own game, which puts 1 first.
        let games = [
            game(1, 1, 0, Some(WhiteWins)),
            game(1, 0, 2, Some(WhiteWins)),
            game(2, 2, 3, Some(WhiteWins)),
            game(2, 1, 3, None),
        ];
        let table = standings(Format::RoundRobin, &[1500.0; 4], &games, &[]);
        assert_eq!(places(&table), [(1, 1), (0, 2), (2, 3), (3, 4)]);
        assert_eq!((table[0].sonneborn_berger, table[1].sonneborn_berger), (4, 4));
        assert_eq!((table[0].games_left, table[1].games_left), (1, 0));
    }

    #[test]
    fn forfeits_score_and_byes_count_a_point_in_a_swiss() {
        let games = [
            game(1, 0, 1, Some(WhiteByForfeit)),
            game(1, 2, 3, Some(Draw)),
            game(2, 3, 0, None),
            game(2, 1, 4, Some(BlackWins)),
        ];
        let ratings = [1500.0, 1600.0, 1700.0, 1400.0, 1450.0];
        let table = standings(Format::Swiss, &ratings, &games, &[4]);
        let s = |p: Player| table.iter().find(|s| s.player == p).unwrap().clone();
        assert_eq!((s(0).points, s(0).wins, s(0).games_left), (2, 1, 1));
        assert_eq!((s(4).points, s(4).wins), (4, 1), "the bye and a win");
        // 4 met only 1 (0 points): Buchholz 0 less the lowest, 0.
        assert_eq!(s(4).buchholz_cut, Some(0));
        // 2 met 3 (½): one opponent, cut to 0; 3 met 2 (½) and 0 unfinished.
        assert_eq!(s(2).buchholz_cut, Some(0));
        assert_eq!(table[0].player, 4);
        // 0 (1 point, Buchholz 0) and 2 (½)...: points order first.
        assert!(s(0).place < s(2).place);
        // Equal on points and tiebreaks, the higher rating goes first.
        assert!(s(2).points == s(3).points && s(2).place < s(3).place);
    }

    #[test]
    fn buchholz_less_the_lowest_breaks_a_swiss_tie_before_sonneborn_berger() {
        // 0 and 1 each won once; 0's opponents scored more.
        let games = [
            game(1, 0, 2, Some(WhiteWins)),
            game(1, 1, 3, Some(WhiteWins)),
            game(2, 2, 4, Some(WhiteWins)),
            game(2, 3, 5, Some(WhiteWins)),
            game(3, 0, 5, Some(BlackWins)),
            game(3, 1, 4, Some(BlackWins)),
            game(3, 2, 3, Some(WhiteWins)),
        ];
        let ratings = [1500.0; 6];
        let table = standings(Format::Swiss, &ratings, &games, &[]);
        let s = |p: Player| table.iter().find(|s| s.player == p).unwrap().clone();
        // 0 met 2 (2 points) and 5 (1): cut 2... 1 met 3 (1) and 4 (1): cut 1.
        assert_eq!(s(0).buchholz_cut, Some(4));
        assert_eq!(s(1).buchholz_cut, Some(2));
        assert!(s(0).place < s(1).place);
    }
}
