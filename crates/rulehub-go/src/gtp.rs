//! The Go Text Protocol (version 2) as a library type: one command line in,
//! one response out, so a command-line wrapper only moves lines between
//! stdin and stdout, and tests drive the engine without a process.

use rulehub_game::ai::Level;
use rulehub_game::protocol::LineProtocol;

use crate::ai::{playouts_for, think};
use crate::game::Game;
use crate::point::{Color, Move};
use crate::rules::Rules;
use crate::score::score;

/// The commands answered, in the order `list_commands` gives them.
pub const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "showboard",
    "final_score",
];

/// The longest command line read; longer lines are refused.
pub const MAX_LINE: usize = 4096;

pub struct Gtp {
    rules: Rules,
    game: Game,
    playouts: u32,
    seed: u64,
    quit: bool,
}

impl Gtp {
    pub fn new(rules: Rules, level: Level, seed: u64) -> Gtp {
        Gtp {
            game: Game::new(rules.clone()),
            rules,
            playouts: playouts_for(level),
            seed,
            quit: false,
        }
    }

    /// Sets the playouts per generated move (overrides the level).
    pub fn set_playouts(&mut self, playouts: u32) {
        self.playouts = playouts.max(1);
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Whether `quit` was received.
    pub fn quit_requested(&self) -> bool {
        self.quit
    }

    /// Answers one line; `None` for a blank or comment line, which GTP
    /// leaves unanswered.
    pub fn handle(&mut self, line: &str) -> Option<String> {
        if line.len() > MAX_LINE {
            return Some("? line too long\n\n".to_string());
        }
        // GTP's preprocessing: drop control characters but tabs (which
        // become spaces) and everything after a `#`.
        let cleaned: String = line
            .split('#')
            .next()
            .unwrap_or("")
            .chars()
            .filter_map(|c| match c {
                '\t' => Some(' '),
                c if c.is_control() => None,
                c => Some(c),
            })
            .collect();
        let mut words = cleaned.split_whitespace();
        let first = words.next()?;
        let (id, command) = match first.parse::<u64>() {
            Ok(id) => (Some(id), words.next().unwrap_or("")),
            Err(_) => (None, first),
        };
        let args: Vec<&str> = words.collect();
        let id_text = id.map(|n| n.to_string()).unwrap_or_default();
        Some(match self.execute(command, &args) {
            Ok(text) if text.is_empty() => format!("={id_text}\n\n"),
            Ok(text) => format!("={id_text} {text}\n\n"),
            Err(text) => format!("?{id_text} {text}\n\n"),
        })
    }

    fn execute(&mut self, command: &str, args: &[&str]) -> Result<String, String> {
        match command {
            "protocol_version" => Ok("2".to_string()),
            "name" => Ok("rulehub".to_string()),
            "version" => Ok(env!("CARGO_PKG_VERSION").to_string()),
            "known_command" => Ok(COMMANDS.contains(args.first().unwrap_or(&"")).to_string()),
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => {
                self.quit = true;
                Ok(String::new())
            }
            "boardsize" => {
                let size: u8 = args
                    .first()
                    .and_then(|a| a.parse().ok())
                    .ok_or("boardsize not an integer")?;
                let rules = self
                    .rules
                    .with_size(size)
                    .map_err(|_| "unacceptable size".to_string())?;
                self.rules = rules;
                self.game = Game::new(self.rules.clone());
                Ok(String::new())
            }
            "clear_board" => {
                self.game = Game::new(self.rules.clone());
                Ok(String::new())
            }
            "komi" => {
                let komi: f64 = args
                    .first()
                    .and_then(|a| a.parse().ok())
                    .ok_or("komi not a float")?;
                let rules = Rules {
                    komi,
                    ..self.rules.clone()
                };
                rules.validate().map_err(|e| e.to_string())?;
                self.rules = rules;
                // Komi changes only the count; the game goes on.
                let moves: Vec<Move> = self.game.moves().map(|(_, m)| m).collect();
                let mut game = Game::new(self.rules.clone());
                for mv in moves {
                    game.play(mv).map_err(|e| e.to_string())?;
                }
                self.game = game;
                Ok(String::new())
            }
            "play" => {
                let [color, vertex] = args else {
                    return Err("syntax error".to_string());
                };
                let color = parse_color(color).ok_or("syntax error")?;
                let mv = Move::parse(vertex, self.game.size()).ok_or("syntax error")?;
                if color != self.game.to_move() {
                    return Err("illegal move (out of turn)".to_string());
                }
                self.game
                    .play(mv)
                    .map_err(|reason| format!("illegal move ({reason})"))?;
                Ok(String::new())
            }
            "genmove" => {
                let color = args
                    .first()
                    .and_then(|c| parse_color(c))
                    .ok_or("syntax error")?;
                if color != self.game.to_move() {
                    return Err("out of turn".to_string());
                }
                if self.game.is_over() {
                    return Ok("pass".to_string());
                }
                let seed = self.seed.wrapping_add(self.game.moves_played() as u64);
                let thought = think(&self.game, self.playouts, seed, None);
                self.game
                    .play(thought.best)
                    .map_err(|reason| format!("engine chose an illegal move ({reason})"))?;
                Ok(thought.best.name(self.game.size()))
            }
            "undo" => {
                if self.game.undo() {
                    Ok(String::new())
                } else {
                    Err("cannot undo".to_string())
                }
            }
            "showboard" => Ok(format!("\n{}", self.board_text())),
            "final_score" => {
                // The engine never guesses dead stones: every stone counts as
                // alive, which is exact once the dead ones were captured.
                let s = score(&self.game, &[]).map_err(|e| e.to_string())?;
                Ok(s.result())
            }
            "" => Err("syntax error".to_string()),
            _ => Err("unknown command".to_string()),
        }
    }

    fn board_text(&self) -> String {
        let n = usize::from(self.game.size());
        let letters: String = "ABCDEFGHJKLMNOPQRST"
            .chars()
            .take(n)
            .flat_map(|c| [' ', c])
            .collect();
        let diagram = self.game.diagram();
        let mut out = format!("  {letters}\n");
        for (i, row) in diagram.lines().enumerate() {
            let number = n - i;
            let cells: String = row.chars().flat_map(|c| [' ', c]).collect();
            out += &format!("{number:2}{cells} {number}\n");
        }
        out += &format!("  {letters}\n");
        out += &format!(
            "captures: black {} white {}; {} to move",
            self.game.prisoners(Color::Black),
            self.game.prisoners(Color::White),
            self.game.to_move()
        );
        out
    }
}

fn parse_color(text: &str) -> Option<Color> {
    match text.to_ascii_lowercase().as_str() {
        "b" | "black" => Some(Color::Black),
        "w" | "white" => Some(Color::White),
        _ => None,
    }
}

/// The ground's line protocol, which `rulehub gtp` drives through the
/// registry without knowing the game.
impl LineProtocol for Gtp {
    fn max_line(&self) -> usize {
        MAX_LINE
    }

    fn answer(&mut self, line: &str) -> Option<String> {
        self.handle(line)
    }

    fn finished(&self) -> bool {
        self.quit_requested()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::preset;

    fn engine() -> Gtp {
        let mut gtp = Gtp::new(preset("go-chinese").expect("preset"), Level::Easy, 1);
        gtp.set_playouts(50);
        gtp
    }

    #[test]
    fn answers_in_gtp_v2_format_with_ids() {
        let mut gtp = engine();
        assert_eq!(gtp.handle("protocol_version").as_deref(), Some("= 2\n\n"));
        assert_eq!(gtp.handle("7 name").as_deref(), Some("=7 rulehub\n\n"));
        assert_eq!(gtp.handle("# a comment"), None);
        assert_eq!(gtp.handle("   "), None);
        assert_eq!(
            gtp.handle("frobnicate").as_deref(),
            Some("? unknown command\n\n")
        );
        assert_eq!(
            gtp.handle("3 known_command genmove").as_deref(),
            Some("=3 true\n\n")
        );
        let list = gtp.handle("list_commands").expect("answer");
        for c in COMMANDS {
            assert!(
                list.lines().any(|l| l.trim_start_matches("= ") == *c),
                "{c}"
            );
        }
    }

    #[test]
    fn plays_undoes_scores_and_refuses_illegal_moves() {
        let mut gtp = engine();
        assert_eq!(gtp.handle("boardsize 9").as_deref(), Some("=\n\n"));
        assert_eq!(
            gtp.handle("boardsize 30").as_deref(),
            Some("? unacceptable size\n\n")
        );
        assert_eq!(gtp.handle("komi 6.5").as_deref(), Some("=\n\n"));
        assert_eq!(gtp.handle("play black E5").as_deref(), Some("=\n\n"));
        assert_eq!(
            gtp.handle("play white E5").as_deref(),
            Some("? illegal move (occupied)\n\n")
        );
        assert_eq!(
            gtp.handle("play white Z9").as_deref(),
            Some("? syntax error\n\n")
        );
        let answer = gtp.handle("genmove white").expect("answer");
        assert!(answer.starts_with("= "), "{answer}");
        let vertex = answer.trim_start_matches("= ").trim();
        assert!(Move::parse(vertex, 9).is_some(), "{vertex}");
        assert_eq!(gtp.handle("undo").as_deref(), Some("=\n\n"));
        assert_eq!(gtp.handle("play white pass").as_deref(), Some("=\n\n"));
        assert_eq!(gtp.handle("play black pass").as_deref(), Some("=\n\n"));
        // Black's lone stone owns the board: 81 - 6.5.
        assert_eq!(gtp.handle("final_score").as_deref(), Some("= B+74.5\n\n"));
        let board = gtp.handle("showboard").expect("answer");
        assert!(board.contains(" 5 . . . . X . . . . 5"), "{board}");
        assert_eq!(gtp.handle("clear_board").as_deref(), Some("=\n\n"));
        assert_eq!(gtp.handle("undo").as_deref(), Some("? cannot undo\n\n"));
        assert_eq!(gtp.handle("quit").as_deref(), Some("=\n\n"));
        assert!(gtp.quit_requested());
    }
}
