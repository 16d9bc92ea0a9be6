//! The board picture: draw + PNG-encode a middle game with a multiple
//! capture as the last move, from Black's side (the usual post-move picture),
//! whole (sharing no rank with an earlier picture) and from kept ranks (the
//! same picture again); then the 80 boards of a game in order, as its
//! answers show them, whole and the first time through the kept ranks.
//! The replay: the GIF of a whole 80-ply game (`-- replay` runs it alone).
//! The PNG encoder against the `png` crate's fast setting (fdeflate, as
//! the `image` crate offers it) on the pixels of those 80 boards
//! (`-- png_encoder`): bytes and time per picture.
//! And the `/rating` chart of a player with 500 rated games (`-- chart`),
//! and a tournament's standings of 16 players with its cross-table
//! (`-- standings`).

use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use damas::i18n::{Lang, rating_chart};
use damas::render::replay::{REPLAY_SIZE, game_frames};
use damas::render::{
    RenderOptions, StandingsLine, StandingsPicture, encode_rgb, ranks_found_and_made, rating_chart_png, render_gif,
    render_png, render_png_whole, standings_png,
};
use damas::rules::{Color, DrawRules, Game, Position, Variant};

/// The made-up histories the chart's tests draw.
#[path = "../tests/it/render/rating_history.rs"]
mod rating_history;

fn bench_render(c: &mut Criterion) {
    let before: Position =
        "W:W1,2,3,5,6,7,9,10,12,13:B14,18,21,22,23,25,26,27,29,30,31,32".parse().expect("a valid FEN");
    let mv = before.parse_move("10x28").expect("a legal capture");
    let after = before.play(&mv).expect("legal");
    let opts = RenderOptions {
        perspective: Color::Black,
        last_move: Some(mv),
        show_moves: false,
        before: None,
        suggested: None,
        refuted: None,
    };
    let size = render_png_whole(&after, &opts).len();
    println!("render/middle_game_capture: PNG of {size} bytes");
    c.bench_function("render/middle_game_capture", |b| b.iter(|| render_png_whole(&after, &opts)));
    let size = render_png(&after, &opts).len();
    println!("render/middle_game_capture_kept_ranks: PNG of {size} bytes");
    c.bench_function("render/middle_game_capture_kept_ranks", |b| b.iter(|| render_png(&after, &opts)));

    // The boards of a game as its answers show them: from the side to move.
    let game = game_of_80_plies();
    let boards: Vec<(Position, RenderOptions)> = game
        .moves()
        .iter()
        .zip(game.positions().windows(2))
        .map(|(&mv, pair)| {
            let (before, position) = (pair[0], pair[1]);
            let opts = RenderOptions {
                perspective: position.turn(),
                last_move: Some(mv),
                show_moves: false,
                before: Some(before),
                suggested: None,
                refuted: None,
            };
            (position, opts)
        })
        .collect();
    let (found, made) = ranks_found_and_made();
    let started = std::time::Instant::now();
    let bytes: usize = boards.iter().map(|(position, opts)| render_png(position, opts).len()).sum();
    let elapsed = started.elapsed();
    let (found, made) = (ranks_found_and_made().0 - found, ranks_found_and_made().1 - made);
    println!(
        "render/game_80_boards, first time through the kept ranks: {:.2} ms a board, {found} ranks found and {made} \
         made, {} bytes a board",
        elapsed.as_secs_f64() * 1000.0 / boards.len() as f64,
        bytes / boards.len()
    );
    c.bench_function("render/game_80_boards_whole", |b| {
        b.iter(|| boards.iter().map(|(position, opts)| render_png_whole(position, opts).len()).sum::<usize>())
    });

    let overlay = RenderOptions { show_moves: true, ..opts };
    let size = render_png(&after, &overlay).len();
    println!("render/middle_game_moves_overlay: PNG of {size} bytes");
    c.bench_function("render/middle_game_moves_overlay", |b| b.iter(|| render_png(&after, &overlay)));
}

/// A real game of 80 plies (the engine against itself at depth 6), read
/// from the file tests/render_replay.rs checks too.
fn game_of_80_plies() -> Game {
    let moves: Vec<&str> = include_str!("../tests/data/game_80_plies.txt").split_whitespace().collect();
    Game::replay(Position::initial(), Variant::Classic, DrawRules::Classic, &moves).expect("a legal game")
}

fn bench_replay(c: &mut Criterion) {
    let frames = game_frames(&game_of_80_plies());
    let size = render_gif(&frames, Color::White).expect("a GIF").len();
    println!("replay_80_plies: {} frames of {REPLAY_SIZE} px, GIF of {size} bytes", frames.len());
    // Each run takes most of a second: ten samples are enough.
    let mut group = c.benchmark_group("render");
    group.sample_size(10).measurement_time(Duration::from_secs(15));
    group.bench_function("replay_80_plies", |b| b.iter(|| render_gif(&frames, Color::White)));
    group.finish();
}

fn bench_rating_chart(c: &mut Criterion) {
    let player = rating_history::player_after(500);
    let chart = rating_chart::chart(Lang::En, &player, Some("ana"), Some("Club Damas"));
    let size = rating_chart_png(&chart).len();
    println!("render/rating_chart_500_games: PNG of {size} bytes");
    c.bench_function("render/rating_chart_500_games", |b| b.iter(|| rating_chart_png(&chart)));
}

/// The standings of a 16-player round-robin with its cross-table (the
/// largest picture a tournament draws: every pairing's score).
fn bench_standings(c: &mut Criterion) {
    let players = 16;
    let picture = StandingsPicture {
        title: "Tournament #12 · Club Damas spring round-robin · after round 9".into(),
        name_head: "Player".into(),
        figure_heads: ["Pts", "SB", "Wins", "Left"].map(String::from).to_vec(),
        legend: "Pts: points (a win 1, a draw ½) · SB: Sonneborn-Berger, the points of the players beaten plus half \
                 those drawn with · Wins: games won · Left: games still to play"
            .into(),
        lines: (0..players)
            .map(|i| StandingsLine {
                place: (i + 1).to_string(),
                name: format!("player{i:02}"),
                figures: vec!["8½".into(), "52¾".into(), "7".into(), "2".into()],
            })
            .collect(),
        cross: Some(
            (0..players)
                .map(|r| {
                    (0..players)
                        .map(|c| ["", "1", "½", "0", "·"][if r == c { 0 } else { 1 + (r * 7 + c) % 4 }].to_string())
                        .collect()
                })
                .collect(),
        ),
    };
    let size = standings_png(&picture).len();
    println!("render/standings_16_players: PNG of {size} bytes");
    c.bench_function("render/standings_16_players", |b| b.iter(|| standings_png(&picture)));
}

/// Our encoder and the `png` crate's fast one (fdeflate), with the `Up`
/// filter ours uses and with the crate's adaptive filter, on the decoded
/// pixels of the 80 boards of a game: the bytes and the time of each.
fn bench_png_encoders(c: &mut Criterion) {
    use image::ImageEncoder;
    use image::codecs::png::{CompressionType, FilterType, PngEncoder};

    let game = game_of_80_plies();
    let pictures: Vec<image::RgbImage> = game
        .positions()
        .iter()
        .skip(1)
        .zip(game.moves())
        .map(|(position, &mv)| {
            let opts = RenderOptions {
                perspective: position.turn(),
                last_move: Some(mv),
                show_moves: false,
                before: None,
                suggested: None,
                refuted: None,
            };
            image::load_from_memory(&render_png_whole(position, &opts)).expect("our PNG decodes").to_rgb8()
        })
        .collect();
    let ours = |p: &image::RgbImage| encode_rgb(p.width(), p.height(), p.as_raw());
    let crate_fast = |filter: FilterType| {
        move |p: &image::RgbImage| {
            let mut out = Vec::new();
            PngEncoder::new_with_quality(&mut out, CompressionType::Fast, filter)
                .write_image(p.as_raw(), p.width(), p.height(), image::ExtendedColorType::Rgb8)
                .expect("the png crate encodes");
            out
        }
    };
    type Encoder = Box<dyn Fn(&image::RgbImage) -> Vec<u8>>;
    let encoders: [(&str, Encoder); 3] = [
        ("ours_up", Box::new(ours)),
        ("png_crate_fast_up", Box::new(crate_fast(FilterType::Up))),
        ("png_crate_fast_adaptive", Box::new(crate_fast(FilterType::Adaptive))),
    ];
    let mut group = c.benchmark_group("png_encoder");
    for (name, encode) in &encoders {
        let bytes: usize = pictures.iter().map(|p| encode(p).len()).sum();
        println!(
            "png_encoder/{name}: {} bytes a board on average over {} boards",
            bytes / pictures.len(),
            pictures.len()
        );
        group.bench_function(format!("{name}_80_boards"), |b| {
            b.iter(|| pictures.iter().map(|p| encode(p).len()).sum::<usize>())
        });
    }
    group.finish();
}

criterion_group!(benches, bench_render, bench_png_encoders, bench_replay, bench_rating_chart, bench_standings);
criterion_main!(benches);
