//! The websocket gateway: HELLO, IDENTIFY -> READY, heartbeats, RESUME -> RESUMED,
//! and dispatches with increasing sequence numbers.
//!
//! Shards: Discord sends a server's events to shard `(server_id >> 22) %
//! total`. The fake has one server; the shard that holds it gets the
//! session that every dispatch goes to, and any other shard that identifies
//! gets a READY with no servers and then only heartbeat acks.

use std::sync::Arc;

use futures::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

use super::objects;
use super::state::{Live, Shared, push_dispatch};

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
        if s.gateway.live.as_ref().is_some_and(|live| live.connection == connection) {
            s.gateway.live = None;
        }
    });
    drop(tx);
    let _ = writer.await;
}

fn handle_frame(shared: &Shared, connection: u64, tx: &mpsc::UnboundedSender<Message>, frame: &Value) {
    match frame["op"].as_u64() {
        Some(1) => shared.update(|s| {
            // The client has seen everything up to `d`: no need to replay it.
            let primary = s.gateway.live.as_ref().is_some_and(|live| live.connection == connection);
            if let Some(seen) = frame["d"].as_u64()
                && primary
            {
                s.gateway.unacked.retain(|(seq, _)| *seq > seen);
            }
            s.gateway.stats.heartbeats += 1;
            let _ = tx.send(Message::Text(json!({"op": 11}).to_string()));
        }),
        Some(2) => shared.update(|s| {
            let (shard, total) = shard_of(frame);
            if (shared.config.guild_id >> 22) % u64::from(total) != u64::from(shard) {
                s.gateway.stats.other_shards += 1;
                s.gateway.stats.identifies += 1;
                let session_id = format!("fake-shard-{shard}-of-{total}-{connection}");
                let mut ready = ready_payload(shared, &session_id, [shard, total]);
                ready["guilds"] = json!([]);
                let frame = json!({"op": 0, "s": 1, "t": "READY", "d": ready});
                let _ = tx.send(Message::Text(frame.to_string()));
                return;
            }
            let gateway = &mut s.gateway;
            gateway.sessions += 1;
            let session_id = format!("fake-session-{}", gateway.sessions);
            gateway.session_id = Some(session_id.clone());
            gateway.seq = 1;
            gateway.unacked.clear();
            gateway.stats.identifies += 1;
            gateway.live = Some(Live { connection, tx: tx.clone() });
            let frame = json!({"op": 0, "s": 1, "t": "READY", "d": ready_payload(shared, &session_id, [shard, total])});
            push_dispatch(gateway, frame.to_string());
        }),
        Some(6) => shared.update(|s| {
            let gateway = &mut s.gateway;
            let session = frame["d"]["session_id"].as_str();
            if session.is_none() || session != gateway.session_id.as_deref() {
                // Unknown session: not resumable, the client identifies again.
                let _ = tx.send(Message::Text(json!({"op": 9, "d": false}).to_string()));
                return;
            }
            let seen = frame["d"]["seq"].as_u64().unwrap_or(0);
            for (_, text) in gateway.unacked.iter().filter(|(seq, _)| *seq > seen) {
                if tx.send(Message::Text(text.clone())).is_ok() {
                    gateway.stats.dispatches += 1;
                }
            }
            gateway.stats.resumes += 1;
            gateway.live = Some(Live { connection, tx: tx.clone() });
            gateway.seq += 1;
            let frame = json!({"op": 0, "s": gateway.seq, "t": "RESUMED", "d": {}});
            push_dispatch(gateway, frame.to_string());
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

/// The READY body for a session of shard `[id, total]`.
pub fn ready_payload(shared: &Shared, session_id: &str, shard: [u32; 2]) -> Value {
    let fixtures = &shared.fixtures;
    let mut ready = objects::ready(
        &fixtures.bot.user_json(),
        fixtures.application_id,
        &[shared.config.guild_id],
        session_id,
        &shared.config.gateway_url,
    );
    ready["shard"] = json!(shard);
    ready
}

/// Checks once that READY and RESUMED as sent by this fake are readable by serenity.
pub fn validate_handshake(shared: &Shared) {
    objects::validate_dispatch(&json!({"op": 0, "s": 1, "t": "READY", "d": ready_payload(shared, "check", [0, 1])}));
    objects::validate_dispatch(&json!({"op": 0, "s": 2, "t": "RESUMED", "d": {}}));
}

/// Closes the live connection as Discord does when it asks for a reconnect.
/// Returns whether there was one.
pub fn drop_live(shared: &Shared) -> bool {
    shared.update(|s| match s.gateway.live.take() {
        Some(live) => {
            let frame =
                CloseFrame { code: CloseCode::from(DROP_CODE), reason: "fake Discord dropped the connection".into() };
            live.tx.send(Message::Close(Some(frame))).is_ok()
        }
        None => false,
    })
}
