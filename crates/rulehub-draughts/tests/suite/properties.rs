//! Properties over random games: make/unmake restores everything, the
//! incremental hash is the hash from scratch, every move replays from its own
//! notation, and FEN round-trips.

use proptest::prelude::*;
use rulehub_draughts::{DraughtsRules, Game, MoveText, Preset, fen, record};

/// A game after random legal moves chosen by `picks`.
fn random_game(preset: Preset, picks: &[u16]) -> Game {
    random_game_under(&preset.rules(), picks)
}

fn random_game_under(rules: &DraughtsRules, picks: &[u16]) -> Game {
    let mut game = Game::start(rules);
    for &pick in picks {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        game.make(moves[pick as usize % moves.len()]);
    }
    game
}

fn preset() -> impl Strategy<Value = Preset> {
    (0usize..Preset::ALL.len()).prop_map(|i| Preset::ALL[i])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn make_then_unmake_restores_position_and_hash(
        preset in preset(),
        picks in proptest::collection::vec(any::<u16>(), 0..80),
    ) {
        let mut game = random_game(preset, &picks);
        let before = game.position().clone();
        let hash = game.hash();
        prop_assert_eq!(hash, before.hash());
        for mv in game.legal_moves() {
            game.make(mv);
            prop_assert_eq!(game.hash(), game.position().hash(), "after {}", mv);
            game.unmake();
            prop_assert_eq!(game.position(), &before);
            prop_assert_eq!(game.hash(), hash);
        }
    }

    #[test]
    fn every_move_replays_from_its_own_notation(
        preset in preset(),
        optional_captures in any::<bool>(),
        picks in proptest::collection::vec(any::<u16>(), 0..80),
    ) {
        // With optional captures a slide and a capture can join the same
        // two squares; the notation must still tell them apart.
        let mut rules = preset.rules();
        rules.capture_mandatory = !optional_captures;
        let game = random_game_under(&rules, &picks);
        for mv in game.legal_moves() {
            for text in [game.notation(&mv), mv.full_notation()] {
                let parsed = record::parse(&text).expect("own notation reads");
                prop_assert_eq!(parsed.len(), 1);
                let resolved = game.resolve(&parsed[0].move_text);
                prop_assert_eq!(resolved, Ok(mv), "{} read back differently", text);
            }
        }
    }

    #[test]
    fn fen_round_trips(
        preset in preset(),
        picks in proptest::collection::vec(any::<u16>(), 0..80),
    ) {
        let game = random_game(preset, &picks);
        let text = fen::write(game.position());
        let read = fen::parse_position(&text, game.position().geometry()).expect("own FEN reads");
        prop_assert_eq!(&read, game.position());
        prop_assert_eq!(fen::write(&read), text);
    }

    /// Arbitrary text never panics the FEN or record readers.
    #[test]
    fn readers_refuse_garbage_without_panicking(text in "\\PC{0,60}") {
        let rules = Preset::International.rules();
        let _ = fen::parse(&text, rules.geometry());
        let mut game = Game::start(&rules);
        let _ = record::replay(&mut game, &text);
        let _ = game.resolve(&MoveText::default());
    }

    /// Archives built from PDN's own pieces (tags, comments, variations,
    /// move numbers, results, letter-number squares) in any order: read and
    /// replayed game by game, never a panic, every span inside the text.
    #[test]
    fn the_pdn_reader_never_panics_on_archive_like_text(
        preset in preset(),
        parts in proptest::collection::vec(
            proptest::sample::select(vec![
                "[Event \"x\"]", "[FEN \"W:W18,K31:B5,14.\"]", "[FEN \"?:wa1:b\"]", "{c [%clk 1]}",
                "(", ")", "1.", "...", "11-15", "22x", " 9", "c3-d4", "d4:b6", "$1", "%\n",
                "1-0", "2-0", "1/2-1/2", "*", ";setup: B:W21:B1\n", "\n", " ", "x", "-",
                "18x9", "27x18", "18x9x2", "e3:g5", "{", "}", "[", "]", "\"", "½-½",
            ]),
            0..40,
        ),
    ) {
        let text: String = parts.concat();
        let rules = preset.rules();
        match record::games(&text) {
            Ok(games) => {
                for game in &games {
                    for mv in &game.moves {
                        prop_assert!(text.get(mv.span.clone()).is_some());
                    }
                    let start = game
                        .setup()
                        .and_then(|(_, f)| fen::parse_for(f, rules.geometry(), rules.first_to_move).ok())
                        .unwrap_or_else(|| rules.start_position());
                    let mut played = Game::new(&rules, start);
                    let mut next = 0;
                    while next < game.moves.len() {
                        match record::play_move(&mut played, &game.moves[next..]) {
                            Ok(advance) => next += advance.tokens,
                            Err(e) => {
                                prop_assert!(!e.to_string().is_empty());
                                break;
                            }
                        }
                    }
                }
            }
            Err(e) => prop_assert!(text.get(e.span.clone()).is_some()),
        }
    }
}
