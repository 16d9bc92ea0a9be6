//! Helpers shared by the rules tests.

use damas::rules::{DrawRules, Game, Move, Position, Variant};

/// A position from a FEN that the test knows is valid.
pub fn pos(fen: &str) -> Position {
    fen.parse().unwrap_or_else(|e| panic!("test FEN {fen}: {e}"))
}

/// The canonical notation of every legal move, sorted.
pub fn moves(fen: &str) -> Vec<String> {
    let mut list: Vec<String> = pos(fen).legal_moves_with_notation().into_iter().map(|(_, n)| n).collect();
    list.sort();
    list
}

/// Sorted strings, for comparing with `moves`.
pub fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// The legal move written `text` (which must parse).
pub fn find(fen: &str, text: &str) -> Move {
    pos(fen).parse_move(text).unwrap_or_else(|e| panic!("{text} in {fen}: {e}"))
}

/// Captured squares of a move, as numbers.
pub fn captured(mv: &Move) -> Vec<u8> {
    mv.captures().map(|s| s.number()).collect()
}

/// A classic game from a FEN.
pub fn game(fen: &str, rules: DrawRules) -> Game {
    Game::new(pos(fen), Variant::Classic, rules)
}

/// Plays `plies` king moves that capture nothing, never reach a position
/// seen before and never leave the opponent a capture, so that only the
/// draw counters change. Searches (depth first, backtracking) for such a
/// walk; returns how many plies were played, fewer if the game ended.
pub fn wander(game: &mut Game, plies: usize) -> usize {
    let mut seen = replay_positions(game);
    let walk = search_walk(*game.position(), &mut seen, plies)
        .unwrap_or_else(|| panic!("no quiet walk of {plies} plies from {:?}", game.position()));
    for (played, mv) in walk.iter().enumerate() {
        if game.result().is_some() {
            return played;
        }
        game.play(mv).expect("legal move");
    }
    plies
}

fn search_walk(here: Position, seen: &mut Vec<Position>, plies: usize) -> Option<Vec<Move>> {
    if plies == 0 {
        return Some(Vec::new());
    }
    let mut candidates = safe_moves(&here, seen);
    // Try first the moves that leave the opponent the most room.
    candidates.sort_by_cached_key(|(_, next)| std::cmp::Reverse(safe_moves(next, seen).len()));
    for (mv, next) in candidates {
        seen.push(next);
        if let Some(mut rest) = search_walk(next, seen, plies - 1) {
            rest.insert(0, mv);
            return Some(rest);
        }
        seen.pop();
    }
    None
}

/// King moves that capture nothing, reach a fresh position and give the
/// opponent no capture.
fn safe_moves(here: &Position, seen: &[Position]) -> Vec<(Move, Position)> {
    here.legal_moves()
        .into_iter()
        .filter(|m| !m.is_capture() && !here.moves_man(m))
        .map(|m| (m, here.play(&m).expect("legal")))
        .filter(|(_, next)| !next.has_capture() && !seen.contains(next))
        .collect()
}

/// Every position of a game so far.
pub fn replay_positions(game: &Game) -> Vec<Position> {
    let mut p = *game.start();
    let mut out = vec![p];
    for m in game.moves() {
        p = p.play(m).expect("legal in replay");
        out.push(p);
    }
    out
}
