//! The `rulehub` command line. Only this binary prints.

// Same reasoning as in the library: diagnostics live only on the error path.
#![allow(clippy::result_large_err)]

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
