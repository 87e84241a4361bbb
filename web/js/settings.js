// The player's settings, kept in this browser's localStorage: whether moves that cannot be taken
// back ask first, and whether the tables move their pieces. Nothing here reaches the server.

const KEY = 'xenotable.settings';

/** Every setting with its default. */
const DEFAULTS = {
  /** Ask before a move that cannot be taken back (giving up, ending a turn with AP left, …). */
  confirm: true,
  /** Never animate, whatever the system says (the system's reduced motion is always honoured). */
  stillPieces: false,
};

function read() {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return stored && typeof stored === 'object' ? stored : {};
  } catch {
    return {};
  }
}

/** The value of setting `name`. */
export function setting(name) {
  const stored = read()[name];
  return typeof stored === typeof DEFAULTS[name] ? stored : DEFAULTS[name];
}

/** Changes setting `name` and applies it to the page. */
export function setSetting(name, value) {
  localStorage.setItem(KEY, JSON.stringify({ ...read(), [name]: value }));
  applySettings();
}

/** Whether pieces may move with transitions: neither the system nor the player asked for stillness. */
export function motionAllowed() {
  return !setting('stillPieces') && !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Marks the page with the settings its CSS reads (`html.still`: no transitions at all). */
export function applySettings() {
  document.documentElement.classList.toggle('still', setting('stillPieces'));
}
