//! Prints a rules preset as the JSON `new_game` reads, for benchmarks:
//! `cargo run -p rulehub-tafl-wasm --example tafl_preset_json -- copenhagen`.

use std::process::ExitCode;

fn main() -> ExitCode {
    let name = std::env::args().nth(1).unwrap_or_default();
    match rulehub_tafl::preset(&name) {
        Some(rules) => match serde_json::to_string(&serde_json::json!({ "rules": rules })) {
            Ok(text) => {
                println!("{text}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        },
        None => {
            eprintln!(
                "error: unknown preset `{name}`; one of {}",
                rulehub_tafl::preset_names().join(", ")
            );
            ExitCode::from(2)
        }
    }
}
