//! The scenarios and their seats (rules 1): each set-up is its own id with a fixed seat list, so
//! a match is fully described by its scenario and options.

use xenotable_protocol::Seat;

/// A scenario of rules 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Scenario {
    /// One crew seat against the automatic Intruder (17.2).
    Solitaire,
    /// The crew against an Intruder seat (17.1).
    Intelligent,
    /// Science and Command seats share the crew against the automatic Intruder (17.3).
    ScienceOfficer,
    /// Science and Command seats against an Intruder seat (17.1 and 17.3).
    ScienceOfficerIntelligent,
    /// Return to Prometheus (17.4).
    Return,
    /// Return to Prometheus with three team seats (17.4).
    ReturnTeams,
    /// Return to Prometheus against an Intruder seat (17.4, 17.1).
    ReturnIntelligent,
}

/// Every scenario, in the order of rules 1.
pub const SCENARIOS: [Scenario; 7] = [
    Scenario::Solitaire,
    Scenario::Intelligent,
    Scenario::ScienceOfficer,
    Scenario::ScienceOfficerIntelligent,
    Scenario::Return,
    Scenario::ReturnTeams,
    Scenario::ReturnIntelligent,
];

impl Scenario {
    /// The scenario id on the wire.
    pub const fn id(self) -> &'static str {
        match self {
            Scenario::Solitaire => "solitaire",
            Scenario::Intelligent => "intelligent",
            Scenario::ScienceOfficer => "science-officer",
            Scenario::ScienceOfficerIntelligent => "science-officer-intelligent",
            Scenario::Return => "return",
            Scenario::ReturnTeams => "return-teams",
            Scenario::ReturnIntelligent => "return-intelligent",
        }
    }

    /// The scenario's display name.
    pub const fn name(self) -> &'static str {
        match self {
            Scenario::Solitaire => "Solitaire",
            Scenario::Intelligent => "The Intelligent Intruder",
            Scenario::ScienceOfficer => "The Science Officer",
            Scenario::ScienceOfficerIntelligent => {
                "The Science Officer and the Intelligent Intruder"
            }
            Scenario::Return => "Return to Prometheus",
            Scenario::ReturnTeams => "Return to Prometheus (three teams)",
            Scenario::ReturnIntelligent => "Return to Prometheus (Intelligent Intruder)",
        }
    }

    /// The scenario with this id.
    pub fn from_id(id: &str) -> Option<Scenario> {
        SCENARIOS.into_iter().find(|s| s.id() == id)
    }

    /// Its fixed seats, in table order (rules 1).
    pub const fn seats(self) -> &'static [Seat] {
        match self {
            Scenario::Solitaire | Scenario::Return => &[Seat::Crew],
            Scenario::Intelligent | Scenario::ReturnIntelligent => &[Seat::Crew, Seat::Intruder],
            Scenario::ScienceOfficer => &[Seat::Science, Seat::Command],
            Scenario::ScienceOfficerIntelligent => &[Seat::Science, Seat::Command, Seat::Intruder],
            Scenario::ReturnTeams => &[Seat::Team(1), Seat::Team(2), Seat::Team(3)],
        }
    }

    /// Whether the engine plays this scenario yet.
    pub const fn playable(self) -> bool {
        matches!(
            self,
            Scenario::Solitaire
                | Scenario::Intelligent
                | Scenario::ScienceOfficer
                | Scenario::ScienceOfficerIntelligent
                | Scenario::Return
                | Scenario::ReturnTeams
                | Scenario::ReturnIntelligent
        )
    }

    /// Whether a seat plays the Intruder (17.1) instead of the dice.
    pub fn intruder_seat(self) -> bool {
        self.seats().contains(&Seat::Intruder)
    }

    /// Whether the crew is shared by several seats that give orders: `science` and `command`
    /// (17.3), or the three teams (17.4).
    pub fn split_crew(self) -> bool {
        self.crew_seats().count() > 1
    }

    /// The seats that play the crew.
    pub fn crew_seats(self) -> impl Iterator<Item = Seat> {
        self.seats()
            .iter()
            .copied()
            .filter(|&s| s != Seat::Intruder)
    }

    /// One of the three Return to Prometheus scenarios (17.4).
    pub const fn is_return(self) -> bool {
        matches!(
            self,
            Scenario::Return | Scenario::ReturnTeams | Scenario::ReturnIntelligent
        )
    }
}
