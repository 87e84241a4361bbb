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

/** A seat with its player's name: `Ann (Hunted 1)`; bots are called by their seat. */
export function seatWithName(seat, names) {
  const name = names?.[seat];
  return name ? `${name} (${seatLabel(seat)})` : seatLabel(seat);
}

/** The players' names of a match summary as `{seat: name}`; bots go by their seat. */
export function namesOf(summary) {
  const names = {};
  for (const s of summary?.seats ?? []) if (s.name && !s.bot) names[s.seat] = s.name;
  return names;
}

/** Friendlier words for WebSocket error codes whose server message is terse. */
const ERROR_WORDS = {
  stale_seq: 'The table changed before your move arrived. Look again and choose anew.',
  not_your_turn: 'It is not your turn.',
  match_not_started: 'The match starts when every seat is taken.',
  spectator_cannot_act: 'Spectators cannot act.',
  spectator_cannot_chat: 'Spectators watch in silence: only seated players can chat.',
  frame_too_large: 'That message is too long.',
  storage_failed: 'The server could not save your move. Try again.',
};

/** Seat ids inside a server message, to be said as people say them. */
const SEAT_IDS = /\b(creature|hunted-\d|marines|aliens|crew|intruder|science|command|team-\d|away-team)\b/gi;

/** An error frame or ApiError as one sentence for the player. */
export function errorText(error) {
  const words = ERROR_WORDS[error?.code];
  const raw = String(error?.message ?? '').trim();
  // A scenario file's error quotes the file (`crew[0].role: ... "science"`): left as it is.
  const message = error?.code === 'scenario_invalid' ? raw : raw.replace(SEAT_IDS, (id) => seatLabel(id.toLowerCase()));
  if (words && message && !words.includes(message)) return `${words} (${message})`;
  if (words) return words;
  if (!message) return `Something went wrong (${error?.code ?? 'unknown error'}).`;
  const first = message[0].toUpperCase() + message.slice(1);
  return /[.!?)]$/.test(first) ? first : `${first}.`;
}

/** A game id as a title: `away-team` → `Away team`. */
export function gameTitle(id) {
  const text = String(id ?? '').replace(/-/g, ' ');
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** A timestamp as a short local date and time. */
export function when(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}
