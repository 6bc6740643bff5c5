//! `rulehub match`: let two players (AI levels or a random mover) play a
//! series of games, print the tally and optionally write every game as a
//! record that `rulehub replay` re-checks.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use rulehub::family::{self, EngineRequest, MoveInput, Playable};
use rulehub::game::ai::{Level, XorShift};

use super::EXIT_USAGE;
use super::ai::{DEFAULT_TIME_CAP_MS, think};
use super::presets::PresetParser;

#[derive(clap::Args)]
pub struct MatchArgs {
    /// The rules preset, of any game family (`rulehub rules PRESET` prints
    /// what it sets).
    #[arg(long, value_name = "PRESET", default_value = family::default_preset(), value_parser = PresetParser)]
    pub rules: String,
    /// The board's size, points or squares a side, for a game whose
    /// presets play on boards of several sizes (default: the preset's).
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=64))]
    pub size: Option<u8>,
    /// Who plays each side: `--SIDE PLAYER` for the two sides of the
    /// preset's family.
    #[command(flatten)]
    pub players: SidePlayers,
    /// How many games to play.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub games: u32,
    /// Seed of the whole match: the same seed replays the same games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Write each game to DIR/game-NNN.txt in the record format of `rulehub replay`.
    #[arg(long, value_name = "DIR")]
    pub records: Option<PathBuf>,
    /// Overwrite records already in the --records folder.
    #[arg(long, requires = "records")]
    pub force: bool,
    /// Stop a game after this many moves and count it as a draw.
    #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub max_plies: u32,
    /// Also bound each AI move by this many milliseconds (games then depend
    /// on the machine's speed). Default: a 10 000 ms cap on every search,
    /// reported when it cuts one.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    pub time_ms: Option<u64>,
}

/// The players given by side (`--attackers hard --defenders random`,
/// `--white normal --black easy`): one option for every side name of every
/// registered family, so a family's sides are options without a line here.
#[derive(Debug, Clone, Default)]
pub struct SidePlayers(Vec<(&'static str, Player)>);

impl clap::FromArgMatches for SidePlayers {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        Ok(SidePlayers(
            family::side_names()
                .into_iter()
                .filter_map(|side| matches.get_one::<Player>(side).map(|p| (side, *p)))
                .collect(),
        ))
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl clap::Args for SidePlayers {
    fn augment_args(command: clap::Command) -> clap::Command {
        family::side_names()
            .into_iter()
            .fold(command, |command, side| {
                let families: Vec<&str> = family::FAMILIES
                    .iter()
                    .filter(|f| f.sides().contains(&side))
                    .map(|f| f.name())
                    .collect();
                command.arg(
                    clap::Arg::new(side)
                        .long(side)
                        .value_name("PLAYER")
                        .value_parser(parse_player)
                        .help(format!(
                            "Who plays {side} ({}): an AI level (easy, normal, hard) or `random`",
                            families.join(", ")
                        )),
                )
            })
    }

    fn augment_args_for_update(command: clap::Command) -> clap::Command {
        Self::augment_args(command)
    }
}

impl MatchArgs {
    /// The side options as given, by the side names families use.
    fn side_options(&self) -> Vec<(&'static str, Option<Player>)> {
        family::side_names()
            .into_iter()
            .map(|side| {
                let player = self.players.0.iter().find(|(s, _)| *s == side);
                (side, player.map(|(_, p)| *p))
            })
            .collect()
    }

    /// The players of the game's two sides, in `sides` order; an error
    /// sentence when a side has no player or a player no side.
    fn players(&self, sides: [&'static str; 2]) -> Result<[Player; 2], String> {
        let options = self.side_options();
        let player = |side: &str| {
            options
                .iter()
                .find(|(name, _)| *name == side)
                .and_then(|(_, player)| *player)
                .ok_or_else(|| {
                    format!(
                        "give both sides' players: --{} and --{} (for {})",
                        sides[0], sides[1], self.rules
                    )
                })
        };
        if let Some((stray, _)) = options
            .iter()
            .find(|(name, player)| player.is_some() && !sides.contains(name))
        {
            return Err(format!(
                "--{stray} is not a side of {}: its sides are {} and {}",
                self.rules, sides[0], sides[1]
            ));
        }
        Ok([player(sides[0])?, player(sides[1])?])
    }
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

pub fn run(args: &MatchArgs) -> ExitCode {
    let start = match super::perft::engine(
        &args.rules,
        &EngineRequest {
            size: args.size,
            ..EngineRequest::default()
        },
    ) {
        Ok(engine) => engine,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    let sides = start.sides();
    let players = match args.players(sides) {
        Ok(players) => players,
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
    if let Some(dir) = &args.records
        && !args.force
        && let Some(existing) = (1..=args.games)
            .map(|number| record_path(dir, number))
            .find(|path| path.symlink_metadata().is_ok())
    {
        eprintln!(
            "error: {} already exists; match does not overwrite records\n  = help: choose another --records folder, move the old records away, or pass --force to overwrite them",
            existing.display()
        );
        return ExitCode::from(EXIT_USAGE);
    }
    let mut wins = [0u32; 2];
    let mut draws = 0u32;
    let mut cut = 0usize;
    for number in 1..=args.games {
        // Each game gets its own stream, so game N is the same whatever the count.
        let game_seed =
            XorShift::new(args.seed ^ u64::from(number).wrapping_mul(0x9E37_79B9)).next_u64();
        let (game, moves, game_cut) = play_game(start.as_ref(), sides, players, args, game_seed);
        cut += game_cut;
        let outcome = game.outcome();
        match outcome
            .winner()
            .and_then(|winner| sides.iter().position(|side| side == winner))
        {
            Some(side) => wins[side] += 1,
            None => draws += 1,
        }
        let result = if outcome.is_over() {
            outcome.to_string()
        } else {
            format!(
                "unfinished after {} moves (counted as a draw)",
                args.max_plies
            )
        };
        println!("game {number}: {result} after {moves} moves");
        if let Some(dir) = &args.records {
            let path = record_path(dir, number);
            let mut header = vec![format!(
                "rulehub match, rules {}, game {number}: {} {}, {} {}, seed {}",
                args.rules,
                sides[0],
                players[0].name(),
                sides[1],
                players[1].name(),
                args.seed
            )];
            // A finished game's record ends with its result; an unfinished
            // one says so here.
            if !outcome.is_over() {
                header.push(format!("result: {result}"));
            }
            if let Err(e) = std::fs::write(&path, game.record(&header)) {
                eprintln!("error: cannot write {}: {e}", path.display());
                return ExitCode::from(EXIT_USAGE);
            }
        }
    }
    println!(
        "{} {}, {} {}, draws {draws}",
        sides[0], wins[0], sides[1], wins[1]
    );
    if cut > 0 && args.time_ms.is_none() {
        eprintln!(
            "note: the {DEFAULT_TIME_CAP_MS} ms time cap cut {cut} AI searches before their level's bound; those games depend on this machine's speed (give --time-ms to choose the time)"
        );
    }
    ExitCode::SUCCESS
}

/// Where game `number` of a match is recorded.
fn record_path(dir: &std::path::Path, number: u32) -> PathBuf {
    dir.join(format!("game-{number:03}.txt"))
}

/// Plays one game from `start`; returns the final game, how many moves
/// were played and how many AI searches the clock may have cut.
fn play_game(
    start: &dyn Playable,
    sides: [&'static str; 2],
    players: [Player; 2],
    args: &MatchArgs,
    seed: u64,
) -> (Box<dyn Playable>, usize, usize) {
    let mut game = start.boxed_clone();
    let mut rng = XorShift::new(seed);
    let mut moves = 0;
    let mut cut = 0;
    while !game.outcome().is_over() && moves < args.max_plies as usize {
        let to_move = game.to_move();
        let player = if to_move == sides[0] {
            players[0]
        } else {
            players[1]
        };
        let choice = match player {
            Player::Random => match game.legal_moves().len() {
                0 => None,
                count => Some(rng.below(count as u64) as usize),
            },
            Player::Ai(level) => {
                let (thought, late) = think(
                    game.as_ref(),
                    &game.level_limits(level),
                    rng.next_u64(),
                    args.time_ms.unwrap_or(DEFAULT_TIME_CAP_MS),
                    Instant::now(),
                );
                cut += usize::from(late);
                thought.map(|thought| thought.index)
            }
        };
        // The AI only returns legal moves; stop rather than loop if not.
        let Some(index) = choice else { break };
        if game.play(MoveInput::Legal(index)).is_err() {
            break;
        }
        moves += 1;
    }
    (game, moves, cut)
}
