//! The station (rules 3) and the random movement table (rules 5.2), as `const` data.

use xenotable_protocol::intruder::Room::{self, *};

/// Every compartment in canonical order.
pub const ROOMS: [Room; 28] = [
    Cm, Arm, Frz, Cmp, A1, A2, B1, B2, C1, C2, Sa1, Sa2, Sb1, Sb2, Sc1, Sc2, Mes, Liv, Lab, Inf,
    Pwr, Mnt, Sh1, Sh2, Sh3, Air, Dk1, Dk2,
];

/// The compartments next to `room` (passageways cannot be blocked).
pub const fn adjacent(room: Room) -> &'static [Room] {
    match room {
        Cm => &[A1, B1, C1, Arm, Frz, Cmp],
        Arm | Frz | Cmp => &[Cm],
        A1 => &[Cm, A2, Sa1, Mes],
        A2 => &[A1, Sa2, Liv, Dk1],
        B1 => &[Cm, B2, Sb1, Lab],
        B2 => &[B1, Sb2, Inf, Dk2],
        C1 => &[Cm, C2, Sc1, Pwr],
        C2 => &[C1, Sc2, Mnt, Air],
        Sa1 => &[A1],
        Sa2 => &[A2],
        Sb1 => &[B1],
        Sb2 => &[B2],
        Sc1 => &[C1],
        Sc2 => &[C2],
        Mes => &[A1, Sh2, Liv],
        Liv => &[Mes, A2, Sh3],
        Lab => &[B1, Inf, Sh1],
        Inf => &[Lab, B2, Sh2],
        Pwr => &[C1, Mnt, Sh1],
        Mnt => &[Pwr, C2, Sh3],
        Sh1 => &[Lab, Pwr],
        Sh2 => &[Mes, Inf],
        Sh3 => &[Liv, Mnt],
        Air => &[C2],
        Dk1 => &[A2],
        Dk2 => &[B2],
    }
}

/// Where a counter in `room` goes on a die roll of 1 to 6 (`None`: it stays).
pub const fn random_move(room: Room, roll: u8) -> Option<Room> {
    let row: [Option<Room>; 4] = match room {
        Cm => [Some(A1), Some(B1), Some(C1), None],
        A1 => [Some(Cm), Some(A2), Some(Sa1), Some(Mes)],
        A2 => [Some(A1), Some(Sa2), Some(Liv), Some(Dk1)],
        B1 => [Some(Cm), Some(B2), Some(Sb1), Some(Lab)],
        B2 => [Some(B1), Some(Sb2), Some(Inf), Some(Dk2)],
        C1 => [Some(Cm), Some(C2), Some(Sc1), Some(Pwr)],
        C2 => [Some(C1), Some(Sc2), Some(Mnt), Some(Air)],
        Sa1 | Sa2 | Sb1 | Sb2 | Sc1 | Sc2 | Air | Dk1 | Dk2 => {
            let out = Some(adjacent(room)[0]);
            [out, out, None, None]
        }
        Mes => [Some(A1), Some(Sh2), Some(Sh2), Some(Liv)],
        Liv => [Some(A2), Some(Sh3), Some(Sh3), Some(Mes)],
        Lab => [Some(B1), Some(Sh1), Some(Sh1), Some(Inf)],
        Inf => [Some(B2), Some(Sh2), Some(Sh2), Some(Lab)],
        Pwr => [Some(C1), Some(Sh1), Some(Sh1), Some(Mnt)],
        Mnt => [Some(C2), Some(Sh3), Some(Sh3), Some(Pwr)],
        Sh1 => [Some(Lab), Some(Lab), Some(Pwr), Some(Pwr)],
        Sh2 => [Some(Mes), Some(Mes), Some(Inf), Some(Inf)],
        Sh3 => [Some(Liv), Some(Liv), Some(Mnt), Some(Mnt)],
        Arm | Frz | Cmp => [Some(Cm), Some(Cm), Some(Cm), None],
    };
    if roll >= 1 && roll <= 4 {
        row[roll as usize - 1]
    } else {
        None
    }
}

/// The three secured rooms, entered only when unlocked this Crew Movement Phase.
pub const fn is_secured(room: Room) -> bool {
    matches!(room, Arm | Frz | Cmp)
}

/// An Access Shaft: 2 MP to enter.
pub const fn is_shaft(room: Room) -> bool {
    matches!(room, Sh1 | Sh2 | Sh3)
}

/// The MP it costs to enter `room` (rules 9.1).
pub const fn entry_cost(room: Room) -> u8 {
    if is_shaft(room) { 2 } else { 1 }
}

/// The placement order of a panic and of set-up (rules 14.2), repeated as needed.
pub const PANIC_ORDER: [Room; 9] = [Sh1, Sh2, Sh3, Sa1, Sb1, Sc1, Sa2, Sb2, Sc2];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adjacency_is_symmetric() {
        for a in ROOMS {
            for &b in adjacent(a) {
                assert!(adjacent(b).contains(&a), "{a:?} -> {b:?}");
            }
        }
    }

    #[test]
    fn random_moves_follow_passageways_and_avoid_secured_rooms_except_leaving_them() {
        for a in ROOMS {
            for roll in 1..=6 {
                if let Some(b) = random_move(a, roll) {
                    assert!(adjacent(a).contains(&b));
                    assert!(!is_secured(b));
                }
            }
        }
    }
}
