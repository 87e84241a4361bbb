// The Derelict scenario editor: a grid painted by clicking (or dragging) with the chosen cell,
// resized within 1..64, every header key as a field, the file checked by the server as it
// changes (its `line L, column C` message shown, and the square marked when it is on the map),
// downloaded as the ASCII file, loaded from a file or from a stored scenario, uploaded with the
// admin token, and a match started on it. A reload, a closed tab or "New map" asks first when
// the map differs from the file last loaded, downloaded or uploaded.

import * as api from './api.js';
import { confirmMove } from './confirm.js';
import { h, replace, svg } from './dom.js';
import * as tokens from './tokens.js';
import { errorText, gameTitle } from './words.js';

/** The cells of the file format (rules 12.2), in its order, with what the palette calls them. */
const CELLS = [
  ['#', 'Wall'], ['.', 'Corridor'], [':', 'Room'], ['D', 'Closed door'], ['d', 'Open door'],
  ['E', 'Alien entry'], ['X', 'Marine exit'], ['M', 'Marine start'], ['A', 'Alien at start'],
];
const CELL_CLASS = { '#': 'wall', '.': 'corridor', ':': 'room', D: 'door', d: 'open-door', E: 'entry', X: 'exit', M: 'start', A: 'alien' };

/** Every header key in the order a canonical file writes them (rules 12.5), with its default. */
const KEYS = [
  ['title', 'New deck', 'Title (required)'],
  ['author', '', 'Author'],
  ['squad', '1 sergeant, 2 soldier', 'Squad (e.g. 1 sergeant, 3 soldier, 1 flamer)'],
  ['reinforcements', '2', 'Reinforcements per alien turn (0-10)'],
  ['alien-pool', 'unlimited', 'Alien pool (0-999 or unlimited)'],
  ['exit-needed', '2', 'Marines to escape'],
  ['turn-limit', '0', 'Turn limit (0 = none)'],
  ['timer', '120+30', 'Marine clock: base+per sergeant (seconds)'],
  ['overwatch-range', '0', 'Overwatch range (0 = unlimited)'],
  ['flamer-reloads', '1', 'Flamer reloads'],
];
/** The rules' default of each optional key (rules 12.2); `exit-needed` is worked out from the squad. */
const DEFAULTS = {
  author: '', reinforcements: '2', 'alien-pool': 'unlimited', 'turn-limit': '0', timer: '120+30', 'overwatch-range': '0', 'flamer-reloads': '1',
};
const MAX_SIDE = 64;
const SIDE = 24;
/** How long the editor waits after a change before asking the server, in milliseconds. */
const CHECK_DELAY_MS = 350;

/** A new map: walls all round, corridor inside. */
function blankMap(width, height) {
  return Array.from({ length: height }, (_, y) => Array.from({ length: width },
    (_, x) => (x === 0 || y === 0 || x === width - 1 || y === height - 1 ? '#' : '.')));
}

/**
 * Reads a scenario file into the editor's parts: comments, header values, map. Lenient: what it
 * cannot place is left to the server's check, which says where the file is wrong.
 */
export function readScenario(text) {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const comments = [];
  const fields = {};
  const rows = [];
  let inMap = false;
  for (const line of lines.slice(1)) {
    if (inMap) {
      if (line !== '') rows.push(line);
    } else if (line.startsWith(';')) {
      comments.push(line);
    } else if (line === 'map:') {
      inMap = true;
    } else {
      const m = /^([a-z-]+):(?: (.*))?$/.exec(line);
      if (m) fields[m[1]] = (m[2] ?? '').trim();
    }
  }
  const width = Math.min(MAX_SIDE, Math.max(1, ...rows.map((r) => r.length)));
  const map = rows.slice(0, MAX_SIDE).map((r) => Array.from({ length: width }, (_, x) => r[x] ?? '#'));
  return { comments, fields, map: map.length ? map : blankMap(8, 6) };
}

/** The number of marines a `squad` value lists, or null when it does not read as one. */
function squadSize(squad) {
  const items = squad.split(',').map((item) => /^\s*(\d+) +[a-z]+\s*$/.exec(item));
  return items.every(Boolean) ? items.reduce((sum, m) => sum + Number(m[1]), 0) : null;
}

/** The rules' default of `key` given the other fields (`exit-needed`: half the squad, rounded up); '' if it has none. */
export function defaultValue(key, fields) {
  if (key !== 'exit-needed') return DEFAULTS[key] ?? '';
  const size = squadSize(fields.squad ?? '');
  return size ? String(Math.ceil(size / 2)) : '';
}

/** The canonical file (rules 12.5) of the editor's parts: all ten keys, a blank one as its default. */
export function writeScenario({ comments, fields, map }) {
  const lines = ['DERELICT 1', ...comments];
  for (const [key] of KEYS) {
    const value = (fields[key] ?? '').trim() || defaultValue(key, fields);
    lines.push(value ? `${key}: ${value}` : `${key}:`);
  }
  lines.push('map:', ...map.map((row) => row.join('')));
  return `${lines.join('\n')}\n`;
}

/** Mounts the editor in `root`, loading the stored scenario `id` if given. */
export function mountEditor(root, id) {
  const editor = new Editor(root);
  if (id) editor.loadStored(id);
  return () => editor.leave();
}

class Editor {
  constructor(root) {
    this.left = false;
    this.brush = '.';
    this.painting = false;
    this.checkTimer = null;
    this.checkRun = 0;
    this.stored = null;
    /** The file as last loaded, downloaded or uploaded: a map that differs is unsaved. */
    this.savedText = null;
    this.comments = [];
    this.map = blankMap(12, 8);
    this.fields = {};
    this.inputs = {};
    for (const [key, value, label] of KEYS) {
      this.fields[key] = value;
      this.inputs[key] = h('input', {
        type: 'text', name: key, value, 'aria-label': label, autocomplete: 'off',
        oninput: () => { this.fields[key] = this.inputs[key].value; this.changed(); },
      });
    }
    this.el = {
      notice: h('div', { class: 'notice', role: 'alert', hidden: true }),
      width: h('input', { type: 'number', name: 'width', min: '1', max: String(MAX_SIDE), 'aria-label': 'Width', onchange: () => this.resize() }),
      height: h('input', { type: 'number', name: 'height', min: '1', max: String(MAX_SIDE), 'aria-label': 'Height', onchange: () => this.resize() }),
      palette: h('div', { class: 'ed-palette', role: 'radiogroup', 'aria-label': 'Cell to paint' }),
      grid: h('div', { class: 'ed-grid' }),
      check: h('p', { class: 'ed-check', role: 'status' }, 'Not checked yet.'),
      file: h('textarea', { class: 'ed-file', name: 'file-text', rows: '18', readonly: true, spellcheck: 'false', 'aria-label': 'The scenario file' }),
      load: h('input', { type: 'file', name: 'load-file', accept: '.txt,text/plain', 'aria-label': 'Load a scenario file' }),
      token: h('input', { type: 'password', name: 'admin-token', autocomplete: 'off', placeholder: 'Admin token', 'aria-label': 'Admin token', value: tokens.adminToken() }),
      id: h('input', { type: 'text', name: 'id', maxlength: '64', placeholder: 'Id (optional)', title: 'Left blank, the id is made from the title', 'aria-label': 'Scenario id' }),
      upload: h('p', { class: 'ed-upload', role: 'status' }),
      name: h('input', { type: 'text', name: 'name', maxlength: '40', value: tokens.lastName(), placeholder: 'Your name', 'aria-label': 'Your name' }),
      aliens: h('select', { name: 'aliens', 'aria-label': 'Who plays the Aliens' },
        h('option', { value: 'bot' }, 'Aliens: bot'), h('option', { value: 'me' }, 'Aliens: you too'), h('option', { value: 'open' }, 'Aliens: open seat')),
      start: h('button', { type: 'button', class: 'primary', disabled: true, onclick: () => this.startMatch() }, 'Start a match on it'),
      startHint: h('p', { class: 'hint' }, 'Upload the map (or open a stored one) to start a match on it.'),
    };
    this.el.load.addEventListener('change', () => this.loadFile());
    this.el.grid.addEventListener('pointerdown', (e) => this.paintAt(e, true));
    this.el.grid.addEventListener('pointerover', (e) => this.paintAt(e, false));
    this.stopPainting = () => { this.painting = false; };
    window.addEventListener('pointerup', this.stopPainting);
    // A reload or a closed tab would throw an unsaved map away: the browser asks first.
    this.guard = (event) => {
      if (!this.unsaved()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', this.guard);
    this.renderPalette();
    replace(root, h('div', { class: 'editor' },
      h('h1', {}, 'Derelict scenario editor'),
      this.el.notice,
      h('div', { class: 'ed-cols' },
        h('section', { class: 'panel ed-map' },
          h('div', { class: 'ed-size' },
            h('label', {}, 'Width ', this.el.width), h('label', {}, 'Height ', this.el.height),
            h('span', { class: 'hint' }, `1 to ${MAX_SIDE} squares; growing adds walls.`)),
          this.el.palette,
          h('p', { class: 'hint' }, 'Click or drag on the map to paint the chosen cell.'),
          this.el.grid,
          this.el.check),
        h('div', { class: 'ed-side' },
          h('section', { class: 'panel ed-keys' }, h('h2', {}, 'Header'),
            h('div', { class: 'ed-fields' }, KEYS.map(([key, , label]) => h('label', {}, h('span', {}, label), this.inputs[key])))),
          h('section', { class: 'panel ed-io' }, h('h2', {}, 'File'),
            h('div', { class: 'ed-row' },
              h('button', { type: 'button', onclick: () => this.download() }, 'Download'),
              h('label', { class: 'button' }, 'Load a file… ', this.el.load),
              h('button', { type: 'button', onclick: () => this.reset() }, 'New map')),
            this.el.file),
          h('section', { class: 'panel ed-store' }, h('h2', {}, 'Upload and play'),
            h('div', { class: 'ed-row' }, this.el.token, this.el.id,
              h('button', { type: 'button', onclick: () => this.upload() }, 'Upload')),
            this.el.upload,
            h('div', { class: 'ed-row' }, this.el.name, this.el.aliens, this.el.start),
            this.el.startHint)))));
    this.renderAll();
    this.saved();
  }

  leave() {
    this.left = true;
    clearTimeout(this.checkTimer);
    window.removeEventListener('pointerup', this.stopPainting);
    window.removeEventListener('beforeunload', this.guard);
  }

  /** The map as it is now is kept somewhere (loaded, downloaded, uploaded, or new and empty). */
  saved() {
    this.savedText = this.text();
  }

  unsaved() {
    return this.text() !== this.savedText;
  }

  text() {
    return writeScenario({ comments: this.comments, fields: this.fields, map: this.map });
  }

  renderPalette() {
    replace(this.el.palette, CELLS.map(([code, label]) => h('button', {
      type: 'button', class: ['ed-brush', code === this.brush ? 'chosen' : ''], dataset: { cell: code }, 'aria-pressed': String(code === this.brush),
      onclick: () => { this.brush = code; this.renderPalette(); },
    }, h('span', { class: ['ed-swatch', `ed-${CELL_CLASS[code]}`] }, code), ` ${label}`)));
  }

  renderAll() {
    for (const [key] of KEYS) this.inputs[key].value = this.fields[key] ?? '';
    this.el.width.value = String(this.map[0].length);
    this.el.height.value = String(this.map.length);
    this.renderGrid();
    this.changed();
  }

  renderGrid() {
    const width = this.map[0].length;
    const height = this.map.length;
    const cells = [];
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) cells.push(this.cellNode(x, y));
    }
    const grid = svg('svg', {
      class: 'ed-svg', viewBox: `0 0 ${width * SIDE} ${height * SIDE}`, role: 'img', 'aria-label': `The map, ${width} by ${height}`,
    }, cells);
    grid.style.maxWidth = `${Math.max(width * SIDE * 1.5, 240)}px`;
    replace(this.el.grid, grid);
  }

  cellNode(x, y) {
    const code = this.map[y][x];
    return svg('g', { class: ['ed-cell', `ed-${CELL_CLASS[code] ?? 'bad'}`], 'data-x': x, 'data-y': y, 'data-cell': code },
      svg('rect', { x: x * SIDE, y: y * SIDE, width: SIDE, height: SIDE }),
      code === '#' || code === '.' || code === ':' ? null
        : svg('text', { x: x * SIDE + SIDE / 2, y: y * SIDE + SIDE / 2 + 4, 'text-anchor': 'middle', text: code }));
  }

  paintAt(event, start) {
    if (start) {
      this.painting = true;
      event.preventDefault();
    }
    if (!this.painting) return;
    const target = event.target.closest?.('[data-x]');
    if (!target) return;
    const x = Number(target.dataset.x);
    const y = Number(target.dataset.y);
    if (this.map[y][x] === this.brush) return;
    this.map[y][x] = this.brush;
    target.replaceWith(this.cellNode(x, y));
    this.changed();
  }

  resize() {
    const clamp = (input) => Math.min(MAX_SIDE, Math.max(1, Math.floor(Number(input.value) || 1)));
    const width = clamp(this.el.width);
    const height = clamp(this.el.height);
    this.map = Array.from({ length: height }, (_, y) => Array.from({ length: width }, (_, x) => this.map[y]?.[x] ?? '#'));
    this.el.width.value = String(width);
    this.el.height.value = String(height);
    this.renderGrid();
    this.changed();
  }

  async reset() {
    if (this.unsaved() && !await confirmMove('Start a new map? The changes to this one are not saved (download or upload it first).', 'Throw it away')) return;
    this.comments = [];
    this.map = blankMap(12, 8);
    for (const [key, value] of KEYS) this.fields[key] = value;
    this.setStored(null);
    this.renderAll();
    this.saved();
  }

  /** The scenario as the server stores it, or null once the map differs: only that is played. */
  setStored(stored) {
    this.stored = stored;
    this.el.start.disabled = !stored;
    this.el.startHint.hidden = Boolean(stored);
  }

  /** Something changed: show the file and ask the server about it shortly. */
  changed() {
    this.el.file.value = this.text();
    this.setStored(null);
    // A verdict on the file as it was is no verdict on it now.
    this.checkRun += 1;
    this.el.check.textContent = 'Checking…';
    this.el.check.className = 'ed-check';
    delete this.el.check.dataset.valid;
    clearTimeout(this.checkTimer);
    this.checkTimer = setTimeout(() => this.check(), CHECK_DELAY_MS);
  }

  async check() {
    const run = ++this.checkRun;
    const text = this.text();
    try {
      const { title } = await api.checkScenario(text, 'derelict');
      if (this.left || run !== this.checkRun) return;
      this.showCheck(`Valid: “${title}” can be uploaded and played.`, true);
    } catch (error) {
      if (this.left || run !== this.checkRun) return;
      this.showCheck(errorText(error), false, error.code === 'scenario_invalid' ? error.message : '');
    }
  }

  /** Shows the verdict; a `line L, column C` inside the map also marks that square. */
  showCheck(text, ok, message = '') {
    this.el.check.textContent = text;
    this.el.check.className = ['ed-check', ok ? 'ok-text' : 'error-text'].join(' ');
    this.el.check.dataset.valid = String(ok);
    this.el.grid.querySelector('.ed-flag')?.remove();
    const at = /line (\d+), column (\d+)/i.exec(message);
    if (!at) return;
    const mapLine = this.text().split('\n').indexOf('map:') + 1;
    const y = Number(at[1]) - mapLine - 1;
    const x = Number(at[2]) - 1;
    if (y < 0 || y >= this.map.length || x >= this.map[0].length) return;
    this.el.grid.querySelector('svg')?.append(svg('rect', { class: 'ed-flag', x: x * SIDE + 1, y: y * SIDE + 1, width: SIDE - 2, height: SIDE - 2 }));
  }

  download() {
    const text = this.text();
    const name = `${(this.fields.title || 'scenario').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'scenario'}.txt`;
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = h('a', { href: url, download: name, hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    this.saved();
  }

  load(text) {
    const { comments, fields, map } = readScenario(text);
    this.comments = comments;
    this.map = map;
    // A key the file leaves out takes the rules' default, shown in its field and saved.
    for (const [key] of KEYS) this.fields[key] = fields[key] ?? defaultValue(key, fields);
    this.renderAll();
    this.saved();
  }

  async loadFile() {
    const file = this.el.load.files?.[0];
    if (!file) return;
    const text = await file.text();
    if (!text.startsWith('DERELICT 1')) {
      this.showNotice('That file is not a Derelict scenario: its first line must be “DERELICT 1”.');
      return;
    }
    this.showNotice(null);
    this.load(text);
  }

  async loadStored(id) {
    try {
      const stored = await api.scenario(id);
      if (this.left) return;
      if (stored.game !== 'derelict') {
        this.showNotice(`${stored.name} is a scenario of ${gameTitle(stored.game, await api.gameNames())}, not Derelict.`);
        return;
      }
      this.load(stored.text);
      this.el.id.value = stored.shipped ? '' : stored.id;
      // Unchanged, a stored scenario can be played at once.
      this.setStored(stored);
    } catch (error) {
      this.showNotice(errorText(error));
    }
  }

  showNotice(text) {
    this.el.notice.hidden = !text;
    this.el.notice.textContent = text ?? '';
  }

  async upload() {
    const token = this.el.token.value.trim();
    tokens.keepAdminToken(token);
    this.el.upload.className = 'ed-upload';
    this.el.upload.textContent = 'Uploading…';
    try {
      const stored = await api.uploadScenario(this.text(), { token, id: this.el.id.value.trim() || undefined, game: 'derelict' });
      this.setStored(stored);
      this.saved();
      this.el.id.value = stored.id;
      this.el.upload.className = 'ed-upload ok-text';
      this.el.upload.textContent = `Uploaded as ${stored.id}: it can be played now.`;
    } catch (error) {
      this.el.upload.className = 'ed-upload error-text';
      this.el.upload.textContent = errorText(error);
    }
  }

  async startMatch() {
    if (!this.stored) return;
    const name = this.el.name.value.trim();
    if (!name) {
      this.el.upload.className = 'ed-upload error-text';
      this.el.upload.textContent = 'Give your name to take the Marines.';
      return;
    }
    const aliens = this.el.aliens.value;
    const seats = [{ seat: 'marines', name }, aliens === 'bot' ? { seat: 'aliens', bot: true } : aliens === 'me' ? { seat: 'aliens', name } : { seat: 'aliens' }];
    try {
      const created = await api.createMatch({ game: 'derelict', scenario: this.stored.id, options: {}, seats });
      tokens.rememberName(name);
      for (const t of created.seats) tokens.keep(created.id, t.seat, t.token, name);
      location.hash = `#/match/${created.id}/as/marines`;
    } catch (error) {
      this.el.upload.className = 'ed-upload error-text';
      this.el.upload.textContent = errorText(error);
    }
  }
}
