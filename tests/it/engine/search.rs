//! The search: fixed-depth determinism, the end of the game (RULES 7.1,
//! 8.2), repetitions on the line (RULES 7.3b), quiescence over compulsory
//! captures (RULES 5.1) and proofs of forced wins.

use damas::engine::{Limits, Root, Searcher, Style, Verdict, analyze, hash};
use damas::rules::{DrawRules, Position, Variant};

fn root(fen: &str) -> Root {
    Root::new(fen.parse().unwrap(), Variant::Classic, DrawRules::Classic)
}

fn best(root: &Root, depth: u32) -> (String, i32) {
    let a = analyze(&mut Searcher::new(2, None), root, &Limits::depth(depth));
    (root.position.notation(&a.best.expect("a move")), a.score)
}

#[test]
fn a_fixed_depth_gives_the_same_answer_every_time() {
    let r = root("W:W1,2,3,5,6,7,9,10,11,13:B18,20,21,22,23,25,26,27,29,30");
    let a = analyze(&mut Searcher::new(2, None), &r, &Limits::depth(7));
    let b = analyze(&mut Searcher::new(2, None), &r, &Limits::depth(7));
    assert_eq!((a.best, a.score, a.nodes, a.depth), (b.best, b.score, b.nodes, b.depth));
    assert_eq!(a.pv_notation(&r.position), b.pv_notation(&r.position));
    assert_eq!(a.depth, 7);
}

#[test]
fn no_legal_move_is_a_loss_in_classic_and_a_win_in_giveaway() {
    // RULES 7.1: White's only man is blocked.
    let blocked: Position = "W:W5:B9,10,14".parse().unwrap();
    assert!(blocked.legal_moves().is_empty());
    let classic = analyze(
        &mut Searcher::new(1, None),
        &Root::new(blocked, Variant::Classic, DrawRules::Classic),
        &Limits::depth(3),
    );
    assert_eq!(classic.best, None);
    assert_eq!(classic.proof.map(|p| (p.verdict, p.plies)), Some((Verdict::Loss, 0)));
    // RULES 8.2: in giveaway the same side has won.
    let giveaway = analyze(
        &mut Searcher::new(1, None),
        &Root::new(blocked, Variant::Giveaway, DrawRules::Classic),
        &Limits::depth(3),
    );
    assert_eq!(giveaway.proof.map(|p| p.verdict), Some(Verdict::Win));
}

#[test]
fn a_forced_win_is_proven_with_its_length() {
    // RULES 5.1, 7.1: White takes Black's last piece.
    let a = analyze(&mut Searcher::new(1, None), &root("W:W9,10:B14"), &Limits::depth(4));
    assert_eq!(a.proof.map(|p| (p.verdict, p.plies)), Some((Verdict::Win, 1)));
    assert_eq!(a.pv_notation(&"W:W9,10:B14".parse().unwrap()).len(), 1);
}

#[test]
fn a_repetition_on_the_line_scores_as_a_draw() {
    // RULES 7.3b. White, a king against a king and three men, is lost on
    // material; but if the position after 1-5 already occurred (with Black
    // to move), playing 1-5 repeats it, and the engine takes the draw.
    let lost = root("W:WK1:BK32,20,21,22");
    let (_, score) = best(&lost, 4);
    assert!(score < -100, "White is lost on material: {score}");

    let after: Position = "B:WK5:BK32,20,21,22".parse().unwrap();
    let mut with_history = lost.clone();
    with_history.history = vec![hash(&"W:WK10:BK32,20,21,22".parse().unwrap()), hash(&after)];
    let (mv, score) = best(&with_history, 4);
    assert_eq!((mv.as_str(), score), ("1-5", 0));
}

#[test]
fn a_capture_pending_at_the_horizon_is_resolved() {
    // RULES 5.1: 10-14 puts a man in the centre, which a static evaluation
    // likes, but Black must then take it (18x11) for nothing. Quiescence
    // reads the forced capture, so even a depth-1 search sees the loss.
    let r = root("W:W4,9,10:B18,29,30,31");
    let scored = Searcher::new(1, None).score_moves(&r, 1, Style::default());
    let score_of = |text: &str| {
        let mv = r.position.parse_move(text).unwrap();
        scored.iter().find(|(m, _)| *m == mv).unwrap().1
    };
    let (lost, safe) = (score_of("10-14"), score_of("10-13"));
    assert!(lost < safe - 80, "a man down: {lost} against {safe}");
    let (mv, score) = best(&r, 1);
    let after = r.position.play(&r.position.parse_move(&mv).unwrap()).unwrap();
    assert!(!after.has_capture(), "{mv} leaves a man to be taken");
    assert!(score > lost, "{score}");
}
