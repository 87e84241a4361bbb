// The REST API of the server. Every failure becomes an ApiError whose message is words a
// player can read: the server's own message when it sent one, ours when the network failed.

/** A refused or failed request: `code` is the server's stable code (or ours), `message` words. */
export class ApiError extends Error {
  constructor(code, message, status = 0) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

/**
 * One request. `body` goes as JSON; `raw` (a file's text) goes as it is; `admin` is the admin
 * token, sent as `Authorization: Bearer`.
 */
async function request(method, path, body, { raw, admin } = {}) {
  const headers = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (raw !== undefined) headers['content-type'] = 'text/plain; charset=utf-8';
  if (admin !== undefined) headers.authorization = `Bearer ${admin}`;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
  } catch {
    throw new ApiError('network', 'The server cannot be reached. Check your connection and try again.');
  }
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    if (data && typeof data.message === 'string') {
      throw new ApiError(data.code ?? 'error', sentence(data.message), response.status);
    }
    throw new ApiError('http_' + response.status, `The server answered ${response.status} ${response.statusText}.`, response.status);
  }
  return data;
}

/** A server message as a sentence: capital first letter, final full stop. */
export function sentence(message) {
  const text = String(message).trim();
  if (!text) return text;
  const first = text[0].toUpperCase() + text.slice(1);
  return /[.!?]$/.test(first) ? first : first + '.';
}

/** Every game with its seats, scenarios and options. */
export const games = () => request('GET', '/api/games');

let knownGames = null;
/**
 * The games for their names, asked once per page load (they change only with the server's
 * version); resolves to `[]` when the server cannot say, so a page still opens.
 */
export function gameNames() {
  knownGames ??= games().catch(() => {
    knownGames = null;
    return [];
  });
  return knownGames;
}

/** Public summaries of matches, optionally of one status (`open`, `live`, `finished`). */
export const matches = (status) => request('GET', status ? `/api/matches?status=${encodeURIComponent(status)}` : '/api/matches');
/** One match's public summary. */
export const match = (id) => request('GET', `/api/matches/${encodeURIComponent(id)}`);
/** Creates a match: `{id, seats: [{seat, token}]}`. */
export const createMatch = (body) => request('POST', '/api/matches', body);
/** Claims an open seat: `{seat, token}`. */
export const join = (id, seat, name) => request('POST', `/api/matches/${encodeURIComponent(id)}/join`, { seat, name });
/** The omniscient log of a finished match. */
export const replay = (id) => request('GET', `/api/matches/${encodeURIComponent(id)}/replay`);

const gameQuery = (game) => (game ? `game=${encodeURIComponent(game)}` : '');
const query = (...parts) => (parts.some(Boolean) ? `?${parts.filter(Boolean).join('&')}` : '');

/** Every stored scenario (shipped and uploaded), optionally of one game. */
export const scenarios = (game) => request('GET', `/api/scenarios${query(gameQuery(game))}`);
/** One scenario with its file `text`. */
export const scenario = (id) => request('GET', `/api/scenarios/${encodeURIComponent(id)}`);
/** Checks a scenario file without storing it: `{game, title}`, or an ApiError `line L, column C: …`. */
export const checkScenario = (text, game) => request('POST', `/api/scenarios/check${query(gameQuery(game))}`, undefined, { raw: text });
/** Stores a scenario file (admin): `{id, game, name, shipped}`. */
export const uploadScenario = (text, { token, id, game }) => request('POST',
  `/api/admin/scenarios${query(id ? `id=${encodeURIComponent(id)}` : '', gameQuery(game))}`, undefined, { raw: text, admin: token });
/** Deletes an uploaded scenario (admin). */
export const deleteScenario = (id, token) => request('DELETE', `/api/admin/scenarios/${encodeURIComponent(id)}`, undefined, { admin: token });
