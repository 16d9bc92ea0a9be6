//! Buttons: their ids (which carry the challenge or game they belong to, so
//! a stale button is refused) and what a press does.

use serenity::all::{ButtonStyle, CreateActionRow, CreateButton};

use super::commands::{Invocation, challenge, table};
use super::errors::CommandError;
use super::reply::Reply;

/// What a button does, and to which challenge or game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ButtonId {
    /// Accept this challenge.
    Accept(i64),
    /// Decline this challenge.
    Decline(i64),
    /// Cancel this challenge (its author).
    Cancel(i64),
    /// Confirm resigning this game.
    Resign(i64),
    /// Accept the draw offered in this game.
    DrawAccept(i64),
    /// Decline the draw offered in this game.
    DrawDecline(i64),
}

impl ButtonId {
    /// The `custom_id` Discord stores on the button.
    pub fn custom_id(self) -> String {
        let (tag, id) = match self {
            ButtonId::Accept(id) => ("acc", id),
            ButtonId::Decline(id) => ("dec", id),
            ButtonId::Cancel(id) => ("can", id),
            ButtonId::Resign(id) => ("res", id),
            ButtonId::DrawAccept(id) => ("dra", id),
            ButtonId::DrawDecline(id) => ("drd", id),
        };
        format!("{tag}:{id}")
    }

    /// Reads a `custom_id`; `None` for one this bot did not make.
    pub fn parse(custom_id: &str) -> Option<ButtonId> {
        let (tag, id) = custom_id.split_once(':')?;
        let id: i64 = id.parse().ok()?;
        Some(match tag {
            "acc" => ButtonId::Accept(id),
            "dec" => ButtonId::Decline(id),
            "can" => ButtonId::Cancel(id),
            "res" => ButtonId::Resign(id),
            "dra" => ButtonId::DrawAccept(id),
            "drd" => ButtonId::DrawDecline(id),
            _ => return None,
        })
    }

    fn button(self, label: &str, style: ButtonStyle) -> CreateButton {
        CreateButton::new(self.custom_id()).label(label).style(style)
    }
}

/// Accept / Decline for the opponent, Cancel for the challenger.
pub fn challenge_buttons(challenge_id: i64) -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(vec![
        ButtonId::Accept(challenge_id).button("Accept", ButtonStyle::Success),
        ButtonId::Decline(challenge_id).button("Decline", ButtonStyle::Danger),
        ButtonId::Cancel(challenge_id).button("Cancel", ButtonStyle::Secondary),
    ])]
}

/// The confirm button of `/resign`.
pub fn resign_buttons(game_id: i64) -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(vec![ButtonId::Resign(game_id).button("Resign", ButtonStyle::Danger)])]
}

/// Accept / Decline for the player offered a draw.
pub fn draw_buttons(game_id: i64) -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(vec![
        ButtonId::DrawAccept(game_id).button("Accept draw", ButtonStyle::Success),
        ButtonId::DrawDecline(game_id).button("Decline draw", ButtonStyle::Danger),
    ])]
}

/// Does what the pressed button says.
pub async fn press(inv: &Invocation, custom_id: &str) -> Result<Reply, CommandError> {
    let Some(button) = ButtonId::parse(custom_id) else {
        return Err(CommandError::refused("This button is no longer in use."));
    };
    match button {
        ButtonId::Accept(id) => Ok(challenge::accept(inv, Some(id)).await?.updating()),
        ButtonId::Decline(id) => Ok(challenge::decline(inv, Some(id)).await?.updating()),
        ButtonId::Cancel(id) => Ok(challenge::cancel(inv, Some(id)).await?.updating()),
        ButtonId::Resign(id) => table::resign(inv, id).await,
        ButtonId::DrawAccept(id) => Ok(table::answer_draw(inv, id, true).await?.updating()),
        ButtonId::DrawDecline(id) => Ok(table::answer_draw(inv, id, false).await?.updating()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_fit_discord() {
        for b in [
            ButtonId::Accept(1),
            ButtonId::Decline(i64::MAX),
            ButtonId::Cancel(7),
            ButtonId::Resign(42),
            ButtonId::DrawAccept(3),
            ButtonId::DrawDecline(9),
        ] {
            let id = b.custom_id();
            assert!((1..=100).contains(&id.len()));
            assert_eq!(ButtonId::parse(&id), Some(b));
        }
        assert_eq!(ButtonId::parse("acc:x"), None);
        assert_eq!(ButtonId::parse("zzz:1"), None);
        assert_eq!(ButtonId::parse("nothing"), None);
    }
}
