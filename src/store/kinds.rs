//! The store's own vocabulary: the enums written in its TEXT columns, each
//! under a name derived once from its variants (`strum`). The rules' enums
//! that are stored ([`Color`], `Variant`, `DrawRules`, [`Outcome`]) are
//! named the same way in [`crate::rules`].
//!
//! Rows carry these enums, never their names: the store binds the name when
//! it writes and parses the column when it reads, and a name the enum does
//! not know is [`super::StoreError::Corrupt`]. The names are the ones the
//! migrations' CHECK lists allow (a test holds them together), so changing
//! one is a migration of the data, not a rename.
//!
//! [`Color`]: crate::rules::Color
//! [`Outcome`]: crate::rules::Outcome

use std::fmt;
use std::str::FromStr;

use crate::rules::EndReason;

/// Where a game stands (`games.status`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, strum::EnumString, strum::IntoStaticStr, strum::VariantArray)]
#[strum(serialize_all = "snake_case", const_into_str)]
pub enum GameStatus {
    /// Being played.
    Live,
    /// Over, with a result.
    Finished,
    /// Ended without a result.
    Aborted,
}

impl GameStatus {
    /// The stored name: `live`, `finished` or `aborted`.
    pub const fn name(self) -> &'static str {
        self.into_str()
    }
}

/// Where a match stands (`matches.status`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, strum::EnumString, strum::IntoStaticStr, strum::VariantArray)]
#[strum(serialize_all = "snake_case", const_into_str)]
pub enum MatchStatus {
    /// Its games are being played (or the next one is about to start).
    Live,
    /// Its last game was played, or it was decided early.
    Finished,
    /// One of its games was aborted.
    Aborted,
}

impl MatchStatus {
    /// The stored name: `live`, `finished` or `aborted`.
    pub const fn name(self) -> &'static str {
        self.into_str()
    }
}

/// How a tournament pairs its players (`tournaments.format`, RULES 8.4b-c).
/// The name is also what an organiser picks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, strum::EnumString, strum::IntoStaticStr, strum::VariantArray)]
#[strum(serialize_all = "snake_case", const_into_str)]
pub enum TournamentFormat {
    /// Everyone meets everyone once (Berger tables).
    RoundRobin,
    /// Everyone meets everyone twice, colours reversed.
    DoubleRoundRobin,
    /// A fixed number of rounds, each paired after the one before.
    Swiss,
}

impl TournamentFormat {
    /// The stored name: `round_robin`, `double_round_robin` or `swiss`.
    pub const fn name(self) -> &'static str {
        self.into_str()
    }
}

/// Where a tournament stands (`tournaments.status`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, strum::EnumString, strum::IntoStaticStr, strum::VariantArray)]
#[strum(serialize_all = "snake_case", const_into_str)]
pub enum TournamentStatus {
    /// Taking entrants.
    Signup,
    /// Its games are being played.
    Running,
    /// Its last game ended.
    Finished,
    /// Ended by its organiser.
    Cancelled,
}

impl TournamentStatus {
    /// The stored name: `signup`, `running`, `finished` or `cancelled`.
    pub const fn name(self) -> &'static str {
        self.into_str()
    }
}

/// Which side the challenger wants (`challenges.color`). The name is read
/// in any case: it is also what a person types.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, strum::EnumString, strum::IntoStaticStr, strum::VariantArray,
)]
#[strum(serialize_all = "snake_case", const_into_str, ascii_case_insensitive)]
pub enum ColorChoice {
    /// The challenger plays White.
    White,
    /// The challenger plays Black.
    Black,
    /// Decided by lot when the challenge is accepted.
    #[default]
    Random,
}

impl ColorChoice {
    /// Lower-case name, as stored and typed.
    pub const fn name(self) -> &'static str {
        self.into_str()
    }

    /// Reads a name (any case, spaces around it ignored).
    pub fn from_name(name: &str) -> Option<ColorChoice> {
        name.trim().parse().ok()
    }
}

/// Where a challenge stands (`challenges.state`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, strum::EnumString, strum::IntoStaticStr, strum::VariantArray)]
#[strum(serialize_all = "snake_case", const_into_str)]
pub enum ChallengeState {
    /// Waiting for the challenged player.
    Open,
    /// Accepted: a game started.
    Accepted,
    /// Declined by the challenged player.
    Declined,
    /// Withdrawn by the challenger.
    Cancelled,
    /// Not answered within 48 hours.
    Expired,
}

impl ChallengeState {
    /// Lower-case name, as stored.
    pub const fn name(self) -> &'static str {
        self.into_str()
    }
}

/// How the bot reaches a player in a server beyond the ping in the game's
/// channel (`player_settings.notify`, set by `/notify`). The name is also
/// what a person picks.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, strum::EnumString, strum::IntoStaticStr, strum::VariantArray,
)]
#[strum(serialize_all = "snake_case", const_into_str)]
pub enum NotifyMode {
    /// The ping in the game's channel only.
    #[default]
    Ping,
    /// Also a direct message with each move that makes it their turn.
    Dm,
    /// Also one direct message a day listing the games where it is their move.
    Digest,
    /// No direct messages at all.
    Off,
}

impl NotifyMode {
    /// The stored name: `ping`, `dm`, `digest` or `off`.
    pub const fn name(self) -> &'static str {
        self.into_str()
    }

    /// Whether the reminder and the loss on time reach the player by DM.
    pub const fn wants_deadline_dms(self) -> bool {
        matches!(self, NotifyMode::Dm | NotifyMode::Digest)
    }
}

/// Which of a game's buttons a message carries (`button_messages.kind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, strum::EnumString, strum::IntoStaticStr, strum::VariantArray)]
#[strum(serialize_all = "snake_case", const_into_str)]
pub enum ButtonsKind {
    /// Under a board: Move, and Abort or Take back while they can act.
    Game,
    /// Under a draw offer: Accept, Decline, Withdraw.
    DrawOffer,
    /// Under a takeback request: Allow, Refuse.
    TakebackRequest,
}

impl ButtonsKind {
    /// The stored name: `game`, `draw_offer` or `takeback_request`.
    pub const fn name(self) -> &'static str {
        self.into_str()
    }
}

/// Why a game ended (`games.reason`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FinishReason {
    /// The rules ended it (no legal move, or a draw rule).
    Rules(EndReason),
    /// A player resigned.
    Resignation,
    /// The players agreed a draw.
    Agreement,
    /// The player to move passed their deadline.
    Time,
    /// A tournament player withdrew (or was removed) with the game
    /// unfinished: their opponent wins by forfeit (RULES 8.4d), unrated.
    Forfeit,
}

/// The stored names of [`FinishReason`]s: the same cases, flat, so the
/// names are derived like the others'.
#[derive(Clone, Copy, Debug, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr, strum::VariantArray)]
#[strum(serialize_all = "snake_case", const_into_str)]
enum StoredReason {
    NoLegalMove,
    Repetition,
    KingMoveRule,
    ThreeKingsRule,
    Resignation,
    Agreement,
    Time,
    Forfeit,
}

impl From<FinishReason> for StoredReason {
    fn from(reason: FinishReason) -> StoredReason {
        match reason {
            FinishReason::Rules(EndReason::NoLegalMove) => StoredReason::NoLegalMove,
            FinishReason::Rules(EndReason::Repetition) => StoredReason::Repetition,
            FinishReason::Rules(EndReason::KingMoveRule) => StoredReason::KingMoveRule,
            FinishReason::Rules(EndReason::ThreeKingsRule) => StoredReason::ThreeKingsRule,
            FinishReason::Resignation => StoredReason::Resignation,
            FinishReason::Agreement => StoredReason::Agreement,
            FinishReason::Time => StoredReason::Time,
            FinishReason::Forfeit => StoredReason::Forfeit,
        }
    }
}

impl From<StoredReason> for FinishReason {
    fn from(reason: StoredReason) -> FinishReason {
        match reason {
            StoredReason::NoLegalMove => FinishReason::Rules(EndReason::NoLegalMove),
            StoredReason::Repetition => FinishReason::Rules(EndReason::Repetition),
            StoredReason::KingMoveRule => FinishReason::Rules(EndReason::KingMoveRule),
            StoredReason::ThreeKingsRule => FinishReason::Rules(EndReason::ThreeKingsRule),
            StoredReason::Resignation => FinishReason::Resignation,
            StoredReason::Agreement => FinishReason::Agreement,
            StoredReason::Time => FinishReason::Time,
            StoredReason::Forfeit => FinishReason::Forfeit,
        }
    }
}

impl FinishReason {
    /// Stable lower-case name, as stored.
    pub fn name(self) -> &'static str {
        StoredReason::from(self).into()
    }
}

/// Reads a stored name back.
impl FromStr for FinishReason {
    type Err = strum::ParseError;

    fn from_str(s: &str) -> Result<FinishReason, strum::ParseError> {
        s.parse::<StoredReason>().map(FinishReason::from)
    }
}

impl fmt::Display for FinishReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FinishReason::Rules(r) => r.fmt(f),
            FinishReason::Resignation => f.write_str("resignation"),
            FinishReason::Agreement => f.write_str("agreement"),
            FinishReason::Time => f.write_str("loss on time"),
            FinishReason::Forfeit => f.write_str("forfeit"),
        }
    }
}

#[cfg(test)]
mod tests {
    //! Every stored enum reads back its own name, and its names are exactly
    //! those its column's CHECK list allows, as the migrations left the
    //! schema: renaming a variant (or a name in a migration) fails here.

    use std::fmt::Debug;
    use std::str::FromStr;

    use strum::VariantArray;

    use super::super::announcements::AnnouncementTopic;
    use super::super::direct_messages::DirectTopic;
    use super::super::{AnnouncementOutcome, Backend, ScratchDatabase, Store};
    use super::*;
    use crate::rules::{Color, DrawRules, Outcome, PdnResult, Variant};

    /// The `CREATE TABLE` statement of `table`, as SQLite keeps it after
    /// every migration (columns added later included).
    async fn table_sql(table: &str) -> String {
        let db = ScratchDatabase::for_tests(Backend::Sqlite).await.unwrap().expect("SQLite needs no server");
        let store = Store::open(db.url()).await.unwrap();
        sqlx::query_scalar("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = $1")
            .bind(table)
            .fetch_one(&store.pool)
            .await
            .unwrap()
    }

    /// The names `CHECK (column IN (...))` allows in `table`, sorted.
    async fn check_list(table: &str, column: &str) -> Vec<String> {
        let sql = table_sql(table).await;
        let check = format!("CHECK ({column} IN (");
        assert_eq!(sql.matches(&check).count(), 1, "one CHECK list for {table}.{column} in {sql}");
        let list = &sql[sql.find(&check).unwrap() + check.len()..];
        let list = &list[..list.find(')').unwrap()];
        let mut names: Vec<String> = list.split(',').map(|n| n.trim().trim_matches('\'').to_string()).collect();
        names.sort();
        names
    }

    /// Each of `all` reads back from its name, and the names are exactly
    /// those the CHECK list of every `(table, column)` allows.
    async fn names_match<T>(all: &[T], name: impl Fn(T) -> &'static str, columns: &[(&str, &str)])
    where
        T: Copy + Debug + PartialEq + FromStr,
    {
        for &v in all {
            assert_eq!(name(v).parse::<T>().ok(), Some(v), "{v:?} reads back from {:?}", name(v));
        }
        let mut names: Vec<String> = all.iter().map(|&v| name(v).to_string()).collect();
        names.sort();
        for &(table, column) in columns {
            assert_eq!(names, check_list(table, column).await, "{table}.{column}");
        }
    }

    #[tokio::test]
    async fn notify_modes() {
        names_match(NotifyMode::VARIANTS, NotifyMode::name, &[("player_settings", "notify")]).await;
    }

    #[tokio::test]
    async fn buttons_kinds() {
        names_match(ButtonsKind::VARIANTS, ButtonsKind::name, &[("button_messages", "kind")]).await;
    }

    #[tokio::test]
    async fn game_statuses() {
        names_match(GameStatus::VARIANTS, GameStatus::name, &[("games", "status")]).await;
    }

    #[tokio::test]
    async fn match_statuses() {
        names_match(MatchStatus::VARIANTS, MatchStatus::name, &[("matches", "status")]).await;
    }

    #[tokio::test]
    async fn tournament_formats_and_statuses() {
        names_match(TournamentFormat::VARIANTS, TournamentFormat::name, &[("tournaments", "format")]).await;
        names_match(TournamentStatus::VARIANTS, TournamentStatus::name, &[("tournaments", "status")]).await;
        let sides = [("tournament_pairings", "forfeit")];
        names_match(Color::VARIANTS, Color::name, &sides).await;
    }

    #[tokio::test]
    async fn challenge_states() {
        names_match(ChallengeState::VARIANTS, ChallengeState::name, &[("challenges", "state")]).await;
    }

    #[tokio::test]
    async fn colour_choices() {
        names_match(ColorChoice::VARIANTS, ColorChoice::name, &[("challenges", "color")]).await;
        // Also as typed: any case, spaces around.
        assert_eq!(ColorChoice::from_name(" BLACK "), Some(ColorChoice::Black));
    }

    #[tokio::test]
    async fn sides() {
        names_match(Color::VARIANTS, Color::name, &[("games", "turn"), ("games", "engine_color")]).await;
    }

    #[tokio::test]
    async fn variants_and_draw_rules() {
        let columns = [("games", "variant"), ("challenges", "variant"), ("tournaments", "variant")];
        names_match(Variant::VARIANTS, Variant::name, &columns).await;
        let columns = [("games", "draw_rules"), ("challenges", "draw_rules"), ("tournaments", "draw_rules")];
        names_match(DrawRules::VARIANTS, DrawRules::name, &columns).await;
    }

    #[tokio::test]
    async fn results() {
        let outcomes: Vec<Outcome> = PdnResult::VARIANTS.iter().map(|&r| Outcome::from(r)).collect();
        names_match(&outcomes, Outcome::pdn, &[("games", "result")]).await;
    }

    #[tokio::test]
    async fn finish_reasons() {
        let reasons: Vec<FinishReason> = StoredReason::VARIANTS.iter().map(|&r| FinishReason::from(r)).collect();
        names_match(&reasons, FinishReason::name, &[("games", "reason")]).await;
        // The two enums are the same cases, and the rules' reasons keep
        // their own names in the store.
        for reason in &reasons {
            assert_eq!(FinishReason::from(StoredReason::from(*reason)), *reason);
            if let FinishReason::Rules(r) = reason {
                assert_eq!(reason.name(), r.name());
            }
        }
        assert!("boredom".parse::<FinishReason>().is_err());
    }

    /// Each of `all` reads back from its name, which fits a kind column's
    /// length check (the columns whose kinds the program alone lists).
    fn names_read_back<T>(all: &[T], name: impl Fn(T) -> &'static str)
    where
        T: Copy + Debug + PartialEq + FromStr,
    {
        for &v in all {
            assert_eq!(name(v).parse::<T>().ok(), Some(v), "{v:?} reads back from {:?}", name(v));
            assert!((1..=32).contains(&name(v).len()), "{v:?}");
        }
    }

    #[tokio::test]
    async fn announcement_kinds_and_outcomes() {
        names_read_back(AnnouncementTopic::VARIANTS, <&str>::from);
        let sql = table_sql("announcements").await;
        assert!(sql.contains("CHECK (length(kind) BETWEEN 1 AND 32)"), "{sql}");
        assert!(!sql.contains("CHECK (kind IN ("), "the program is the one list of kinds: {sql}");
        names_match(AnnouncementOutcome::VARIANTS, <&str>::from, &[("announcements", "outcome")]).await;
    }

    #[tokio::test]
    async fn direct_message_kinds_and_outcomes() {
        names_read_back(DirectTopic::VARIANTS, <&str>::from);
        let sql = table_sql("direct_messages").await;
        assert!(!sql.contains("CHECK (kind IN ("), "the program is the one list of kinds: {sql}");
        names_match(AnnouncementOutcome::VARIANTS, <&str>::from, &[("direct_messages", "outcome")]).await;
    }
}
