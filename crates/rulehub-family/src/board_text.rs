//! The practice board's words that are the same on every family's board,
//! and how a message with arguments reaches the board script: in the
//! page's language, its `{name}` placeholders left for the script to fill.

use rulehub_core::i18n::{Arg, I18n};

/// The sentences every family's board passes to the script as they are;
/// a family adds its own (sides, pieces, outcomes).
pub const BOARD_MESSAGE_IDS: &[&str] = &[
    "play-intro",
    "play-you-play",
    "play-level",
    "play-level-easy",
    "play-level-normal",
    "play-level-hard",
    "play-new-game",
    "play-undo",
    "play-flip",
    "play-copy",
    "play-copied",
    "play-copy-failed",
    "play-your-move",
    "play-thinking",
    "play-moves",
    "play-viewing",
    "play-restored",
    "play-hint",
    "play-hint-even",
    "play-hint-ahead",
    "play-hint-winning",
    "play-hint-forced-win",
    "play-hint-move",
    "play-moved",
    "play-captured",
    "play-board-label",
    "play-empty",
    "play-selected",
    "play-keyboard-help",
    "play-error",
    // Room mode ("Invite a friend", room.js; docs/rooms.md), the same for
    // every family. The refusals are per error code: the server's own
    // sentences are English.
    "play-room-heading",
    "play-room-invite",
    "play-room-creating",
    "play-room-create-failed",
    "play-room-joining",
    "play-room-you-play",
    "play-room-watching",
    "play-room-waiting",
    "play-room-friend-away",
    "play-room-friend-here",
    "play-room-link-label",
    "play-room-copy-link",
    "play-room-link-copied",
    "play-room-their-move",
    "play-room-to-move",
    "play-room-sending",
    "play-room-refused",
    "play-room-gone",
    "play-room-rematch",
    "play-room-leave",
    "play-room-status-connecting",
    "play-room-status-open",
    "play-room-status-reconnecting",
    "play-room-status-closed",
    "play-room-error-not-your-turn",
    "play-room-error-stale",
    "play-room-error-illegal-move",
    "play-room-error-bad-notation",
    "play-room-error-game-over",
    "play-room-error-game-not-over",
    "play-room-error-not-a-seat",
    "play-room-error-bad-token",
    "play-room-error-rate-limited",
    "play-room-error-store-failed",
    "play-room-error-too-many-rooms",
    "play-room-error-origin-not-allowed",
    "play-room-error-network",
    "play-room-error-other",
];

/// Messages that take arguments, with the placeholders the script replaces.
const PLACEHOLDERS: &[(&str, &[&str])] = &[
    ("play-your-move", &["side"]),
    ("play-moved", &["side", "move"]),
    ("play-captured", &["squares"]),
    ("play-board-label", &["rows", "cols"]),
    ("play-error", &["error"]),
    ("play-level-normal", &["seconds"]),
    ("play-level-hard", &["seconds"]),
    ("play-viewing", &["move"]),
    ("play-hint-ahead", &["side"]),
    ("play-hint-winning", &["side"]),
    ("play-hint-forced-win", &["side", "moves"]),
    ("play-hint-move", &["move"]),
    ("play-room-create-failed", &["error"]),
    ("play-room-joining", &["room"]),
    ("play-room-you-play", &["side", "room"]),
    ("play-room-watching", &["room"]),
    ("play-room-their-move", &["side"]),
    ("play-room-to-move", &["side"]),
    ("play-room-refused", &["reason"]),
    ("play-room-error-other", &["code"]),
];

/// Message `id` in `lang`, each argument written as its `{name}`
/// placeholder for the script.
pub fn with_placeholders(i18n: &I18n, lang: &str, id: &str) -> String {
    let names = PLACEHOLDERS
        .iter()
        .find(|(p, _)| *p == id)
        .map_or(&[][..], |(_, names)| *names);
    let tokens: Vec<String> = names.iter().map(|n| format!("{{{n}}}")).collect();
    let args: Vec<(&str, Arg<'_>)> = names
        .iter()
        .zip(&tokens)
        .map(|(name, token)| (*name, Arg::Str(token)))
        .collect();
    i18n.message(lang, id, &args)
}

/// The shared sentences in `lang`, keyed by id, for a family's board data.
pub fn board_strings<'a>(
    i18n: &'a I18n,
    lang: &'a str,
) -> impl Iterator<Item = (&'static str, String)> + 'a {
    BOARD_MESSAGE_IDS
        .iter()
        .map(move |&id| (id, with_placeholders(i18n, lang, id)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_verdict_of_a_hint_has_its_sentence() {
        for verdict in rulehub_game::ai::Verdict::ALL {
            let id = format!("play-hint-{}", verdict.code());
            assert!(BOARD_MESSAGE_IDS.contains(&id.as_str()), "{id} is missing");
        }
    }

    #[test]
    fn every_placeholder_message_is_one_the_boards_say() {
        for (id, _) in PLACEHOLDERS {
            assert!(
                BOARD_MESSAGE_IDS.contains(id),
                "{id} has placeholders but no board says it"
            );
        }
    }
}
