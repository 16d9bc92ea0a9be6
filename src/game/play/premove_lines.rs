//! Conditional premoves as lines: "if they play 22-18, I reply 15x22; then
//! if they play 26x17, ...". A player's lines in a game form a tree; it is
//! kept as its leaves (no stored line is a prefix of another), every line
//! starting at the same ply with the opponent's move. Pure functions over
//! canonical notations: no store, no rules.

/// One line: canonical notations, the opponent's move first, alternating,
/// ending on the owner's move.
pub type Line = Vec<String>;

/// Why a line cannot join a tree: after the same moves of the opponent, it
/// replies otherwise than a stored line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// The moves both lines share, ending on the opponent's move.
    pub after: Line,
    /// The stored reply.
    pub stored: String,
    /// The new line's reply.
    pub new: String,
}

/// The tree `lines` with `new` merged in: lines it extends are replaced by
/// it, and a line it is the start of keeps it (then nothing changes).
/// `Ok(None)` when the tree already holds `new`.
pub fn merge(lines: &[Line], new: &Line) -> Result<Option<Vec<Line>>, Conflict> {
    let mut kept = Vec::with_capacity(lines.len() + 1);
    for line in lines {
        match first_difference(line, new) {
            // One is the start of the other: the longer stands for both.
            None if line.len() >= new.len() => return Ok(None),
            None => {}
            // Even indexes are the opponent's moves: a new branch.
            Some(i) if i % 2 == 0 => kept.push(line.clone()),
            Some(i) => {
                return Err(Conflict { after: new[..i].to_vec(), stored: line[i].clone(), new: new[i].clone() });
            }
        }
    }
    kept.push(new.clone());
    Ok(Some(kept))
}

/// What is left of `line` once `played` (the moves made since the line was
/// stored) are on the board: `None` when the game left the line or used it
/// up.
pub fn advance(line: &[String], played: &[String]) -> Option<Line> {
    (line.len() > played.len() && line.starts_with(played)).then(|| line[played.len()..].to_vec())
}

/// Whether `played` (the moves made since `line` was stored) went through
/// the whole of it: every reply it held was played, so its owner has
/// nothing to be told.
pub fn used_up(line: &[String], played: &[String]) -> bool {
    played.starts_with(line)
}

/// The owner's reply, if the tree has one for the next move: only when the
/// opponent's move that opened the lines was played, so `lines` now start
/// with the owner's move (they all agree on it: [`merge`] keeps it so).
pub fn reply(lines: &[Line]) -> Option<&str> {
    lines.first().and_then(|line| line.first()).map(String::as_str)
}

/// The index of the first move where `a` and `b` differ, within the shorter.
fn first_difference(a: &[String], b: &[String]) -> Option<usize> {
    a.iter().zip(b).position(|(x, y)| x != y)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(text: &str) -> Line {
        text.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn lines_sharing_a_start_merge_and_an_extension_replaces_its_start() {
        let tree = merge(&[], &line("22-18 15x22")).unwrap().unwrap();
        // Same start, the opponent plays otherwise: a second branch.
        let tree = merge(&tree, &line("21-17 10-14")).unwrap().unwrap();
        assert_eq!(tree, [line("22-18 15x22"), line("21-17 10-14")]);
        // A longer line through a stored one replaces it.
        let tree = merge(&tree, &line("22-18 15x22 26x17 11-15")).unwrap().unwrap();
        assert_eq!(tree, [line("21-17 10-14"), line("22-18 15x22 26x17 11-15")]);
        // What the tree already says changes nothing.
        assert_eq!(merge(&tree, &line("22-18 15x22")).unwrap(), None);
        assert_eq!(merge(&tree, &line("21-17 10-14")).unwrap(), None);
        // Deeper branches under one reply.
        let tree = merge(&tree, &line("22-18 15x22 25x18 12-16")).unwrap().unwrap();
        assert_eq!(tree.len(), 3);
    }

    #[test]
    fn another_reply_to_the_same_moves_is_a_conflict_naming_both() {
        let tree = vec![line("22-18 15x22 26x17 11-15")];
        assert_eq!(
            merge(&tree, &line("22-18 15x19")),
            Err(Conflict { after: line("22-18"), stored: "15x22".into(), new: "15x19".into() })
        );
        assert_eq!(
            merge(&tree, &line("22-18 15x22 26x17 10-14")),
            Err(Conflict { after: line("22-18 15x22 26x17"), stored: "11-15".into(), new: "10-14".into() })
        );
    }

    #[test]
    fn a_line_advances_along_the_moves_played_and_drops_off_them() {
        let stored = line("22-18 15x22 26x17 11-15");
        assert_eq!(advance(&stored, &[]), Some(stored.clone()));
        assert_eq!(advance(&stored, &line("22-18")), Some(line("15x22 26x17 11-15")));
        assert_eq!(advance(&stored, &line("22-18 15x22")), Some(line("26x17 11-15")));
        // The opponent played another move: the line is dropped.
        assert_eq!(advance(&stored, &line("21-17")), None);
        assert_eq!(advance(&stored, &line("22-18 15x22 25x18")), None);
        // Used up.
        assert_eq!(advance(&stored, &stored), None);
        assert!(used_up(&stored, &stored));
        assert!(used_up(&line("22-18 15x22"), &line("22-18 15x22 26x17")), "and the game went on");
        assert!(!used_up(&stored, &line("22-18 15x22 25x18")), "left, not used up");
        assert!(!used_up(&stored, &line("22-18")));
        assert_eq!(reply(&[line("15x22 26x17 11-15")]), Some("15x22"));
        assert_eq!(reply(&[]), None);
    }
}
