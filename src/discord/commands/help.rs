//! `/help`: the commands and a short summary of the rules, in the asker's
//! language (the text is the catalog's).

use crate::i18n::{self, Lang};

use super::super::reply::Reply;

/// The help message (private to the asker).
pub fn help(lang: Lang) -> Reply {
    Reply::ephemeral(lang, i18n::help(lang))
}
