//! The server under test: the same entry point as the `xenotable` binary.

fn main() -> std::process::ExitCode {
    xenotable_server::cli::main()
}
