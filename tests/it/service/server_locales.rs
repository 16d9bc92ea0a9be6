//! Each server's locale, kept for what the bot posts on its own: the last
//! one seen wins, servers are apart, implausible codes are ignored, and a
//! direct message has none.

use crate::support::games::*;

const SPAIN: u64 = 900;
const MEXICO: u64 = 901;

async fn the_last_locale_seen_is_kept_per_server(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    assert_eq!(svc.notifications().server_locale(Some(SPAIN)).await.unwrap(), None, "unknown until seen");
    svc.notifications().remember_server_locale(SPAIN, "en-US", T0).await.unwrap();
    svc.notifications().remember_server_locale(SPAIN, "es-ES", T0 + 1).await.unwrap();
    svc.notifications().remember_server_locale(MEXICO, "es-419", T0 + 1).await.unwrap();
    assert_eq!(svc.notifications().server_locale(Some(SPAIN)).await.unwrap().as_deref(), Some("es-ES"));
    assert_eq!(svc.notifications().server_locale(Some(MEXICO)).await.unwrap().as_deref(), Some("es-419"));
    assert_eq!(svc.notifications().server_locale(None).await.unwrap(), None, "a direct message has no server");

    // Not a locale code: nothing stored, nothing replaced.
    for junk in ["", "x", "es ES", "'; DROP TABLE games; --", &"a".repeat(40)] {
        svc.notifications().remember_server_locale(SPAIN, junk, T0 + 2).await.unwrap();
    }
    assert_eq!(svc.notifications().server_locale(Some(SPAIN)).await.unwrap().as_deref(), Some("es-ES"));
}

on_both_backends!(the_last_locale_seen_is_kept_per_server);
