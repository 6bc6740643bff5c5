//! Generates a synthetic rules hub for benchmarks, deterministic from a seed.
//!
//! ```sh
//! cargo run --release --example gen-hub -- --variants 1000 --languages 10 --out DIR [--seed N]
//! ```
//!
//! `DIR` becomes a rulehub hub (`hub.yaml`, `content/`, `themes/default/i18n/`):
//! `--variants` variant pages of the tafl family (a family is a game the
//! engine knows, so one folder holds them all), each about 1,500
//! words of Markdown prose (headings, lists, tables, emphasis, links), the
//! start board and three worked examples, on mixed boards (7×7 brandubh,
//! 9×9 tablut presets, 11×11 copenhagen), and a translation of every page in
//! each extra language. Every example is made by playing legal moves with
//! the rules engine and recording what really happened, so the hub builds.
//!
//! `DIR/hugo/` gets the same prose as a plain Hugo site (no boards, no
//! examples, a minimal layout), for a like-for-like comparison.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use rulehub_tafl::{Dims, Side, Square};
use rulehub_tafl::{Game, Move, Outcome, Position, Rules, preset};

const EN_FTL: &str = include_str!("../themes/default/i18n/en.ftl");

/// Language codes in the order they are added; the first is the default.
const LANGUAGES: &[(&str, &str)] = &[
    ("en", "English"),
    ("cs", "Čeština"),
    ("fi", "Suomi"),
    ("de", "Deutsch"),
    ("fr", "Français"),
    ("es", "Español"),
    ("it", "Italiano"),
    ("pl", "Polski"),
    ("sv", "Svenska"),
    ("nl", "Nederlands"),
    ("pt", "Português"),
    ("da", "Dansk"),
    ("hu", "Magyar"),
    ("nb", "Norsk"),
    ("et", "Eesti"),
    ("lt", "Lietuvių"),
];

/// Presets by board size, in the mix the generator draws from.
const PRESETS: &[&str] = &[
    "brandubh",
    "brandubh-weak",
    "tablut",
    "tablut-edge",
    "tablut-corner",
    "tablut-corner-hostile-edge",
    "copenhagen",
    "fetlar",
];

/// splitmix64: small, fast and the same everywhere.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

struct Args {
    variants: usize,
    languages: usize,
    out: PathBuf,
    seed: u64,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        variants: 1000,
        languages: 10,
        out: PathBuf::from("bench-hub"),
        seed: 1,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--variants" => args.variants = value()?.parse().map_err(|e| format!("{e}"))?,
            "--languages" => args.languages = value()?.parse().map_err(|e| format!("{e}"))?,
            "--out" => args.out = PathBuf::from(value()?),
            "--seed" => args.seed = value()?.parse().map_err(|e| format!("{e}"))?,
            "-h" | "--help" => {
                return Err(
                    "usage: gen-hub --variants N --languages L --out DIR [--seed N]".to_string(),
                );
            }
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    if args.languages == 0 || args.languages > LANGUAGES.len() {
        return Err(format!(
            "--languages must be between 1 and {}",
            LANGUAGES.len()
        ));
    }
    Ok(args)
}

fn main() {
    let args = match parse_args() {
        Ok(args) => args,
        Err(message) => {
            eprintln!("{message}");
            std::process::exit(2);
        }
    };
    if let Err(error) = generate(&args) {
        eprintln!("error: {error}");
        std::process::exit(1);
    }
}

/// Collects the files, then writes them (so a failure writes nothing half).
#[derive(Default)]
struct Files(Vec<(PathBuf, String)>);

impl Files {
    fn add(&mut self, path: impl Into<PathBuf>, text: String) {
        self.0.push((path.into(), text));
    }
    fn write(&self, root: &Path) -> std::io::Result<()> {
        for (path, text) in &self.0 {
            let target = root.join(path);
            if let Some(dir) = target.parent() {
                std::fs::create_dir_all(dir)?;
            }
            std::fs::write(target, text)?;
        }
        Ok(())
    }
}

fn generate(args: &Args) -> Result<(), String> {
    let languages = &LANGUAGES[..args.languages];
    if args.out.exists() {
        std::fs::remove_dir_all(&args.out)
            .map_err(|e| format!("cannot clear {}: {e}", args.out.display()))?;
    }
    let mut rng = Rng(args.seed ^ 0x005E_ED0F_4A7B);
    let mut hub = Files::default();
    let mut hugo = Files::default();

    let codes: Vec<&str> = languages.iter().map(|(c, _)| *c).collect();
    hub.add(
        "hub.yaml",
        format!(
            "title: \"Synthetic Rules Hub\"\ndescription: \"A generated hub for benchmarks.\"\nbase_url: \"https://bench.example.org/\"\nlanguages: [{}]\ntheme: default\n",
            codes.join(", ")
        ),
    );
    for (code, name) in languages {
        if !matches!(*code, "en" | "cs" | "fi") {
            let ftl = EN_FTL.replacen(
                "language-name = English",
                &format!("language-name = {name}"),
                1,
            );
            hub.add(format!("themes/default/i18n/{code}.ftl"), ftl);
        }
    }
    hugo.add("hugo.toml", hugo_config(languages));
    for (path, text) in HUGO_LAYOUTS {
        hugo.add(*path, text.to_string());
    }

    // Home and family pages.
    for (code, _) in languages {
        let suffix = lang_suffix(code);
        let body = prose(&mut rng, code, 300);
        hub.add(
            format!("content/_index{suffix}.md"),
            section_page("Synthetic Rules Hub", "Every rule set of the hub.", &body),
        );
        hugo.add(
            format!("content/_index{suffix}.md"),
            section_page("Synthetic Rules Hub", "Every rule set of the hub.", &body),
        );
    }
    let family = FAMILY;
    for (code, _) in languages {
        let suffix = lang_suffix(code);
        let title = format!("Tafl ({code})");
        let body = prose(&mut rng, code, 250);
        let page = section_page(&title, "Every tafl rule set of the hub.", &body);
        hub.add(format!("content/{family}/_index{suffix}.md"), page.clone());
        hugo.add(format!("content/{family}/_index{suffix}.md"), page);
    }

    for v in 0..args.variants {
        let name = format!("variant-{v:05}");
        let preset_name = PRESETS[v % PRESETS.len()];
        let rules = preset(preset_name).ok_or(format!("no preset {preset_name}"))?;
        let examples = make_examples(&mut rng, &rules)
            .ok_or_else(|| format!("no examples could be made for {name}"))?;
        let title = format!("{} variant {}", title_case(preset_name), v + 1);
        for (code, _) in languages {
            let default = *code == codes[0];
            let suffix = lang_suffix(code);
            let sections = variant_prose(&mut rng, code);
            let localized_title = if default {
                title.clone()
            } else {
                format!("{title} ({code})")
            };
            let summary = sentence(&mut rng, code);
            let (rulehub_body, hugo_body) = variant_body(&sections, &examples, default, &title);
            let front = if default {
                variant_front(&localized_title, &summary, family, v, preset_name, &rules)
            } else {
                format!(
                    "---\ntitle: \"{localized_title}\"\nsummary: \"{summary}\"\npublished: true\n---\n"
                )
            };
            hub.add(
                format!("content/{family}/{name}{suffix}.md"),
                format!("{front}\n{rulehub_body}"),
            );
            hugo.add(
                format!("content/{family}/{name}{suffix}.md"),
                format!(
                    "---\ntitle: \"{localized_title}\"\nsummary: \"{summary}\"\nweight: {}\n---\n\n{hugo_body}",
                    v + 1
                ),
            );
        }
    }

    hub.write(&args.out)
        .map_err(|e| format!("cannot write {}: {e}", args.out.display()))?;
    // Every translation records the source it matches, as an author's
    // `rulehub translations --mark-current` does: a real hub's pages are
    // not all of unknown freshness, and thousands of warnings would time
    // the report instead of the build.
    for path in hub.0.iter().map(|(path, _)| path) {
        let name = path.to_string_lossy();
        let translation = languages
            .iter()
            .skip(1)
            .any(|(code, _)| name.ends_with(&format!(".{code}.md")));
        if translation && path.starts_with("content") {
            rulehub::translations::mark_current(&args.out, path)
                .map_err(|e| format!("cannot mark {name} current: {}", e.message))?;
        }
    }
    hugo.write(&args.out.join("hugo"))
        .map_err(|e| format!("cannot write {}/hugo: {e}", args.out.display()))?;
    eprintln!(
        "wrote {} rulehub files and {} Hugo files to {} ({} variants × {} languages)",
        hub.0.len(),
        hugo.0.len(),
        args.out.display(),
        args.variants,
        args.languages
    );
    Ok(())
}

fn lang_suffix(code: &str) -> String {
    if code == "en" {
        String::new()
    } else {
        format!(".{code}")
    }
}

/// The family folder of every variant: the folder names the game family,
/// and the generated rule sets are all tafl.
const FAMILY: &str = "tafl";

fn title_case(preset: &str) -> String {
    preset
        .split('-')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_uppercase().chain(c).collect::<String>())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn section_page(title: &str, summary: &str, body: &str) -> String {
    format!("---\ntitle: \"{title}\"\nsummary: \"{summary}\"\n---\n\n{body}")
}

fn variant_front(
    title: &str,
    summary: &str,
    family: &str,
    index: usize,
    preset_name: &str,
    rules: &Rules,
) -> String {
    let dims = rules.dims;
    let (r, c) = (dims.rows, dims.cols);
    let center = dims.center();
    let corners: Vec<String> = dims
        .corners()
        .iter()
        .map(|s| format!("[{},{}]", s.row, s.col))
        .collect();
    let mut front = format!(
        "---\ntitle: \"{title}\"\nslug: \"v{index:05}\"\nvariant_of: \"{family}\"\norder: {}\nsummary: \"{summary}\"\nengine:\n  topology: {{ type: grid, rows: {r}, cols: {c} }}\n  players: [{}, {}]\n  setup: \"{}\"\n  rules: {preset_name}\n",
        index % 50,
        rules.first_to_move,
        rules.first_to_move.opponent(),
        rules.setup,
    );
    // Two render styles: explicit cell ops (with corners on corner-escape
    // boards) and, for every third variant, the default board.
    if index % 3 != 2 {
        let corner_zone = if preset_name.contains("corner")
            || preset_name.starts_with("brandubh")
            || preset_name == "copenhagen"
            || preset_name == "fetlar"
        {
            format!(
                "\n            - type: corner\n              at: [{}]",
                corners.join(",")
            )
        } else {
            String::new()
        };
        let _ = write!(
            front,
            "  render:\n    ops:\n      - {{ op: rect, fill: transparent, scope: board }}\n      - op: cells\n        pattern: cellMap\n        light: cell-light\n        dark: cell-dark\n        defaultFill: floor\n        zones:\n          cells:\n            - type: throne\n              at: [[{},{}]]{corner_zone}\n        typeColors: {{ floor: floor, throne: throne{} }}\n        typeStrokes: {{ floor: floor-stroke, throne: throne-stroke{} }}\n",
            center.row,
            center.col,
            if corner_zone.is_empty() {
                ""
            } else {
                ", corner: corner"
            },
            if corner_zone.is_empty() {
                ""
            } else {
                ", corner: corner-stroke"
            },
        );
    }
    front.push_str("published: true\n---\n");
    front
}

/// One worked example as YAML, made from real play.
struct Example {
    id: String,
    yaml: String,
}

/// Three examples: a move with its true captures and result, a two-move
/// sequence, and an illegal move with the engine's own reason.
fn make_examples(rng: &mut Rng, rules: &Rules) -> Option<Vec<Example>> {
    let dims = rules.dims;
    let mut examples = Vec::new();
    let mut attempts = 0;
    while examples.len() < 3 && attempts < 200 {
        attempts += 1;
        let (position, to_move) = midgame(rng, rules)?;
        let game = Game::new(rules, position.clone(), to_move);
        if game.outcome().is_over() {
            continue;
        }
        let setup = position.to_setup();
        let n = examples.len();
        let yaml = match n {
            0 => {
                let mv = preferred_move(rng, &game)?;
                let mut after = game.clone();
                let played = after.play(mv).ok()?;
                format!(
                    "id: capture-{}\nposition: \"{setup}\"\nto_move: {to_move}\nmoves: [{}]\nexpect:\n{}",
                    n + 1,
                    mv.name(dims),
                    claims(&played.captures, played.outcome, dims)
                )
            }
            1 => {
                let first = preferred_move(rng, &game)?;
                let mut after = game.clone();
                let played = after.play(first).ok()?;
                if played.outcome.is_over() {
                    continue;
                }
                let second = preferred_move(rng, &after)?;
                let played = after.play(second).ok()?;
                format!(
                    "id: sequence-{}\nposition: \"{setup}\"\nto_move: {to_move}\nmoves: [{}, {}]\nexpect:\n{}",
                    n + 1,
                    first.name(dims),
                    second.name(dims),
                    claims(&played.captures, played.outcome, dims)
                )
            }
            _ => {
                let Some((mv, code)) = illegal_move(rng, &game) else {
                    continue;
                };
                format!(
                    "id: illegal-{}\nposition: \"{setup}\"\nto_move: {to_move}\nmoves: [{}]\nexpect:\n  legal: false\n  reason: {code}\n",
                    n + 1,
                    mv.name(dims)
                )
            }
        };
        examples.push(Example {
            id: yaml
                .lines()
                .next()
                .and_then(|l| l.strip_prefix("id: "))
                .unwrap_or_default()
                .to_string(),
            yaml,
        });
    }
    (examples.len() == 3).then_some(examples)
}

fn claims(captures: &[Square], outcome: Outcome, dims: Dims) -> String {
    let names: Vec<String> = captures.iter().map(|s| s.name(dims)).collect();
    let mut out = format!("  captures: [{}]\n", names.join(", "));
    match outcome {
        Outcome::Ongoing => out.push_str("  ongoing: true\n"),
        Outcome::Win { winner, reason } => {
            let _ = write!(out, "  winner: {winner}\n  by: {}\n", reason.code());
        }
        Outcome::Draw { reason } => {
            let _ = writeln!(out, "  draw: {}", reason.code());
        }
    }
    out
}

/// A position a few random legal moves into a game, with the side to move.
fn midgame(rng: &mut Rng, rules: &Rules) -> Option<(Position, Side)> {
    let mut game = Game::start(rules).ok()?;
    let plies = 4 + rng.below(16);
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() || game.outcome().is_over() {
            break;
        }
        let mv = *rng.pick(&moves);
        let mut probe = game.clone();
        if probe.play(mv).ok()?.outcome.is_over() {
            break;
        }
        game = probe;
    }
    Some((game.position().clone(), game.to_move()))
}

/// A capturing move when there is one (half the time), else any legal move.
fn preferred_move(rng: &mut Rng, game: &Game) -> Option<Move> {
    let moves = game.legal_moves();
    if moves.is_empty() {
        return None;
    }
    if rng.chance(50) {
        let capturing: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|mv| {
                let mut probe = game.clone();
                probe.play(*mv).is_ok_and(|p| !p.captures.is_empty())
            })
            .collect();
        if !capturing.is_empty() {
            return Some(*rng.pick(&capturing));
        }
    }
    Some(*rng.pick(&moves))
}

/// A move of the side to move's own piece that the engine refuses, with its code.
fn illegal_move(rng: &mut Rng, game: &Game) -> Option<(Move, &'static str)> {
    let dims = game.dims();
    let own: Vec<Square> = game
        .position()
        .pieces()
        .into_iter()
        .filter(|(_, p)| p.side() == game.to_move())
        .map(|(s, _)| s)
        .collect();
    for _ in 0..100 {
        let from = *rng.pick(&own);
        let to = Square::new(
            rng.below(dims.rows.into()) as u8,
            rng.below(dims.cols.into()) as u8,
        );
        // `same-square` is left out: the examples stage accepts it, but the
        // diagram refuses a zero-length arrow (reported upstream).
        if to == from {
            continue;
        }
        if let Err(error) = game.check_move(Move::new(from, to)) {
            return Some((Move::new(from, to), error.code()));
        }
    }
    None
}

// ---- prose ------------------------------------------------------------------

const WORDS: &[&str] = &[
    "king",
    "throne",
    "attackers",
    "defenders",
    "board",
    "corner",
    "edge",
    "capture",
    "move",
    "square",
    "piece",
    "rank",
    "file",
    "escape",
    "fort",
    "shieldwall",
    "sandwich",
    "opponent",
    "position",
    "strategy",
    "opening",
    "endgame",
    "tempo",
    "blockade",
    "column",
    "row",
    "guard",
    "hostile",
    "empty",
    "player",
    "turn",
    "line",
    "trap",
    "flank",
    "centre",
    "reconstruction",
    "tournament",
    "sources",
    "Linnaeus",
    "saga",
    "record",
    "draw",
    "repetition",
    "rule",
    "variant",
    "table",
];

const GLUE: &[&str] = &[
    "the", "a", "every", "each", "no", "this", "that", "one", "two", "and", "or", "but", "with",
    "on", "to", "from", "beside", "across", "along", "behind", "before", "after", "when", "while",
    "may", "must", "can", "never", "always", "often", "usually", "only", "still", "then",
];

const VERBS: &[&str] = &[
    "moves",
    "captures",
    "blocks",
    "guards",
    "threatens",
    "reaches",
    "crosses",
    "surrounds",
    "protects",
    "wins",
    "loses",
    "opens",
    "closes",
    "enters",
    "leaves",
    "counts",
];

/// A few letters of each language, so translated text is not pure ASCII.
fn flavour(code: &str) -> &'static [&'static str] {
    match code {
        "cs" => &["král", "trůn", "útočníci", "obránci", "šachovnice", "roh"],
        "fi" => &[
            "kuningas",
            "valtaistuin",
            "hyökkääjät",
            "puolustajat",
            "lauta",
        ],
        "de" => &[
            "König",
            "Thron",
            "Angreifer",
            "Verteidiger",
            "Brett",
            "Ecke",
        ],
        "fr" => &["roi", "trône", "attaquants", "défenseurs", "plateau"],
        "es" => &[
            "rey",
            "trono",
            "atacantes",
            "defensores",
            "tablero",
            "esquina",
        ],
        "pl" => &["król", "tron", "atakujący", "obrońcy", "plansza", "róg"],
        "sv" => &["kung", "tron", "anfallare", "försvarare", "bräde", "hörn"],
        "hu" => &["király", "trón", "támadók", "védők", "tábla", "sarok"],
        _ => &[],
    }
}

fn word(rng: &mut Rng, code: &str) -> &'static str {
    let extra = flavour(code);
    if !extra.is_empty() && rng.chance(25) {
        return rng.pick::<&str>(extra);
    }
    match rng.below(10) {
        0..=3 => rng.pick::<&str>(GLUE),
        4..=5 => rng.pick::<&str>(VERBS),
        _ => rng.pick::<&str>(WORDS),
    }
}

fn sentence(rng: &mut Rng, code: &str) -> String {
    let len = 8 + rng.below(13);
    let mut s = String::new();
    for i in 0..len {
        let w = word(rng, code);
        if i == 0 {
            let mut c = w.chars();
            if let Some(f) = c.next() {
                s.extend(f.to_uppercase());
                s.push_str(c.as_str());
            }
        } else {
            s.push(' ');
            s.push_str(w);
        }
    }
    s.push('.');
    s
}

/// A paragraph with some inline emphasis, code and links.
fn paragraph(rng: &mut Rng, code: &str) -> String {
    let n = 3 + rng.below(4);
    let mut p = Vec::new();
    for _ in 0..n {
        let mut s = sentence(rng, code);
        match rng.below(8) {
            0 => {
                let w = word(rng, code);
                s = format!("{} **{w}** matters.", s.trim_end_matches('.'));
            }
            1 => {
                let w = word(rng, code);
                s = format!("{} *{w}*.", s.trim_end_matches('.'));
            }
            2 => s.push_str(" See [the rules](https://example.org/rules) for details."),
            3 => s.push_str(" Write moves as `e5-e9` in a record."),
            _ => {}
        }
        p.push(s);
    }
    wrap(&p.join(" "))
}

fn wrap(text: &str) -> String {
    let mut out = String::new();
    let mut line = 0;
    for w in text.split(' ') {
        if line > 0 && line + w.len() > 92 {
            out.push('\n');
            line = 0;
        } else if line > 0 {
            out.push(' ');
            line += 1;
        }
        out.push_str(w);
        line += w.chars().count();
    }
    out.push('\n');
    out
}

fn list(rng: &mut Rng, code: &str) -> String {
    let ordered = rng.chance(30);
    let mut out = String::new();
    for i in 0..(3 + rng.below(4)) {
        let bullet = if ordered {
            format!("{}. ", i + 1)
        } else {
            "- ".to_string()
        };
        let _ = writeln!(out, "{bullet}{}", sentence(rng, code));
    }
    out
}

fn table(rng: &mut Rng, code: &str) -> String {
    let mut out = String::from("| Situation | Result | Note |\n|---|---|---|\n");
    for _ in 0..(3 + rng.below(3)) {
        let _ = writeln!(
            out,
            "| {} {} | {} | {} {} {} |",
            word(rng, code),
            word(rng, code),
            rng.pick(VERBS),
            word(rng, code),
            word(rng, code),
            word(rng, code),
        );
    }
    out
}

/// Roughly `words` words of Markdown: paragraphs, lists and a table.
fn prose(rng: &mut Rng, code: &str, words: usize) -> String {
    let mut out = String::new();
    while out.split_whitespace().count() < words {
        out.push_str(&paragraph(rng, code));
        out.push('\n');
        match rng.below(4) {
            0 => {
                out.push_str(&list(rng, code));
                out.push('\n');
            }
            1 => {
                out.push_str(&table(rng, code));
                out.push('\n');
            }
            _ => {}
        }
    }
    out
}

const HEADINGS: &[&str] = &[
    "Overview",
    "Components",
    "Setup",
    "On your turn",
    "Capture",
    "The king",
    "Winning and ending",
    "Strategy",
    "History",
    "Notes for tournaments",
];

/// About 1,500 words of prose in sections, before the worked examples.
fn variant_prose(rng: &mut Rng, code: &str) -> Vec<(String, String)> {
    HEADINGS
        .iter()
        .map(|h| {
            let heading = if code == "en" {
                h.to_string()
            } else {
                format!("{h} ({code})")
            };
            (heading, prose(rng, code, 100))
        })
        .collect()
}

/// The rulehub body (board shortcode and examples) and the Hugo body (the
/// same prose alone).
fn variant_body(
    sections: &[(String, String)],
    examples: &[Example],
    default: bool,
    title: &str,
) -> (String, String) {
    let mut rulehub = format!("{{{{svg:board.svg \"{title} — the starting position\"}}}}\n\n");
    let mut hugo = String::new();
    for (i, (heading, text)) in sections.iter().enumerate() {
        let section = format!("## {heading}\n\n{text}\n");
        rulehub.push_str(&section);
        hugo.push_str(&section);
        // Examples after the capture, king and ending sections.
        if let Some(example) = [4, 5, 6]
            .iter()
            .position(|s| *s == i)
            .and_then(|k| examples.get(k))
        {
            if default {
                let _ = write!(rulehub, "```example\n{}```\n\n", example.yaml);
            } else {
                let _ = write!(rulehub, "{{{{example:{}}}}}\n\n", example.id);
            }
        }
    }
    (rulehub, hugo)
}

// ---- Hugo ---------------------------------------------------------------------

fn hugo_config(languages: &[(&str, &str)]) -> String {
    let mut out = String::from(
        "baseURL = \"https://bench.example.org/\"\ntitle = \"Synthetic Rules Hub\"\ndefaultContentLanguage = \"en\"\ndisableKinds = [\"taxonomy\", \"term\", \"RSS\"]\nenableRobotsTXT = true\n\n[markup.goldmark.renderer]\nunsafe = true\n\n[languages]\n",
    );
    for (weight, (code, name)) in languages.iter().enumerate() {
        let _ = write!(
            out,
            "[languages.{code}]\nlanguageName = \"{name}\"\nweight = {}\n",
            weight + 1
        );
    }
    out
}

/// A minimal layout: base page with language links, list and single pages.
const HUGO_LAYOUTS: &[(&str, &str)] = &[
    (
        "layouts/_default/baseof.html",
        r#"<!doctype html>
<html lang="{{ .Site.Language.Lang }}">
<head><meta charset="utf-8"><title>{{ .Title }} — {{ .Site.Title }}</title>
<meta name="description" content="{{ .Summary | plainify | truncate 160 }}">
<link rel="canonical" href="{{ .Permalink }}">
{{ range .AllTranslations }}<link rel="alternate" hreflang="{{ .Language.Lang }}" href="{{ .Permalink }}">
{{ end }}</head>
<body>
<nav><a href="{{ .Site.Home.RelPermalink }}">{{ .Site.Title }}</a>
{{ range .Translations }}<a href="{{ .RelPermalink }}" lang="{{ .Language.Lang }}">{{ .Language.LanguageName }}</a> {{ end }}</nav>
<main>{{ block "main" . }}{{ end }}</main>
</body>
</html>
"#,
    ),
    (
        "layouts/_default/single.html",
        r#"{{ define "main" }}<article><h1>{{ .Title }}</h1>
<p class="lead">{{ .Params.summary }}</p>
<nav class="toc">{{ .TableOfContents }}</nav>
{{ .Content }}</article>{{ end }}
"#,
    ),
    (
        "layouts/_default/list.html",
        r#"{{ define "main" }}<h1>{{ .Title }}</h1>
{{ .Content }}
<ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> — {{ .Params.summary }}</li>
{{ end }}</ul>{{ end }}
"#,
    ),
    (
        "layouts/index.html",
        r#"{{ define "main" }}<h1>{{ .Title }}</h1>
{{ .Content }}
{{ range .Sections }}<h2><a href="{{ .RelPermalink }}">{{ .Title }}</a></h2>
<ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>
{{ end }}</ul>{{ end }}{{ end }}
"#,
    ),
];
