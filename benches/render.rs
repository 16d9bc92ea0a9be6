//! The board picture: draw + PNG-encode a middle game with a multiple
//! capture as the last move, from Black's side (the usual post-move picture).

use criterion::{Criterion, criterion_group, criterion_main};
use damas::render::{RenderOptions, render_png};
use damas::rules::{Color, Position};

fn bench_render(c: &mut Criterion) {
    let before: Position =
        "W:W1,2,3,5,6,7,9,10,12,13:B14,18,21,22,23,25,26,27,29,30,31,32".parse().expect("a valid FEN");
    let mv = before.parse_move("10x28").expect("a legal capture");
    let after = before.play(&mv).expect("legal");
    let opts = RenderOptions { perspective: Color::Black, last_move: Some(mv), show_moves: false, before: None };
    let size = render_png(&after, &opts).len();
    println!("render/middle_game_capture: PNG of {size} bytes");
    c.bench_function("render/middle_game_capture", |b| b.iter(|| render_png(&after, &opts)));

    let overlay = RenderOptions { show_moves: true, ..opts };
    let size = render_png(&after, &overlay).len();
    println!("render/middle_game_moves_overlay: PNG of {size} bytes");
    c.bench_function("render/middle_game_moves_overlay", |b| b.iter(|| render_png(&after, &overlay)));
}

criterion_group!(benches, bench_render);
criterion_main!(benches);
