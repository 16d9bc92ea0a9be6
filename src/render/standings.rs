//! A tournament's standings as a PNG table, drawn with `imageproc` and the
//! board's font: a title, then a line per player (place, name, and for a
//! round-robin the cross-table - the score of every pairing, both games of
//! a double round-robin - then the figures: points, tiebreaks, games left).
//!
//! Nothing here knows a language or a rule: the caller passes every word
//! and figure already written ([`StandingsPicture`]).

use ab_glyph::FontRef;
use image::{Rgb, RgbImage};
use imageproc::drawing::draw_filled_rect_mut;
use imageproc::rect::Rect;

use super::canvas::Canvas;
use super::chart::text::{self, fit};
use super::encode::PngWriter;
use super::numbers::FONT;

/// Everything the picture shows, in the reader's language.
#[derive(Clone, Debug, PartialEq)]
pub struct StandingsPicture {
    /// The first line: "Tournament #3 · Spring cup · after round 2".
    pub title: String,
    /// The head of the names' column: "Player".
    pub name_head: String,
    /// The heads of the figure columns: "Pts", "SB", "Wins", "Left".
    pub figure_heads: Vec<String>,
    /// What the heads mean, written under the table.
    pub legend: String,
    /// The players, best first.
    pub lines: Vec<StandingsLine>,
    /// A round-robin's cross-table: for each line, its score against the
    /// player of each line in the same order ("" against themselves; "1",
    /// "½", "0", "1 ½" for two games, "·" for a game not finished).
    pub cross: Option<Vec<Vec<String>>>,
}

/// One player's line.
#[derive(Clone, Debug, PartialEq)]
pub struct StandingsLine {
    /// "1", or "1-2" for a shared place.
    pub place: String,
    /// Their name.
    pub name: String,
    /// One text per figure column.
    pub figures: Vec<String>,
}

const MARGIN: u32 = 20;
const TITLE_TOP: i32 = 14;
const TITLE_PX: (f32, f32) = (22.0, 14.0);
const TABLE_TOP: u32 = 52;
const ROW: u32 = 30;
const CELL_PX: f32 = 15.0;
const PLACE_WIDTH: u32 = 44;
const NAME_WIDTH: u32 = 190;
/// A cross-table cell holds two results ("1 ½").
const CROSS_WIDTH: u32 = 44;
const FIGURE_WIDTH: u32 = 62;
/// Each line of the legend under the table.
const LEGEND_ROW: u32 = 19;
const LEGEND_PX: f32 = 12.5;
/// The least width, so a short table still has room for its title.
const LEAST_WIDTH: u32 = 480;

const BACKGROUND: Rgb<u8> = Rgb([250, 247, 240]);
const STRIPE: Rgb<u8> = Rgb([240, 234, 222]);
const HEAD: Rgb<u8> = Rgb([226, 219, 206]);
const SELF: Rgb<u8> = Rgb([150, 140, 124]);
const INK: Rgb<u8> = Rgb([40, 34, 28]);

/// The picture's size in pixels for `picture`'s lines and columns.
pub fn standings_size(picture: &StandingsPicture) -> (u32, u32) {
    let cross = picture.cross.as_ref().map_or(0, |_| picture.lines.len() as u32);
    let width =
        MARGIN * 2 + PLACE_WIDTH + NAME_WIDTH + cross * CROSS_WIDTH + picture.figure_heads.len() as u32 * FIGURE_WIDTH;
    let width = width.max(LEAST_WIDTH);
    let font = FontRef::try_from_slice(FONT).expect("the embedded font is a valid TrueType font");
    let legend = legend_lines(&font, &picture.legend, width - 2 * MARGIN).len() as u32;
    let gap = if legend > 0 { 8 } else { 0 };
    let height = TABLE_TOP + ROW * (picture.lines.len() as u32 + 1) + gap + legend * LEGEND_ROW + MARGIN;
    (width, height)
}

/// The legend in lines that fit `width`, broken between its parts (" · ").
fn legend_lines(font: &FontRef<'_>, legend: &str, width: u32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for part in legend.split(" · ").filter(|p| !p.is_empty()) {
        match lines.last_mut() {
            Some(line) if text::width(font, &format!("{line} · {part}"), LEGEND_PX) <= width => {
                line.push_str(" · ");
                line.push_str(part);
            }
            _ => lines.push(part.to_string()),
        }
    }
    lines
}

/// The standings as PNG bytes (8-bit RGB), [`standings_size`] big.
pub fn standings_png(picture: &StandingsPicture) -> Vec<u8> {
    let (width, height) = standings_size(picture);
    let mut img = RgbImage::from_pixel(width, height, BACKGROUND);
    let font = FontRef::try_from_slice(FONT).expect("the embedded font is a valid TrueType font");
    let title = fit(&font, &picture.title, TITLE_PX.0, TITLE_PX.1, width - 2 * MARGIN);
    text::draw(&mut img, &font, &title, INK, MARGIN as i32, TITLE_TOP);

    let columns = Columns::of(picture);
    let table_width = width - 2 * MARGIN;
    draw_filled_rect_mut(&mut img, Rect::at(MARGIN as i32, TABLE_TOP as i32).of_size(table_width, ROW), HEAD);
    let cross_heads: Vec<String> = (1..=columns.cross).map(|n| n.to_string()).collect();
    let heads =
        ["#".to_string(), picture.name_head.clone()].into_iter().chain(cross_heads).chain(picture.figure_heads.clone());
    for (i, head) in heads.enumerate() {
        cell(&mut img, &font, &columns, i, TABLE_TOP, head.as_str());
    }
    for (row, line) in picture.lines.iter().enumerate() {
        let top = TABLE_TOP + ROW * (row as u32 + 1);
        if row % 2 == 1 {
            draw_filled_rect_mut(&mut img, Rect::at(MARGIN as i32, top as i32).of_size(table_width, ROW), STRIPE);
        }
        cell(&mut img, &font, &columns, 0, top, &line.place);
        let name = fit(&font, &line.name, CELL_PX, 11.0, NAME_WIDTH - 12);
        text::draw(&mut img, &font, &name, INK, columns.left[1] as i32 + 6, text_top(top, name.px));
        if let Some(cross) = &picture.cross {
            let scores = cross.get(row).map(Vec::as_slice).unwrap_or_default();
            for col in 0..columns.cross {
                if col == row {
                    let left = columns.left[2 + col] as i32 + 2;
                    draw_filled_rect_mut(
                        &mut img,
                        Rect::at(left, top as i32 + 2).of_size(CROSS_WIDTH - 4, ROW - 4),
                        SELF,
                    );
                } else {
                    cell(&mut img, &font, &columns, 2 + col, top, scores.get(col).map_or("", String::as_str));
                }
            }
        }
        for (i, figure) in line.figures.iter().enumerate() {
            cell(&mut img, &font, &columns, 2 + columns.cross + i, top, figure);
        }
    }
    let legend_top = TABLE_TOP + ROW * (picture.lines.len() as u32 + 1) + 8;
    for (i, line) in legend_lines(&font, &picture.legend, table_width).iter().enumerate() {
        let fitted = fit(&font, line, LEGEND_PX, 9.0, table_width);
        text::draw(&mut img, &font, &fitted, INK, MARGIN as i32, (legend_top + i as u32 * LEGEND_ROW) as i32);
    }
    let canvas = Canvas { width, height, pixels: img.into_raw() };
    PngWriter::new().encode(&canvas)
}

/// The left edge and width of every column: place, name, cross-table
/// cells, figures.
struct Columns {
    left: Vec<u32>,
    width: Vec<u32>,
    cross: usize,
}

impl Columns {
    fn of(picture: &StandingsPicture) -> Columns {
        let cross = picture.cross.as_ref().map_or(0, |_| picture.lines.len());
        let widths: Vec<u32> = [PLACE_WIDTH, NAME_WIDTH]
            .into_iter()
            .chain(std::iter::repeat_n(CROSS_WIDTH, cross))
            .chain(std::iter::repeat_n(FIGURE_WIDTH, picture.figure_heads.len()))
            .collect();
        let mut left = Vec::with_capacity(widths.len());
        let mut x = MARGIN;
        for w in &widths {
            left.push(x);
            x += w;
        }
        Columns { left, width: widths, cross }
    }
}

/// `words` centred in column `col` of the row at `top`.
fn cell(img: &mut RgbImage, font: &FontRef<'_>, columns: &Columns, col: usize, top: u32, words: &str) {
    if words.is_empty() {
        return;
    }
    let width = columns.width[col];
    let fitted = fit(font, words, CELL_PX, 10.0, width - 4);
    let left = columns.left[col] + (width - fitted.width) / 2;
    text::draw(img, font, &fitted, INK, left as i32, text_top(top, fitted.px));
}

/// The top of a line of `px` text centred in the row at `top`.
fn text_top(top: u32, px: f32) -> i32 {
    top as i32 + ((ROW as f32 - px) / 2.0).round() as i32 - 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture(players: usize, cross: bool) -> StandingsPicture {
        StandingsPicture {
            title: "Tournament #3 · Spring cup · final standings".into(),
            name_head: "Player".into(),
            figure_heads: vec!["Pts".into(), "SB".into(), "Wins".into(), "Left".into()],
            legend: "Pts: points · SB: Sonneborn-Berger".into(),
            lines: (0..players)
                .map(|i| StandingsLine {
                    place: (i + 1).to_string(),
                    name: format!("player number {i} with a rather long display name"),
                    figures: vec!["7½".into(), "41¼".into(), "6".into(), "0".into()],
                })
                .collect(),
            cross: cross.then(|| {
                (0..players)
                    .map(|r| (0..players).map(|c| if r == c { String::new() } else { "1 ½".into() }).collect())
                    .collect()
            }),
        }
    }

    fn decode(png: &[u8]) -> RgbImage {
        image::load_from_memory(png).unwrap().to_rgb8()
    }

    #[test]
    fn a_cross_table_of_16_has_a_column_per_player_and_its_diagonal_marked() {
        let p = picture(16, true);
        let (width, height) = standings_size(&p);
        assert_eq!(width, 2 * MARGIN + PLACE_WIDTH + NAME_WIDTH + 16 * CROSS_WIDTH + 4 * FIGURE_WIDTH);
        assert_eq!(height, TABLE_TOP + 17 * ROW + 8 + LEGEND_ROW + MARGIN, "a short legend takes one line");
        let img = decode(&standings_png(&p));
        assert_eq!(img.dimensions(), (width, height));
        let columns = Columns::of(&p);
        for row in 0..16u32 {
            // The diagonal cell is shaded; the one beside it holds ink.
            let top = TABLE_TOP + ROW * (row + 1);
            let x = columns.left[2 + row as usize] + CROSS_WIDTH / 2;
            assert_eq!(*img.get_pixel(x, top + 4), SELF, "row {row}");
            let other = columns.left[2 + ((row as usize + 1) % 16)];
            let inked = (other..other + CROSS_WIDTH)
                .any(|x| (top..top + ROW).any(|y| img.get_pixel(x, y).0.iter().all(|&c| c < 120)));
            assert!(inked, "row {row} has its scores");
        }
    }

    #[test]
    fn a_swiss_has_no_cross_table_and_a_least_width() {
        let p = picture(5, false);
        let (width, _) = standings_size(&p);
        assert_eq!(width, (2 * MARGIN + PLACE_WIDTH + NAME_WIDTH + 4 * FIGURE_WIDTH).max(LEAST_WIDTH));
        let img = decode(&standings_png(&p));
        // The title is written.
        let title_ink = (MARGIN..MARGIN + 100).any(|x| (14..40).any(|y| *img.get_pixel(x, y) != BACKGROUND));
        assert!(title_ink);
    }
}
