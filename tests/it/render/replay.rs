//! The replay GIF (src/render/replay.rs), checked by decoding it: one frame
//! per position, its size, its delays, and the squares a move marks.

use std::io::Cursor;

use damas::render::layout::SQUARE_SIZE;
use damas::render::orientation::square_rect;
use damas::render::replay::{FRAME_DELAY_MS, LAST_FRAME_DELAY_MS, REPLAY_SIZE, game_frames};
use damas::render::{ReplayFrame, render_gif, theme};
use damas::rules::{Color, DrawRules, Game, Position, Square, Variant};
use image::codecs::gif::GifDecoder;
use image::{AnimationDecoder, Frame, RgbaImage};

/// An opening with a capture each way: 10-14 and 23-19 bring a White and
/// a Black man face to face; White must take (RULES 5.1, 14x23) and Black
/// must take back (27x20, a man capturing forward: RULES 3).
const OPENING: [&str; 4] = ["10-14", "23-19", "14x23", "27x20"];

fn game(moves: &[&str]) -> Game {
    Game::replay(Position::initial(), Variant::Classic, DrawRules::Classic, moves).expect("a legal line")
}

/// A real game of 80 plies (the engine against itself at depth 6, with
/// captures, promotions and flying kings), the one `benches/render.rs` times.
fn game_of_80_plies() -> Game {
    let moves: Vec<&str> = include_str!("../../data/game_80_plies.txt").split_whitespace().collect();
    game(&moves)
}

fn decode(gif: &[u8]) -> Vec<Frame> {
    let decoder = GifDecoder::new(Cursor::new(gif)).expect("a GIF header");
    decoder.into_frames().collect_frames().expect("every frame decodes")
}

fn delay_ms(frame: &Frame) -> u32 {
    let (numer, denom) = frame.delay().numer_denom_ms();
    numer / denom
}

/// The colour in the bottom-right corner of a square's cell (never under a
/// piece, its shadow or the number), in a frame shrunk to [`REPLAY_SIZE`].
fn corner(frame: &RgbaImage, square: Square) -> [u8; 3] {
    let (x, y, _, _) = square_rect(square, Color::White);
    let scale = |v: u32| (v + SQUARE_SIZE - 6) * REPLAY_SIZE / (8 * SQUARE_SIZE);
    let [r, g, b, _] = frame.get_pixel(scale(x), scale(y)).0;
    [r, g, b]
}

/// Whether two colours are the same but for the GIF's 256-colour palette.
fn close(a: [u8; 3], b: [u8; 3]) -> bool {
    a.iter().zip(b).all(|(&x, y)| x.abs_diff(y) <= 12)
}

#[test]
fn a_game_of_n_plies_gives_n_plus_one_frames_that_decode() {
    for game in [game(&OPENING), game_of_80_plies()] {
        let gif = render_gif(&game_frames(&game), Color::White).expect("a GIF");
        let frames = decode(&gif);
        assert_eq!(frames.len(), game.ply() + 1, "one frame per position");
        for frame in &frames {
            let (width, height) = frame.buffer().dimensions();
            assert_eq!((width, height), (REPLAY_SIZE, REPLAY_SIZE));
            assert!((320..=480).contains(&width), "{width} px");
        }
        let (last, others) = frames.split_last().unwrap();
        assert!(others.iter().all(|f| delay_ms(f) == FRAME_DELAY_MS));
        assert_eq!(delay_ms(last), LAST_FRAME_DELAY_MS);
        assert!(others.iter().all(|f| delay_ms(f) < delay_ms(last)), "a pause on the final position");
    }
}

#[test]
fn the_benchmarked_game_is_a_real_one_of_80_plies() {
    let game = game_of_80_plies();
    assert_eq!(game.ply(), 80);
    assert!(game.moves().iter().any(|m| m.is_capture()), "captures are drawn too");
}

#[test]
fn a_game_with_no_move_is_one_still_frame() {
    let gif = render_gif(&game_frames(&game(&[])), Color::White).expect("a GIF");
    let frames = decode(&gif);
    assert_eq!(frames.len(), 1);
    assert_eq!(delay_ms(&frames[0]), LAST_FRAME_DELAY_MS);
}

#[test]
fn each_frame_marks_the_move_that_led_to_it() {
    let game = game(&OPENING);
    let frames = decode(&render_gif(&game_frames(&game), Color::White).unwrap());
    let square = |n| Square::new(n).unwrap();
    // The start: nothing marked, square 10 is a plain dark square under a man.
    assert!(close(corner(frames[0].buffer(), square(10)), theme::DARK_SQUARE));
    // After 10-14: its start and end squares tinted.
    assert!(close(corner(frames[1].buffer(), square(10)), theme::LAST_MOVE_SQUARE));
    assert!(close(corner(frames[1].buffer(), square(14)), theme::LAST_MOVE_SQUARE));
    // After 14x23: the captured man's square 19 tinted red (RULES 5.1).
    assert!(close(corner(frames[3].buffer(), square(19)), theme::CAPTURED_SQUARE));
    // After 27x20 the earlier marks are gone.
    assert!(close(corner(frames[4].buffer(), square(10)), theme::DARK_SQUARE));
    assert!(close(corner(frames[4].buffer(), square(23)), theme::CAPTURED_SQUARE));
}

#[test]
fn frames_follow_the_game_s_positions() {
    let game = game(&OPENING);
    let frames = game_frames(&game);
    assert_eq!(frames[0], ReplayFrame::start(Position::initial()));
    for (i, frame) in frames.iter().enumerate().skip(1) {
        assert_eq!(frame.position, game.positions()[i]);
        assert_eq!(frame.before, Some(game.positions()[i - 1]));
        assert_eq!(frame.last_move, Some(game.moves()[i - 1]));
        assert_eq!(Some(*frame), ReplayFrame::after(&game.positions()[i - 1], game.moves()[i - 1]));
    }
}
