//! `/premove [line] [clear]`: a player's conditional premoves in the
//! channel's game - stored, shown or cleared, seen only by them.

use crate::game::{Line, PremoveStored};
use crate::i18n::Lang;
use crate::t;

use super::Invocation;
use crate::discord::messages::errors::CommandError;
use crate::discord::messages::reply::Reply;

/// `/premove`: with `line`, stores it; with `clear`, forgets them all;
/// alone, shows the asker's lines. Private.
pub async fn premove(inv: &Invocation, line: Option<&str>, clear: bool) -> Result<Reply, CommandError> {
    let lang = inv.lang;
    if clear {
        let count = inv.service.games().clear_premoves(inv.channel, inv.user).await?;
        return Ok(Reply::ephemeral(lang, t!(lang, "premove-cleared", count = count)));
    }
    let Some(line) = line else {
        let lines = inv.service.games().premoves_of(inv.channel, inv.user).await?;
        return Ok(Reply::ephemeral(lang, shown(lang, &lines)));
    };
    let stored = inv.service.games().add_premove(inv.now, inv.channel, inv.user, line).await?;
    Ok(Reply::ephemeral(lang, stored_text(lang, &stored)))
}

fn stored_text(lang: Lang, stored: &PremoveStored) -> String {
    let head = if stored.added {
        t!(lang, "premove-stored", line = pairs(&stored.line))
    } else {
        t!(lang, "premove-already", line = pairs(&stored.line))
    };
    format!("{head}\n{}", shown(lang, &stored.lines))
}

/// The asker's lines, one per line of text, or how to add one.
fn shown(lang: Lang, lines: &[Line]) -> String {
    if lines.is_empty() {
        return t!(lang, "premove-none");
    }
    let mut text = t!(lang, "premove-lines", count = lines.len());
    for line in lines {
        text.push_str("\n- ");
        text.push_str(&pairs(line));
    }
    text
}

/// A line as its pairs, the opponent's move then the reply:
/// `22-18 → 15x22 · 26x17 → 17x26`.
fn pairs(line: &Line) -> String {
    line.chunks(2)
        .map(|pair| match pair {
            [theirs, mine] => format!("{theirs} → **{mine}**"),
            [theirs] => theirs.clone(),
            _ => String::new(),
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_reads_as_pairs_with_the_replies_in_bold() {
        let line: Line = ["22-18", "15x22", "26x17", "11-15"].map(String::from).to_vec();
        assert_eq!(pairs(&line), "22-18 → **15x22** · 26x17 → **11-15**");
    }
}
