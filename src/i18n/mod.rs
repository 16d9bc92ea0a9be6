//! Every sentence a user reads, one Fluent catalog per language:
//! `locales/en-US` (English, also the fallback) and `locales/es` (Spanish,
//! for Discord's `es-ES` and `es-419`). The catalogs are compiled into the
//! binary; a test checks that both hold the same keys with the same
//! placeholders.

use std::borrow::Cow;
use std::collections::HashMap;

pub use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{LanguageIdentifier, Loader, langid, static_loader};

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

/// A language the bot speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English: the fallback for every locale without a catalog.
    #[default]
    En,
    /// Spanish, for Spain and Latin America alike.
    Es,
}

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Es];

    /// The language for a Discord locale code (`es-ES`, `es-419`, `en-US`, ...).
    pub fn from_discord(locale: &str) -> Lang {
        if locale == "es-ES" || locale == "es-419" { Lang::Es } else { Lang::En }
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
            Lang::Es => &["es-ES", "es-419"],
        }
    }

    fn id(self) -> &'static LanguageIdentifier {
        match self {
            Lang::En => &ENGLISH,
            Lang::Es => &SPANISH,
        }
    }

    /// A Discord locale code this language is read from (kept for what the
    /// bot writes a user later, such as direct messages).
    pub fn locale_code(self) -> &'static str {
        match self {
            Lang::En => "en-US",
            Lang::Es => "es-ES",
        }
    }

    /// The catalog's folder under `locales/`.
    pub fn folder(self) -> &'static str {
        match self {
            Lang::En => "en-US",
            Lang::Es => "es",
        }
    }
}

/// A signed number with one decimal as `lang` writes it: "+1.3" in
/// English, "+1,3" in Spanish (a decimal comma).
pub fn signed_decimal(lang: Lang, value: f64) -> String {
    let text = format!("{value:+.1}");
    match lang {
        Lang::En => text,
        Lang::Es => text.replace('.', ","),
    }
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
