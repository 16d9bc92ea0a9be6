//! Solving a puzzle: one is chosen near the player's puzzle rating among
//! those they were never shown, they answer move by move, the bot plays the
//! solution's replies, and the attempt ends solved (the whole line, or a
//! move of their own that wins as well by the verification search) or not
//! (any other move), rated at once. Every answer names the step it was made
//! at, and moves the attempt on by one conditional write: an answer to an
//! old board, or the second of two racing answers, changes nothing.

use super::Puzzles;
use crate::engine::puzzles::{Theme, VERIFY_DEPTH, still_wins};
use crate::game::GameError;
use crate::rating::Rating;
use crate::rules::{Color, DrawRules, Move, Position, Variant, move_number, parse_fen};
use crate::store::{AttemptFinished, AttemptRow, PuzzleRecord, PuzzleSource};

/// How many unseen puzzles nearest the player's rating one is chosen among
/// (so that players of one rating do not all get the same sequence).
const NEAREST: i64 = 12;

/// A stored puzzle, read and checked.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredPuzzle {
    /// Its id.
    pub id: i64,
    /// The position it starts from, the solver to move.
    pub start: Position,
    /// The solution: the solver's moves and the replies, alternating.
    pub line: Vec<Move>,
    /// The solution in canonical notation.
    pub notation: Vec<String>,
    /// What it is about.
    pub theme: Theme,
    /// Its own rating when it was read.
    pub rating: Rating,
    /// The game it came from, if any.
    pub source: Option<PuzzleSource>,
}

impl StoredPuzzle {
    /// Reads a stored puzzle, checking that its solution plays.
    pub fn read(puzzle: &PuzzleRecord) -> Result<StoredPuzzle, GameError> {
        let corrupt = |what: String| GameError::Corrupt(format!("puzzle {}: {what}", puzzle.id));
        let start = parse_fen(&puzzle.fen).map_err(|e| corrupt(format!("position {}: {e}", puzzle.fen)))?;
        let theme = Theme::from_name(&puzzle.theme).ok_or_else(|| corrupt(format!("theme {}", puzzle.theme)))?;
        let mut position = start;
        let mut line = Vec::new();
        let mut notation = Vec::new();
        for text in puzzle.line.split_whitespace() {
            let mv = position.parse_move(text).map_err(|e| corrupt(format!("move {text}: {e}")))?;
            notation.push(position.notation(&mv));
            position = position.play(&mv).ok_or_else(|| corrupt(format!("move {text} does not play")))?;
            line.push(mv);
        }
        if line.len() % 2 == 0 {
            return Err(corrupt(format!("a line of {} plies", line.len())));
        }
        Ok(StoredPuzzle {
            id: puzzle.id,
            start,
            line,
            notation,
            theme,
            rating: puzzle.rating,
            source: puzzle.source.clone(),
        })
    }

    /// The side solving it.
    pub fn solver(&self) -> Color {
        self.start.turn()
    }

    /// The position after `plies` plies of the solution.
    pub fn after(&self, plies: usize) -> Position {
        self.line[..plies.min(self.line.len())].iter().fold(self.start, |p, mv| p.play(mv).unwrap_or(p))
    }

    /// The move of the game the puzzle's position came from, as players
    /// count them (White's and Black's moves make one): "move 23".
    pub fn move_number(&self) -> Option<usize> {
        let source = self.source.as_ref()?;
        let ply = source.ply as usize;
        // Who moved first in that game: the solver, an even number of plies back.
        let first = if ply.is_multiple_of(2) { self.solver() } else { self.solver().opponent() };
        Some(move_number(first, ply).0)
    }
}

/// A puzzle as one player is solving it (or solved it).
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzlePlay {
    /// The attempt (its id is carried by the menus of its message).
    pub attempt: i64,
    /// The player.
    pub user: u64,
    /// Plies of the solution behind the player.
    pub step: u32,
    /// The puzzle.
    pub puzzle: StoredPuzzle,
    /// The server's daily puzzle of this local day it was started from.
    pub daily_day: Option<i64>,
    /// `Some(solved)` once over.
    pub solved: Option<bool>,
}

impl PuzzlePlay {
    /// The position now: the solver to move while it is not over.
    pub fn position(&self) -> Position {
        self.puzzle.after(self.step as usize)
    }

    /// The move that led to the position now (the bot's last reply) and
    /// the position before it, for the picture.
    pub fn last_move(&self) -> Option<(Move, Position)> {
        let step = self.step as usize;
        (step > 0).then(|| (self.puzzle.line[step - 1], self.puzzle.after(step - 1)))
    }
}

/// What an answer did.
#[derive(Clone, Debug, PartialEq)]
pub enum Answered {
    /// The right move; the bot replied and the player moves again.
    Continue {
        /// The puzzle after the reply.
        play: PuzzlePlay,
        /// The player's move and the bot's reply, as written.
        played: String,
        /// The reply.
        reply: String,
    },
    /// Solved: the last move of the solution, or a move of the player's
    /// own that wins as well (`alternative`).
    Solved {
        /// The puzzle, over.
        play: PuzzlePlay,
        /// The winning move played, as written.
        played: String,
        /// Whether it was not the solution's move but wins as well.
        alternative: bool,
        /// The rating before and after.
        rating: PuzzleRatingChange,
    },
    /// A move that does not win: the puzzle is over, not solved.
    Failed {
        /// The puzzle, over (at the step where the move was tried).
        play: PuzzlePlay,
        /// The move played, as written.
        played: String,
        /// The move played.
        tried: Move,
        /// The rating before and after.
        rating: PuzzleRatingChange,
    },
}

/// A player's puzzle rating before and after an attempt, with their counts
/// and streak after it.
pub type PuzzleRatingChange = AttemptFinished;

/// A puzzle shown: new, or one the player had started already.
#[derive(Clone, Debug, PartialEq)]
pub struct Shown {
    /// The puzzle as it stands.
    pub play: PuzzlePlay,
    /// Whether the player had it open already (shown again where they left it).
    pub resumed: bool,
}

/// Reads a stored attempt into a puzzle being played.
pub(super) fn play_of(row: AttemptRow) -> Result<PuzzlePlay, GameError> {
    let puzzle = StoredPuzzle::read(&row.puzzle)?;
    if row.step as usize > puzzle.line.len() {
        return Err(GameError::Corrupt(format!("attempt {}: step {} past its line", row.id, row.step)));
    }
    Ok(PuzzlePlay {
        attempt: row.id,
        user: row.user,
        step: row.step,
        puzzle,
        daily_day: row.daily_day,
        solved: row.solved,
    })
}

/// A pick among `count` candidates that differs from player to player and
/// from one puzzle to the next.
fn pick(user: u64, played: u32, count: usize) -> usize {
    let mixed = user.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ u64::from(played).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    (mixed % count as u64) as usize
}

impl Puzzles<'_> {
    /// A puzzle for `user` in `guild`: the one they left unfinished, if
    /// any (skipping is not a way round a hard one), else a new one near
    /// their puzzle rating that they were never shown.
    pub async fn next_puzzle(self, guild: u64, user: u64, now: i64) -> Result<Shown, GameError> {
        if let Some(open) = self.store.open_attempt(guild, user).await? {
            return Ok(Shown { play: play_of(open)?, resumed: true });
        }
        let player = self.store.puzzle_rating(guild, user).await?;
        let rating = player.as_ref().map_or(Rating::new_player(), |p| p.rating);
        let played = player.map_or(0, |p| p.played);
        let near = self.store.unseen_puzzles_near(user, rating.rating, NEAREST).await?;
        if near.is_empty() {
            return Err(GameError::NoPuzzleLeft);
        }
        let puzzle = near[pick(user, played, near.len())];
        let (attempt, new) = self.store.start_attempt(guild, user, puzzle, None, now).await?;
        Ok(Shown { play: play_of(attempt)?, resumed: !new })
    }

    /// The puzzle `user` has open in `guild` (the latest they started), if any.
    pub async fn open_puzzle(self, guild: u64, user: u64) -> Result<Option<PuzzlePlay>, GameError> {
        self.store.open_attempt(guild, user).await?.map(play_of).transpose()
    }

    /// Attempt `attempt` as it stands (to show it again).
    pub async fn attempt(self, attempt: i64) -> Result<PuzzlePlay, GameError> {
        let row = self.store.attempt(attempt).await?.ok_or(GameError::PuzzleOver)?;
        play_of(row)
    }

    /// `user` answers `text` to attempt `attempt` as shown at step `step`.
    /// A move that cannot be read or is not legal is refused and changes
    /// nothing; so does an answer to someone else's puzzle, to one that is
    /// over, or to a board the puzzle moved on from. An answer to a daily
    /// puzzle whose day is over closes the attempt unrated and is refused.
    pub async fn answer(self, attempt: i64, step: u32, user: u64, text: &str, now: i64) -> Result<Answered, GameError> {
        let row = self.store.attempt(attempt).await?.ok_or(GameError::PuzzleOver)?;
        if row.user != user {
            return Err(GameError::NotYourPuzzle);
        }
        // A daily puzzle opened before its solution was out and answered
        // after it earns nothing: the attempt closes, unrated.
        if let (Some(day), None) = (row.daily_day, row.solved)
            && self.daily_answer_too_late(row.guild, day, now).await?
        {
            self.store.close_attempt_unrated(attempt, now).await?;
            return Err(GameError::DailyPuzzleRevealed);
        }
        let mut play = play_of(row)?;
        if play.solved.is_some() {
            return Err(GameError::PuzzleOver);
        }
        if play.step != step {
            return Err(GameError::PuzzleMovedOn);
        }
        let position = play.position();
        let mv = position.parse_move(text)?;
        let played = position.notation(&mv);
        let at = step as usize;
        if mv == play.puzzle.line[at] {
            if at + 1 >= play.puzzle.line.len() {
                return self.finish(play, true, (played, mv), false, now).await;
            }
            let reply = play.puzzle.notation[at + 1].clone();
            let next = u32::try_from(at + 2).unwrap_or(u32::MAX);
            if !self.store.advance_attempt(attempt, step, next).await? {
                return Err(GameError::PuzzleMovedOn);
            }
            play.step = next;
            return Ok(Answered::Continue { play, played, reply });
        }
        let after = position.play(&mv).ok_or(GameError::PuzzleMovedOn)?;
        // As deep as the verification searched the puzzle's first move.
        let depth = VERIFY_DEPTH - 1;
        let wins = self
            .engine
            .run(move |searcher| still_wins(searcher, &after, Variant::Classic, DrawRules::Classic, depth))
            .await?;
        self.finish(play, wins, (played, mv), wins, now).await
    }

    /// Ends `play` at its step, solved or not, and rates it.
    async fn finish(
        self,
        mut play: PuzzlePlay,
        solved: bool,
        (played, tried): (String, Move),
        alternative: bool,
        now: i64,
    ) -> Result<Answered, GameError> {
        let rating =
            self.store.finish_attempt(play.attempt, play.step, solved, now).await?.ok_or(GameError::PuzzleMovedOn)?;
        play.solved = Some(solved);
        Ok(if solved {
            Answered::Solved { play, played, alternative, rating }
        } else {
            Answered::Failed { play, played, tried, rating }
        })
    }
}
