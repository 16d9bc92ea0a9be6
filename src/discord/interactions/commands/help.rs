//! `/help`: the commands and a short summary of the rules, in the asker's
//! language (the text is the catalog's).

use crate::i18n::{self, Lang};

use crate::discord::messages::reply::Reply;

/// The help message (private to the asker): the commands as its text,
/// the rules in short in an embed (the two would not fit Discord's 2,000
/// characters of text together).
pub fn help(lang: Lang) -> Reply {
    let (title, rules) = i18n::help_rules(lang);
    Reply::ephemeral(lang, i18n::help(lang)).embed(title, rules)
}
