// Seat tokens, kept in localStorage per match and seat, so a reload or a dropped connection
// finds its seat again. A token is a secret: it is only ever sent to our own server.

const PREFIX = 'xenotable.seats.';

function read(matchId) {
  try {
    const stored = JSON.parse(localStorage.getItem(PREFIX + matchId) ?? '{}');
    return stored && typeof stored === 'object' ? stored : {};
  } catch {
    return {};
  }
}

/** Remembers the token (and the player's name) of `seat` in match `matchId`. */
export function keep(matchId, seat, token, name) {
  const seats = read(matchId);
  seats[seat] = { token, name };
  localStorage.setItem(PREFIX + matchId, JSON.stringify(seats));
}

/** The seats of `matchId` this browser holds: `{seat: {token, name}}`. */
export function seatsOf(matchId) {
  return read(matchId);
}

/** The token of `seat` in `matchId`, if this browser holds it. */
export function tokenOf(matchId, seat) {
  return read(matchId)[seat]?.token ?? null;
}

/** The name last used here, to prefill forms. */
export function lastName() {
  return localStorage.getItem('xenotable.name') ?? '';
}

export function rememberName(name) {
  localStorage.setItem('xenotable.name', name);
}

const ADMIN = 'xenotable.admin';

/** The admin token entered on this browser, or ''. */
export function adminToken() {
  return localStorage.getItem(ADMIN) ?? '';
}

/** Keeps the admin token (an empty one forgets it). */
export function keepAdminToken(token) {
  if (token) localStorage.setItem(ADMIN, token);
  else localStorage.removeItem(ADMIN);
}
