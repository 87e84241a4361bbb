//! Artemia's rules over arbitrary command sequences: see `xenotable_fuzz` for what is checked.

#![no_main]

use libfuzzer_sys::fuzz_target;
use xenotable_fuzz::{Bytes, games};

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    games::artemia(&mut bytes).play(&mut bytes);
});
