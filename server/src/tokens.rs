//! Seat tokens: 256 random bits, handed out once, stored only as their SHA-256 hash.

use sha2::{Digest, Sha256};

use crate::store::TokenHash;

/// The operating system gave no randomness: no secret can be made.
#[derive(Debug, thiserror::Error)]
#[error("no randomness available: {0}")]
pub struct NoRandomness(getrandom::Error);

/// A new seat token: 32 random bytes as 64 hex digits.
pub fn new_token() -> Result<String, NoRandomness> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(NoRandomness)?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// The hash under which a token is stored and looked up.
pub fn hash(token: &str) -> TokenHash {
    Sha256::digest(token.as_bytes()).into()
}

/// A random seed for a match created without one.
pub fn random_seed() -> Result<u64, NoRandomness> {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).map_err(NoRandomness)?;
    Ok(u64::from_le_bytes(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_random_and_hashed() {
        let a = new_token().unwrap();
        let b = new_token().unwrap();
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
        assert_eq!(hash(&a), hash(&a));
        assert_ne!(hash(&a), hash(&b));
    }
}
