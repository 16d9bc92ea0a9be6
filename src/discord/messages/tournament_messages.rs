//! The words and pictures of a tournament's messages: its message in its
//! channel (sign-up, then what became of it), its standings as text and
//! as a picture, the start of a Swiss round, its end, and the names of its
//! games' threads. No decisions are made here.

use crate::game::{StandingLine, Tournament, TournamentFormat, TournamentStatus};
use crate::i18n::{Lang, alt, draw_rules_name, text, variant_name};
use crate::render::{StandingsLine, StandingsPicture, standings_png};
use crate::t;
use crate::tournament::standings::{half_points_text, quarter_points_text};

use crate::discord::interactions::buttons::tournament_buttons;
use crate::discord::messages::errors::CommandError;
use crate::discord::messages::game_messages::{channel, date, user};
use crate::discord::messages::reply::Reply;
use crate::workers::Workers;

/// The most players a text lists by name; the rest are counted.
const LISTED_PLAYERS: usize = 40;
/// The most lines of standings a message shows (the picture shows all).
const STANDINGS_LINES: usize = 25;
/// A name's width in the standings' columns.
const NAME_WIDTH: usize = 18;
/// The most games a round's announcement lists.
const LISTED_GAMES: usize = 15;

/// "/tournament start number:3" in the reader's language: the command and
/// its subcommand as Discord shows them there.
pub fn subcommand(lang: Lang, name: &str, number: i64) -> String {
    format!(
        "/{} {} {}:{number}",
        text(lang, "cmd-tournament-name"),
        text(lang, &format!("sub-tournament-{name}-name")),
        text(lang, &format!("opt-tournament-{name}-number-name"))
    )
}

/// "**Tournament #3 · Spring cup**".
pub fn title(lang: Lang, t: &Tournament) -> String {
    t!(lang, "tournament-title", number = t.id.to_string(), name = t.name.clone())
}

/// "round-robin", "double round-robin", "Swiss".
pub fn format_name(lang: Lang, format: TournamentFormat) -> String {
    text(lang, &format!("tournament-format-{}", format.name().replace('_', "-")))
}

/// "round-robin · 3 days per move · variant classic · draw rules classic ·
/// rated · vacation allowed".
pub fn terms(lang: Lang, t: &Tournament) -> String {
    let mut parts = vec![format_name(lang, t.format)];
    if let Some(rounds) = t.rounds.or(t.rounds_asked) {
        parts.push(t!(lang, "tournament-rounds", rounds = rounds));
    }
    parts.push(crate::discord::messages::clocks::time_control(lang, &t.time));
    parts.push(t!(lang, "challenge-variant", variant = variant_name(lang, t.variant)));
    parts.push(t!(lang, "challenge-draw-rules", rules = draw_rules_name(lang, t.draw_rules)));
    parts.push(if t.rated { t!(lang, "challenge-rated") } else { t!(lang, "challenge-casual") });
    parts.push(if t.vacation { t!(lang, "tournament-vacation-allowed") } else { t!(lang, "tournament-no-vacation") });
    parts.join(" · ")
}

/// Mentions of `users`, the first [`LISTED_PLAYERS`] of them, then how
/// many more.
fn mentions(lang: Lang, users: impl ExactSizeIterator<Item = u64>) -> String {
    let count = users.len();
    let mut listed: Vec<String> = users.take(LISTED_PLAYERS).map(user).collect();
    if count > LISTED_PLAYERS {
        listed.push(t!(lang, "tournament-and-more", count = count - LISTED_PLAYERS));
    }
    listed.join(", ")
}

/// The tournament's message in its channel: title, terms, organiser,
/// players, and what stage it is at; Join / Leave while it takes entrants.
/// It notifies nobody (it is edited as players come and go).
pub fn tournament_message(lang: Lang, t: &Tournament) -> Reply {
    let mut lines = vec![title(lang, t), terms(lang, t)];
    lines.push(t!(lang, "tournament-organiser", organiser = user(t.organiser), max = t.max_players));
    let players = t.entrants.iter().map(|e| e.user).collect::<Vec<_>>();
    lines.push(if players.is_empty() {
        t!(lang, "tournament-players-none")
    } else {
        t!(lang, "tournament-players", count = players.len(), players = mentions(lang, players.into_iter()))
    });
    lines.push(match t.status {
        TournamentStatus::Signup => t!(
            lang,
            "tournament-signup-hint",
            join = subcommand(lang, "join", t.id),
            start = subcommand(lang, "start", t.id)
        ),
        TournamentStatus::Running => t!(
            lang,
            "tournament-running",
            date = date(t.started_at.unwrap_or(t.created_at)),
            standings = subcommand(lang, "standings", t.id)
        ),
        TournamentStatus::Finished => {
            t!(
                lang,
                "tournament-finished",
                date = date(t.finished_at.unwrap_or(t.created_at)),
                winners = winners(lang, t)
            )
        }
        TournamentStatus::Cancelled => t!(
            lang,
            "tournament-cancelled",
            player = user(t.cancelled_by.unwrap_or(t.organiser)),
            date = date(t.finished_at.unwrap_or(t.created_at))
        ),
    });
    let reply = Reply::public(lang, lines.join("\n")).pinging(Vec::new());
    let buttons = if t.status == TournamentStatus::Signup { tournament_buttons(lang, t.id) } else { Vec::new() };
    reply.components(buttons)
}

/// The winners' mentions ("<@a>", or "<@a>, <@b>" sharing first place).
fn winners(lang: Lang, t: &Tournament) -> String {
    let winners = t.winners();
    if winners.is_empty() { t!(lang, "tournament-no-winner") } else { mentions(lang, winners.into_iter()) }
}

/// Where the tournament stands in a line: "round 2 of 3 · 5 of 12 games
/// finished".
fn progress(lang: Lang, t: &Tournament) -> String {
    let (done, all) = t.games_done();
    let games = t!(lang, "tournament-games-done", done = done, all = all);
    match (t.format, t.rounds) {
        (TournamentFormat::Swiss, Some(rounds)) => {
            format!("{} · {games}", t!(lang, "tournament-round-of", round = t.round, rounds = rounds))
        }
        _ => games,
    }
}

/// A player's name as the standings show it (their name when they joined,
/// else their id), `*` after it when they withdrew.
fn standing_name(line: &StandingLine) -> String {
    let name = line.name.clone().unwrap_or_else(|| line.user.to_string());
    if line.withdrawn { format!("{name}*") } else { name }
}

/// "1", or "2-3" for a shared place.
fn place(line: &StandingLine) -> String {
    if line.sharing > 1 { format!("{}-{}", line.place, line.place + line.sharing - 1) } else { line.place.to_string() }
}

/// The heads of the figures and each line's figures, as the format's
/// tiebreaks go (RULES 8.4b-c).
fn figures(lang: Lang, format: TournamentFormat, line: &StandingLine) -> (Vec<String>, Vec<String>) {
    let points = half_points_text(line.points);
    let sb = quarter_points_text(line.sonneborn_berger);
    let left = line.games_left.to_string();
    match format {
        TournamentFormat::Swiss => (
            ["standings-points", "standings-buchholz", "standings-sb", "standings-left"]
                .map(|k| text(lang, k))
                .to_vec(),
            vec![points, half_points_text(line.buchholz_cut.unwrap_or(0)), sb, left],
        ),
        _ => (
            ["standings-points", "standings-sb", "standings-wins", "standings-left"].map(|k| text(lang, k)).to_vec(),
            vec![points, sb, line.wins.to_string(), left],
        ),
    }
}

/// `text` cut or padded to `width` characters.
fn cell(text: &str, width: usize) -> String {
    let cut: String = text.chars().take(width).collect();
    format!("{cut:<width$}")
}

/// The standings message: where the tournament stands and a table of
/// place, player and figures (the first [`STANDINGS_LINES`] players).
pub fn standings_message(lang: Lang, t: &Tournament) -> Reply {
    let lines = t.standings();
    let mut out = vec![t!(lang, "standings-title", title = title(lang, t), progress = progress(lang, t))];
    if t.status == TournamentStatus::Cancelled {
        out.push(t!(lang, "standings-cancelled"));
    } else if t.status == TournamentStatus::Finished {
        out.push(t!(lang, "standings-final", winners = winners(lang, t)));
    }
    let heads = lines.first().map(|l| figures(lang, t.format, l).0).unwrap_or_default();
    let mut table = format!("{:<6}{}", "#", cell(&t!(lang, "standings-player"), NAME_WIDTH));
    for head in &heads {
        table.push_str(&format!("{head:>7}"));
    }
    for line in lines.iter().take(STANDINGS_LINES) {
        table.push('\n');
        table.push_str(&format!("{:<6}{}", place(line), cell(&standing_name(line), NAME_WIDTH)));
        for figure in figures(lang, t.format, line).1 {
            table.push_str(&format!("{figure:>7}"));
        }
    }
    out.push(format!("```\n{table}\n```"));
    if lines.len() > STANDINGS_LINES {
        out.push(t!(lang, "tournament-and-more", count = lines.len() - STANDINGS_LINES));
    }
    if lines.iter().any(|l| l.withdrawn) {
        out.push(t!(lang, "standings-withdrawn"));
    }
    out.push(t!(lang, "standings-picture-hint", command = subcommand(lang, "standings", t.id)));
    Reply::public(lang, out.join("\n")).pinging(Vec::new())
}

/// A round-robin's cross-table cell: `a`'s scores against `b`, round by
/// round ("1", "½", "0", "+" / "-" for a forfeit, "·" for a game not
/// finished), two games joined by a space.
fn cross_cell(t: &Tournament, a: u64, b: u64) -> String {
    let scores: Vec<String> = t
        .results_between(a, b)
        .into_iter()
        .map(|r| match r {
            None => "·".to_string(),
            Some((2, true)) => "+".to_string(),
            Some((_, true)) => "-".to_string(),
            Some((half, false)) => half_points_text(half),
        })
        .collect();
    scores.join(" ")
}

/// What the standings picture shows, in `lang`.
pub fn standings_picture(lang: Lang, t: &Tournament) -> StandingsPicture {
    let lines = t.standings();
    let heads = lines.first().map(|l| figures(lang, t.format, l).0).unwrap_or_default();
    let cross = (t.format != TournamentFormat::Swiss)
        .then(|| lines.iter().map(|a| lines.iter().map(|b| cross_cell(t, a.user, b.user)).collect()).collect());
    // Once over, the picture says these are the final standings.
    let state = if t.is_over() { format!("{} · ", t!(lang, "standings-picture-final")) } else { String::new() };
    let legend_key = if t.format == TournamentFormat::Swiss { "standings-legend-swiss" } else { "standings-legend" };
    StandingsPicture {
        title: format!(
            "{} · {state}{}",
            t!(lang, "standings-picture-title", number = t.id.to_string(), name = t.name.clone()),
            progress(lang, t)
        ),
        name_head: t!(lang, "standings-player"),
        figure_heads: heads,
        legend: text(lang, legend_key),
        lines: lines
            .iter()
            .map(|l| StandingsLine { place: place(l), name: standing_name(l), figures: figures(lang, t.format, l).1 })
            .collect(),
        cross,
    }
}

/// The standings as a PNG, drawn on the worker pool, with its alt text.
pub async fn standings_file(lang: Lang, t: &Tournament) -> Result<(String, Vec<u8>, String), CommandError> {
    let picture = standings_picture(lang, t);
    let png = Workers::shared()
        .run(move || standings_png(&picture))
        .await
        .map_err(|e| CommandError::Internal(format!("drawing the standings failed: {e}")))?;
    let lines: Vec<(String, String, String)> =
        t.standings().iter().map(|l| (place(l), standing_name(l), half_points_text(l.points))).collect();
    let description = alt::standings(lang, &title_plain(lang, t), &progress(lang, t), &lines);
    Ok((format!("damas-tournament-{}-standings.png", t.id), png, description))
}

/// The title without its bold marks, for alt text and picture titles.
fn title_plain(lang: Lang, t: &Tournament) -> String {
    t!(lang, "standings-picture-title", number = t.id.to_string(), name = t.name.clone())
}

/// The announcement of Swiss round `round` once its games have started:
/// its games with their threads, and its bye. It notifies nobody: each
/// game's own message pings its players.
pub fn round_message(lang: Lang, t: &Tournament, round: u32) -> Reply {
    let mut out = vec![t!(
        lang,
        "tournament-round-begins",
        title = title(lang, t),
        round = round,
        rounds = t.rounds.unwrap_or(round)
    )];
    let games: Vec<_> = t.round_pairings(round).collect();
    for p in games.iter().take(LISTED_GAMES) {
        let line = match (p.channel, p.result) {
            (Some(thread), _) => {
                t!(
                    lang,
                    "tournament-round-game",
                    thread = channel(thread),
                    white = user(p.white),
                    black = user(p.black)
                )
            }
            (None, _) => t!(lang, "tournament-round-forfeit", white = user(p.white), black = user(p.black)),
        };
        out.push(line);
    }
    if games.len() > LISTED_GAMES {
        out.push(t!(lang, "tournament-and-more", count = games.len() - LISTED_GAMES));
    }
    if let Some(bye) = t.bye_in(round) {
        out.push(t!(lang, "tournament-bye", player = user(bye)));
    }
    Reply::public(lang, out.join("\n")).pinging(Vec::new())
}

/// The end of a tournament: its winner(s), named without a notification (it
/// asks nothing of them), the final standings as a picture, and where to
/// find every game.
pub async fn final_message(lang: Lang, t: &Tournament) -> Result<Reply, CommandError> {
    let winners = t.winners();
    let points = t.standings().first().map(|l| half_points_text(l.points)).unwrap_or_default();
    let headline = match winners.len() {
        0 => t!(lang, "tournament-over-no-winner", title = title(lang, t)),
        1 => t!(
            lang,
            "tournament-over-winner",
            title = title(lang, t),
            player = user(winners[0]),
            count = crate::i18n::points_count(&points),
            points = points
        ),
        _ => t!(
            lang,
            "tournament-over-shared",
            title = title(lang, t),
            players = mentions(lang, winners.iter().copied()),
            count = crate::i18n::points_count(&points),
            points = points
        ),
    };
    let text = format!("{headline}\n{}", t!(lang, "tournament-over-pdn", command = subcommand(lang, "pdn", t.id)));
    let (name, png, description) = standings_file(lang, t).await?;
    Ok(Reply::public(lang, text).file(name, png, description).pinging(Vec::new()))
}

/// The name of the thread of a tournament game: "Spring cup · round 2 ·
/// alice vs bob", each part cut so that the whole stays within Discord's
/// 100 characters with both players' names in it.
pub fn thread_name(lang: Lang, name: &str, round: u32, white: &str, black: &str) -> String {
    let part = |text: &str, most: usize| text.chars().take(most).collect::<String>();
    let (name, white, black) =
        (part(name, THREAD_NAME_PART), part(white, THREAD_PLAYER_PART), part(black, THREAD_PLAYER_PART));
    t!(lang, "tournament-thread", name = name, round = round, white = white, black = black)
}

/// The most characters of a tournament's name in a game's thread name.
const THREAD_NAME_PART: usize = 30;
/// The most characters of a player's name in a game's thread name.
const THREAD_PLAYER_PART: usize = 23;

/// One line of `/tournaments`: number, name, format, stage, players, channel.
pub fn list_line(lang: Lang, line: &crate::game::TournamentLine) -> String {
    let stage = match line.status {
        TournamentStatus::Signup => t!(lang, "tournaments-signup"),
        TournamentStatus::Running => match line.rounds {
            Some(rounds) if line.format == TournamentFormat::Swiss => {
                t!(lang, "tournaments-running-round", round = line.round, rounds = rounds)
            }
            _ => t!(lang, "tournaments-running"),
        },
        TournamentStatus::Finished => t!(lang, "tournaments-finished"),
        TournamentStatus::Cancelled => t!(lang, "tournaments-cancelled"),
    };
    t!(
        lang,
        "tournaments-line",
        number = line.id.to_string(),
        name = line.name.clone(),
        format = format_name(lang, line.format),
        stage = stage,
        players = line.players,
        channel = channel(line.channel)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Entrant, TournamentPairing};
    use crate::rules::{DrawRules, Variant};
    use crate::tournament::GameResult;

    /// A Swiss of 128 players with long names, three rounds played: the
    /// largest messages a tournament makes.
    fn largest() -> Tournament {
        let entrants = (0..128u32)
            .map(|seat| Entrant {
                user: 1_000_000_000_000_000_000 + u64::from(seat),
                name: Some(format!("a rather long name {seat:03}")),
                seat: Some(seat),
                rating: Some(1500.0 + f64::from(seat)),
                withdrawn: seat % 17 == 0,
                removed_by: None,
            })
            .collect::<Vec<_>>();
        let mut pairings = Vec::new();
        for round in 1..=3u32 {
            for board in 0..64u32 {
                let (white, black) = (entrants[board as usize].user, entrants[board as usize + 64].user);
                pairings.push(TournamentPairing {
                    id: i64::from(round * 100 + board),
                    round,
                    board: board + 1,
                    white,
                    black,
                    game: Some(i64::from(round * 100 + board)),
                    channel: Some(2_000_000_000_000_000_000 + u64::from(round * 100 + board)),
                    result: (round < 3).then_some(GameResult::Draw),
                    aborted: false,
                });
            }
        }
        Tournament {
            id: 123_456,
            guild: 1,
            channel: 2,
            organiser: 3,
            name: "x".repeat(crate::game::MAX_NAME),
            format: TournamentFormat::Swiss,
            rounds_asked: Some(7),
            rounds: Some(7),
            round: 3,
            results_seen: 128,
            time: crate::store::TimeControl::per_move(14),
            variant: Variant::Classic,
            draw_rules: DrawRules::Classic,
            rated: true,
            max_players: 128,
            vacation: false,
            status: TournamentStatus::Running,
            version: 9,
            shown_version: 8,
            message: Some(4),
            standings_message: Some(5),
            announced_round: 2,
            final_announced: false,
            created_at: 0,
            started_at: Some(0),
            finished_at: None,
            cancelled_by: None,
            entrants,
            pairings,
            byes: Vec::new(),
        }
    }

    #[test]
    fn the_largest_tournament_s_messages_fit_discord() {
        let t = largest();
        for lang in Lang::ALL {
            for (what, reply) in [
                ("tournament", tournament_message(lang, &t)),
                ("standings", standings_message(lang, &t)),
                ("round", round_message(lang, &t, 3)),
            ] {
                let length = reply.content.chars().count();
                assert!(length <= 2000, "{lang:?} {what}: {length} characters");
                assert!(!reply.content.contains("{ $"), "{lang:?} {what}: a placeholder left");
            }
            let standings = standings_message(lang, &t).content;
            assert_eq!(standings.matches("```").count(), 2, "the table's block is whole: {standings}");
            let name = thread_name(lang, &t.name, 7, "a rather long name 001", "a rather long name 002");
            assert!(name.chars().count() <= 100 && name.contains("a rather long name 002"), "{name}");
        }
    }

    #[test]
    fn the_standings_picture_shows_every_player_and_a_round_robin_s_cross_table() {
        let mut t = largest();
        let picture = standings_picture(Lang::En, &t);
        assert_eq!(picture.lines.len(), 128);
        // Its columns are named and explained; "final" only once it is over.
        assert_eq!(picture.name_head, "Player");
        assert!(
            picture.legend.contains("Bch-1: ") && picture.legend.contains("SB: Sonneborn-Berger"),
            "{}",
            picture.legend
        );
        assert_eq!(picture.title.contains("final standings"), t.is_over(), "{}", picture.title);
        assert!(picture.cross.is_none(), "a Swiss has no cross-table");
        assert_eq!(picture.figure_heads, ["Pts", "Bch-1", "SB", "Left"]);
        // A double round-robin's cell holds both games.
        t.format = TournamentFormat::DoubleRoundRobin;
        t.entrants.truncate(2);
        let (a, b) = (t.entrants[0].user, t.entrants[1].user);
        t.pairings = vec![
            TournamentPairing { round: 1, white: a, black: b, result: Some(GameResult::WhiteWins), ..t.pairings[0] },
            TournamentPairing {
                round: 2,
                white: b,
                black: a,
                result: Some(GameResult::BlackByForfeit),
                ..t.pairings[1]
            },
        ];
        t.pairings[1].id = 2;
        let picture = standings_picture(Lang::En, &t);
        let cross = picture.cross.expect("a round-robin's cross-table");
        let row_of_a = picture.lines.iter().position(|l| l.name.starts_with("a rather long name 000")).unwrap();
        assert_eq!(cross[row_of_a][1 - row_of_a], "1 +", "a win, then a win by forfeit");
        assert_eq!(cross[1 - row_of_a][row_of_a], "0 -");
        assert_eq!(cross[row_of_a][row_of_a], "");
    }
}
