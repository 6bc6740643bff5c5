//! The SGF reader answers every input with games or an error, never a panic.

use proptest::prelude::*;
use rulehub_go::sgf::parse_collection;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn arbitrary_text_never_panics(text in ".{0,300}") {
        let _ = parse_collection(&text);
    }

    #[test]
    fn sgf_shaped_text_never_panics(
        parts in prop::collection::vec(
            prop::sample::select(vec![
                "(", ")", ";", "B[", "W[", "]", "[", "\\", "SZ[", "AB[", "aa:ss", "tt", "dd", "KM[", "9",
                "19", "-", "C[", "\n", "TB[", "HA[", "PL[", "AE[", "zz", "",
            ]),
            0..60,
        )
    ) {
        let text: String = parts.concat();
        let _ = parse_collection(&text);
    }
}
