use std::process::ExitCode;

fn main() -> ExitCode {
    ludus::cli::main()
}
