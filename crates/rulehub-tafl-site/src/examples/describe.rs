//! The sentence under each worked example, generated from the checked data
//! in the page's language, so prose can never drift from what was verified.

use rulehub_core::i18n::{Arg, I18n, capitalise, decapitalise};
use rulehub_tafl::{Dims, Piece, Side, Square};
use rulehub_tafl::{Outcome, Position, WinReason};

use super::CheckedExample;

/// Every Fluent message this module uses; the theme must define each one in
/// every language.
pub const MESSAGE_IDS: &[&str] = &[
    "example-king",
    "example-attackers",
    "example-defenders",
    "example-rest-empty",
    "example-to-move",
    "example-move",
    "example-earlier-moves",
    "example-captures",
    "example-captures-king",
    "example-captures-king-and",
    "example-no-captures",
    "example-win",
    "example-win-by-capturing-the-king",
    "example-draw",
    "example-illegal",
    "list-and",
    "illegal-no-piece",
    "illegal-not-your-piece",
    "illegal-not-straight",
    "illegal-same-square",
    "illegal-blocked",
    "illegal-restricted-square",
    "illegal-no-passing",
    "illegal-repetition-forbidden",
    "illegal-off-board",
    "illegal-game-over",
    "win-edge-escape",
    "win-corner-escape",
    "win-escape-square",
    "win-king-captured",
    "win-no-legal-moves",
    "win-all-attackers-captured",
    "win-encirclement",
    "win-exit-fort",
    "win-repetition",
    "draw-repetition",
    "draw-move-limit",
    "draw-no-legal-moves",
    "example-moves-from",
    "example-cannot-move",
    "state-exit-fort",
    "state-encirclement",
    "state-no-legal-moves",
];

/// "King b8, one attacker i1, all else empty; defenders to move. The king
/// moves b8–b9: defenders win, the king reached the edge."
pub fn describe(example: &CheckedExample, i18n: &I18n, lang: &str) -> String {
    let mut sentence = describe_position(&example.before, Some(example.to_move), i18n, lang);
    sentence.push('.');
    if !example.moves.is_empty() {
        sentence.push(' ');
        sentence.push_str(&describe_moves(example, i18n, lang));
    }
    for clause in position_claims(example, i18n, lang) {
        sentence.push(' ');
        sentence.push_str(&clause);
    }
    sentence
}

/// The verified `moves_from` and `state` claims, one sentence each.
fn position_claims(example: &CheckedExample, i18n: &I18n, lang: &str) -> Vec<String> {
    let dims = example.after.dims();
    let mut out = Vec::new();
    for (from, targets) in &example.destinations {
        let piece = example.after.get(*from).map_or("attacker", Piece::as_str);
        let from = from.name(dims);
        out.push(if targets.is_empty() {
            i18n.message(
                lang,
                "example-cannot-move",
                &[("piece", Arg::Str(piece)), ("from", Arg::Str(&from))],
            )
        } else {
            let list = i18n.and_list(lang, sorted_names(targets.iter().copied(), dims));
            i18n.message(
                lang,
                "example-moves-from",
                &[
                    ("piece", Arg::Str(piece)),
                    ("from", Arg::Str(&from)),
                    ("squares", Arg::Str(&list)),
                ],
            )
        });
    }
    for claim in &example.state {
        out.push(i18n.message(lang, &format!("state-{}", claim.code()), &[]));
    }
    out
}

/// The moves of an example and what the last one did.
fn describe_moves(example: &CheckedExample, i18n: &I18n, lang: &str) -> String {
    let dims = example.before.dims();
    let mut sentence = String::new();
    let (earlier, last) = example.moves.split_at(example.moves.len() - 1);
    if !earlier.is_empty() {
        let list = i18n.and_list(lang, earlier.iter().map(|m| dash(&m.name(dims))).collect());
        sentence.push_str(&i18n.message(
            lang,
            "example-earlier-moves",
            &[
                ("count", Arg::Num(earlier.len())),
                ("moves", Arg::Str(&list)),
            ],
        ));
        sentence.push(' ');
    }
    let last = last[0];
    let piece = example.mover.map_or("attacker", Piece::as_str);
    let (from, to) = (last.from.name(dims), last.to.name(dims));
    let moved = i18n.message(
        lang,
        "example-move",
        &[
            ("piece", Arg::Str(piece)),
            ("from", Arg::Str(&from)),
            ("to", Arg::Str(&to)),
        ],
    );
    // After "After h8–c8," the move continues the sentence.
    let moved = if earlier.is_empty() {
        moved
    } else {
        decapitalise(&moved)
    };
    if let Some(illegal) = &example.illegal {
        let reason = i18n.message(lang, &format!("illegal-{}", illegal.code()), &[]);
        sentence.push_str(&i18n.message(
            lang,
            "example-illegal",
            &[("move", Arg::Str(&moved)), ("reason", Arg::Str(&reason))],
        ));
        return sentence;
    }
    sentence.push_str(&moved);
    let king = captured_king(example);
    sentence.push_str(&captures_clause(&example.captures, king, dims, i18n, lang));
    match &example.outcome {
        Outcome::Ongoing => sentence.push('.'),
        // The capture clause has named the king: "… captures the king on
        // d4: the attackers win." says it once.
        Outcome::Win { winner, .. } if king.is_some() => sentence.push_str(&i18n.message(
            lang,
            "example-win-by-capturing-the-king",
            &[("winner", Arg::Str(winner.as_str()))],
        )),
        Outcome::Win { winner, reason } => {
            let how = i18n.message(lang, &format!("win-{}", reason.code()), &[]);
            sentence.push_str(&i18n.message(
                lang,
                "example-win",
                &[
                    ("winner", Arg::Str(winner.as_str())),
                    ("how", Arg::Str(&how)),
                ],
            ));
        }
        Outcome::Draw { reason } => {
            let how = i18n.message(lang, &format!("draw-{}", reason.code()), &[]);
            sentence.push_str(&i18n.message(lang, "example-draw", &[("how", Arg::Str(&how))]));
        }
    }
    sentence
}

fn dash(move_name: &str) -> String {
    move_name.replacen('-', "–", 1)
}

/// "King b8, one attacker i1, all else empty; defenders to move" — the
/// pieces of a position, and whose turn it is when given.
pub fn describe_position(
    position: &Position,
    to_move: Option<Side>,
    i18n: &I18n,
    lang: &str,
) -> String {
    let dims = position.dims();
    let pieces = position.pieces();
    let squares_of = |kind: Piece| -> Vec<String> {
        sorted_names(
            pieces.iter().filter(|(_, p)| *p == kind).map(|(s, _)| *s),
            dims,
        )
    };
    let mut parts = Vec::new();
    if let Some(king) = squares_of(Piece::King).first() {
        parts.push(i18n.message(lang, "example-king", &[("square", Arg::Str(king))]));
    }
    for (kind, id) in [
        (Piece::Attacker, "example-attackers"),
        (Piece::Defender, "example-defenders"),
    ] {
        let squares = squares_of(kind);
        if !squares.is_empty() {
            let list = i18n.and_list(lang, squares.clone());
            parts.push(i18n.message(
                lang,
                id,
                &[
                    ("count", Arg::Num(squares.len())),
                    ("squares", Arg::Str(&list)),
                ],
            ));
        }
    }
    let mut clause = parts.join(", ");
    if pieces.len() < 12 {
        clause.push_str(", ");
        clause.push_str(&i18n.message(lang, "example-rest-empty", &[]));
    }
    if let Some(side) = to_move {
        clause.push_str("; ");
        clause.push_str(&i18n.message(
            lang,
            "example-to-move",
            &[("side", Arg::Str(side.as_str()))],
        ));
    }
    capitalise(&clause)
}

/// The king's square when the last move captured him: where he stood
/// before it (the start square, followed through his earlier moves).
fn captured_king(example: &CheckedExample) -> Option<Square> {
    if !matches!(
        example.outcome,
        Outcome::Win {
            reason: WinReason::KingCaptured,
            ..
        }
    ) {
        return None;
    }
    let (earlier, _) = example.moves.split_at(example.moves.len().checked_sub(1)?);
    let mut king = example.before.king()?;
    for mv in earlier {
        if mv.from == king {
            king = mv.to;
        }
    }
    Some(king)
}

/// " and captures the piece on d4", naming the king as the king.
fn captures_clause(
    captures: &[Square],
    king: Option<Square>,
    dims: Dims,
    i18n: &I18n,
    lang: &str,
) -> String {
    let others: Vec<Square> = captures
        .iter()
        .copied()
        .filter(|square| Some(*square) != king)
        .collect();
    let list = i18n.and_list(lang, sorted_names(others.iter().copied(), dims));
    let count = ("count", Arg::Num(others.len()));
    match king {
        Some(king) => {
            let square = king.name(dims);
            let king = ("square", Arg::Str(&square));
            if others.is_empty() {
                i18n.message(lang, "example-captures-king", &[king])
            } else {
                let squares = ("squares", Arg::Str(&list));
                i18n.message(lang, "example-captures-king-and", &[king, count, squares])
            }
        }
        None if others.is_empty() => i18n.message(lang, "example-no-captures", &[]),
        None => i18n.message(
            lang,
            "example-captures",
            &[count, ("squares", Arg::Str(&list))],
        ),
    }
}

/// Square names in reading order: by file, then rank.
fn sorted_names(squares: impl Iterator<Item = Square>, dims: Dims) -> Vec<String> {
    let mut squares: Vec<Square> = squares.collect();
    squares.sort_by_key(|s| (s.col, std::cmp::Reverse(s.row)));
    squares.into_iter().map(|s| s.name(dims)).collect()
}

#[cfg(test)]
mod tests {
    use super::MESSAGE_IDS;
    use crate::examples::StateClaim;
    use rulehub_tafl::{DrawReason, IllegalMove, WinReason};

    /// Every code the engine can produce has its sentence, so a new reason
    /// cannot reach a page as a missing message.
    #[test]
    fn every_engine_code_has_a_message() {
        let ids = IllegalMove::CODES
            .iter()
            .map(|c| format!("illegal-{c}"))
            .chain(WinReason::ALL.iter().map(|r| format!("win-{}", r.code())))
            .chain(DrawReason::ALL.iter().map(|r| format!("draw-{}", r.code())))
            .chain(
                StateClaim::ALL
                    .iter()
                    .map(|c| format!("state-{}", c.code())),
            );
        for id in ids {
            assert!(MESSAGE_IDS.contains(&id.as_str()), "{id} is not declared");
        }
    }
}
