//! The `rulehub` command line. Only this binary prints.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
