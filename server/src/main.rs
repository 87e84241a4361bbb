//! The `xenotable` binary: everything lives in the library.

/// mimalloc instead of glibc's malloc: the hot path allocates a frame per viewer per move.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    xenotable_server::cli::main()
}
