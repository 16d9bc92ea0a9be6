//! Sending a batch of items, the groups of one key side by side and each
//! group in order: how the background loops post announcements and direct
//! messages without one slow channel or player holding up the rest.

use std::future::Future;
use std::sync::Arc;

use tokio::sync::Semaphore;
use tokio::task::JoinSet;

/// Runs `send` on each item of `batch`, the groups of one key (a channel,
/// a player) side by side, at most `at_once` items at a time, and each
/// group's items in order; returns when all are done. `send` answering
/// `false` (to be tried again later) holds back the rest of its group, so
/// they keep their order.
pub async fn side_by_side<T, F, Fut>(batch: Vec<T>, key: impl Fn(&T) -> u64, at_once: usize, send: F)
where
    T: Send + 'static,
    F: Fn(T) -> Fut + Clone + Send + 'static,
    Fut: Future<Output = bool> + Send + 'static,
{
    let limit = Arc::new(Semaphore::new(at_once.clamp(1, Semaphore::MAX_PERMITS)));
    let mut groups: Vec<(u64, Vec<T>)> = Vec::new();
    for item in batch {
        let k = key(&item);
        match groups.iter_mut().find(|(g, _)| *g == k) {
            Some((_, items)) => items.push(item),
            None => groups.push((k, vec![item])),
        }
    }
    let mut tasks = JoinSet::new();
    for (_, items) in groups {
        let (send, limit) = (send.clone(), limit.clone());
        tasks.spawn(async move {
            for item in items {
                let _turn = limit.acquire().await.expect("the limit is never closed");
                if !send(item).await {
                    break;
                }
            }
        });
    }
    while tasks.join_next().await.is_some() {}
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use std::sync::Mutex;
    use std::time::Duration;

    use super::*;

    /// Sends 24 items of 8 keys, each taking a moment; returns the most
    /// under way at once and the order each key's items were sent in.
    async fn send_all(at_once: usize) -> (usize, Vec<Vec<u32>>) {
        let (now, most) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
        let sent: Arc<Mutex<Vec<Vec<u32>>>> = Arc::new(Mutex::new(vec![Vec::new(); 8]));
        let batch: Vec<(u64, u32)> = (0..24).map(|i| (i % 8, i as u32)).collect();
        let counters = (now.clone(), most.clone(), sent.clone());
        side_by_side(
            batch,
            |item| item.0,
            at_once,
            move |(key, n)| {
                let (now, most, sent) = counters.clone();
                async move {
                    most.fetch_max(now.fetch_add(1, Ordering::SeqCst) + 1, Ordering::SeqCst);
                    tokio::time::sleep(Duration::from_millis(5)).await;
                    sent.lock().unwrap()[key as usize].push(n);
                    now.fetch_sub(1, Ordering::SeqCst);
                    true
                }
            },
        )
        .await;
        let order = sent.lock().unwrap().clone();
        (most.load(Ordering::SeqCst), order)
    }

    #[tokio::test]
    async fn groups_go_side_by_side_at_most_so_many_at_once_each_in_order() {
        let (most, order) = send_all(3).await;
        assert_eq!(most, 3, "three at a time, never more");
        for (key, sent) in order.iter().enumerate() {
            let key = key as u32;
            assert_eq!(sent, &[key, key + 8, key + 16], "each key's items in order");
        }
        let (most, _) = send_all(usize::MAX).await;
        assert_eq!(most, 8, "without a limit every key at once");
    }
}
