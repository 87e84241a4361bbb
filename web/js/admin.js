// The admin page: the admin token (entered once, kept in localStorage), every stored scenario
// per game, shipped or uploaded, an upload form (a file or pasted text) that says what the
// server refused in words and selects the line it points at, and deleting uploaded scenarios
// (asked first).

import * as api from './api.js';
import { confirmMove } from './confirm.js';
import { h, replace } from './dom.js';
import * as tokens from './tokens.js';
import { errorText, gameTitle } from './words.js';

/** Mounts the admin page in `root`; returns a function that unmounts it. */
export function mountAdmin(root) {
  const page = new AdminPage(root);
  return () => page.leave();
}

class AdminPage {
  constructor(root) {
    this.games = [];
    this.left = false;
    this.el = {
      token: h('input', { type: 'password', name: 'admin-token', autocomplete: 'off', placeholder: 'Admin token', 'aria-label': 'Admin token' }),
      tokenState: h('span', { class: 'hint token-state' }),
      notice: h('div', { class: 'notice', role: 'alert', hidden: true }),
      list: h('div', { class: 'scenario-lists' }, h('p', { class: 'hint' }, 'Loading the scenarios…')),
      game: h('select', { name: 'game', 'aria-label': 'Game' }, h('option', { value: '' }, 'Known from the file')),
      id: h('input', { type: 'text', name: 'id', maxlength: '64', placeholder: 'made from the title', 'aria-label': 'Scenario id' }),
      file: h('input', { type: 'file', name: 'file', accept: '.txt,.toml,text/plain' }),
      text: h('textarea', { name: 'text', rows: '12', spellcheck: 'false', placeholder: 'Paste a scenario file here, or pick one above.', 'aria-label': 'Scenario file' }),
      result: h('p', { class: 'upload-result', role: 'status' }),
    };
    this.el.token.value = tokens.adminToken();
    this.el.file.addEventListener('change', () => this.readFile());
    this.el.text.addEventListener('input', () => delete this.el.text.dataset.errorLine);
    const tokenForm = h('form', { class: 'token-form', onsubmit: (e) => { e.preventDefault(); this.keepToken(); } },
      this.el.token,
      h('button', { type: 'submit' }, 'Keep token'),
      h('button', { type: 'button', onclick: () => { this.el.token.value = ''; this.keepToken(); } }, 'Forget'),
      this.el.tokenState);
    const uploadForm = h('form', { class: 'upload-form', onsubmit: (e) => { e.preventDefault(); this.upload(); } },
      h('div', { class: 'upload-row' },
        h('label', {}, 'Game ', this.el.game),
        h('label', {}, 'Id ', this.el.id),
        h('label', {}, 'File ', this.el.file)),
      this.el.text,
      h('div', { class: 'upload-row' },
        h('button', { type: 'button', onclick: () => this.check() }, 'Check'),
        h('button', { type: 'submit', class: 'primary' }, 'Upload')),
      this.el.result);
    replace(root, h('div', { class: 'admin' },
      h('h1', {}, 'Admin'),
      this.el.notice,
      h('section', { class: 'panel' }, h('h2', {}, 'Admin token'),
        h('p', { class: 'hint' }, 'The token the server was started with (--admin-token). It stays in this browser only.'),
        tokenForm),
      h('div', { class: 'admin-cols' },
        h('section', { class: 'panel' }, h('h2', {}, 'Scenarios'), this.el.list),
        h('section', { class: 'panel' }, h('h2', {}, 'Upload a scenario'), uploadForm))));
    this.showTokenState();
    this.load();
  }

  leave() {
    this.left = true;
  }

  showTokenState() {
    this.el.tokenState.textContent = tokens.adminToken() ? 'A token is kept here.' : 'No token kept: uploads and deletions will be refused.';
  }

  keepToken() {
    tokens.keepAdminToken(this.el.token.value.trim());
    this.showTokenState();
  }

  showError(error) {
    this.el.notice.hidden = !error;
    replace(this.el.notice, error ? errorText(error) : '');
  }

  async load() {
    try {
      const [games, scenarios] = await Promise.all([api.games(), api.scenarios()]);
      if (this.left) return;
      this.games = games;
      const chosen = this.el.game.value;
      replace(this.el.game, h('option', { value: '' }, 'Known from the file'),
        games.map((g) => h('option', { value: g.id, selected: g.id === chosen }, g.name)));
      this.renderList(scenarios);
    } catch (error) {
      this.showError(error);
    }
  }

  renderList(scenarios) {
    const byGame = new Map(this.games.map((g) => [g.id, { name: g.name, items: [] }]));
    for (const s of scenarios) {
      if (!byGame.has(s.game)) byGame.set(s.game, { name: gameTitle(s.game), items: [] });
      byGame.get(s.game).items.push(s);
    }
    replace(this.el.list, [...byGame.entries()].map(([game, { name, items }]) => h('div', { class: 'scenario-game', dataset: { game } },
      h('h3', {}, name),
      items.length
        ? h('ul', { class: 'scenarios' }, items.map((s) => this.renderScenario(s)))
        : h('p', { class: 'empty' }, 'No scenario files.'))));
  }

  renderScenario(s) {
    return h('li', { class: 'scenario-row', dataset: { id: s.id } },
      h('span', { class: 'scenario-name' }, s.name),
      h('code', { class: 'scenario-id' }, s.id),
      h('span', { class: ['chip', s.shipped ? '' : 'open'] }, s.shipped ? 'shipped' : 'uploaded'),
      h('span', { class: 'scenario-actions' },
        s.game === 'derelict' ? h('a', { class: 'button', href: `#/editor/${encodeURIComponent(s.id)}` }, 'Edit') : null,
        s.shipped ? null : h('button', { type: 'button', class: 'danger', onclick: () => this.remove(s) }, 'Delete')));
  }

  async readFile() {
    const file = this.el.file.files?.[0];
    if (!file) return;
    this.el.text.value = await file.text();
    this.say('');
  }

  say(text, ok = false) {
    this.el.result.textContent = text;
    this.el.result.className = ['upload-result', ok ? 'ok-text' : 'error-text'].join(' ');
  }

  /** Says what the server refused; a `line L, column C` is selected in the text area. */
  refused(error) {
    this.say(errorText(error));
    const at = error.code === 'scenario_invalid' && /line (\d+), column \d+/i.exec(error.message ?? '');
    if (at) selectLine(this.el.text, Number(at[1]));
  }

  fileText() {
    const text = this.el.text.value;
    this.say('');
    if (!text.trim()) this.say('There is no file to send: pick one or paste its text.');
    return text.trim() ? text : null;
  }

  async check() {
    const text = this.fileText();
    if (text === null) return;
    try {
      const { game, title } = await api.checkScenario(text, this.el.game.value || undefined);
      this.say(`The file is valid: “${title}” (${gameTitle(game, this.games)}).`, true);
    } catch (error) {
      this.refused(error);
    }
  }

  async upload() {
    const text = this.fileText();
    if (text === null) return;
    try {
      const stored = await api.uploadScenario(text, {
        token: tokens.adminToken(),
        id: this.el.id.value.trim() || undefined,
        game: this.el.game.value || undefined,
      });
      this.say(`Uploaded “${stored.name}” as ${stored.id} (${gameTitle(stored.game, this.games)}); it can be played now.`, true);
      await this.load();
    } catch (error) {
      this.refused(error);
    }
  }

  async remove(s) {
    if (!await confirmMove(`Delete the scenario “${s.name}” (${s.id}) from the server? Matches already played on it keep their copy.`, 'Delete it')) return;
    try {
      await api.deleteScenario(s.id, tokens.adminToken());
      this.showError(null);
      await this.load();
    } catch (error) {
      this.showError(error);
    }
  }
}

/** Selects line `line` of `area` (1-based) and scrolls it into view: the line the server points at. */
function selectLine(area, line) {
  const lines = area.value.split('\n');
  if (line < 1 || line > lines.length) return;
  const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
  area.focus();
  area.setSelectionRange(start, start + lines[line - 1].length);
  const lineHeight = parseFloat(getComputedStyle(area).lineHeight) || 16;
  area.scrollTop = Math.max(0, (line - 3) * lineHeight);
  area.dataset.errorLine = String(line);
}
