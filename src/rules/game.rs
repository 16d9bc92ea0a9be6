//! A game: a start position, the moves played, and what follows from them
//! (RULES 7-8): the result, the draw counters, the record.

use std::fmt;
use std::str::FromStr;

use super::{Color, Move, MoveError, Position};

/// Which game is played (RULES 8). Its name (`classic`, `giveaway`) is
/// derived from the variant, and read back in any case.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, strum::EnumString, strum::IntoStaticStr, strum::VariantArray,
)]
#[strum(
    serialize_all = "snake_case",
    const_into_str,
    ascii_case_insensitive,
    parse_err_ty = UnknownName,
    parse_err_fn = UnknownName::variant
)]
pub enum Variant {
    /// Spanish draughts: a player with no legal move loses.
    #[default]
    Classic,
    /// Same moves, reversed goal: a player with no legal move wins.
    Giveaway,
}

/// The draw-rule presets of RULES 7.4. Their names (`classic`,
/// `ludoteka`, `long`, `hundred`) are derived from the variants, and read
/// back in any case.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, strum::EnumString, strum::IntoStaticStr, strum::VariantArray,
)]
#[strum(
    serialize_all = "snake_case",
    const_into_str,
    ascii_case_insensitive,
    parse_err_ty = UnknownName,
    parse_err_fn = UnknownName::draw_rules
)]
pub enum DrawRules {
    /// 40 king-only plies; three kings must beat one within 12 moves.
    #[default]
    Classic,
    /// 40 king-only plies; three kings must beat one within 13 moves.
    Ludoteka,
    /// 80 king-only plies; no three-kings count.
    Long,
    /// 100 king-only plies; no three-kings count.
    Hundred,
}

/// Error for an unknown variant or preset name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown {kind} `{name}`; choose one of {choices}")]
pub struct UnknownName {
    kind: &'static str,
    name: String,
    choices: String,
}

impl UnknownName {
    /// `name` is no variant.
    fn variant(name: &str) -> UnknownName {
        UnknownName::new("variant", name, &Variant::ALL.map(Variant::name))
    }

    /// `name` is no draw-rule preset.
    fn draw_rules(name: &str) -> UnknownName {
        UnknownName::new("draw rule preset", name, &DrawRules::ALL.map(DrawRules::name))
    }

    fn new(kind: &'static str, name: &str, choices: &[&str]) -> UnknownName {
        UnknownName { kind, name: name.to_string(), choices: choices.join(", ") }
    }
}

impl Variant {
    /// Every variant.
    pub const ALL: [Variant; 2] = [Variant::Classic, Variant::Giveaway];

    /// Lower-case name, as stored and typed.
    pub const fn name(self) -> &'static str {
        self.into_str()
    }
}

impl DrawRules {
    /// Every preset.
    pub const ALL: [DrawRules; 4] = [DrawRules::Classic, DrawRules::Ludoteka, DrawRules::Long, DrawRules::Hundred];

    /// Lower-case name, as stored and typed.
    pub const fn name(self) -> &'static str {
        self.into_str()
    }

    /// How many times a position must occur to draw (RULES 7.3b).
    pub const fn repetitions(self) -> u32 {
        3
    }

    /// Consecutive plies with no capture and no man move that draw (7.3c).
    pub const fn king_move_plies(self) -> u32 {
        match self {
            DrawRules::Classic | DrawRules::Ludoteka => 40,
            DrawRules::Long => 80,
            DrawRules::Hundred => 100,
        }
    }

    /// Moves the side with three kings has to beat a lone king (7.3d).
    pub const fn three_kings_moves(self) -> Option<u32> {
        match self {
            DrawRules::Classic => Some(12),
            DrawRules::Ludoteka => Some(13),
            DrawRules::Long | DrawRules::Hundred => None,
        }
    }
}

/// Who won, or a draw. Written and read as its PDN result ([`Outcome::pdn`],
/// `FromStr`), through [`PdnResult`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// This side won.
    Win(Color),
    /// Nobody won.
    Draw,
}

/// A result as PDN writes it (RULES 6.5): the names of [`Outcome`]s.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, strum::EnumString, strum::IntoStaticStr, strum::VariantArray)]
#[strum(const_into_str)]
pub enum PdnResult {
    /// White won.
    #[strum(serialize = "2-0")]
    WhiteWins,
    /// Black won.
    #[strum(serialize = "0-2")]
    BlackWins,
    /// A draw.
    #[strum(serialize = "1-1")]
    Draw,
}

impl Outcome {
    /// The PDN result: `2-0`, `0-2` or `1-1` (RULES 6.5).
    pub const fn pdn(self) -> &'static str {
        self.pdn_result().into_str()
    }

    /// The PDN result as its enum.
    pub const fn pdn_result(self) -> PdnResult {
        match self {
            Outcome::Win(Color::White) => PdnResult::WhiteWins,
            Outcome::Win(Color::Black) => PdnResult::BlackWins,
            Outcome::Draw => PdnResult::Draw,
        }
    }
}

impl From<PdnResult> for Outcome {
    fn from(result: PdnResult) -> Outcome {
        match result {
            PdnResult::WhiteWins => Outcome::Win(Color::White),
            PdnResult::BlackWins => Outcome::Win(Color::Black),
            PdnResult::Draw => Outcome::Draw,
        }
    }
}

impl From<Outcome> for PdnResult {
    fn from(outcome: Outcome) -> PdnResult {
        outcome.pdn_result()
    }
}

/// Reads a PDN result (`2-0`, `0-2`, `1-1`) back.
impl FromStr for Outcome {
    type Err = strum::ParseError;

    fn from_str(s: &str) -> Result<Outcome, strum::ParseError> {
        s.parse::<PdnResult>().map(Outcome::from)
    }
}

/// Why the rules ended a game. Its stable lower-case name
/// ([`EndReason::name`]) is derived from the variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, strum::EnumString, strum::IntoStaticStr, strum::VariantArray)]
#[strum(serialize_all = "snake_case", const_into_str)]
pub enum EndReason {
    /// The side to move had no legal move (RULES 7.1, 8.2).
    NoLegalMove,
    /// The same position occurred a third time (7.3b).
    Repetition,
    /// Too many plies with only king moves and no capture (7.3c).
    KingMoveRule,
    /// Three kings did not beat a lone king in time (7.3d).
    ThreeKingsRule,
}

impl EndReason {
    /// Stable lower-case name, for storage.
    pub const fn name(self) -> &'static str {
        self.into_str()
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndReason::NoLegalMove => "no legal move",
            EndReason::Repetition => "threefold repetition",
            EndReason::KingMoveRule => "the king-move rule",
            EndReason::ThreeKingsRule => "the three-kings-against-one rule",
        })
    }
}

/// How a game ended by the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameResult {
    /// Who won.
    pub outcome: Outcome,
    /// Why.
    pub reason: EndReason,
}

/// A game in progress or finished. Built by playing moves from a start
/// position; replaying the same moves always rebuilds the same game.
#[derive(Clone, Debug)]
pub struct Game {
    variant: Variant,
    draw_rules: DrawRules,
    /// Every position so far: the start, then one per move.
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// Canonical notation of each move, as it was written when played.
    notations: Vec<String>,
    /// Index in `positions` of the last position after a capture or man move.
    last_irreversible: usize,
    /// (strong side, moves it has made) once three kings have faced a lone
    /// king: the count runs to the end of the game (RULES 7.3d).
    three_kings: Option<(Color, u32)>,
    result: Option<GameResult>,
}

impl Game {
    /// A new game from a start position.
    pub fn new(start: Position, variant: Variant, draw_rules: DrawRules) -> Game {
        let mut game = Game {
            variant,
            draw_rules,
            positions: vec![start],
            moves: Vec::new(),
            notations: Vec::new(),
            last_irreversible: 0,
            three_kings: None,
            result: None,
        };
        game.three_kings = three_kings_side(&start).map(|c| (c, 0));
        game.result = game.judge();
        game
    }

    /// Rebuilds a game from its start and its moves in any accepted notation.
    /// On failure, says which move (0-based) and why.
    pub fn replay<S: AsRef<str>>(
        start: Position,
        variant: Variant,
        draw_rules: DrawRules,
        moves: &[S],
    ) -> Result<Game, (usize, MoveError)> {
        let mut game = Game::new(start, variant, draw_rules);
        for (i, text) in moves.iter().enumerate() {
            game.play_notation(text.as_ref()).map_err(|e| (i, e))?;
        }
        Ok(game)
    }

    /// The variant played.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The draw-rule preset.
    pub fn draw_rules(&self) -> DrawRules {
        self.draw_rules
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions.last().expect("a game always has its start")
    }

    /// Every position so far: the start, then the one after each move
    /// (`positions()[i + 1]` is `moves()[i]` played in `positions()[i]`).
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The canonical notation of each move played.
    pub fn notations(&self) -> &[String] {
        &self.notations
    }

    /// The position the last move was played from, if any move was.
    pub fn previous_position(&self) -> Option<&Position> {
        self.positions.len().checked_sub(2).map(|i| &self.positions[i])
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<&Move> {
        self.moves.last()
    }

    /// Number of moves (plies) played.
    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    /// The result, once the rules have ended the game.
    pub fn result(&self) -> Option<GameResult> {
        self.result
    }

    /// Plies since the last capture or man move (RULES 7.3c).
    pub fn king_move_plies(&self) -> u32 {
        (self.positions.len() - 1 - self.last_irreversible) as u32
    }

    /// How often the current position has occurred (RULES 7.3b).
    pub fn repetitions(&self) -> u32 {
        let now = self.position();
        self.positions[self.last_irreversible..].iter().filter(|p| *p == now).count() as u32
    }

    /// Once three kings have faced a lone king: the strong side and how many
    /// moves it has made since the material arose. The count runs to the end
    /// of the game: captures after it started neither stop nor restart it
    /// (RULES 7.3d).
    pub fn three_kings_count(&self) -> Option<(Color, u32)> {
        self.three_kings
    }

    /// Reads a move in lenient notation and plays it.
    pub fn play_notation(&mut self, text: &str) -> Result<Move, MoveError> {
        if self.result.is_some() {
            return Err(MoveError::GameOver);
        }
        let mv = self.position().parse_move(text)?;
        self.play(&mv)?;
        Ok(mv)
    }

    /// Plays a legal move of the current position.
    pub fn play(&mut self, mv: &Move) -> Result<(), MoveError> {
        if self.result.is_some() {
            return Err(MoveError::GameOver);
        }
        let before = *self.position();
        let legal = before.legal_moves();
        let Some(mv) = legal.iter().find(|m| *m == mv) else {
            return Err(MoveError::NoSuchMove {
                text: super::notation::full_notation(mv),
                reason: super::notation::NoSuchMove::NotLegal,
            });
        };
        let after = before.play_unchecked(mv);
        self.notations.push(super::notation::notation_among(&legal, mv));
        self.moves.push(*mv);
        self.positions.push(after);
        if mv.is_capture() || before.moves_man(mv) {
            self.last_irreversible = self.positions.len() - 1;
        }
        // RULES 7.3d: the count starts with the material and runs to the end
        // of the game; a king given away does not stop or restart it.
        self.three_kings = match self.three_kings {
            Some((strong, n)) => Some((strong, n + u32::from(before.turn() == strong))),
            None => three_kings_side(&after).map(|strong| (strong, 0)),
        };
        self.result = self.judge();
        Ok(())
    }

    /// Whether the rules end the game in the current position: no legal move
    /// first, then the draw rules.
    fn judge(&self) -> Option<GameResult> {
        let pos = self.position();
        if pos.count_legal_moves() == 0 {
            let winner = match self.variant {
                Variant::Classic => pos.turn().opponent(),
                Variant::Giveaway => pos.turn(),
            };
            return Some(GameResult { outcome: Outcome::Win(winner), reason: EndReason::NoLegalMove });
        }
        let draw = |reason| Some(GameResult { outcome: Outcome::Draw, reason });
        if self.repetitions() >= self.draw_rules.repetitions() {
            return draw(EndReason::Repetition);
        }
        if self.king_move_plies() >= self.draw_rules.king_move_plies() {
            return draw(EndReason::KingMoveRule);
        }
        if let (Some(limit), Some((_, n))) = (self.draw_rules.three_kings_moves(), self.three_kings)
            && n >= limit
        {
            return draw(EndReason::ThreeKingsRule);
        }
        None
    }
}

/// The side that has exactly three kings against a lone king, if any.
fn three_kings_side(pos: &Position) -> Option<Color> {
    [Color::White, Color::Black].into_iter().find(|&c| {
        let o = c.opponent();
        pos.count(c) == 3 && pos.king_count(c) == 3 && pos.count(o) == 1 && pos.king_count(o) == 1
    })
}
