//! The sentence under each worked example, generated from the checked data
//! in the page's language, so prose can never drift from what was verified.

use rulehub_go::{Color, Illegal, Move, Point};

use rulehub_core::i18n::{Arg, I18n, capitalise};

use super::CheckedExample;
use crate::facts::points as number;

/// Every Fluent message this module uses (with the code of every refusal,
/// listed by the test below against the engine's enum).
pub const MESSAGE_IDS: &[&str] = &[
    "go-stones-black",
    "go-stones-white",
    "go-empty-board",
    "go-rest-empty",
    "go-to-move",
    "go-earlier-moves",
    "go-play",
    "go-pass",
    "go-captures",
    "go-suicide",
    "go-illegal",
    "go-count",
    "go-count-draw",
    "go-dead",
    "go-ended",
    "go-goes-on",
    "go-pass-word",
    "list-and",
    "go-illegal-occupied",
    "go-illegal-suicide",
    "go-illegal-ko",
    "go-illegal-superko",
    "go-illegal-game-over",
    "go-illegal-off-board",
];

fn reason_id(reason: Illegal) -> &'static str {
    match reason {
        Illegal::Occupied => "go-illegal-occupied",
        Illegal::Suicide => "go-illegal-suicide",
        Illegal::Ko => "go-illegal-ko",
        Illegal::Superko => "go-illegal-superko",
        Illegal::GameOver => "go-illegal-game-over",
        Illegal::OffBoard => "go-illegal-off-board",
    }
}

fn point_list(points: &[Point], size: u8, i18n: &I18n, lang: &str) -> String {
    let mut sorted = points.to_vec();
    sorted.sort_by_key(|p| (p.col(size), p.row(size)));
    i18n.and_list(lang, sorted.iter().map(|p| p.name(size)).collect())
}

/// "Black stones on C3 and D4, a white stone on D3, all other points
/// empty; Black to move" in `lang`.
pub fn describe_board(
    cells: &[Option<Color>],
    size: u8,
    to_move: Option<Color>,
    i18n: &I18n,
    lang: &str,
) -> String {
    let mut parts = Vec::new();
    for (color, id) in [
        (Color::Black, "go-stones-black"),
        (Color::White, "go-stones-white"),
    ] {
        let stones: Vec<Point> = cells
            .iter()
            .enumerate()
            .filter(|(_, c)| **c == Some(color))
            .map(|(i, _)| Point(i as u16))
            .collect();
        if stones.is_empty() {
            continue;
        }
        let list = point_list(&stones, size, i18n, lang);
        parts.push(i18n.message(
            lang,
            id,
            &[
                ("count", Arg::Num(stones.len())),
                ("points", Arg::Str(&list)),
            ],
        ));
    }
    let mut text = if parts.is_empty() {
        i18n.message(
            lang,
            "go-empty-board",
            &[("size", Arg::Num(usize::from(size)))],
        )
    } else {
        parts.push(i18n.message(lang, "go-rest-empty", &[]));
        parts.join(", ")
    };
    if let Some(side) = to_move {
        text.push_str("; ");
        text.push_str(&i18n.message(lang, "go-to-move", &[("side", Arg::Str(side.as_str()))]));
    }
    capitalise(&text)
}

/// The position, then the moves and what they did, then the count.
pub fn describe(example: &CheckedExample, i18n: &I18n, lang: &str) -> String {
    let size = example.size;
    let mut sentence = describe_board(&example.before, size, Some(example.to_move), i18n, lang);
    sentence.push_str(". ");
    let earlier = match example.refused {
        Some(_) => &example.played[..],
        None => example
            .played
            .split_last()
            .map_or(&[][..], |(_, earlier)| earlier),
    };
    if !earlier.is_empty() {
        let name = |mv: Move| match mv {
            Move::Place(p) => p.name(size),
            Move::Pass => i18n.message(lang, "go-pass-word", &[]),
        };
        let list = i18n.and_list(lang, earlier.iter().map(|m| name(m.mv)).collect());
        let only_pass = earlier.len() == 1 && earlier[0].mv == Move::Pass;
        sentence.push_str(&i18n.message(
            lang,
            "go-earlier-moves",
            &[
                ("count", Arg::Num(earlier.len())),
                ("moves", Arg::Str(&list)),
                ("pass", Arg::Str(if only_pass { "yes" } else { "no" })),
            ],
        ));
        sentence.push(' ');
    }
    let later = Arg::Str(if earlier.is_empty() { "no" } else { "yes" });
    let moved = |color: Color, mv: Move| match mv {
        Move::Place(p) => {
            let name = p.name(size);
            i18n.message(
                lang,
                "go-play",
                &[
                    ("side", Arg::Str(color.as_str())),
                    ("point", Arg::Str(&name)),
                    ("later", later),
                ],
            )
        }
        Move::Pass => i18n.message(
            lang,
            "go-pass",
            &[("side", Arg::Str(color.as_str())), ("later", later)],
        ),
    };
    if let Some(refused) = &example.refused {
        let text = moved(refused.color, refused.mv);
        let reason = i18n.message(lang, reason_id(refused.reason), &[]);
        sentence.push_str(&i18n.message(
            lang,
            "go-illegal",
            &[("move", Arg::Str(&text)), ("reason", Arg::Str(&reason))],
        ));
        return sentence;
    }
    let Some(last) = example.played.last() else {
        return sentence;
    };
    sentence.push_str(&moved(last.color, last.mv));
    for (id, stones) in [
        ("go-captures", &last.captured),
        ("go-suicide", &last.suicided),
    ] {
        if stones.is_empty() {
            continue;
        }
        let list = point_list(stones, size, i18n, lang);
        sentence.push_str(&i18n.message(
            lang,
            id,
            &[
                ("count", Arg::Num(stones.len())),
                ("points", Arg::Str(&list)),
            ],
        ));
    }
    sentence.push('.');
    if example.over {
        sentence.push(' ');
        sentence.push_str(&i18n.message(lang, "go-ended", &[]));
    } else if last.mv == Move::Pass {
        sentence.push(' ');
        sentence.push_str(&i18n.message(lang, "go-goes-on", &[]));
    }
    if let Some(count) = &example.count {
        sentence.push(' ');
        if !count.dead.is_empty() {
            let list = point_list(&count.dead, size, i18n, lang);
            sentence.push_str(&i18n.message(
                lang,
                "go-dead",
                &[
                    ("count", Arg::Num(count.dead.len())),
                    ("points", Arg::Str(&list)),
                ],
            ));
            sentence.push(' ');
        }
        let scoring = Arg::Str(match example.scoring {
            rulehub_go::rules::Scoring::Area => "area",
            rulehub_go::rules::Scoring::Territory => "territory",
        });
        let black = number(count.score.black, i18n, lang);
        let white = number(count.score.white, i18n, lang);
        let margin = number(count.score.margin(), i18n, lang);
        sentence.push_str(&match count.score.winner() {
            Some(winner) => i18n.message(
                lang,
                "go-count",
                &[
                    ("scoring", scoring),
                    ("black", Arg::Str(&black)),
                    ("white", Arg::Str(&white)),
                    ("winner", Arg::Str(winner.as_str())),
                    ("margin", Arg::Str(&margin)),
                ],
            ),
            None => i18n.message(
                lang,
                "go-count-draw",
                &[
                    ("scoring", scoring),
                    ("black", Arg::Str(&black)),
                    ("white", Arg::Str(&white)),
                ],
            ),
        });
    }
    sentence
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_refusal_has_a_message() {
        for reason in [
            Illegal::Occupied,
            Illegal::Suicide,
            Illegal::Ko,
            Illegal::Superko,
            Illegal::GameOver,
            Illegal::OffBoard,
        ] {
            assert_eq!(reason_id(reason), format!("go-illegal-{}", reason.code()));
            assert!(MESSAGE_IDS.contains(&reason_id(reason)));
            assert!(super::super::REASONS.contains(&reason.code()));
        }
    }
}
