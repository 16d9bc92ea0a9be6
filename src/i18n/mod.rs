//! Every sentence a user reads, one Fluent catalog per language:
//! `locales/en-US` (English, also the fallback), `locales/es` (Spain's
//! Spanish, Discord's `es-ES`) and `locales/es-419` (Latin American
//! Spanish): the last holds only the messages whose words differ, and
//! falls back to `es` for the rest. The catalogs are compiled into the
//! binary; a test checks that they hold the same keys with the same
//! placeholders.

use std::borrow::Cow;
use std::collections::HashMap;

pub use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{LanguageIdentifier, Loader, langid, static_loader};

use crate::rules::{Color, Outcome};

pub mod alt;
pub mod dates;
mod errors;
mod help;
mod names;
pub mod rating_chart;

pub use errors::{color, fen_error, game_error, move_error};
pub use help::{help, help_rules};
pub use names::{draw_rules_key, draw_rules_name, variant_key, variant_name};

static_loader! {
    static LOCALES = {
        locales: "./locales",
        fallback_language: "en-US",
        // No Unicode isolation marks around placeables: they would break
        // Discord's mentions (`<@id>`) and timestamps.
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

static ENGLISH: LanguageIdentifier = langid!("en-US");
static SPANISH: LanguageIdentifier = langid!("es");
static LATIN_AMERICAN_SPANISH: LanguageIdentifier = langid!("es-419");

/// A language the bot speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English: the fallback for every locale without a catalog.
    #[default]
    En,
    /// Spain's Spanish (`es-ES`).
    Es,
    /// Latin American Spanish (`es-419`): Spain's but where the words differ.
    Es419,
}

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Es, Lang::Es419];

    /// The language for a Discord locale code (`es-ES`, `es-419`, `en-US`, ...).
    pub fn from_discord(locale: &str) -> Lang {
        match locale {
            "es-ES" => Lang::Es,
            "es-419" => Lang::Es419,
            _ => Lang::En,
        }
    }

    /// Whether it is a Spanish (decimal comma, Spanish dates).
    pub fn is_spanish(self) -> bool {
        matches!(self, Lang::Es | Lang::Es419)
    }

    /// The language of an optional locale: English when none is known.
    pub fn from_locale(locale: Option<&str>) -> Lang {
        locale.map_or(Lang::En, Lang::from_discord)
    }

    /// The Discord locale codes this language's catalog serves, for command
    /// localizations (English is the commands' own text, so none).
    pub fn discord_locales(self) -> &'static [&'static str] {
        match self {
            Lang::En => &[],
            Lang::Es => &["es-ES"],
            Lang::Es419 => &["es-419"],
        }
    }

    fn id(self) -> &'static LanguageIdentifier {
        match self {
            Lang::En => &ENGLISH,
            Lang::Es => &SPANISH,
            Lang::Es419 => &LATIN_AMERICAN_SPANISH,
        }
    }

    /// A Discord locale code this language is read from (kept for what the
    /// bot writes a user later, such as direct messages).
    pub fn locale_code(self) -> &'static str {
        match self {
            Lang::En => "en-US",
            Lang::Es => "es-ES",
            Lang::Es419 => "es-419",
        }
    }

    /// The catalog's folder under `locales/`.
    pub fn folder(self) -> &'static str {
        match self {
            Lang::En => "en-US",
            Lang::Es => "es",
            Lang::Es419 => "es-419",
        }
    }
}

/// A signed number with one decimal as `lang` writes it: "+1.3" in
/// English, "+1,3" in Spanish (a decimal comma).
pub fn signed_decimal(lang: Lang, value: f64) -> String {
    let text = format!("{value:+.1}");
    if lang.is_spanish() { text.replace('.', ",") } else { text }
}

/// The plural category of a number of points as the standings write it
/// ("½", "1", "1½", "2"): 1 for "½ point" and "1 point", else 2.
pub fn points_count(points: &str) -> i64 {
    if points == "½" || points == "1" { 1 } else { 2 }
}

/// Half-points as points: "0", "½", "1", "1½", ...
pub fn points(halves: u32) -> String {
    match (halves / 2, halves % 2) {
        (0, 1) => "½".to_string(),
        (whole, 1) => format!("{whole}½"),
        (whole, _) => whole.to_string(),
    }
}

/// A game's score in points as players count them, a win 1 and a draw ½
/// each, White's first: ("1", "0"), ("½", "½"). (The PDN record's "2-0"
/// is the file format's own count, not the players'.)
pub fn score(outcome: Outcome) -> (String, String) {
    let (white, black) = match outcome {
        Outcome::Win(Color::White) => (2, 0),
        Outcome::Win(Color::Black) => (0, 2),
        Outcome::Draw => (1, 1),
    };
    (points(white), points(black))
}

/// The text of `key` in `lang` (English if the key is missing there, the
/// key itself if missing everywhere: the catalog test keeps both from
/// happening).
pub fn text(lang: Lang, key: &str) -> String {
    LOCALES.lookup(lang.id(), key)
}

/// The text of `key` in `lang` with its placeholders filled from `args`
/// (see [`t!`](crate::t) for the usual way to call it).
pub fn text_with(lang: Lang, key: &str, args: &[(&'static str, FluentValue<'static>)]) -> String {
    let args: HashMap<Cow<'static, str>, FluentValue<'static>> =
        args.iter().map(|(name, value)| (Cow::Borrowed(*name), value.clone())).collect();
    LOCALES.lookup_with_args(lang.id(), key, &args)
}

/// A sentence from the catalog: `t!(lang, "key")` or
/// `t!(lang, "key", name = value, ...)`. Values are anything a
/// `FluentValue` is made from; pass ids and mentions as text (a number
/// would be formatted as one).
#[macro_export]
macro_rules! t {
    ($lang:expr, $key:literal) => {
        $crate::i18n::text($lang, $key)
    };
    ($lang:expr, $key:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::i18n::text_with($lang, $key, &[$((stringify!($name), $crate::i18n::FluentValue::from($value))),+])
    };
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod wording_tests;
