//! A bound on every test that runs the fake Discord: a test still running
//! after [`LIMIT`] stops the whole run, naming itself, instead of hanging it
//! (a hang costs a whole CI run). The watchdog is armed by the test's own
//! thread (libtest runs each test on a thread named after it) and disarmed
//! when that thread ends, after the test's runtime has been dropped: a
//! task that never yields, which would hold that drop forever, is caught.

use std::cell::RefCell;
use std::sync::mpsc;
use std::time::Duration;

/// Far beyond the slowest test on a loaded 2-core machine in debug.
pub const LIMIT: Duration = Duration::from_secs(10 * 60);

thread_local! {
    /// Dropped with the thread: its sender's drop disarms the watchdog.
    static ARMED: RefCell<Option<mpsc::Sender<()>>> = const { RefCell::new(None) };
}

/// Arms the watchdog for the test running on this thread (once per
/// thread); nothing on the main thread, where benches run.
pub fn arm() {
    ARMED.with(|armed| {
        if armed.borrow().is_some() {
            return;
        }
        let name = std::thread::current().name().unwrap_or("a test").to_string();
        // A bench (its own harness, on the main thread) may run long on purpose.
        if name == "main" {
            return;
        }
        let (disarm, disarmed) = mpsc::channel::<()>();
        std::thread::spawn(move || {
            if let Err(mpsc::RecvTimeoutError::Timeout) = disarmed.recv_timeout(LIMIT) {
                eprintln!("\n{name}: still running after {LIMIT:?}; stopping the test run (a hang?)");
                std::process::exit(101);
            }
        });
        *armed.borrow_mut() = Some(disarm);
    });
}
