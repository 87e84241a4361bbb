//! Derelict: marines against aliens in the corridors of a wrecked ship
//! (rules: `shared/rules/derelict.md`).

pub mod scenario;
