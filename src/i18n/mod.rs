//! Every sentence a user reads, one Fluent catalog per language:
//! `locales/en-US` (English, also the fallback) and `locales/es` (Spanish,
//! for Discord's `es-ES` and `es-419`). The catalogs are compiled into the
//! binary; a test checks that both hold the same keys with the same
//! placeholders.

use fluent_templates::{LanguageIdentifier, Loader, langid, static_loader};

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English: the fallback for every locale without a catalog.
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

    /// The catalog's folder under `locales/`.
    pub fn folder(self) -> &'static str {
        match self {
            Lang::En => "en-US",
            Lang::Es => "es",
        }
    }
}

/// The text of `key` in `lang` (English if the key is missing there, the
/// key itself if missing everywhere: the catalog test keeps both from
/// happening).
pub fn text(lang: Lang, key: &str) -> String {
    LOCALES.lookup(lang.id(), key)
}

#[cfg(test)]
mod tests;
