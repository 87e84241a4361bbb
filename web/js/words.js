// Words shared by every page: seat names, statuses, error codes, times.

const SEAT_WORDS = {
  marines: 'Marines',
  aliens: 'Aliens',
  creature: 'Creature',
  crew: 'Crew',
  intruder: 'Intruder',
  science: 'Science',
  command: 'Command',
  'away-team': 'Away Team',
  spectator: 'Spectator',
};

/** A seat id as people say it: `hunted-2` → `Hunted 2`. */
export function seatLabel(seat) {
  if (SEAT_WORDS[seat]) return SEAT_WORDS[seat];
  const numbered = /^([a-z]+)-(\d+)$/.exec(seat ?? '');
  if (numbered) return `${numbered[1][0].toUpperCase()}${numbered[1].slice(1)} ${numbered[2]}`;
  return String(seat);
}

/** Where a names map keeps its bot seats (a Map to their levels): a symbol, so it is never taken for a seat. */
const BOTS = Symbol('bot seats');
/** Where it keeps the people's seats a bot plays for now (a Map to the bots' levels). */
const STAND_INS = Symbol('stand-ins');

/**
 * A seat with its player's name: `Ann (Hunted 1)`; a bot's seat `Aliens (bot, strong)`; a
 * person's seat a bot plays for now keeps the person's name, `Ann (Hunted 1, bot, normal)`.
 */
export function seatWithName(seat, names) {
  if (names?.[BOTS]?.has(seat)) {
    const level = names[BOTS].get(seat);
    return level ? `${seatLabel(seat)} (bot, ${level})` : `${seatLabel(seat)} (bot)`;
  }
  const name = names?.[seat];
  const standIn = names?.[STAND_INS]?.get(seat);
  if (standIn) return name ? `${name} (${seatLabel(seat)}, bot, ${standIn})` : `${seatLabel(seat)} (bot, ${standIn})`;
  return name ? `${name} (${seatLabel(seat)})` : seatLabel(seat);
}

/**
 * The players of a match summary as `{seat: name}`; bots are not named (the server calls
 * them all "Bot") but known as bots, with their level, so `seatWithName` says
 * `Aliens (bot, strong)`; a person's seat a bot plays for now is known with the bot's level.
 */
export function namesOf(summary) {
  const names = { [BOTS]: new Map(), [STAND_INS]: new Map() };
  for (const s of summary?.seats ?? []) {
    if (s.bot) names[BOTS].set(s.seat, s.level ?? null);
    else if (s.name) names[s.seat] = s.name;
    if (s.stand_in) names[STAND_INS].set(s.seat, s.stand_in);
  }
  return names;
}

/** One seat of a match summary: `Ann (Hunted 1)`, `Aliens (bot)` or `Hunted 2 (open)`. */
export function seatSummaryText(seat, names) {
  return seat.taken ? seatWithName(seat.seat, names) : `${seatLabel(seat.seat)} (open)`;
}

/**
 * A finished match in one sentence: `Won by Aliens (bot): the turn limit was reached.`, `A draw:
 * …` when `draw`, else `Nobody won: …`.
 */
export function wonBy(outcome, names, reasonWords, draw = false) {
  const winners = outcome.winners.map((s) => seatWithName(s, names)).join(', ');
  const who = winners ? `Won by ${winners}` : draw ? 'A draw' : 'Nobody won';
  return `${who}: ${reasonWords(outcome.reason)}.`;
}

/**
 * Our words for the error codes whose server message is terse or technical (they replace it);
 * every other code, the rules' refusals among them, is said by the server's own message.
 */
const ERROR_WORDS = {
  stale_seq: 'The table changed before your move arrived. Look again and choose anew.',
  bad_seq: 'Your move was out of step with the match. Look again and choose anew.',
  time_up: 'Your time for this turn ran out.',
  not_your_turn: 'It is not your turn.',
  match_not_started: 'The match starts when every seat is taken.',
  spectator_cannot_act: 'Spectators cannot act.',
  spectator_cannot_chat: 'Spectators watch in silence: only seated players can chat.',
  seat_played_by_bot: 'A bot plays your seat now. Take your seat back to play.',
  already_handed_over: 'A bot already plays your seat.',
  not_handed_over: 'You play your seat already: there is nothing to take back.',
  rate_limited: 'You are sending too fast. Wait a moment and try again.',
  storage_failed: 'The server could not save your move. Try again.',
  match_moved: 'The match is moving to another server. Send your move again in a moment.',
  owned_elsewhere: 'Another server runs this match. Trying again.',
  bad_frame: 'The server could not read what this page sent. Reload the page.',
  unknown_type: 'The server could not read what this page sent. Reload the page.',
  binary_not_supported: 'The server could not read what this page sent. Reload the page.',
  bad_request: 'The server could not read that request.',
  bad_json: 'The server could not read that request.',
  unauthorized: 'This needs the admin token (kept on the admin page).',
  internal: 'Something went wrong on the server. Try again.',
};

/** Seat ids inside a server message, to be said as people say them. */
const SEAT_IDS = /\b(creature|hunted-\d|marines|aliens|crew|intruder|science|command|team-\d|away-team)\b/gi;

/** An error frame or ApiError as one sentence for the player. */
export function errorText(error) {
  const words = ERROR_WORDS[error?.code];
  if (words) return words;
  const raw = String(error?.message ?? '').trim();
  // A scenario file's error quotes the file (`crew[0].role: ... "science"`): left as it is.
  const message = error?.code === 'scenario_invalid' ? raw : raw.replace(SEAT_IDS, (id) => seatLabel(id.toLowerCase()));
  if (!message) return `Something went wrong (${error?.code ?? 'unknown error'}).`;
  const first = message[0].toUpperCase() + message.slice(1);
  return /[.!?)]$/.test(first) ? first : `${first}.`;
}

/**
 * A game's name as `GET /api/games` gives it (`Away Team`); while that list is not known, the
 * id with capitals (`away-team` → `Away Team`).
 */
export function gameTitle(id, games) {
  const known = games?.find((g) => g.id === id)?.name;
  if (known) return known;
  return String(id ?? '').split('-').map((w) => (w ? w[0].toUpperCase() + w.slice(1) : w)).join(' ');
}

/** A timestamp as a short local date and time. */
export function when(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}
