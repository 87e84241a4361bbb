//! The `xenotable` binary: everything lives in the library.

fn main() -> std::process::ExitCode {
    xenotable_server::cli::main()
}
