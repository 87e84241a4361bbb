//! The encounter file (rules 5): TOML text in, a validated [`Encounter`] out, or the first error
//! with its line and column. This is the one door through which a scenario enters the game.
//!
//! The TOML parser keeps a byte span for every key and value; errors point at the value that is
//! wrong, at an unknown key, or at the table that misses a key (rules 5.2). No I/O.

use std::ops::RangeInclusive;

use toml::Spanned;
use toml::de::{DeTable, DeValue};
use xenotable_protocol::away_team::{Mode, Role};

use crate::games::ScenarioError;

/// The value of `format` that names this version of the file.
pub const FORMAT: &str = "away-team/1";
/// Files above this size are refused unread.
pub const MAX_FILE_BYTES: usize = 65_536;
/// Most crew members, the Captain included (rules 1.1).
pub const MAX_CREW: usize = 6;
/// Most alien groups, and most aliens in all (rules 5.1).
pub const MAX_GROUPS: usize = 6;
pub const MAX_ALIENS: usize = 12;

/// Role names as spelt in files.
const ROLES: [(Role, &str); 6] = [
    (Role::Captain, "captain"),
    (Role::SecurityOfficer, "security-officer"),
    (Role::SecurityGuard, "security-guard"),
    (Role::Science, "science"),
    (Role::Medical, "medical"),
    (Role::Engineering, "engineering"),
];

const WEAPONS: [(Mode, &str); 2] = [(Mode::Kill, "kill"), (Mode::Stun, "stun")];

const OBJECTIVES: [(ObjectiveKind, &str); 3] = [
    (ObjectiveKind::Neutralise, "neutralise"),
    (ObjectiveKind::NeutraliseGroup, "neutralise-group"),
    (ObjectiveKind::Survive, "survive"),
];

const TOP_KEYS: [&str; 14] = [
    "format",
    "title",
    "description",
    "objective",
    "objective_group",
    "capture",
    "survive_rounds",
    "max_rounds",
    "range_mod",
    "crew_defense_mod",
    "hostility_limit",
    "allow_retreat",
    "crew",
    "alien",
];
const CREW_KEYS: [&str; 5] = ["id", "name", "role", "skill", "skill_mod"];
const ALIEN_KEYS: [&str; 9] = [
    "id",
    "name",
    "count",
    "skill",
    "ranged",
    "stun_immune",
    "peaceful",
    "weapon",
    "defense_mod",
];

/// The range of every modifier.
const MODIFIER: RangeInclusive<i64> = -6..=6;
/// The range of `max_rounds` and `survive_rounds`.
const ROUNDS: RangeInclusive<i64> = 1..=50;
const DEFAULT_MAX_ROUNDS: u32 = 20;
const DEFAULT_HOSTILITY_LIMIT: u32 = 3;
/// The range of a SKILL given in a file.
const SKILL: RangeInclusive<i64> = 2..=12;

/// A validated encounter.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Encounter {
    pub title: String,
    pub description: String,
    pub objective: Objective,
    /// Ignored under `survive`.
    pub max_rounds: u32,
    pub range_mod: i32,
    pub crew_defense_mod: i32,
    /// 0: never.
    pub hostility_limit: u32,
    pub allow_retreat: bool,
    /// In file order: crew number k is `crew[k - 1]`. Exactly one Captain.
    pub crew: Vec<CrewSpec>,
    /// In file order.
    pub groups: Vec<GroupSpec>,
}

/// What the Away Team must do; groups by their index in [`Encounter::groups`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Objective {
    Neutralise,
    NeutraliseGroup { group: usize, capture: bool },
    Survive { rounds: u32 },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ObjectiveKind {
    Neutralise,
    NeutraliseGroup,
    Survive,
}

/// A crew member as the file gives it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CrewSpec {
    pub id: String,
    pub name: String,
    pub role: Role,
    pub skill: SkillSpec,
    pub skill_mod: i32,
}

/// A SKILL written in the file, or rolled at match start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SkillSpec {
    Fixed(u8),
    /// 1d6 + 6.
    Roll,
}

/// An alien group as the file gives it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GroupSpec {
    pub id: String,
    pub name: String,
    pub count: u8,
    pub skill: u8,
    pub ranged: bool,
    pub stun_immune: bool,
    pub peaceful: bool,
    pub weapon: Mode,
    pub defense_mod: i32,
}

impl Encounter {
    /// Reads and validates an encounter file.
    pub fn parse(text: &str) -> Result<Encounter, ScenarioError> {
        if text.len() > MAX_FILE_BYTES {
            return Err(ScenarioError::new(
                1,
                1,
                format!(
                    "the file is {} bytes; at most {MAX_FILE_BYTES} are allowed",
                    text.len()
                ),
            ));
        }
        // The parser may report several errors, not in file order: the first in the file wins.
        let (root, errors) = DeTable::parse_recoverable(text);
        if let Some(e) = errors
            .iter()
            .min_by_key(|e| e.span().map_or(0, |s| s.start))
        {
            let (line, column) = position(text, e.span().map_or(0, |s| s.start));
            return Err(ScenarioError::new(
                line,
                column,
                e.message().trim().to_owned(),
            ));
        }
        let top = Table {
            text,
            entries: root.get_ref(),
            at: 0,
            path: String::new(),
        };
        read(&top)
    }
}

/// 1-based line and column (in characters) of byte `at` of `text`.
pub fn position(text: &str, at: usize) -> (usize, usize) {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    // A byte order mark opening the file is invisible in an editor: it takes no column.
    let opening = if line_start == 0 { "\u{feff}" } else { "" };
    let line_text = &before[line_start..];
    let column = line_text
        .strip_prefix(opening)
        .unwrap_or(line_text)
        .chars()
        .count()
        + 1;
    (line, column)
}

type Value<'i> = Spanned<DeValue<'i>>;

/// A table of the file being read: its entries, where a missing key is reported, and its path.
struct Table<'t, 'i> {
    text: &'t str,
    entries: &'t DeTable<'i>,
    /// Byte offset where errors about the table itself go (its header).
    at: usize,
    /// `""` for the top level, `crew[1]` for an entry.
    path: String,
}

impl<'t, 'i> Table<'t, 'i> {
    fn key_path(&self, key: &str) -> String {
        if self.path.is_empty() {
            key.to_owned()
        } else {
            format!("{}.{key}", self.path)
        }
    }

    fn error(&self, at: usize, key: &str, message: impl std::fmt::Display) -> ScenarioError {
        error_at(self.text, at, &self.key_path(key), message)
    }

    /// The first key, in file order, that the schema does not know.
    fn refuse_unknown(&self, known: &[&str]) -> Result<(), ScenarioError> {
        match self
            .entries
            .iter()
            .find(|(k, _)| !known.contains(&k.get_ref().as_ref()))
        {
            Some((key, _)) => Err(self.error(key.span().start, key.get_ref(), "unknown key")),
            None => Ok(()),
        }
    }

    fn get(&self, key: &str) -> Option<&'t Value<'i>> {
        self.entries.get(key)
    }

    fn missing(&self, key: &str) -> ScenarioError {
        self.error(self.at, key, "required key is missing")
    }

    fn wrong_type(&self, key: &str, value: &Value<'_>, expected: &str) -> ScenarioError {
        self.error(
            value.span().start,
            key,
            format!("expected {expected}, found {}", value.get_ref().type_str()),
        )
    }

    fn string(&self, key: &str) -> Result<Option<(&'t str, usize)>, ScenarioError> {
        self.get(key)
            .map(|v| match v.get_ref() {
                DeValue::String(s) => Ok((s.as_ref(), v.span().start)),
                _ => Err(self.wrong_type(key, v, "a string")),
            })
            .transpose()
    }

    fn text(
        &self,
        key: &str,
        chars: RangeInclusive<usize>,
    ) -> Result<Option<(String, usize)>, ScenarioError> {
        let Some((s, at)) = self.string(key)? else {
            return Ok(None);
        };
        if !chars.contains(&s.chars().count()) {
            return Err(self.error(
                at,
                key,
                format!(
                    "must be {} to {} characters long",
                    chars.start(),
                    chars.end()
                ),
            ));
        }
        Ok(Some((s.to_owned(), at)))
    }

    fn integer(
        &self,
        key: &str,
        range: RangeInclusive<i64>,
    ) -> Result<Option<(i64, usize)>, ScenarioError> {
        let Some(v) = self.get(key) else {
            return Ok(None);
        };
        let at = v.span().start;
        match v.get_ref() {
            DeValue::Integer(n) => i64::from_str_radix(n.as_str(), n.radix())
                .ok()
                .filter(|n| range.contains(n))
                .map(|n| Some((n, at)))
                .ok_or_else(|| out_of_range(self, key, at, &range)),
            _ => Err(self.wrong_type(key, v, "an integer")),
        }
    }

    fn bool(&self, key: &str) -> Result<Option<(bool, usize)>, ScenarioError> {
        self.get(key)
            .map(|v| match v.get_ref() {
                DeValue::Boolean(b) => Ok((*b, v.span().start)),
                _ => Err(self.wrong_type(key, v, "a boolean")),
            })
            .transpose()
    }

    fn choice<T: Copy>(
        &self,
        key: &str,
        choices: &[(T, &str)],
    ) -> Result<Option<(T, usize)>, ScenarioError> {
        let Some((s, at)) = self.string(key)? else {
            return Ok(None);
        };
        match choices.iter().find(|(_, name)| *name == s) {
            Some((choice, _)) => Ok(Some((*choice, at))),
            None => {
                let names: Vec<String> = choices.iter().map(|(_, n)| format!("{n:?}")).collect();
                Err(self.error(at, key, format!("must be one of {}", names.join(", "))))
            }
        }
    }

    fn id(&self, key: &str) -> Result<Option<(String, usize)>, ScenarioError> {
        let Some((s, at)) = self.string(key)? else {
            return Ok(None);
        };
        if !is_id(s) {
            return Err(self.error(
                at,
                key,
                "must be a lowercase letter then up to 23 of a-z, 0-9, _ and -",
            ));
        }
        Ok(Some((s.to_owned(), at)))
    }

    fn required<T>(&self, key: &str, value: Option<T>) -> Result<T, ScenarioError> {
        value.ok_or_else(|| self.missing(key))
    }

    /// The tables of an array of tables (`[[crew]]`), each with its path and header position.
    fn tables(
        &self,
        key: &str,
        count: RangeInclusive<usize>,
    ) -> Result<Vec<Table<'t, 'i>>, ScenarioError> {
        let value = self.required(key, self.get(key))?;
        let DeValue::Array(items) = value.get_ref() else {
            return Err(self.wrong_type(key, value, "an array of tables"));
        };
        if !count.contains(&items.len()) {
            let at = items
                .get(*count.end())
                .map_or(value.span().start, |v| v.span().start);
            return Err(self.error(
                at,
                key,
                format!("must have {} to {} entries", count.start(), count.end()),
            ));
        }
        items
            .iter()
            .enumerate()
            .map(|(k, item)| {
                let path = format!("{key}[{k}]");
                match item.get_ref() {
                    DeValue::Table(entries) => Ok(Table {
                        text: self.text,
                        entries,
                        at: item.span().start,
                        path,
                    }),
                    _ => Err(error_at(
                        self.text,
                        item.span().start,
                        &path,
                        format!("expected a table, found {}", item.get_ref().type_str()),
                    )),
                }
            })
            .collect()
    }
}

fn error_at(text: &str, at: usize, path: &str, message: impl std::fmt::Display) -> ScenarioError {
    let (line, column) = position(text, at);
    ScenarioError::new(line, column, format!("{path}: {message}"))
}

fn out_of_range(
    t: &Table<'_, '_>,
    key: &str,
    at: usize,
    range: &RangeInclusive<i64>,
) -> ScenarioError {
    t.error(
        at,
        key,
        format!("must be {} to {}", range.start(), range.end()),
    )
}

/// `[a-z][a-z0-9_-]{0,23}`.
fn is_id(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && s.len() <= 24
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-')
}

// Every integer read here was first checked against its range, which fits the narrower type.
fn small(n: i64) -> i32 {
    i32::try_from(n).unwrap_or_default()
}

fn natural(n: i64) -> u32 {
    u32::try_from(n).unwrap_or_default()
}

fn byte(n: i64) -> u8 {
    u8::try_from(n).unwrap_or_default()
}

fn read(top: &Table<'_, '_>) -> Result<Encounter, ScenarioError> {
    top.refuse_unknown(&TOP_KEYS)?;
    let (format, at) = top.required("format", top.string("format")?)?;
    if format != FORMAT {
        return Err(top.error(at, "format", format!("must be {FORMAT:?}")));
    }
    let (title, _) = top.required("title", top.text("title", 1..=80)?)?;
    let description = top.text("description", 0..=2000)?.map(|(d, _)| d);
    let objective = top.required("objective", top.choice("objective", &OBJECTIVES)?)?;
    let max_rounds = top.integer("max_rounds", ROUNDS)?;
    let range_mod = top.integer("range_mod", MODIFIER)?;
    let crew_defense_mod = top.integer("crew_defense_mod", MODIFIER)?;
    let hostility_limit = top.integer("hostility_limit", 0..=20)?;
    let allow_retreat = top.bool("allow_retreat")?.is_some_and(|(b, _)| b);
    let mut ids: Vec<String> = Vec::new();
    let crew = read_crew(top, &mut ids)?;
    let groups = read_groups(top, &crew, &mut ids)?;
    Ok(Encounter {
        title,
        description: description.unwrap_or_default(),
        objective: read_objective(top, objective, &groups)?,
        max_rounds: max_rounds.map_or(DEFAULT_MAX_ROUNDS, |(n, _)| natural(n)),
        range_mod: range_mod.map_or(0, |(n, _)| small(n)),
        crew_defense_mod: crew_defense_mod.map_or(0, |(n, _)| small(n)),
        hostility_limit: hostility_limit.map_or(DEFAULT_HOSTILITY_LIMIT, |(n, _)| natural(n)),
        allow_retreat,
        crew,
        groups,
    })
}

/// The objective with the keys that go with it (and none that go with another).
fn read_objective(
    top: &Table<'_, '_>,
    (kind, kind_at): (ObjectiveKind, usize),
    groups: &[GroupSpec],
) -> Result<Objective, ScenarioError> {
    let objective_group = top.id("objective_group")?;
    let capture = top.bool("capture")?;
    let survive_rounds = top.integer("survive_rounds", ROUNDS)?;
    let misplaced = [
        (
            ObjectiveKind::NeutraliseGroup,
            "objective_group",
            objective_group.as_ref().map(|v| v.1),
        ),
        (
            ObjectiveKind::NeutraliseGroup,
            "capture",
            capture.map(|v| v.1),
        ),
        (
            ObjectiveKind::Survive,
            "survive_rounds",
            survive_rounds.map(|v| v.1),
        ),
    ];
    for (only, key, at) in misplaced {
        if let (Some(at), true) = (at, kind != only) {
            let name = OBJECTIVES.iter().find(|o| o.0 == only).map_or("", |o| o.1);
            return Err(top.error(at, key, format!("only allowed with objective = {name:?}")));
        }
    }
    Ok(match kind {
        ObjectiveKind::NeutraliseGroup => {
            let (id, at) = top.required("objective_group", objective_group)?;
            let group = groups.iter().position(|g| g.id == id).ok_or_else(|| {
                top.error(
                    at,
                    "objective_group",
                    format!("no alien group has id {id:?}"),
                )
            })?;
            let capture = match capture {
                Some((true, at)) if groups[group].stun_immune => {
                    return Err(top.error(
                        at,
                        "capture",
                        "the objective group is stun-immune and cannot be captured",
                    ));
                }
                Some((c, _)) => c,
                None => false,
            };
            Objective::NeutraliseGroup { group, capture }
        }
        ObjectiveKind::Survive => {
            let (rounds, _) = top.required("survive_rounds", survive_rounds)?;
            Objective::Survive {
                rounds: natural(rounds),
            }
        }
        ObjectiveKind::Neutralise if groups.iter().all(|g| g.peaceful) => {
            return Err(top.error(
                kind_at,
                "objective",
                "neutralise needs at least one group that is not peaceful",
            ));
        }
        ObjectiveKind::Neutralise => Objective::Neutralise,
    })
}

/// Records a new id, refusing one already used by any crew member or group; returns it with
/// its position.
fn claim_id(t: &Table<'_, '_>, ids: &mut Vec<String>) -> Result<(String, usize), ScenarioError> {
    let (id, at) = t.required("id", t.id("id")?)?;
    if ids.contains(&id) {
        return Err(t.error(at, "id", format!("id {id:?} is already used")));
    }
    ids.push(id.clone());
    Ok((id, at))
}

fn read_crew(top: &Table<'_, '_>, ids: &mut Vec<String>) -> Result<Vec<CrewSpec>, ScenarioError> {
    let tables = top.tables("crew", 1..=MAX_CREW)?;
    let mut crew: Vec<CrewSpec> = Vec::with_capacity(tables.len());
    for t in &tables {
        t.refuse_unknown(&CREW_KEYS)?;
        let (id, _) = claim_id(t, ids)?;
        let (name, _) = t.required("name", t.text("name", 1..=40)?)?;
        let (role, role_at) = t.required("role", t.choice("role", &ROLES)?)?;
        if role == Role::Captain && crew.iter().any(|c| c.role == Role::Captain) {
            return Err(t.error(role_at, "role", "only one captain allowed"));
        }
        let skill = match t.get("skill").map(|v| (v, v.get_ref())) {
            Some((_, DeValue::String(s))) if s.as_ref() == "roll" => SkillSpec::Roll,
            Some((_, DeValue::Integer(_))) => {
                SkillSpec::Fixed(t.integer("skill", SKILL)?.map_or(0, |(n, _)| byte(n)))
            }
            Some((v, _)) => {
                return Err(t.error(
                    v.span().start,
                    "skill",
                    "must be an integer 2 to 12 or \"roll\"",
                ));
            }
            None => return Err(t.missing("skill")),
        };
        let skill_mod = t
            .integer("skill_mod", MODIFIER)?
            .map_or(0, |(n, _)| small(n));
        crew.push(CrewSpec {
            id,
            name,
            role,
            skill,
            skill_mod,
        });
    }
    if !crew.iter().any(|c| c.role == Role::Captain) {
        let at = top.get("crew").map_or(0, |v| v.span().start);
        return Err(top.error(at, "crew", "exactly one crew member must be the captain"));
    }
    Ok(crew)
}

fn read_groups(
    top: &Table<'_, '_>,
    crew: &[CrewSpec],
    ids: &mut Vec<String>,
) -> Result<Vec<GroupSpec>, ScenarioError> {
    let tables = top.tables("alien", 1..=MAX_GROUPS)?;
    let mut groups: Vec<GroupSpec> = Vec::with_capacity(tables.len());
    let mut aliens = 0;
    for t in &tables {
        t.refuse_unknown(&ALIEN_KEYS)?;
        let (id, id_at) = claim_id(t, ids)?;
        let (name, _) = t.required("name", t.text("name", 1..=40)?)?;
        let count = t.integer("count", 1..=6)?;
        let (skill, _) = t.required("skill", t.integer("skill", SKILL)?)?;
        let count_n = count.map_or(1, |(n, _)| byte(n));
        // Shots name aliens `<group>-<n>` and crew by id: one name must never mean both.
        if let Some(clash) = (1..=count_n)
            .map(|n| format!("{id}-{n}"))
            .find(|alien| crew.iter().any(|c| &c.id == alien))
        {
            return Err(t.error(
                id_at,
                "id",
                format!("this group's alien {clash:?} would have the id of a crew member"),
            ));
        }
        aliens += usize::from(count_n);
        if aliens > MAX_ALIENS {
            let at = count.map_or(t.at, |(_, at)| at);
            return Err(t.error(at, "count", format!("more than {MAX_ALIENS} aliens in all")));
        }
        groups.push(GroupSpec {
            id,
            name,
            count: count_n,
            skill: byte(skill),
            ranged: t.bool("ranged")?.is_none_or(|(b, _)| b),
            stun_immune: t.bool("stun_immune")?.is_some_and(|(b, _)| b),
            peaceful: t.bool("peaceful")?.is_some_and(|(b, _)| b),
            weapon: t.choice("weapon", &WEAPONS)?.map_or(Mode::Kill, |(w, _)| w),
            defense_mod: t
                .integer("defense_mod", MODIFIER)?
                .map_or(0, |(n, _)| small(n)),
        });
    }
    Ok(groups)
}
