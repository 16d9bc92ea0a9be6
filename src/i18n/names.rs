//! The names of a game's terms as players read them: a variant or a
//! draw-rules preset is named by the catalog key made from its derived name
//! (`choice-variant-classic`), so the command's choices, the challenge's
//! terms and a tournament's terms all say the same.

use super::{Lang, text};
use crate::rules::{DrawRules, Variant};

/// The catalog key of a variant's name.
pub fn variant_key(variant: Variant) -> String {
    format!("choice-variant-{}", variant.name())
}

/// The catalog key of a draw-rules preset's name.
pub fn draw_rules_key(rules: DrawRules) -> String {
    format!("choice-draws-{}", rules.name())
}

/// A variant's name in `lang`.
pub fn variant_name(lang: Lang, variant: Variant) -> String {
    text(lang, &variant_key(variant))
}

/// A draw-rules preset's name in `lang`.
pub fn draw_rules_name(lang: Lang, rules: DrawRules) -> String {
    text(lang, &draw_rules_key(rules))
}

#[cfg(test)]
mod tests {
    use strum::VariantArray;

    use super::*;

    #[test]
    fn every_variant_and_preset_has_a_name_in_every_language() {
        for lang in Lang::ALL {
            for &variant in Variant::VARIANTS {
                assert_ne!(variant_name(lang, variant), variant_key(variant), "{lang:?} {variant:?}");
            }
            for &rules in DrawRules::VARIANTS {
                assert_ne!(draw_rules_name(lang, rules), draw_rules_key(rules), "{lang:?} {rules:?}");
            }
        }
    }
}
