//! What the bot does on its own: the clock loop (the bot's moves, due
//! reminders, losses on time and expired challenges, announcements, closed
//! challenges' posts brought up to date), the
//! direct messages, the tournaments' upkeep, the daily puzzle), the
//! fair-play keys, finished games scanned for puzzles, and the
//! helpers they share to stay out of the way of interactions.

pub mod answering;
pub mod backups;
pub mod challenge_posts;
pub mod clock_loop;
pub mod daily_puzzles;
pub mod engine_moves;
pub mod fair_play_keys;
pub mod puzzle_scans;
pub mod send_direct_messages;
pub(in crate::discord) mod settling;
pub(in crate::discord) mod side_by_side;
pub mod tournament_upkeep;
