//! Xenotable: an authoritative game server for asymmetric science-fiction board games.
//!
//! `games` holds the rules, pure and deterministic; everything that touches the network, the
//! clock or the disk lives outside it and reaches a match only through the `Game` contract.

pub mod games;
