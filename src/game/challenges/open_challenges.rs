//! `/challenges`: the open challenges of a server a player may answer -
//! open to anyone, naming them, or their own - newest first, a page at a
//! time.

use super::Challenges;
use crate::game::{Challenge, GAMES_PER_PAGE, GameError, convert};

/// One page of a server's open challenges.
#[derive(Clone, Debug)]
pub struct ChallengesPage {
    /// The page shown (from 0; the last one when asked past the end).
    pub page: u32,
    /// How many pages there are.
    pub pages: u32,
    /// How many open challenges there are in all.
    pub total: u64,
    /// The challenges of the page, newest first.
    pub challenges: Vec<Challenge>,
}

impl Challenges<'_> {
    /// Page `page` (from 0) of the open, unexpired challenges in `guild`
    /// that `user` may accept or made, newest first, [`GAMES_PER_PAGE`] to
    /// a page.
    pub async fn open_challenges_page(
        self,
        now: i64,
        guild: u64,
        user: u64,
        page: u32,
    ) -> Result<ChallengesPage, GameError> {
        let fetch =
            |page: u32| self.store.open_challenges_page(guild, user, now, page * GAMES_PER_PAGE, GAMES_PER_PAGE);
        let (mut rows, total) = fetch(page).await?;
        let pages = u32::try_from(total.div_ceil(u64::from(GAMES_PER_PAGE))).unwrap_or(u32::MAX);
        let mut page = page;
        if rows.is_empty() && pages > 0 {
            page = pages - 1;
            rows = fetch(page).await?.0;
        }
        let challenges = rows.into_iter().map(convert::challenge).collect::<Result<_, _>>()?;
        Ok(ChallengesPage { page: page.min(pages.saturating_sub(1)), pages, total, challenges })
    }
}
