//! Moves without typing, as Discord shows them: the Move button of a game
//! message, the select menus of pieces and of one piece's moves, and the
//! Confirm / Cancel of a move shown before it is played. Every id carries
//! the position it was made for (game and ply), so a choice made on an old
//! menu is refused instead of played. What a choice does lives in
//! `commands/choose.rs`.

use serenity::all::{
    ButtonStyle, CreateActionRow, CreateButton, CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption,
};

use crate::discord::interactions::id_fields::IdField;
use crate::game::{MoveChoices, PieceMoves, Seen};
use crate::i18n::Lang;
use crate::t;

/// Most options in one select menu (Discord's limit).
pub const MENU_OPTIONS: usize = 25;
/// Most action rows in one message (Discord's limit); a select menu fills a row.
pub const MAX_ROWS: usize = 5;

/// A component of the move menus, and the position it was made for. Its
/// `custom_id` is `tag:game:ply` and the variant's fields, the tag named
/// once, on [`MoveMenuKind`].
#[derive(Debug, Clone, PartialEq, Eq, strum::EnumDiscriminants)]
#[strum_discriminants(name(MoveMenuKind), derive(Hash, strum::IntoStaticStr, strum::EnumString, strum::VariantArray))]
pub enum MoveMenuId {
    /// The Move button of a game message: opens the menu of pieces.
    #[strum_discriminants(strum(serialize = "mv"))]
    Open(Seen),
    /// Menu `part` (from 0) of the pieces that can move.
    #[strum_discriminants(strum(serialize = "mvp"))]
    Pieces { seen: Seen, part: u32 },
    /// Menu `part` (from 0) of the moves of the piece on square `from`.
    #[strum_discriminants(strum(serialize = "mvm"))]
    Moves { seen: Seen, from: u8, part: u32 },
    /// Shows page `page` (from 0) of the moves of the piece on `from`,
    /// when they do not fit on one message.
    #[strum_discriminants(strum(serialize = "mvg"))]
    Page { seen: Seen, from: u8, page: u32 },
    /// Plays the move shown before it is played.
    #[strum_discriminants(strum(serialize = "mvc"))]
    Confirm { seen: Seen, notation: String },
    /// Drops the move shown.
    #[strum_discriminants(strum(serialize = "mvx"))]
    Cancel(Seen),
}

impl MoveMenuId {
    /// The `custom_id` Discord stores on the component (at most 100 characters).
    pub fn custom_id(&self) -> String {
        let tag: &'static str = MoveMenuKind::from(self).into();
        let (seen, rest) = match self {
            MoveMenuId::Open(seen) | MoveMenuId::Cancel(seen) => (seen, String::new()),
            MoveMenuId::Pieces { seen, part } => (seen, format!(":{part}")),
            MoveMenuId::Moves { seen, from, part } => (seen, format!(":{from}:{part}")),
            MoveMenuId::Page { seen, from, page } => (seen, format!(":{from}:{page}")),
            MoveMenuId::Confirm { seen, notation } => (seen, format!(":{notation}")),
        };
        let mut id = String::from(tag);
        seen.write(&mut id);
        id + &rest
    }

    /// Reads a `custom_id`; `None` for one that is not of the move menus.
    pub fn parse(custom_id: &str) -> Option<MoveMenuId> {
        let parts: Vec<&str> = custom_id.split(':').collect();
        let (&tag, rest) = parts.split_first()?;
        let kind: MoveMenuKind = tag.parse().ok()?;
        let seen = Seen::read(&mut rest.iter().copied())?;
        let number = |i: usize| rest.get(i).and_then(|n| n.parse::<u32>().ok());
        let square = || number(2).and_then(|n| u8::try_from(n).ok()).filter(|n| (1..=32).contains(n));
        Some(match (kind, rest.len()) {
            (MoveMenuKind::Open, 2) => MoveMenuId::Open(seen),
            (MoveMenuKind::Pieces, 3) => MoveMenuId::Pieces { seen, part: number(2)? },
            (MoveMenuKind::Moves, 4) => MoveMenuId::Moves { seen, from: square()?, part: number(3)? },
            (MoveMenuKind::Page, 4) => MoveMenuId::Page { seen, from: square()?, page: number(3)? },
            (MoveMenuKind::Confirm, 3) if is_notation(rest[2]) => {
                MoveMenuId::Confirm { seen, notation: rest[2].to_string() }
            }
            (MoveMenuKind::Cancel, 2) => MoveMenuId::Cancel(seen),
            _ => return None,
        })
    }

    /// Whether choosing it may play a move (and so hand the bot its turn).
    pub fn may_play(&self) -> bool {
        matches!(self, MoveMenuId::Moves { .. } | MoveMenuId::Confirm { .. })
    }
}

/// Squares and separators only: what canonical notation is made of.
fn is_notation(text: &str) -> bool {
    !text.is_empty() && text.chars().all(|c| c.is_ascii_digit() || c == '-' || c == 'x')
}

/// The Move button of a game message, for the player to move in `seen`.
pub fn move_button(lang: Lang, seen: Seen) -> CreateButton {
    CreateButton::new(MoveMenuId::Open(seen).custom_id()).label(t!(lang, "button-move")).style(ButtonStyle::Primary)
}

fn menu(id: &MoveMenuId, placeholder: String, options: Vec<CreateSelectMenuOption>) -> CreateActionRow {
    let kind = CreateSelectMenuKind::String { options };
    CreateActionRow::SelectMenu(CreateSelectMenu::new(id.custom_id(), kind).placeholder(placeholder))
}

/// "King on 14" / "Man on 9".
fn piece_label(lang: Lang, piece: &PieceMoves) -> String {
    let square = piece.square.to_string();
    if piece.king { t!(lang, "menu-piece-king", square = square) } else { t!(lang, "menu-piece-man", square = square) }
}

/// The menus of the pieces that can move (a side has at most 12, so one
/// menu in practice); each option's value is the piece's square number.
pub fn piece_rows(lang: Lang, choices: &MoveChoices) -> Vec<CreateActionRow> {
    choices
        .pieces
        .chunks(MENU_OPTIONS)
        .zip(0..)
        .map(|(chunk, part)| {
            let options =
                chunk.iter().map(|p| CreateSelectMenuOption::new(piece_label(lang, p), p.square.to_string())).collect();
            menu(&MoveMenuId::Pieces { seen: choices.seen, part }, t!(lang, "menu-piece-placeholder"), options)
        })
        .collect()
}

/// How many of a piece's `count` moves one message shows: all of them in
/// up to five menus when they fit, else four menus a page and a row of
/// Previous / Next.
fn page_size(count: usize) -> usize {
    if count <= MENU_OPTIONS * MAX_ROWS { count.max(1) } else { MENU_OPTIONS * (MAX_ROWS - 1) }
}

/// How many pages the moves of `piece` take.
pub fn move_pages(piece: &PieceMoves) -> u32 {
    let count = piece.moves.len();
    u32::try_from(count.div_ceil(page_size(count)).max(1)).unwrap_or(u32::MAX)
}

/// The menus of page `page` (from 0; a page past the last shows the last)
/// of the moves of `piece`, split 25 a menu so every move can be chosen;
/// each option's value is the move's canonical notation.
pub fn move_rows(lang: Lang, seen: Seen, piece: &PieceMoves, page: u32) -> Vec<CreateActionRow> {
    let count = piece.moves.len();
    let size = page_size(count);
    let pages = move_pages(piece);
    let page = page.min(pages - 1);
    let start = page as usize * size;
    let shown = &piece.moves[start.min(count)..(start + size).min(count)];
    let from = piece.square;
    let placeholder = t!(lang, "menu-move-placeholder");
    let mut rows = notation_menus(lang, shown, start, count, &placeholder, |part| {
        MoveMenuId::Moves { seen, from, part }.custom_id()
    });
    if pages > 1 {
        let to = |page: u32, key: &str| {
            CreateButton::new(MoveMenuId::Page { seen, from, page }.custom_id())
                .label(crate::i18n::text(lang, key))
                .style(ButtonStyle::Secondary)
        };
        let previous = to(page.saturating_sub(1), "button-previous").disabled(page == 0);
        let next = to(page + 1, "button-next").disabled(page + 1 >= pages);
        rows.push(CreateActionRow::Buttons(vec![previous, next]));
    }
    rows
}

/// Select menus of the notations `shown`, 25 a menu, each option's value
/// its notation: `shown` starts at index `start` of the `count` moves
/// offered in all, and the menu holding moves from index `25 * part` has
/// the id `id(part)`. Its placeholder says which moves it holds when they
/// do not fit in one menu ("Moves 26-30 of 30"), else `placeholder`.
pub fn notation_menus(
    lang: Lang,
    shown: &[String],
    start: usize,
    count: usize,
    placeholder: &str,
    id: impl Fn(u32) -> String,
) -> Vec<CreateActionRow> {
    shown
        .chunks(MENU_OPTIONS)
        .enumerate()
        .map(|(i, chunk)| {
            let first = start + i * MENU_OPTIONS;
            let part = u32::try_from(first / MENU_OPTIONS).unwrap_or(u32::MAX);
            let placeholder = if count > MENU_OPTIONS {
                t!(lang, "menu-moves-part", first = first + 1, last = first + chunk.len(), count = count)
            } else {
                placeholder.to_string()
            };
            let options = chunk.iter().map(|n| CreateSelectMenuOption::new(n.clone(), n.clone())).collect();
            let kind = CreateSelectMenuKind::String { options };
            CreateActionRow::SelectMenu(CreateSelectMenu::new(id(part), kind).placeholder(placeholder))
        })
        .collect()
}

/// Confirm / Cancel under a move shown before it is played.
pub fn confirm_rows(lang: Lang, seen: Seen, notation: &str) -> Vec<CreateActionRow> {
    let confirm = MoveMenuId::Confirm { seen, notation: notation.to_string() };
    vec![CreateActionRow::Buttons(vec![
        CreateButton::new(confirm.custom_id()).label(t!(lang, "button-confirm-move")).style(ButtonStyle::Success),
        CreateButton::new(MoveMenuId::Cancel(seen).custom_id())
            .label(t!(lang, "button-cancel"))
            .style(ButtonStyle::Secondary),
    ])]
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use serde_json::Value;

    use super::*;

    const SEEN: Seen = Seen { game: i64::MAX, ply: u32::MAX };

    #[test]
    fn ids_round_trip_and_fit_discord() {
        // The longest notation a capture can have: 12 pieces taken, 13 squares.
        let longest = (0..13).map(|_| "32").collect::<Vec<_>>().join("x");
        let mut kinds = std::collections::HashSet::new();
        for id in [
            MoveMenuId::Open(SEEN),
            MoveMenuId::Pieces { seen: SEEN, part: 1 },
            MoveMenuId::Moves { seen: SEEN, from: 32, part: u32::MAX },
            MoveMenuId::Page { seen: SEEN, from: 1, page: u32::MAX },
            MoveMenuId::Confirm { seen: SEEN, notation: longest },
            MoveMenuId::Confirm { seen: Seen { game: 3, ply: 0 }, notation: "11-15".into() },
            MoveMenuId::Cancel(SEEN),
        ] {
            let custom_id = id.custom_id();
            assert!((1..=100).contains(&custom_id.len()), "{custom_id}");
            assert_eq!(MoveMenuId::parse(&custom_id), Some(id.clone()));
            kinds.insert(MoveMenuKind::from(&id));
        }
        assert_eq!(kinds.len(), <MoveMenuKind as strum::VariantArray>::VARIANTS.len(), "every kind round-trips");
        assert_eq!(MoveMenuId::Moves { seen: Seen { game: 5, ply: 2 }, from: 9, part: 1 }.custom_id(), "mvm:5:2:9:1");
        for bad in ["mv:1", "mv:x:1", "mvm:1:2:33:0", "mvm:1:2:0:0", "mvc:1:2:", "mvc:1:2:11:15", "acc:1", "mvx:1:2:3"]
        {
            assert_eq!(MoveMenuId::parse(bad), None, "{bad}");
        }
    }

    /// Each select menu of `rows`: its custom id and its options' (label, value).
    fn menus(rows: &[CreateActionRow]) -> Vec<(String, Vec<(String, String)>)> {
        let rows = serde_json::to_value(rows).unwrap();
        let mut out = Vec::new();
        for row in rows.as_array().unwrap() {
            for c in row["components"].as_array().unwrap() {
                if c["type"] == 3 {
                    let options = c["options"].as_array().unwrap();
                    let options = options.iter().map(|o| (text(&o["label"]), text(&o["value"]))).collect();
                    out.push((text(&c["custom_id"]), options));
                }
            }
        }
        out
    }

    fn text(value: &Value) -> String {
        value.as_str().unwrap().to_string()
    }

    fn piece(count: usize) -> PieceMoves {
        PieceMoves { square: 14, king: true, moves: (0..count).map(|i| format!("14x{i}")).collect() }
    }

    /// Every move of the piece, collected over all its pages and menus,
    /// checking Discord's limits on each message on the way.
    fn every_move_reachable(piece: &PieceMoves) -> Vec<String> {
        let mut chosen = Vec::new();
        let pages = move_pages(piece);
        for page in 0..pages {
            let rows = move_rows(Lang::En, SEEN, piece, page);
            assert!(rows.len() <= MAX_ROWS, "{} rows", rows.len());
            if pages > 1 {
                // The next page is one press away.
                let nav = serde_json::to_value(rows.last().unwrap()).unwrap();
                let next = &nav["components"][1];
                let to = MoveMenuId::parse(next["custom_id"].as_str().unwrap());
                assert_eq!(to, Some(MoveMenuId::Page { seen: SEEN, from: 14, page: page + 1 }));
                assert_eq!(next["disabled"].as_bool().unwrap_or(false), page + 1 == pages);
            }
            let mut ids = BTreeSet::new();
            for (id, options) in menus(&rows) {
                assert!((1..=MENU_OPTIONS).contains(&options.len()), "{} options", options.len());
                assert!(matches!(MoveMenuId::parse(&id), Some(MoveMenuId::Moves { from: 14, .. })), "{id}");
                assert!(ids.insert(id), "custom ids are unique in a message");
                chosen.extend(options.into_iter().map(|(label, value)| {
                    assert_eq!(label, value);
                    value
                }));
            }
        }
        chosen
    }

    #[test]
    fn every_move_of_a_piece_can_be_chosen_however_many() {
        for count in [1, 24, 25, 26, 49, 51, 125, 126, 201, 300] {
            let piece = piece(count);
            assert_eq!(every_move_reachable(&piece), piece.moves, "{count} moves, each once and in order");
        }
        assert_eq!(move_pages(&piece(125)), 1);
        assert_eq!(move_pages(&piece(126)), 2);
        // Past the last page: the last page.
        assert_eq!(menus(&move_rows(Lang::En, SEEN, &piece(126), 9)).len(), 2);
    }

    #[test]
    fn a_split_menu_says_which_moves_it_holds() {
        let rows = serde_json::to_value(move_rows(Lang::En, SEEN, &piece(30), 0)).unwrap();
        assert_eq!(rows[0]["components"][0]["placeholder"], "Moves 1-25 of 30");
        assert_eq!(rows[1]["components"][0]["placeholder"], "Moves 26-30 of 30");
        let rows = serde_json::to_value(move_rows(Lang::En, SEEN, &piece(3), 0)).unwrap();
        assert_eq!(rows.as_array().unwrap().len(), 1);
    }

    #[test]
    fn pieces_are_offered_by_square_with_their_kind() {
        let choices = MoveChoices {
            seen: Seen { game: 7, ply: 4 },
            pieces: vec![PieceMoves { square: 9, king: false, moves: vec!["9-13".into()] }, piece(2)],
        };
        let menus = menus(&piece_rows(Lang::En, &choices));
        assert_eq!(menus.len(), 1);
        assert_eq!(menus[0].0, "mvp:7:4:0");
        assert_eq!(menus[0].1, [("Man on 9".into(), "9".into()), ("King on 14".into(), "14".into())]);
    }
}
