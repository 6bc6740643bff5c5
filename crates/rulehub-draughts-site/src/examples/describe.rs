//! The sentence under each worked example, generated from the checked data
//! in the page's language, so prose can never drift from what was verified.

use rulehub_draughts::{
    Colour, DrawReason, IllegalMove, Kind, Outcome, Piece, Position, WinReason,
};

use rulehub_core::i18n::{Arg, I18n, capitalise};

use super::CheckedExample;

/// Every Fluent message this module uses (with the codes of every refusal,
/// win and draw, listed by the test below against the engine's enums).
pub const MESSAGE_IDS: &[&str] = &[
    "draughts-white-men",
    "draughts-white-kings",
    "draughts-black-men",
    "draughts-black-kings",
    "draughts-rest-empty",
    "draughts-to-move",
    "draughts-move",
    "draughts-earlier-moves",
    "draughts-captures",
    "draughts-crowned",
    "draughts-win",
    "draughts-draw",
    "draughts-illegal",
    "list-and",
    "draughts-illegal-game-over",
    "draughts-illegal-not-a-square",
    "draughts-illegal-not-a-dark-square",
    "draughts-illegal-empty-square",
    "draughts-illegal-not-your-piece",
    "draughts-illegal-capture-required",
    "draughts-illegal-majority-required",
    "draughts-illegal-incomplete-capture",
    "draughts-illegal-wrong-separator",
    "draughts-illegal-ambiguous",
    "draughts-illegal-no-such-move",
    "draughts-win-no-pieces",
    "draughts-win-blocked",
    "draughts-draw-repetition",
    "draughts-draw-king-moves",
];

/// "White men on 22 and 23, a black man on 18, all other squares empty;
/// white to move. White moves a man 22x15 and captures the piece on 18."
pub fn describe(example: &CheckedExample, i18n: &I18n, lang: &str) -> String {
    let mut sentence = describe_position(&example.before, i18n, lang);
    sentence.push_str(". ");
    sentence.push_str(&describe_moves(example, i18n, lang));
    sentence
}

fn side(colour: Colour) -> Arg<'static> {
    Arg::Str(colour.code())
}

fn kind(piece: Option<Piece>) -> Arg<'static> {
    Arg::Str(match piece.map(|p| p.kind) {
        Some(Kind::King) => "king",
        _ => "man",
    })
}

/// PDN with an en dash for a step, as typeset in print (`11–15`, `22x15`).
fn typeset(notation: &str) -> String {
    notation.replace('-', "–")
}

fn describe_moves(example: &CheckedExample, i18n: &I18n, lang: &str) -> String {
    let mut sentence = String::new();
    let earlier: &[super::PlayedMove] = match example.refused {
        Some(_) => &example.played,
        None => example
            .played
            .split_last()
            .map_or(&[][..], |(_, earlier)| earlier),
    };
    if !earlier.is_empty() {
        let list = i18n.and_list(lang, earlier.iter().map(|m| typeset(&m.notation)).collect());
        sentence.push_str(&i18n.message(
            lang,
            "draughts-earlier-moves",
            &[
                ("count", Arg::Num(earlier.len())),
                ("moves", Arg::Str(&list)),
            ],
        ));
        sentence.push(' ');
    }
    // After "After 11–15 and 22–18," the move goes on the sentence; each
    // language decides whether the side's name then starts in lower case
    // (Czech and Finnish do, English keeps "Black").
    let later = Arg::Str(if earlier.is_empty() { "no" } else { "yes" });
    if let Some(refused) = &example.refused {
        let text = typeset(&refused.text);
        let moved = i18n.message(
            lang,
            "draughts-move",
            &[
                ("side", side(refused.side)),
                ("kind", kind(refused.mover)),
                ("move", Arg::Str(&text)),
                ("later", later),
            ],
        );
        let reason = refusal(&refused.reason, i18n, lang);
        sentence.push_str(&i18n.message(
            lang,
            "draughts-illegal",
            &[("move", Arg::Str(&moved)), ("reason", Arg::Str(&reason))],
        ));
        return sentence;
    }
    let Some(last) = example.played.last() else {
        return sentence;
    };
    let text = typeset(&last.notation);
    sentence.push_str(&i18n.message(
        lang,
        "draughts-move",
        &[
            ("side", side(last.mover.colour)),
            ("kind", kind(Some(last.mover))),
            ("move", Arg::Str(&text)),
            ("later", later),
        ],
    ));
    if !last.captured.is_empty() {
        let list = i18n.and_list(lang, last.captured.iter().map(|s| s.to_string()).collect());
        sentence.push_str(&i18n.message(
            lang,
            "draughts-captures",
            &[
                ("count", Arg::Num(last.captured.len())),
                ("squares", Arg::Str(&list)),
            ],
        ));
    }
    if last.crowned {
        sentence.push_str(&i18n.message(lang, "draughts-crowned", &[]));
    }
    match example.outcome {
        Outcome::Ongoing => sentence.push('.'),
        Outcome::Win { winner, reason } => {
            let how = i18n.message(lang, win_id(reason), &[]);
            sentence.push_str(&i18n.message(
                lang,
                "draughts-win",
                &[("winner", side(winner)), ("how", Arg::Str(&how))],
            ));
        }
        Outcome::Draw { reason } => {
            let how = i18n.message(lang, draw_id(reason), &[]);
            sentence.push_str(&i18n.message(lang, "draughts-draw", &[("how", Arg::Str(&how))]));
        }
    }
    sentence
}

fn win_id(reason: WinReason) -> &'static str {
    match reason {
        WinReason::NoPieces => "draughts-win-no-pieces",
        WinReason::Blocked => "draughts-win-blocked",
    }
}

fn draw_id(reason: DrawReason) -> &'static str {
    match reason {
        DrawReason::Repetition => "draughts-draw-repetition",
        DrawReason::KingMoves => "draughts-draw-king-moves",
    }
}

/// Why the engine refused a move, in the page's language; the move the
/// rules call for is named where the engine gives one.
fn refusal(reason: &IllegalMove, i18n: &I18n, lang: &str) -> String {
    let id = format!("draughts-illegal-{}", reason.code());
    let shown;
    let args: Vec<(&str, Arg)> = match reason {
        IllegalMove::CaptureRequired { capture } => {
            shown = typeset(&capture.full_notation());
            vec![("capture", Arg::Str(&shown))]
        }
        IllegalMove::IncompleteCapture { completed } => {
            shown = typeset(&completed.full_notation());
            vec![("capture", Arg::Str(&shown))]
        }
        IllegalMove::MajorityRequired { takes, required } => vec![
            ("takes", Arg::Num(*takes as usize)),
            ("required", Arg::Num(*required as usize)),
        ],
        _ => Vec::new(),
    };
    i18n.message(lang, &id, &args)
}

/// "White men on 21 and 22, a black king on 5, all other squares empty;
/// white to move".
pub fn describe_position(position: &Position, i18n: &I18n, lang: &str) -> String {
    let mut parts = Vec::new();
    let groups = [
        (Colour::White, Kind::Man, "draughts-white-men"),
        (Colour::White, Kind::King, "draughts-white-kings"),
        (Colour::Black, Kind::Man, "draughts-black-men"),
        (Colour::Black, Kind::King, "draughts-black-kings"),
    ];
    let mut count = 0;
    for (colour, kind, id) in groups {
        let numbers: Vec<u8> = position
            .pieces()
            .filter(|(_, p)| p.colour == colour && p.kind == kind)
            .map(|(s, _)| s.number())
            .collect();
        if numbers.is_empty() {
            continue;
        }
        count += numbers.len();
        let n = numbers.len();
        let list = i18n.and_list(lang, runs(&numbers));
        parts.push(i18n.message(
            lang,
            id,
            &[("count", Arg::Num(n)), ("squares", Arg::Str(&list))],
        ));
    }
    let mut clause = parts.join(", ");
    // A full board is described by its pieces; a sparse one says the rest
    // is empty, so a reader of the text alone knows nothing is left out.
    if count < 12 {
        if !clause.is_empty() {
            clause.push_str(", ");
        }
        clause.push_str(&i18n.message(lang, "draughts-rest-empty", &[]));
    }
    clause.push_str("; ");
    clause.push_str(&i18n.message(
        lang,
        "draughts-to-move",
        &[("side", side(position.to_move()))],
    ));
    capitalise(&clause)
}

/// Square numbers with runs of three or more written as ranges, as a FEN
/// does (`21–32`): a full row of men reads as one item, not twelve.
fn runs(numbers: &[u8]) -> Vec<String> {
    let mut out = Vec::new();
    let mut start = 0;
    while start < numbers.len() {
        let mut end = start;
        while end + 1 < numbers.len() && numbers[end + 1] == numbers[end] + 1 {
            end += 1;
        }
        if end - start >= 2 {
            out.push(format!("{}–{}", numbers[start], numbers[end]));
        } else {
            out.extend(numbers[start..=end].iter().map(u8::to_string));
        }
        start = end + 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every code the engine can produce has its sentence, so a new reason
    /// cannot reach a page as a missing message.
    #[test]
    fn runs_of_three_or_more_squares_become_ranges() {
        assert_eq!(runs(&[1, 2, 3, 4, 9, 11, 12]), ["1–4", "9", "11", "12"]);
        assert_eq!(runs(&[21, 22, 23]), ["21–23"]);
        assert!(runs(&[]).is_empty());
    }

    #[test]
    fn every_engine_code_has_a_message() {
        let ids = IllegalMove::CODES
            .iter()
            .map(|c| format!("draughts-illegal-{c}"))
            .chain(WinReason::ALL.iter().map(|r| win_id(*r).to_string()))
            .chain(DrawReason::ALL.iter().map(|r| draw_id(*r).to_string()));
        for id in ids {
            assert!(MESSAGE_IDS.contains(&id.as_str()), "{id} is not declared");
        }
        for reason in WinReason::ALL {
            assert_eq!(win_id(*reason), format!("draughts-win-{}", reason.code()));
        }
        for reason in DrawReason::ALL {
            assert_eq!(draw_id(*reason), format!("draughts-draw-{}", reason.code()));
        }
    }
}
