//! The game service (src/game/) on a real database, each test on a SQLite
//! file and on PostgreSQL (see `support::games`).

mod abort;
mod bot;
mod challenges;
mod fair_play;
mod game_list;
mod games;
mod history;
mod matches;
mod more_time;
mod move_choices;
mod notify;
mod open_challenges;
mod outbox;
mod premoves;
mod puzzle_play;
mod puzzle_reports;
mod puzzles;
mod ratings;
mod refusals;
mod replays;
mod server_locales;
mod takebacks;
mod threads;
mod time_controls;
mod tournament_rounds;
pub(crate) mod tournaments;
mod vacation;
