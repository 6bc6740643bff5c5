//! Prints a draughts preset as the JSON `new_game` reads, for benchmarks:
//! `cargo run -p rulehub-draughts-wasm --example draughts_preset_json -- international-draughts`.

use std::process::ExitCode;

fn main() -> ExitCode {
    let name = std::env::args().nth(1).unwrap_or_default();
    let Some(preset) = rulehub_draughts::Preset::from_name(&name) else {
        eprintln!(
            "error: unknown preset `{name}`; one of {}",
            rulehub_draughts::preset_names().join(", ")
        );
        return ExitCode::from(2);
    };
    match serde_json::to_string(&serde_json::json!({ "rules": preset.rules() })) {
        Ok(text) => {
            println!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
