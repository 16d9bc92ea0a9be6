use super::*;

fn route(path: &str) -> Route {
    Route::of("POST", path)
}

fn answered(status: u16, headers: BucketHeaders, too_many: Option<TooMany>) -> Outcome {
    Outcome::Answered { status, bucket: headers, too_many }
}

fn bucket_of(limit: u32, remaining: u32, reset_after: Duration) -> BucketHeaders {
    BucketHeaders {
        bucket: Some("messages".into()),
        limit: Some(limit),
        remaining: Some(remaining),
        reset_after: Some(reset_after),
    }
}

/// Decides a call now, as a caller arriving at `now` would (each its own place in line).
fn decide(limiter: &Limiter, route: &Route, lane: Lane, now: Instant) -> Decision {
    let mut state = limiter.state();
    state.next += 1;
    let seq = state.next;
    let decision = state.decide(route, lane, seq, &Arc::new(Notify::new()), now);
    state.leave_queue(lane, seq);
    decision
}

/// Records a call to `route` answered `outcome` at `now` (its ticket taken by a decision first).
fn answer(limiter: &Limiter, route: &Route, outcome: Outcome, now: Instant) {
    let mut state = limiter.state();
    let key = state.key(route);
    state.record(key, route, &outcome, now);
}

#[test]
fn the_shares_leave_room_for_prompt_calls() {
    assert_eq!(Shares::of(50), Shares { prompt: 47, paced: 42, spare: 25 });
    assert_eq!(Shares::of(12), Shares { prompt: 11, paced: 10, spare: 6 });
    let one = Shares::of(1);
    assert!(one.prompt >= 1 && one.paced >= 1 && one.spare >= 1);
}

/// Paced calls use their share of a second, then wait for the oldest to leave
/// it; prompt calls still find room; an interaction's answer is not counted.
#[test]
fn the_global_limit_is_a_sliding_second_shared_by_lanes() {
    let limiter = Limiter::new(50);
    let start = Instant::now();
    for n in 0..42 {
        let channel = route(&format!("/channels/{n}/messages"));
        let at = start + Duration::from_millis(n * 10);
        assert_eq!(decide(&limiter, &channel, Lane::Paced, at), Decision::Go, "paced call {n}");
    }
    let now = start + Duration::from_millis(500);
    let next = route("/channels/99/messages");
    assert_eq!(decide(&limiter, &next, Lane::Paced, now), Decision::WaitUntil(start + SECOND));
    assert_eq!(decide(&limiter, &next, Lane::Spare, now), Decision::Skip);
    for n in 0..5 {
        let channel = route(&format!("/channels/{}/messages", 200 + n));
        assert_eq!(decide(&limiter, &channel, Lane::Prompt, now), Decision::Go, "prompt call {n}");
    }
    assert!(matches!(decide(&limiter, &route("/channels/300/messages"), Lane::Prompt, now), Decision::WaitUntil(_)));
    let callback = route("/interactions/1/token/callback");
    assert_eq!(decide(&limiter, &callback, Lane::Answer, now), Decision::Go);
    // A second after the first call, it has left the window, but not yet
    // enough of the others for a paced call.
    assert!(matches!(decide(&limiter, &next, Lane::Paced, start + SECOND), Decision::WaitUntil(_)));
    assert_eq!(decide(&limiter, &next, Lane::Paced, now + SECOND), Decision::Go);
}

/// Who waits first goes first; a prompt call goes ahead of paced ones.
#[test]
fn the_queue_keeps_its_order_and_puts_prompts_first() {
    let limiter = Limiter::new(50);
    let mut state = limiter.state();
    let now = Instant::now();
    for _ in 0..42 {
        state.sent.push_back(now);
    }
    let (a, b, c) = (route("/channels/1/messages"), route("/channels/2/messages"), route("/channels/3/messages"));
    let turn = Arc::new(Notify::new());
    assert!(matches!(state.decide(&a, Lane::Paced, 1, &turn, now), Decision::WaitUntil(_)), "the head waits for room");
    assert_eq!(state.decide(&b, Lane::Paced, 2, &turn, now), Decision::WaitTurn, "the second waits its turn");
    assert_eq!(state.decide(&c, Lane::Prompt, 3, &turn, now), Decision::Go, "a prompt call goes ahead");
    let later = now + SECOND;
    assert_eq!(state.decide(&b, Lane::Paced, 2, &turn, later), Decision::WaitTurn, "still behind the first");
    assert_eq!(state.decide(&a, Lane::Paced, 1, &turn, later), Decision::Go);
    assert_eq!(state.decide(&b, Lane::Paced, 2, &turn, later), Decision::Go);
}

/// A bucket Discord described is used up to its size, then waits for its
/// reset; a spare call leaves it its last calls.
#[test]
fn a_bucket_is_used_as_discord_describes_it() {
    let limiter = Limiter::new(50);
    let start = Instant::now();
    let channel = route("/channels/7/messages");
    assert_eq!(decide(&limiter, &channel, Lane::Paced, start), Decision::Go);
    assert!(matches!(decide(&limiter, &channel, Lane::Paced, start), Decision::WaitUntil(_)), "unknown: one at a time");
    answer(&limiter, &channel, answered(200, bucket_of(5, 4, Duration::from_secs(5)), None), start);
    for n in 0..4 {
        if n == 2 {
            assert_eq!(decide(&limiter, &channel, Lane::Spare, start), Decision::Skip, "two kept from spare calls");
        }
        assert_eq!(decide(&limiter, &channel, Lane::Paced, start), Decision::Go, "call {n}");
        answer(&limiter, &channel, answered(200, bucket_of(5, 3 - n, Duration::from_secs(5)), None), start);
    }
    let reset = start + Duration::from_secs(5);
    assert_eq!(decide(&limiter, &channel, Lane::Paced, start), Decision::WaitUntil(reset));
    assert_eq!(decide(&limiter, &route("/channels/8/messages"), Lane::Paced, start), Decision::Go, "another channel");
    assert_eq!(decide(&limiter, &channel, Lane::Paced, reset), Decision::Go, "a new window");
}

/// Routes Discord names one bucket share it: an edit waits with the posts.
#[test]
fn routes_of_one_named_bucket_share_it() {
    let limiter = Limiter::new(50);
    let now = Instant::now();
    let post = route("/channels/7/messages");
    let edit = Route::of("PATCH", "/channels/7/messages/55");
    assert_eq!(decide(&limiter, &post, Lane::Paced, now), Decision::Go);
    answer(&limiter, &post, answered(200, bucket_of(5, 0, Duration::from_secs(3)), None), now);
    assert_eq!(decide(&limiter, &edit, Lane::Paced, now), Decision::Go, "not known to share yet");
    answer(&limiter, &edit, answered(200, bucket_of(5, 0, Duration::from_secs(3)), None), now);
    assert_eq!(decide(&limiter, &edit, Lane::Paced, now), Decision::WaitUntil(now + Duration::from_secs(3)));
    assert_eq!(decide(&limiter, &post, Lane::Paced, now), Decision::WaitUntil(now + Duration::from_secs(3)));
}

/// A 429 stops its route until `retry_after`, and a global one stops every
/// route but an interaction's answer.
#[test]
fn a_429_is_honoured_for_its_route_or_for_all() {
    let limiter = Limiter::new(50);
    let now = Instant::now();
    let channel = route("/channels/7/messages");
    let other = route("/channels/8/messages");
    assert_eq!(decide(&limiter, &channel, Lane::Paced, now), Decision::Go);
    let wait = TooMany { retry_after: Duration::from_millis(2490), global: false, shared: false };
    answer(&limiter, &channel, answered(429, BucketHeaders::default(), Some(wait)), now);
    let until = now + Duration::from_millis(2490);
    assert_eq!(decide(&limiter, &channel, Lane::Prompt, now), Decision::WaitUntil(until));
    assert_eq!(decide(&limiter, &other, Lane::Paced, now), Decision::Go, "another route goes on");
    assert_eq!(decide(&limiter, &channel, Lane::Prompt, until), Decision::Go);

    let global = TooMany { retry_after: Duration::from_secs(1), global: true, shared: false };
    answer(&limiter, &other, answered(429, BucketHeaders::default(), Some(global)), until);
    let third = route("/channels/9/messages");
    assert_eq!(decide(&limiter, &third, Lane::Prompt, until), Decision::WaitUntil(until + SECOND));
    assert_eq!(decide(&limiter, &third, Lane::Spare, until), Decision::Skip);
    assert_eq!(decide(&limiter, &route("/interactions/1/t/callback"), Lane::Answer, until), Decision::Go);
    assert_eq!(limiter.invalid_recently(), 2);
}

/// Close to Discord's ban the bot stops saying things of its own accord,
/// but still answers people.
#[test]
fn many_invalid_requests_hold_what_the_bot_says_on_its_own() {
    let limiter = Limiter::new(50);
    let now = Instant::now();
    let forbidden = route("/channels/7/messages");
    for _ in 0..INVALID_HOLD {
        answer(&limiter, &forbidden, answered(403, BucketHeaders::default(), None), now);
    }
    let channel = route("/channels/8/messages");
    assert_eq!(decide(&limiter, &channel, Lane::Paced, now), Decision::WaitUntil(now + INVALID_WINDOW));
    assert_eq!(decide(&limiter, &channel, Lane::Spare, now), Decision::Skip);
    assert_eq!(decide(&limiter, &channel, Lane::Prompt, now), Decision::Go);
    let another = route("/channels/9/messages");
    assert_eq!(decide(&limiter, &another, Lane::Paced, now + INVALID_WINDOW), Decision::Go);
}

/// Waiting callers go in the order they came, at the pace of the limit.
#[tokio::test]
async fn paced_calls_go_in_order_at_the_limits_pace() {
    let limiter = Limiter::new(40);
    let start = Instant::now();
    let order = Arc::new(Mutex::new(Vec::new()));
    let mut tasks = Vec::new();
    for n in 0..50u64 {
        let (limiter, order) = (limiter.clone(), order.clone());
        tasks.push(tokio::spawn(async move {
            let channel = route(&format!("/channels/{n}/messages"));
            let ticket = limiter.admit(&channel, Lane::Paced, None).await.expect("paced calls wait");
            order.lock().unwrap().push((n, Instant::now() - start));
            ticket.record(&answered(200, BucketHeaders::default(), None));
        }));
        // Each arrives a moment after the one before.
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    for task in tasks {
        task.await.unwrap();
    }
    let order = order.lock().unwrap().clone();
    let names: Vec<u64> = order.iter().map(|(n, _)| *n).collect();
    assert_eq!(names, (0..50).collect::<Vec<_>>(), "in the order they came");
    let paced = Shares::of(40).paced as usize;
    for window in order.windows(paced + 1) {
        assert!(window[paced].1 - window[0].1 >= SECOND, "never more than {paced} in a second: {order:?}");
    }
    assert!(order[paced].1 < Duration::from_millis(1500), "no slower than the limit: {order:?}");
}

/// A spare call does not wait, and a prompt caller gives up at its deadline.
#[tokio::test]
async fn callers_give_up_rather_than_wait_too_long() {
    let limiter = Limiter::new(50);
    let channel = route("/channels/7/messages");
    let first = limiter.admit(&channel, Lane::Paced, None).await.unwrap();
    assert_eq!(limiter.admit(&channel, Lane::Spare, None).await.unwrap_err(), Held::Skipped);
    let soon = Instant::now() + Duration::from_millis(100);
    assert_eq!(limiter.admit(&channel, Lane::Prompt, Some(soon)).await.unwrap_err(), Held::TooLong);
    // The first call is lost: the bucket is free again.
    drop(first);
    assert!(limiter.admit(&channel, Lane::Prompt, Some(Instant::now() + SECOND)).await.is_ok());
    assert_eq!(limiter.waiting(), 0, "no one left in line");
}

/// A look before asking: a prompt call would go while paced ones wait and
/// the second has room for it, not once its share is used or a prompt call
/// waits ahead of it.
#[test]
fn would_go_now_sees_the_lanes_ahead_and_the_share_used() {
    let limiter = Limiter::new(50);
    assert!(limiter.would_go_now(Lane::Prompt) && limiter.would_go_now(Lane::Paced));
    {
        let mut state = limiter.state();
        let now = Instant::now();
        for _ in 0..42 {
            state.sent.push_back(now);
        }
        state.queue.insert((Lane::Paced, 1), Arc::new(Notify::new()));
    }
    assert!(limiter.would_go_now(Lane::Prompt), "paced calls waiting do not hold a prompt one");
    assert!(!limiter.would_go_now(Lane::Paced), "the paced share is used up");
    limiter.state().queue.insert((Lane::Prompt, 2), Arc::new(Notify::new()));
    assert!(!limiter.would_go_now(Lane::Prompt), "a prompt call waits ahead");
    {
        let mut state = limiter.state();
        state.queue.clear();
        let now = Instant::now();
        for _ in 0..5 {
            state.sent.push_back(now);
        }
    }
    assert!(!limiter.would_go_now(Lane::Prompt), "the prompt share is used up");
}
