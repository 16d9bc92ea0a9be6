//! The fields of the ids Discord keeps on buttons and menus, each written
//! one way: numbers as they are, and a position a player was shown
//! ([`Seen`]) as `game:ply`, so a button and a menu of the same position
//! say it alike.

use crate::game::Seen;

/// A field of a component's `custom_id`, written as one or more parts each
/// after a `:`.
pub trait IdField: Sized {
    /// Appends `:part` for each of its parts to `id`.
    fn write(&self, id: &mut String);
    /// Reads it from the next parts; `None` when they are missing or wrong.
    fn read<'a>(parts: &mut impl Iterator<Item = &'a str>) -> Option<Self>;
}

macro_rules! number_fields {
    ($($number:ty),*) => {$(
        impl IdField for $number {
            fn write(&self, id: &mut String) {
                id.push(':');
                id.push_str(&self.to_string());
            }

            fn read<'a>(parts: &mut impl Iterator<Item = &'a str>) -> Option<$number> {
                parts.next()?.parse().ok()
            }
        }
    )*};
}

number_fields!(i64, u32, u64);

impl IdField for Seen {
    fn write(&self, id: &mut String) {
        self.game.write(id);
        self.ply.write(id);
    }

    fn read<'a>(parts: &mut impl Iterator<Item = &'a str>) -> Option<Seen> {
        Some(Seen { game: i64::read(parts)?, ply: u32::read(parts)? })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seen_position_is_game_then_ply() {
        let mut id = String::from("x");
        Seen { game: 12, ply: 3 }.write(&mut id);
        assert_eq!(id, "x:12:3");
        let mut parts = id.split(':').skip(1);
        assert_eq!(Seen::read(&mut parts), Some(Seen { game: 12, ply: 3 }));
        assert_eq!(Seen::read(&mut "12".split(':')), None, "a ply is needed");
        assert_eq!(Seen::read(&mut "12:-1".split(':')), None, "a ply is not negative");
    }
}
