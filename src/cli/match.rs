//! `rulehub match`: let two players (AI levels or a random mover) play a
//! series of games, print the tally and optionally write every game as a
//! record that `rulehub replay` re-checks.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use rulehub::engine::Side;
use rulehub::engine::ai::{Level, XorShift};
use rulehub::engine::tafl::{DEFAULT_PRESET, Game, Move, Outcome};

use super::EXIT_USAGE;
use super::ai::{notation, think};

#[derive(clap::Args)]
pub struct MatchArgs {
    /// The rules preset (see `rulehub perft --help` for the list).
    #[arg(long, default_value = DEFAULT_PRESET)]
    pub rules: String,
    /// Who plays the attackers: an AI level (easy, normal, hard) or `random`.
    #[arg(long, value_parser = parse_player)]
    pub attackers: Player,
    /// Who plays the defenders: an AI level (easy, normal, hard) or `random`.
    #[arg(long, value_parser = parse_player)]
    pub defenders: Player,
    /// How many games to play.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub games: u32,
    /// Seed of the whole match: the same seed replays the same games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Write each game to DIR/game-NNN.txt in the record format of `rulehub replay`.
    #[arg(long, value_name = "DIR")]
    pub records: Option<PathBuf>,
    /// Stop a game after this many moves and count it as a draw.
    #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub max_plies: u32,
    /// Also bound each AI move by this many milliseconds (games then depend
    /// on the machine's speed).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    pub time_ms: Option<u64>,
}

/// Who makes the moves of one side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    Random,
    Ai(Level),
}

impl Player {
    fn name(self) -> &'static str {
        match self {
            Player::Random => "random",
            Player::Ai(level) => level.as_str(),
        }
    }
}

fn parse_player(text: &str) -> Result<Player, String> {
    if text == "random" {
        return Ok(Player::Random);
    }
    Level::parse(text).map(Player::Ai).ok_or_else(|| {
        format!(
            "unknown player `{text}`; use random or a level: {}",
            super::ai::level_names().join(", ")
        )
    })
}

#[derive(Default)]
struct Tally {
    attackers: u32,
    defenders: u32,
    draws: u32,
}

pub fn run(args: &MatchArgs) -> ExitCode {
    let start = match super::perft::start(&args.rules, None, None) {
        Ok(game) => game,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    if let Some(dir) = &args.records
        && let Err(e) = std::fs::create_dir_all(dir)
    {
        eprintln!(
            "error: cannot create the records directory {}: {e}",
            dir.display()
        );
        return ExitCode::from(EXIT_USAGE);
    }
    let mut tally = Tally::default();
    for number in 1..=args.games {
        // Each game gets its own stream, so game N is the same whatever the count.
        let game_seed =
            XorShift::new(args.seed ^ u64::from(number).wrapping_mul(0x9E37_79B9)).next_u64();
        let (game, moves) = play_game(&start, args, game_seed);
        let outcome = game.outcome();
        match outcome {
            Outcome::Win {
                winner: Side::Attackers,
                ..
            } => tally.attackers += 1,
            Outcome::Win {
                winner: Side::Defenders,
                ..
            } => tally.defenders += 1,
            _ => tally.draws += 1,
        }
        let result = if outcome.is_over() {
            outcome.to_string()
        } else {
            format!(
                "unfinished after {} moves (counted as a draw)",
                args.max_plies
            )
        };
        println!("game {number}: {result} after {} moves", moves.len());
        if let Some(dir) = &args.records {
            let path = dir.join(format!("game-{number:03}.txt"));
            let text = record_text(args, number, &start, &moves, &result);
            if let Err(e) = std::fs::write(&path, text) {
                eprintln!("error: cannot write {}: {e}", path.display());
                return ExitCode::from(EXIT_USAGE);
            }
        }
    }
    println!(
        "attackers {}, defenders {}, draws {}",
        tally.attackers, tally.defenders, tally.draws
    );
    ExitCode::SUCCESS
}

/// Plays one game from `start`; returns the final game and the moves played.
fn play_game(start: &Game, args: &MatchArgs, seed: u64) -> (Game, Vec<Move>) {
    let mut game = start.clone();
    let mut rng = XorShift::new(seed);
    let mut moves = Vec::new();
    while !game.outcome().is_over() && moves.len() < args.max_plies as usize {
        let player = match game.to_move() {
            Side::Attackers => args.attackers,
            Side::Defenders => args.defenders,
        };
        let choice = match player {
            Player::Random => {
                let legal = game.legal_moves();
                if legal.is_empty() {
                    None
                } else {
                    Some(legal[rng.below(legal.len() as u64) as usize])
                }
            }
            Player::Ai(level) => think(
                &game,
                &level.limits(),
                rng.next_u64(),
                args.time_ms,
                Instant::now(),
            )
            .map(|r| r.best),
        };
        let Some(mv) = choice else { break };
        if game.play(mv).is_err() {
            // The AI only returns legal moves; stop rather than loop if not.
            break;
        }
        moves.push(mv);
    }
    (game, moves)
}

/// The game as a record `rulehub replay --rules PRESET FILE` accepts: a
/// comment header, then one numbered move a line with its capture marks.
fn record_text(
    args: &MatchArgs,
    number: u32,
    start: &Game,
    moves: &[Move],
    result: &str,
) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "# rulehub match, rules {}, game {number}: attackers {}, defenders {}, seed {}",
        args.rules,
        args.attackers.name(),
        args.defenders.name(),
        args.seed
    );
    let _ = writeln!(text, "# result: {result}");
    let mut game = start.clone();
    for (i, &mv) in moves.iter().enumerate() {
        let _ = writeln!(text, "{}. {}", i + 1, notation(&game, mv));
        game.make_unchecked(mv);
    }
    text
}
