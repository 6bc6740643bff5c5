//! Room codes and seat tokens: drawn from the operating system's randomness,
//! checked in shape before they are used as names, and compared in constant
//! time so that a token cannot be guessed a byte at a time.

use std::fmt;

/// Letters of a room code: Crockford's base 32 (no I, L, O, U), so a code
/// read aloud or typed from a screen is not misread.
const CODE_ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// 10 letters of 5 bits: 50 bits, far beyond guessing at any allowed rate.
pub const CODE_LENGTH: usize = 10;
/// Random bytes in a seat token (hex-encoded, 64 characters).
const TOKEN_BYTES: usize = 32;

/// The operating system gave no randomness; nothing can be created safely.
#[derive(Debug, thiserror::Error)]
#[error("the operating system's random number source failed: {0}")]
pub struct RandomnessError(String);

fn random_bytes<const N: usize>() -> Result<[u8; N], RandomnessError> {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).map_err(|e| RandomnessError(e.to_string()))?;
    Ok(bytes)
}

/// A room's code: `CODE_LENGTH` letters of [`CODE_ALPHABET`]. Its shape is
/// checked on every way in, so it is safe as a file name.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RoomCode(String);

impl RoomCode {
    pub fn random() -> Result<RoomCode, RandomnessError> {
        let bytes: [u8; CODE_LENGTH] = random_bytes()?;
        // 256 is a multiple of 32, so taking 5 bits keeps the draw uniform.
        let code = bytes
            .iter()
            .map(|b| CODE_ALPHABET[usize::from(b & 31)] as char)
            .collect();
        Ok(RoomCode(code))
    }

    /// A code as a user typed or a link carried it: case and Crockford's
    /// look-alikes (O→0, I/L→1) forgiven, anything else refused.
    pub fn parse(text: &str) -> Option<RoomCode> {
        if text.len() != CODE_LENGTH {
            return None;
        }
        let mut code = String::with_capacity(CODE_LENGTH);
        for c in text.chars() {
            let c = match c.to_ascii_uppercase() {
                'O' => '0',
                'I' | 'L' => '1',
                c => c,
            };
            if !c.is_ascii() || !CODE_ALPHABET.contains(&(c as u8)) {
                return None;
            }
            code.push(c);
        }
        Some(RoomCode(code))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for RoomCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A seat token: the secret a browser keeps to hold its seat.
#[derive(Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SeatToken(String);

impl SeatToken {
    pub fn random() -> Result<SeatToken, RandomnessError> {
        let bytes: [u8; TOKEN_BYTES] = random_bytes()?;
        Ok(SeatToken(
            bytes.iter().map(|b| format!("{b:02x}")).collect(),
        ))
    }

    /// Whether `offered` is this token, in time that depends only on the
    /// lengths, never on where the first difference is.
    pub fn matches(&self, offered: &str) -> bool {
        let ours = self.0.as_bytes();
        let theirs = offered.as_bytes();
        if ours.len() != theirs.len() {
            return false;
        }
        let difference = ours
            .iter()
            .zip(theirs)
            .fold(0u8, |acc, (a, b)| acc | (a ^ b));
        // Keep the optimiser from turning the fold into an early exit.
        std::hint::black_box(difference) == 0
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Tokens never appear in logs or debug output.
impl fmt::Debug for SeatToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SeatToken(…)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_distinct_and_parse_back() {
        let a = RoomCode::random().expect("randomness");
        let b = RoomCode::random().expect("randomness");
        assert_ne!(a, b);
        assert_eq!(RoomCode::parse(a.as_str()), Some(a.clone()));
        assert_eq!(RoomCode::parse(&a.as_str().to_lowercase()), Some(a));
    }

    #[test]
    fn codes_of_another_shape_are_refused() {
        for bad in [
            "",
            "ABC",
            "../../etc/x",
            "ABCDEFGHJU",
            "ABCDEFGHJ/",
            "ÅBCDEFGHJK",
        ] {
            assert_eq!(RoomCode::parse(bad), None, "{bad}");
        }
        assert_eq!(
            RoomCode::parse("oil0000000").map(|c| c.0),
            Some("0110000000".into())
        );
    }

    #[test]
    fn tokens_match_only_themselves() {
        let token = SeatToken::random().expect("randomness");
        assert!(token.matches(token.as_str()));
        let mut forged = token.as_str().to_string();
        forged.replace_range(63..64, if forged.ends_with('0') { "1" } else { "0" });
        assert!(!token.matches(&forged));
        assert!(!token.matches(""));
        assert!(!token.matches(&token.as_str()[..63]));
    }
}
