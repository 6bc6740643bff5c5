//! The `rulehub` command line. Only this binary prints.

// Same reasoning as in the library: diagnostics live only on the error path.
#![allow(clippy::result_large_err)]

mod cli;

// A build allocates and frees millions of small strings on every core;
// glibc's allocator spent about 17% of a 5k-page build's samples in
// malloc and free. mimalloc takes a fifth off a build's CPU time
// (BENCHMARKS.md, session 9). Built with `no_thp`: with transparent huge
// pages, its fresh segments were faulted in 2 MiB at a time and zeroing them
// tripled the system time.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    cli::main()
}
