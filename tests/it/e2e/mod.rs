//! The bot end to end: the real serenity client against a fake Discord on
//! 127.0.0.1, driven by slash commands and buttons as players send them.

mod abort;
mod alt_text;
mod backlog;
mod backups;
mod bot;
mod check;
mod command_fuzz;
mod contexts;
mod deferral;
mod discord_failures;
mod fair_play;
mod fake_discord;
mod faults;
mod game;
mod games_list;
mod live_buttons;
mod matches;
mod move_menu;
mod notify;
mod open_challenges;
mod outbox;
mod premoves;
mod processes;
mod puzzles;
mod rate_limits;
mod ratings;
mod records;
mod replay;
mod restart;
mod spanish;
mod takebacks;
mod threads;
mod time_controls;
mod tournaments;
mod vacation;
