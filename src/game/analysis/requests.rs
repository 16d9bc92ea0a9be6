//! Analysis for people: any position, or the review of a finished game.
//! Never of a live game (fair play: in correspondence an engine must not
//! play for the players), neither by its channel nor by its position.

use super::Analyses;
use std::time::Duration;

use crate::engine::{Analysis, Level, Limits, Root, Swing, analyze, review};
use crate::game::{GameError, GameView, HeavyWork, convert, level};
use crate::rules::{DrawRules, Position, Variant, notation_among, parse_fen};

/// The level `/analyze` searches at when none is given.
pub const DEFAULT_ANALYSIS_LEVEL: u8 = 10;
/// Smallest evaluation swing (centi-men) a review reports.
pub const REVIEW_THRESHOLD: i32 = 50;
/// Thinking time for one position at level 10 (lower levels use a share):
/// with the picture, an answer within 3 s.
const ANALYSIS_TIME: Duration = Duration::from_secs(2);
/// Thinking time for a whole review, shared among its positions.
const REVIEW_TIME: Duration = Duration::from_secs(8);
/// Deepest search of each position in a review.
const REVIEW_DEPTH: u32 = 12;
/// Most moves a review lists.
const REVIEW_SWINGS: usize = 3;

/// The engine's view of one position.
#[derive(Clone, Debug)]
pub struct PositionAnalysis {
    /// The position analysed.
    pub position: Position,
    /// The level searched at.
    pub level: Level,
    /// What the engine found.
    pub analysis: Analysis,
    /// The best move in canonical notation, if there is a legal move.
    pub best: Option<String>,
    /// The principal variation in canonical notation.
    pub pv: Vec<String>,
}

/// The review of a finished game.
#[derive(Clone, Debug)]
pub struct GameReview {
    /// The game.
    pub game: GameView,
    /// Up to three moves where the evaluation swung most, biggest first.
    pub swings: Vec<Swing>,
    /// The final position's evaluation.
    pub last: PositionAnalysis,
}

impl Analyses<'_> {
    /// Analyses the position given as PDN FEN at `level` (1-10, default
    /// 10), unless it is the position of a live game in `guild` (outside a
    /// server: of a live game `user` plays) or within two plies of it, or
    /// while `user`'s last analysis is cooling down.
    pub async fn analyze_fen(
        self,
        fen: &str,
        guild: Option<u64>,
        user: u64,
        level_given: Option<i64>,
    ) -> Result<PositionAnalysis, GameError> {
        let level = level(level_given, DEFAULT_ANALYSIS_LEVEL)?;
        let position = parse_fen(fen)?;
        self.refuse_live_position(&position, guild, user).await?;
        self.start_heavy(user, HeavyWork::Analysis)?;
        self.analyze_root(Root::new(position, Variant::Classic, DrawRules::Classic), level).await
    }

    /// Reviews the game of `channel` that finished last, for `user`: its
    /// costliest moves and its final position. Refused while the channel's
    /// game is live, where no game has finished, and while `user`'s last
    /// review is cooling down.
    pub async fn review_channel(
        self,
        channel: u64,
        user: u64,
        level_given: Option<i64>,
    ) -> Result<GameReview, GameError> {
        let level = level(level_given, DEFAULT_ANALYSIS_LEVEL)?;
        if self.store.live_game_in_channel(channel).await?.is_some() {
            return Err(GameError::AnalysisOfLiveGame);
        }
        let row = self.store.last_finished_game_in_channel(channel).await?.ok_or(GameError::NothingToAnalyze)?;
        self.start_heavy(user, HeavyWork::Review)?;
        let game = convert::game_view(row)?;
        let replay = game.game.clone();
        let positions = replay.ply() as u32 + 1;
        let limits = Limits { depth: Some(REVIEW_DEPTH), nodes: None, time: Some(REVIEW_TIME / positions.max(1)) };
        let swings = self
            .engine
            .run(move |searcher| review(searcher, &replay, &limits, REVIEW_SWINGS, REVIEW_THRESHOLD))
            .await?;
        let last = self.analyze_root(Root::of_game(&game.game), level).await?;
        Ok(GameReview { game, swings, last })
    }

    async fn analyze_root(self, root: Root, level: Level) -> Result<PositionAnalysis, GameError> {
        let position = root.position;
        let limits = level.limits(ANALYSIS_TIME);
        let analysis = self.engine.run(move |searcher| analyze(searcher, &root, &limits)).await?;
        let best = analysis.best.map(|mv| notation_among(&position.legal_moves(), &mv));
        let pv = analysis.pv_notation(&position);
        Ok(PositionAnalysis { position, level, analysis, best, pv })
    }
}
