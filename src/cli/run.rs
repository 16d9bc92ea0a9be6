//! `damas run`: the Discord bot.

use super::CliResult;
use crate::config::{Config, LogFormat};

/// Reads the settings, starts logging and runs the bot until SIGINT or
/// SIGTERM. Every failure comes back as one sentence.
pub fn run() -> CliResult {
    let config = Config::from_env().map_err(|e| e.to_string())?;
    install_logging(&config)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    runtime.block_on(crate::discord::run_bot(config, stop_signal())).map_err(|e| e.to_string())
}

/// Installs the process's log subscriber as `damas run` does: the filter
/// and format of `config`, lines on stderr. Benches install it too, so that
/// they measure the bot as it runs.
pub fn install_logging(config: &Config) -> CliResult {
    // The filter was validated with the rest of the settings.
    let filter = tracing_subscriber::EnvFilter::try_new(&config.log_filter).map_err(|e| e.to_string())?;
    let logs = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr);
    let _ = match config.log_format {
        LogFormat::Text => logs.try_init(),
        // One JSON object a line, with the span fields flattened in.
        LogFormat::Json => logs.json().flatten_event(true).try_init(),
    };
    Ok(())
}

/// Completes on the first SIGINT (Ctrl-C) or SIGTERM.
async fn stop_signal() {
    let interrupt = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {}
        () = terminate => {}
    }
}
