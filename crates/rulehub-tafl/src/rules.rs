//! Rule sets as data: the fields a tafl variant can vary, the named presets,
//! and the front-matter value (`engine.rules`) that selects and adjusts them.

use serde::{Deserialize, Serialize};

use super::game::SquareKind;
use super::position::{Position, SetupError};
use super::spec::RulesError;
use crate::{Dims, MAX_SIDE, MIN_SIDE, Side, Square};

/// Where the king must go to win.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Escape {
    /// Any square on the board edge.
    Edge,
    /// One of the four corner squares.
    Corners,
    /// One of the squares listed in `escape_squares` (e.g. only some edge squares).
    Squares,
}

impl Escape {
    /// Every kind, for documentation and code lists.
    pub const ALL: &'static [Escape] = &[Escape::Edge, Escape::Corners, Escape::Squares];
    pub fn as_str(self) -> &'static str {
        match self {
            Escape::Edge => "edge",
            Escape::Corners => "corners",
            Escape::Squares => "squares",
        }
    }
}

/// Which pieces a rule lets onto (or across) a special square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Access {
    /// No piece at all, the king included.
    Nobody,
    /// The king only.
    King,
    /// The king and the defenders, not the attackers.
    Defenders,
    /// The attackers only, neither defenders nor the king (camps).
    Attackers,
    /// Every piece.
    Everyone,
}

impl Access {
    /// Every value, for documentation and code lists.
    pub const ALL: &'static [Access] = &[
        Access::Nobody,
        Access::King,
        Access::Defenders,
        Access::Attackers,
        Access::Everyone,
    ];
    pub fn allows_king(self) -> bool {
        matches!(self, Access::King | Access::Defenders | Access::Everyone)
    }
    pub fn allows_defender(self) -> bool {
        matches!(self, Access::Defenders | Access::Everyone)
    }
    pub fn allows_attacker(self) -> bool {
        matches!(self, Access::Attackers | Access::Everyone)
    }
    pub fn as_str(self) -> &'static str {
        match self {
            Access::Nobody => "nobody",
            Access::King => "king",
            Access::Defenders => "defenders",
            Access::Attackers => "attackers",
            Access::Everyone => "everyone",
        }
    }
}

/// Against whose pieces a square acts as the far partner of a capture.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HostileTo {
    Nobody,
    Attackers,
    Defenders,
    Everyone,
}

impl HostileTo {
    /// Every value, for documentation and code lists.
    pub const ALL: &'static [HostileTo] = &[
        HostileTo::Nobody,
        HostileTo::Attackers,
        HostileTo::Defenders,
        HostileTo::Everyone,
    ];
    pub fn includes(self, side: Side) -> bool {
        match self {
            HostileTo::Nobody => false,
            HostileTo::Everyone => true,
            HostileTo::Attackers => side == Side::Attackers,
            HostileTo::Defenders => side == Side::Defenders,
        }
    }
    pub fn as_str(self) -> &'static str {
        match self {
            HostileTo::Nobody => "nobody",
            HostileTo::Attackers => "attackers",
            HostileTo::Defenders => "defenders",
            HostileTo::Everyone => "everyone",
        }
    }
}

/// Whether the king takes part in capturing enemy pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum KingArmed {
    /// The king never captures.
    No,
    /// The king captures only as the moving piece.
    Hammer,
    /// The king captures only as the stationary far partner.
    Anvil,
    /// The king captures both as the moving piece and as the far partner.
    Yes,
}

impl KingArmed {
    /// Every value, for documentation and code lists.
    pub const ALL: &'static [KingArmed] = &[
        KingArmed::No,
        KingArmed::Hammer,
        KingArmed::Anvil,
        KingArmed::Yes,
    ];
    pub fn as_str(self) -> &'static str {
        match self {
            KingArmed::No => "no",
            KingArmed::Hammer => "hammer",
            KingArmed::Anvil => "anvil",
            KingArmed::Yes => "yes",
        }
    }
    pub fn hammer(self) -> bool {
        matches!(self, KingArmed::Hammer | KingArmed::Yes)
    }
    pub fn anvil(self) -> bool {
        matches!(self, KingArmed::Anvil | KingArmed::Yes)
    }
}

/// How many hostile sides it takes to capture the king.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum KingCapture {
    /// Like any piece: an opposing pair (or an attacker and a hostile square), everywhere.
    Weak,
    /// Four sides on the throne, four (the empty throne counting as one) beside
    /// it, an opposing pair elsewhere.
    StrongOnThrone,
    /// Four hostile sides everywhere (attackers, and the squares the rules make
    /// hostile to the king such as the empty throne).
    Strong,
}

impl KingCapture {
    /// Every value, for documentation and code lists.
    pub const ALL: &'static [KingCapture] = &[
        KingCapture::Weak,
        KingCapture::StrongOnThrone,
        KingCapture::Strong,
    ];
    pub fn as_str(self) -> &'static str {
        match self {
            KingCapture::Weak => "weak",
            KingCapture::StrongOnThrone => "strong-on-throne",
            KingCapture::Strong => "strong",
        }
    }
}

/// What a repeated position does to the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RepetitionResult {
    Draw,
    AttackersLose,
    DefendersLose,
    /// The side whose move completes the repetition loses.
    RepeatingSideLoses,
}

impl RepetitionResult {
    /// Every value, for documentation and code lists.
    pub const ALL: &'static [RepetitionResult] = &[
        RepetitionResult::Draw,
        RepetitionResult::AttackersLose,
        RepetitionResult::DefendersLose,
        RepetitionResult::RepeatingSideLoses,
    ];
    pub fn as_str(self) -> &'static str {
        match self {
            RepetitionResult::Draw => "draw",
            RepetitionResult::AttackersLose => "attackers-lose",
            RepetitionResult::DefendersLose => "defenders-lose",
            RepetitionResult::RepeatingSideLoses => "repeating-side-loses",
        }
    }
}

/// The repetition rule: the same position with the same side to move
/// occurring `count` times ends the game with `result`. With `forbidden`,
/// the move that would bring about that occurrence is illegal instead (so
/// `result` applies only if a game reaches it some other way, which it
/// cannot: the engine refuses the move).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Repetition {
    pub count: u32,
    pub result: RepetitionResult,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub forbidden: bool,
}

/// Attacker camps (Ashton and Foteviken Tablut): marked squares, grouped
/// into camps by orthogonal contact, that only the pieces standing in a camp
/// may use — they move inside it and leave it, and can never come back.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Camps {
    /// The camp squares in algebraic notation (`a4`).
    pub squares: Vec<String>,
    /// Which pieces standing in a camp may move on within it (stop on and
    /// cross its squares). No piece from outside may ever stop on a camp.
    pub stop: Access,
    /// Which pieces from outside a camp may cross it without stopping.
    pub pass: Access,
    /// Whose pieces a camp square (empty or not) captures against; never
    /// against a piece standing in that same camp.
    pub hostile: HostileTo,
    /// A camp square counts as a hostile side when capturing the king.
    pub hostile_to_king: bool,
}

/// A complete tafl rule set. Every field is public so a comparison table can
/// read it; [`Rules::validate`] rejects contradictory combinations.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    /// Standard board size, used when a page gives no topology.
    pub dims: Dims,
    /// Standard start position (setup string), used when a page gives none.
    pub setup: String,
    pub first_to_move: Side,
    pub escape: Escape,
    /// The escape squares (algebraic) when `escape` is `squares`; empty otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub escape_squares: Vec<String>,
    /// Attacker camps, if the rules have them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub camps: Option<Camps>,
    /// Who may stop on the empty throne (the king starts there in any case).
    pub throne_stop: Access,
    /// Who may pass across the empty throne.
    pub throne_pass: Access,
    /// Whether the king, once he left the throne, may stop on it again
    /// (needs `throne_stop` to allow the king).
    pub king_may_return_to_throne: bool,
    /// Who may stop on a corner square.
    pub corner_stop: Access,
    /// Whose pieces the empty throne captures against.
    pub throne_hostile_empty: HostileTo,
    /// Whose pieces the occupied throne captures against (beyond the piece on it).
    pub throne_hostile_occupied: HostileTo,
    /// Whose pieces an empty corner captures against.
    pub corners_hostile: HostileTo,
    pub king_armed: KingArmed,
    pub king_capture: KingCapture,
    /// The empty throne counts as a hostile side when capturing the king.
    pub throne_hostile_to_king: bool,
    /// An empty corner counts as a hostile side when capturing the king.
    pub corners_hostile_to_king: bool,
    /// The board edge counts as a hostile side when capturing the king.
    pub edge_hostile_to_king: bool,
    /// A row of two or more pieces on the edge, each faced by an enemy, is
    /// captured when bracketed at both ends (the king survives).
    pub shieldwall: bool,
    /// The defenders win with an unbreakable fort around a mobile king on the edge.
    pub exit_fort: bool,
    /// The attackers win when no defender can reach the board edge any more.
    pub encirclement: bool,
    pub repetition: Option<Repetition>,
    /// Number of consecutive moves (by either side) without a capture that draws.
    pub move_limit: Option<u32>,
    /// A side with no legal move loses (otherwise the game is drawn).
    pub no_moves_loses: bool,
    /// The defenders win as soon as the last attacker is captured.
    pub defenders_win_if_no_attackers: bool,
}

/// The preset used when a tafl page names no rules.
pub const DEFAULT_PRESET: &str = "tablut-edge";

const PRESET_NAMES: &[&str] = &[
    "tablut-edge",
    "tablut",
    "brandubh",
    "brandubh-weak",
    "tablut-corner",
    "tablut-corner-hostile-edge",
    "copenhagen",
    "fetlar",
    "ashton-tablut",
    "tawlbwrdd",
    "ard-ri",
];

/// The sixteen camp squares of Ashton Tablut: a T of four squares in the
/// middle of each edge, where the attackers start.
const ASHTON_CAMPS: [&str; 16] = [
    "a4", "a5", "a6", "b5", "d1", "e1", "f1", "e2", "i4", "i5", "i6", "h5", "d9", "e9", "f9", "e8",
];

/// The names of every preset, the default first.
pub fn preset_names() -> &'static [&'static str] {
    PRESET_NAMES
}

const TABLUT_SETUP: &str = "3bbb3/4b4/4w4/b3w3b/bbwwKwwbb/b3w3b/4w4/4b4/3bbb3";
const BRANDUBH_SETUP: &str = "3b3/3b3/3w3/bbwKwbb/3w3/3b3/3b3";
/// Tawlbwrdd 11×11: the attackers in six-piece groups on each edge, the
/// twelve defenders in a diamond around the king.
const TAWLBWRDD_SETUP: &str =
    "4bbb4/4b1b4/5b5/5w5/bb2www2bb/b1bwwKwwb1b/bb2www2bb/5w5/5b5/4b1b4/4bbb4";
/// Ard Rí 7×7: a block of eight defenders round the king, sixteen attackers
/// in four groups on the edges.
const ARD_RI_SETUP: &str = "2bbb2/3b3/b1www1b/bbwKwbb/b1www1b/3b3/2bbb2";
const HNEFATAFL_SETUP: &str =
    "3bbbbb3/5b5/11/b4w4b/b3www3b/bb1wwKww1bb/b3www3b/b4w4b/11/5b5/3bbbbb3";

/// A short plain-English description of a preset.
pub fn preset_description(name: &str) -> Option<&'static str> {
    Some(match name {
        "tablut-edge" => {
            "Tablut 9×9 as in the hub's seed Tablut variant file (Linnaeus' Lachesis \
             Lapponica, 1732, as reconstructed there): attackers move first; the king wins on any \
             edge square; nobody, not even the king, stops on the empty throne, though every \
             piece may cross it; the empty throne is hostile to all; the king is armed and is \
             captured by four attackers, or three and the empty throne beside it. The source only \
             says a game neither side can win is drawn; the threefold-repetition draw is the \
             hub's reading of that."
        }
        "tablut" => {
            "Tablut 9×9, tournament reading of Linnaeus as given by the hub's seed rules pages \
             (Tablut section): edge escape; only the king stops on the \
             throne, others may cross it; the empty throne is hostile to all; the king is armed \
             and captured by four on the throne, three plus the throne beside it, two elsewhere; \
             no move loses; threefold repetition or 120 moves without capture draws; defenders \
             win when no attacker is left."
        }
        "brandubh" => {
            "Brandubh 7×7, the common online rules (no single source; the repetition draw is \
             the hub's choice): corner escape; throne and corners for the \
             king only; every piece may cross the empty throne; corners and the empty throne are \
             hostile; armed king, captured by four on the throne, three plus the throne beside \
             it, two elsewhere; threefold repetition draws."
        }
        "brandubh-weak" => {
            "Brandubh 7×7 with a weak king, as the hub's seed rules pages (Brandubh section) \
             give it: as brandubh, but the king is captured by an opposing \
             pair anywhere, even on his throne; threefold repetition or 120 moves without \
             capture draws; defenders win when no attacker is left."
        }
        "tablut-corner" => {
            "Tablut 9×9 with corner escape, after the hub's seed Finnish Tablut text (which \
             gives no repetition rule; the threefold draw is the hub's choice): only the king lands on throne and \
             corners, and no other piece crosses the throne; throne and corners are hostile to \
             every piece but the king; the king is captured by four attackers, or three and the \
             throne beside it; threefold repetition draws."
        }
        "tablut-corner-hostile-edge" => {
            "As tablut-corner, but after the hub's seed Czech Tablut text the board edge and the corners count like the \
             throne when capturing the king, so three attackers capture him on the edge."
        }
        "copenhagen" => {
            "Copenhagen Hnefatafl 11×11: corner escape; throne and corners for the king only, \
             every piece may cross the empty throne; corners hostile to all, throne hostile to \
             attackers and, when empty, to defenders; armed king captured by four sides (the \
             throne counting), never on the edge; shieldwall captures; exit forts win; \
             encircling all defenders wins (aagenielsen.dk/copenhagen_rules.php); perpetual \
             repetition is forbidden and loses for the defenders (rule 9; taflheim.io/how-to-play). \
             The rules give no count; aagenielsen.dk's own game server ends the game when a \
             position comes up for the fourth time (three repetitions): of the 1,752 server \
             game records published with hnefatafl-copenhagen, none goes on past a fourth \
             occurrence and 11 go on past a third (tests/corpus/aagenielsen-copenhagen.games)."
        }
        "fetlar" => {
            "Fetlar Hnefatafl 11×11 after the Fetlar Hnefatafl Panel's rules (2008, as printed \
             at ultraboardgames.com/hnefatafl/fetlar-game-rules.php; the repetition draw is \
             the hub's choice): corner escape; throne and corners for the king only, every \
             piece may cross the empty throne; corners hostile to all, throne hostile to \
             attackers and, when empty, to defenders; armed king captured by four sides (the \
             throne counting), never on the edge; no shieldwall, fort or encirclement rules; \
             threefold repetition draws."
        }
        "tawlbwrdd" => {
            "Tawlbwrdd 11×11 as described by Leif Jensen's Tawl-Bwrdd page \
             (alumnus.caltech.edu/~leif/games/Hnefetafl/tawlbwrdd.html): the attackers move \
             first; the king wins on any edge square; only the king stops on the king's \
             square in the centre, every piece may cross it; the king does not capture and is \
             captured on four sides by attackers or the king's square; an ordinary piece is \
             taken by two enemies, never against the king's square. The source gives no \
             repetition rule and does not say what a side without a move does; this preset has \
             no repetition rule and makes having no move a loss, as most tafl rule sets do."
        }
        "ard-ri" => {
            "Ard Rí 7×7 as described by Dragonheel's Lair (dragonheelslair.com/en/rulesard.php), \
             with the attackers moving first as in Aage Nielsen's historical tafl rules \
             (aagenielsen.dk/historical_hnefatafl_rules.php): the king wins on any edge square; \
             once he has left the throne only he may return to it, and every piece may cross it \
             (the source is silent on crossing); the armed king is captured only by attackers on \
             all four sides, never against the throne; pieces are taken by two enemies; a side \
             that cannot move loses. The source gives no repetition rule, nor does this preset."
        }
        "ashton-tablut" => {
            "Ashton Tablut 9×9, as played in the University of Bologna's Tablut AI competition \
             (rules after Fotevikens Museum as published by Aage Nielsen, aagenielsen.dk/\
             ashton_rules.html, and the competition's reference engine GameAshtonTablut): the \
             defenders (Swedes) move first; the king wins on any edge square; nobody stops on \
             or crosses the throne once the king has left it; the attackers start in four \
             T-shaped camps, which they may move in and leave but never re-enter, and which no \
             defender enters or crosses; camps and the empty throne capture against every \
             piece, the throne against defenders even with the king on it; the armed king is \
             captured by four on the throne, three and the throne beside it, two (a camp \
             counting as one) elsewhere; a position reached a second time draws (the \
             competition server's default)."
        }
        _ => return None,
    })
}

/// The rule set of a named preset, or `None` for an unknown name.
pub fn preset(name: &str) -> Option<Rules> {
    let tablut_edge = Rules {
        dims: Dims::new(9, 9),
        setup: TABLUT_SETUP.to_string(),
        first_to_move: Side::Attackers,
        escape: Escape::Edge,
        escape_squares: Vec::new(),
        camps: None,
        throne_stop: Access::Nobody,
        throne_pass: Access::Everyone,
        king_may_return_to_throne: false,
        corner_stop: Access::Everyone,
        throne_hostile_empty: HostileTo::Everyone,
        throne_hostile_occupied: HostileTo::Nobody,
        corners_hostile: HostileTo::Nobody,
        king_armed: KingArmed::Yes,
        king_capture: KingCapture::Strong,
        throne_hostile_to_king: true,
        corners_hostile_to_king: false,
        edge_hostile_to_king: false,
        shieldwall: false,
        exit_fort: false,
        encirclement: false,
        repetition: Some(Repetition {
            count: 3,
            result: RepetitionResult::Draw,
            forbidden: false,
        }),
        move_limit: None,
        no_moves_loses: true,
        defenders_win_if_no_attackers: false,
    };
    let tablut = Rules {
        throne_stop: Access::King,
        king_may_return_to_throne: true,
        king_capture: KingCapture::StrongOnThrone,
        move_limit: Some(120),
        defenders_win_if_no_attackers: true,
        ..tablut_edge.clone()
    };
    let brandubh = Rules {
        dims: Dims::new(7, 7),
        setup: BRANDUBH_SETUP.to_string(),
        escape: Escape::Corners,
        throne_stop: Access::King,
        throne_pass: Access::Everyone,
        king_may_return_to_throne: true,
        corner_stop: Access::King,
        corners_hostile: HostileTo::Everyone,
        king_capture: KingCapture::StrongOnThrone,
        corners_hostile_to_king: true,
        ..tablut_edge.clone()
    };
    let brandubh_weak = Rules {
        king_capture: KingCapture::Weak,
        move_limit: Some(120),
        defenders_win_if_no_attackers: true,
        ..brandubh.clone()
    };
    let tablut_corner = Rules {
        escape: Escape::Corners,
        throne_stop: Access::King,
        throne_pass: Access::King,
        king_may_return_to_throne: true,
        corner_stop: Access::King,
        corners_hostile: HostileTo::Everyone,
        ..tablut_edge.clone()
    };
    let tablut_corner_hostile_edge = Rules {
        edge_hostile_to_king: true,
        corners_hostile_to_king: true,
        ..tablut_corner.clone()
    };
    let fetlar = Rules {
        dims: Dims::new(11, 11),
        setup: HNEFATAFL_SETUP.to_string(),
        escape: Escape::Corners,
        throne_stop: Access::King,
        throne_pass: Access::Everyone,
        king_may_return_to_throne: true,
        corner_stop: Access::King,
        throne_hostile_empty: HostileTo::Everyone,
        throne_hostile_occupied: HostileTo::Attackers,
        corners_hostile: HostileTo::Everyone,
        ..tablut_edge.clone()
    };
    let copenhagen = Rules {
        shieldwall: true,
        exit_fort: true,
        encirclement: true,
        repetition: Some(Repetition {
            count: 4,
            result: RepetitionResult::DefendersLose,
            forbidden: false,
        }),
        ..fetlar.clone()
    };
    let ashton_tablut = Rules {
        first_to_move: Side::Defenders,
        camps: Some(Camps {
            squares: ASHTON_CAMPS.iter().map(|s| s.to_string()).collect(),
            stop: Access::Attackers,
            pass: Access::Nobody,
            hostile: HostileTo::Everyone,
            hostile_to_king: true,
        }),
        throne_stop: Access::Nobody,
        throne_pass: Access::Nobody,
        king_may_return_to_throne: false,
        throne_hostile_empty: HostileTo::Everyone,
        throne_hostile_occupied: HostileTo::Defenders,
        king_capture: KingCapture::StrongOnThrone,
        repetition: Some(Repetition {
            count: 2,
            result: RepetitionResult::Draw,
            forbidden: false,
        }),
        ..tablut_edge.clone()
    };
    let tawlbwrdd = Rules {
        dims: Dims::new(11, 11),
        setup: TAWLBWRDD_SETUP.to_string(),
        throne_stop: Access::King,
        throne_pass: Access::Everyone,
        king_may_return_to_throne: true,
        throne_hostile_empty: HostileTo::Nobody,
        throne_hostile_occupied: HostileTo::Nobody,
        king_armed: KingArmed::No,
        king_capture: KingCapture::Strong,
        throne_hostile_to_king: true,
        repetition: None,
        ..tablut_edge.clone()
    };
    let ard_ri = Rules {
        dims: Dims::new(7, 7),
        setup: ARD_RI_SETUP.to_string(),
        throne_stop: Access::King,
        throne_pass: Access::Everyone,
        king_may_return_to_throne: true,
        throne_hostile_empty: HostileTo::Nobody,
        throne_hostile_occupied: HostileTo::Nobody,
        king_armed: KingArmed::Yes,
        king_capture: KingCapture::Strong,
        throne_hostile_to_king: false,
        repetition: None,
        ..tablut_edge.clone()
    };
    Some(match name {
        "tawlbwrdd" => tawlbwrdd,
        "ard-ri" => ard_ri,
        "ashton-tablut" => ashton_tablut,
        "tablut-edge" => tablut_edge,
        "tablut" => tablut,
        "brandubh" => brandubh,
        "brandubh-weak" => brandubh_weak,
        "tablut-corner" => tablut_corner,
        "tablut-corner-hostile-edge" => tablut_corner_hostile_edge,
        "copenhagen" => copenhagen,
        "fetlar" => fetlar,
        _ => return None,
    })
}

impl Default for Rules {
    fn default() -> Self {
        preset(DEFAULT_PRESET).expect("the default preset exists")
    }
}

impl Rules {
    /// The start position of these rules (`setup` on `dims`).
    pub fn start_position(&self) -> Result<Position, SetupError> {
        Position::from_setup(&self.setup, self.dims)
    }

    /// A plain-English summary of these rules, generated from the fields
    /// (for presets see also [`preset_description`]).
    pub fn describe(&self) -> String {
        let who = |a: Access| match a {
            Access::Nobody => "no piece",
            Access::King => "only the king",
            Access::Defenders => "only the king and the defenders",
            Access::Attackers => "only the attackers",
            Access::Everyone => "every piece",
        };
        let hostile = |h: HostileTo| match h {
            HostileTo::Nobody => "nobody",
            HostileTo::Attackers => "attackers",
            HostileTo::Defenders => "defenders",
            HostileTo::Everyone => "all pieces",
        };
        let mut parts = vec![
            format!("{} board, {} move first", self.dims, self.first_to_move),
            match self.escape {
                Escape::Edge => "the king wins on any edge square".to_string(),
                Escape::Corners => "the king wins on a corner".to_string(),
                Escape::Squares => format!(
                    "the king wins on one of the escape squares {}",
                    self.escape_squares.join(", ")
                ),
            },
            format!(
                "{} may stop on the empty throne{}, {} may cross it",
                who(self.throne_stop),
                if self.throne_stop.allows_king() && !self.king_may_return_to_throne {
                    " (the king may not return)"
                } else {
                    ""
                },
                who(self.throne_pass)
            ),
            format!("{} may stop on a corner", who(self.corner_stop)),
            format!(
                "the empty throne is hostile to {}, the occupied throne to {}, corners to {}",
                hostile(self.throne_hostile_empty),
                hostile(self.throne_hostile_occupied),
                hostile(self.corners_hostile)
            ),
            match self.king_armed {
                KingArmed::No => "the king does not capture",
                KingArmed::Hammer => "the king captures only when he moves",
                KingArmed::Anvil => "the king captures only as the far partner",
                KingArmed::Yes => "the king captures like any piece",
            }
            .to_string(),
            match self.king_capture {
                KingCapture::Weak => "the king is captured by two, like any piece",
                KingCapture::StrongOnThrone => {
                    "the king is captured by four on the throne, three and the throne beside it, \
                     two elsewhere"
                }
                KingCapture::Strong => {
                    "the king is captured by four, or three and the throne beside it"
                }
            }
            .to_string(),
        ];
        if let Some(camps) = &self.camps {
            parts.push(format!(
                "camps on {}: {} standing in a camp may move within it and leave it but never \
                 return, {} from outside may cross one, camps capture against {}{}",
                camps.squares.join(", "),
                who(camps.stop),
                who(camps.pass),
                hostile(camps.hostile),
                if camps.hostile_to_king {
                    " and count against the king"
                } else {
                    ""
                }
            ));
        }
        if self.edge_hostile_to_king {
            parts.push("the board edge counts against the king".to_string());
        }
        if self.corners_hostile_to_king {
            parts.push("an empty corner counts against the king".to_string());
        }
        if self.shieldwall {
            parts.push("shieldwalls capture".to_string());
        }
        if self.exit_fort {
            parts.push("an exit fort wins for the defenders".to_string());
        }
        if self.encirclement {
            parts.push("encircling every defender wins for the attackers".to_string());
        }
        if let Some(rep) = self.repetition {
            if rep.forbidden {
                parts.push(format!(
                    "a move that would bring a position about for the {} time is illegal",
                    ordinal(rep.count)
                ));
            } else {
                parts.push(format!(
                    "a position coming up for the {} time {}",
                    ordinal(rep.count),
                    match rep.result {
                        RepetitionResult::Draw => "draws",
                        RepetitionResult::AttackersLose => "loses for the attackers",
                        RepetitionResult::DefendersLose => "loses for the defenders",
                        RepetitionResult::RepeatingSideLoses => "loses for the side that repeats",
                    }
                ));
            }
        }
        if let Some(n) = self.move_limit {
            parts.push(format!("{n} moves without a capture draw"));
        }
        if self.no_moves_loses {
            parts.push("a side with no legal move loses".to_string());
        }
        if self.defenders_win_if_no_attackers {
            parts.push("the defenders win when no attacker is left".to_string());
        }
        let mut text = parts.join("; ");
        text.push('.');
        text[..1].to_uppercase() + &text[1..]
    }

    /// Rejects contradictory or impossible combinations, with a message that
    /// names the fields involved.
    pub fn validate(&self) -> Result<(), RulesError> {
        let bad = |message: String| Err(RulesError::Contradiction { message });
        let Dims { rows, cols } = self.dims;
        if !(MIN_SIDE..=MAX_SIDE).contains(&rows) || !(MIN_SIDE..=MAX_SIDE).contains(&cols) {
            return bad(format!(
                "dims {rows}×{cols} is outside the supported {MIN_SIDE}×{MIN_SIDE} to {MAX_SIDE}×{MAX_SIDE}"
            ));
        }
        if self.escape == Escape::Corners && !self.corner_stop.allows_king() {
            return bad(
                "escape is `corners` but corner_stop is `nobody`: the king could never win; \
                 set corner_stop to `king` (or broader)"
                    .to_string(),
            );
        }
        if self.king_may_return_to_throne && !self.throne_stop.allows_king() {
            return bad(
                "king_may_return_to_throne is true but throne_stop is `nobody`; set throne_stop \
                 to `king` or king_may_return_to_throne to false"
                    .to_string(),
            );
        }
        self.validate_squares(self.dims)?;
        if self.escape == Escape::Squares && self.escape_squares.is_empty() {
            return bad(
                "escape is `squares` but escape_squares is empty: the king could never win; \
                 list the squares, e.g. `escape_squares: [b1, c1]`"
                    .to_string(),
            );
        }
        if self.escape != Escape::Squares && !self.escape_squares.is_empty() {
            return bad(format!(
                "escape_squares is only read when escape is `squares`, but escape is `{}`; \
                 set `escape: squares` or remove escape_squares",
                self.escape.as_str()
            ));
        }
        if self.camps.as_ref().is_some_and(|c| c.squares.is_empty()) {
            return bad("camps has no squares; list them or remove camps".to_string());
        }
        if self.exit_fort && self.escape == Escape::Edge {
            return bad(
                "exit_fort needs escape `corners`: with edge escape the king has already won \
                 when he reaches the edge"
                    .to_string(),
            );
        }
        if self.edge_hostile_to_king && self.escape == Escape::Edge {
            return bad(
                "edge_hostile_to_king needs escape `corners`: with edge escape the king wins as \
                 soon as he reaches the edge, so he can never be captured there"
                    .to_string(),
            );
        }
        if self.corners_hostile_to_king && self.escape == Escape::Corners {
            // Harmless: a king beside a corner may be captured against it.
        }
        if let Some(rep) = self.repetition
            && rep.count < 2
        {
            return bad(format!(
                "repetition count {} makes no sense; use 2 or more (3 is usual)",
                rep.count
            ));
        }
        if self.move_limit == Some(0) {
            return bad(
                "move_limit 0 would end every game at once; use at least 1 or leave it out"
                    .to_string(),
            );
        }
        self.start_position().map_err(RulesError::Setup)?;
        Ok(())
    }

    /// The special squares these rules give a board of `dims`, by kind, in
    /// [`SquareKind::ALL`] order: the throne, the corners, the camps and the
    /// listed escape squares (names off the board are left out; validation
    /// reports them).
    pub fn special_squares(&self, dims: Dims) -> Vec<(SquareKind, Vec<Square>)> {
        let named = |names: &[String]| -> Vec<Square> {
            names
                .iter()
                .filter_map(|n| Square::parse(n, dims).ok())
                .collect()
        };
        let mut out = vec![
            (SquareKind::Throne, vec![dims.center()]),
            (SquareKind::Corner, dims.corners().to_vec()),
        ];
        if let Some(camps) = &self.camps {
            out.push((SquareKind::Camp, named(&camps.squares)));
        }
        if self.escape == Escape::Squares {
            out.push((SquareKind::Escape, named(&self.escape_squares)));
        }
        out
    }

    /// Checks that every square the rules name (escape squares, camps) is
    /// on a board of `dims` and clear of the throne and the corners.
    pub fn validate_squares(&self, dims: Dims) -> Result<(), RulesError> {
        let bad = |message: String| Err(RulesError::Contradiction { message });
        let mut named: Vec<(&str, &String)> = self
            .escape_squares
            .iter()
            .map(|name| ("escape_squares", name))
            .collect();
        if let Some(camps) = &self.camps {
            named.extend(camps.squares.iter().map(|name| ("camps.squares", name)));
        }
        for (field, name) in named {
            let square = match Square::parse(name, dims) {
                Ok(square) => square,
                Err(e) => return bad(format!("{field}: {e}")),
            };
            if square == dims.center() {
                return bad(format!(
                    "{field}: {name} is the throne; name squares other than {}",
                    square.name(dims)
                ));
            }
            if field == "camps.squares" && dims.corners().contains(&square) {
                return bad(format!(
                    "camps.squares: {name} is a corner; a square is a corner or a camp, not both"
                ));
            }
        }
        if let Some(camps) = &self.camps
            && self.escape == Escape::Squares
            && let Some(both) = camps
                .squares
                .iter()
                .find(|s| self.escape_squares.contains(s))
        {
            return bad(format!(
                "{both} is both a camp and an escape square; the king may never stop on a camp"
            ));
        }
        Ok(())
    }
}

/// `2nd`, `3rd`, `4th` … for rule sentences.
fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}
