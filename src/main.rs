use std::process::ExitCode;

fn main() -> ExitCode {
    quiet_broken_pipe();
    ludus::cli::main()
}

/// `ludus simulate --json | head` stops quietly when the reader goes away,
/// as Unix tools do, instead of panicking in `println!`: Rust ignores
/// SIGPIPE by default; this restores the default action.
fn quiet_broken_pipe() {
    #[cfg(unix)]
    {
        unsafe extern "C" {
            fn signal(signum: i32, handler: usize) -> usize;
        }
        const SIGPIPE: i32 = 13;
        const SIG_DFL: usize = 0;
        // SAFETY: `signal` with SIG_DFL installs no handler; it only resets
        // the disposition that the Rust runtime set to "ignore".
        unsafe {
            signal(SIGPIPE, SIG_DFL);
        }
    }
}
