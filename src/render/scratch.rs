//! The buffers a picture is made in, kept per thread and reused: the canvas
//! (1.2 MB), the arrows' mask and the PNG writer's deflate state. On the
//! bot's worker threads (see [`crate::workers`]) there is one set per
//! worker, however many pictures are asked for at once.

use std::cell::RefCell;

use super::canvas::{Canvas, Mask};
use super::encode::PngWriter;

/// One thread's buffers.
pub struct Scratch {
    /// Where the picture is drawn.
    pub canvas: Canvas,
    /// Room for the legal-moves arrows.
    pub mask: Mask,
    /// The PNG writer.
    pub png: PngWriter,
}

impl Scratch {
    fn new() -> Scratch {
        // Sized by the first picture drawn.
        Scratch { canvas: Canvas::new(0, 0, [0; 3]), mask: Mask::new(0, 0), png: PngWriter::new() }
    }
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::new());
}

/// Runs `f` with this thread's buffers (with fresh ones if they are in use,
/// which only a picture drawn from inside another would cause).
pub fn with_scratch<R>(f: impl FnOnce(&mut Scratch) -> R) -> R {
    SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut scratch) => f(&mut scratch),
        Err(_) => f(&mut Scratch::new()),
    })
}
