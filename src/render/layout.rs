//! Sizes and positions in pixels. Everything that places something on the
//! picture derives from these constants, and the tests read them too.

/// Side of one square.
pub const SQUARE_SIZE: u32 = 80;

/// Side of the board (8 squares); the picture is exactly the board.
pub const BOARD_SIZE: u32 = 8 * SQUARE_SIZE;

/// Width of the picture.
pub const WIDTH: u32 = BOARD_SIZE;

/// Height of the picture.
pub const HEIGHT: u32 = BOARD_SIZE;

/// Radius of a piece, outline included. Small enough to leave the square
/// number in the top-left corner of its square uncovered.
pub const PIECE_RADIUS: f32 = 29.5;

/// Offset of a piece's shadow, down and to the right (away from the number).
pub const SHADOW_OFFSET: (f32, f32) = (1.0, 2.5);

/// Size of the square numbers' font, in pixels per em.
pub const NUMBER_FONT_PX: f32 = 15.0;

/// Where a square number's ink starts, from the square's top-left corner.
pub const NUMBER_MARGIN: (u32, u32) = (4, 4);

/// Half the width of a move arrow's shaft.
pub const ARROW_HALF_WIDTH: f32 = 5.0;

/// Length of a move arrow's head, along the arrow.
pub const ARROW_HEAD_LENGTH: f32 = 22.0;

/// Half the width of a move arrow's head, across the arrow.
pub const ARROW_HEAD_HALF_WIDTH: f32 = 13.0;
