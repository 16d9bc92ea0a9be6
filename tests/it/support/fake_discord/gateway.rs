//! The websocket gateway: HELLO, IDENTIFY -> READY, heartbeats, RESUME -> RESUMED,
//! and dispatches with increasing sequence numbers.
//!
//! Shards: Discord sends a server's events to shard `(server_id >> 22) %
//! total` (a direct message's to shard 0). Each shard that identifies gets
//! a session of its own, its READY lists the fake's servers that are its,
//! and each dispatch goes to the session of its server's shard.

use std::sync::Arc;

use futures::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

use super::objects;
use super::state::{Live, Session, Shared, push_dispatch};

/// Close code sent by `drop_gateway`: "unknown error", after which clients resume.
const DROP_CODE: u16 = 4000;

/// Serves one websocket connection until either side closes it.
pub async fn serve(shared: Arc<Shared>, stream: TcpStream) {
    let _ = stream.set_nodelay(true);
    let Ok(ws) = tokio_tungstenite::accept_async(stream).await else { return };
    let (mut sink, mut source) = ws.split();
    let (tx, mut rx) = mpsc::unbounded_channel::<Message>();
    let connection = shared.update(|s| {
        s.gateway.connections += 1;
        s.gateway.stats.connections += 1;
        s.gateway.connections
    });

    let hello = json!({"op": 10, "d": {"heartbeat_interval": shared.config.heartbeat_interval_ms}});
    let _ = tx.send(Message::Text(hello.to_string()));
    let writer = tokio::spawn(async move {
        while let Some(message) = rx.recv().await {
            let closing = matches!(message, Message::Close(_));
            if sink.send(message).await.is_err() || closing {
                break;
            }
        }
        let _ = sink.close().await;
    });

    while let Some(Ok(message)) = source.next().await {
        match message {
            Message::Text(text) => match serde_json::from_str::<Value>(&text) {
                Ok(frame) => handle_frame(&shared, connection, &tx, &frame),
                Err(e) => eprintln!("fake Discord: gateway frame is not JSON ({e}): {text}"),
            },
            Message::Close(_) => break,
            _ => {}
        }
    }
    shared.update(|s| {
        if let Some(session) = s.gateway.session_of(connection) {
            session.live = None;
        }
    });
    drop(tx);
    let _ = writer.await;
}

fn handle_frame(shared: &Shared, connection: u64, tx: &mpsc::UnboundedSender<Message>, frame: &Value) {
    match frame["op"].as_u64() {
        Some(1) => shared.update(|s| {
            // The client has seen everything up to `d`: no need to replay it.
            if let Some(seen) = frame["d"].as_u64()
                && let Some(session) = s.gateway.session_of(connection)
            {
                session.unacked.retain(|(seq, _)| *seq > seen);
            }
            s.gateway.stats.heartbeats += 1;
            let _ = tx.send(Message::Text(json!({"op": 11}).to_string()));
        }),
        Some(2) => shared.update(|s| {
            let (shard, total) = shard_of(frame);
            let on_shard = |guild: u64| (guild >> 22) % u64::from(total) == u64::from(shard);
            if !on_shard(shared.config.guild_id) {
                s.gateway.stats.other_shards += 1;
            }
            let guilds: Vec<u64> = std::iter::once(shared.config.guild_id)
                .chain(s.guilds.iter().copied())
                .filter(|&g| on_shard(g))
                .collect();
            let gateway = &mut s.gateway;
            gateway.sessions += 1;
            gateway.stats.identifies += 1;
            let id = format!("fake-session-{}-shard-{shard}-of-{total}", gateway.sessions);
            let ready = ready_payload(shared, &id, [shard, total], &guilds);
            let mut session =
                Session { id, total, seq: 1, unacked: Vec::new(), live: Some(Live { connection, tx: tx.clone() }) };
            let frame = json!({"op": 0, "s": 1, "t": "READY", "d": ready});
            if push_dispatch(&mut session, frame.to_string()) {
                gateway.stats.dispatches += 1;
            }
            gateway.shards.insert(shard, session);
        }),
        Some(6) => shared.update(|s| {
            let gateway = &mut s.gateway;
            let wanted = frame["d"]["session_id"].as_str();
            let Some(session) = gateway.shards.values_mut().find(|session| Some(session.id.as_str()) == wanted) else {
                // Unknown session: not resumable, the client identifies again.
                let _ = tx.send(Message::Text(json!({"op": 9, "d": false}).to_string()));
                return;
            };
            let seen = frame["d"]["seq"].as_u64().unwrap_or(0);
            for (_, text) in session.unacked.iter().filter(|(seq, _)| *seq > seen) {
                if tx.send(Message::Text(text.clone())).is_ok() {
                    gateway.stats.dispatches += 1;
                }
            }
            gateway.stats.resumes += 1;
            session.live = Some(Live { connection, tx: tx.clone() });
            session.seq += 1;
            let frame = json!({"op": 0, "s": session.seq, "t": "RESUMED", "d": {}});
            if push_dispatch(session, frame.to_string()) {
                gateway.stats.dispatches += 1;
            }
        }),
        // Presence updates, member requests and the like need no answer.
        _ => {}
    }
}

/// The shard an IDENTIFY names, `[id, total]` (`[0, 1]` when it names none).
fn shard_of(identify: &Value) -> (u32, u32) {
    let shard = &identify["d"]["shard"];
    let read = |i: usize| shard[i].as_u64().and_then(|n| u32::try_from(n).ok());
    match (read(0), read(1)) {
        (Some(id), Some(total)) if id < total => (id, total),
        _ => (0, 1),
    }
}

/// The READY body for a session of shard `[id, total]` holding `guilds`.
pub fn ready_payload(shared: &Shared, session_id: &str, shard: [u32; 2], guilds: &[u64]) -> Value {
    let fixtures = &shared.fixtures;
    let mut ready = objects::ready(
        &fixtures.bot.user_json(),
        fixtures.application_id,
        guilds,
        session_id,
        &shared.config.gateway_url,
    );
    ready["shard"] = json!(shard);
    ready
}

/// Checks once that READY and RESUMED as sent by this fake are readable by serenity.
pub fn validate_handshake(shared: &Shared) {
    let ready = ready_payload(shared, "check", [0, 1], &[shared.config.guild_id]);
    objects::validate_dispatch(&json!({"op": 0, "s": 1, "t": "READY", "d": ready}));
    objects::validate_dispatch(&json!({"op": 0, "s": 2, "t": "RESUMED", "d": {}}));
}

/// Closes every live connection as Discord does when it asks for a
/// reconnect. Returns whether there was one.
pub fn drop_live(shared: &Shared) -> bool {
    let reason = "fake Discord dropped the connection".into();
    close_live(shared, Some(CloseFrame { code: CloseCode::from(DROP_CODE), reason }))
}

/// Closes every live connection with `frame` (`None`: a Close frame with no
/// status code). Returns whether there was one.
pub fn close_live(shared: &Shared, frame: Option<CloseFrame<'static>>) -> bool {
    shared.update(|s| {
        let mut dropped = false;
        for session in s.gateway.shards.values_mut() {
            if let Some(live) = session.live.take() {
                dropped |= live.tx.send(Message::Close(frame.clone())).is_ok();
            }
        }
        dropped
    })
}
