// The Derelict table: the grid drawn in SVG with walls, doors (closed, open, destroyed), entry,
// exit and start squares, every model with its facing (gliding when it moves), the squares the
// selected marine sees, the squares the server's `legal` list allows highlighted (reachable with
// Tab too), the marine clock, and keys for every action (a key that can do nothing says why). A
// board too small to tap is zoomed inside a frame the player pans. Clicks and keys send only
// actions taken from `view.legal`; ending a turn with AP left, or leaving the active model's AP
// unspent by acting with another, asks first.

import { h, replace, svg } from '../../dom.js';
import { renderActions } from '../../actions.js';
import { confirmMove } from '../../confirm.js';
import { glide, notePlaces } from '../../flip.js';
import { keepFocus } from '../../focus.js';
import { gameTerm } from '../../help/index.js';
import { seatWithName } from '../../words.js';
import { ZoomFrame, touchScreen } from '../../zoom.js';
import { FORWARD, RIGHT, relative, sightBoard, sightSquares } from './sight.js';
import {
  FACING_WORDS, ROLE_WORDS, at, describeAction, describeEvent, dutyWords, eventDice, facingWords, modelName,
  outcomeWords, phaseWords, reasonWords,
} from './words.js';

export { describeAction, describeEvent, eventDice, reasonWords };

/** Side of a square in SVG units. */
const CELL = 32;
/** A map at least this many times wider than high is a wide one. */
const WIDE = 4;
/** The smallest a square may be drawn, in CSS px: big enough to tap, or else to read. */
const TAP_SQUARE = 40;
const READ_SQUARE = 18;

const TURN_RIGHT = { n: 'e', e: 's', s: 'w', w: 'n' };
const TURN_LEFT = { n: 'w', e: 'n', s: 'e', w: 's' };
/** Degrees to rotate a shape drawn facing north. */
const ANGLE = { n: 0, e: 90, s: 180, w: 270 };
const SPECIAL = new Set(['E', 'X', 'M', 'A']);
const FLOOR_LABEL = { E: 'E', X: 'EXIT', M: 'M', A: 'A' };

/** Keys, relative to the selected model's facing; shown on screen. */
const STEP_KEYS = {
  forward: ['w', 'arrowup'],
  back: ['s', 'arrowdown'],
  'forward-left': ['a', 'arrowleft'],
  'forward-right': ['d', 'arrowright'],
  left: ['z'],
  right: ['c'],
};
/** Each step key's direction in words, and its square as (forward, lateral) offsets. */
const DIRECTION_WORDS = {
  forward: 'forward', back: 'back', 'forward-left': 'forward-left', 'forward-right': 'forward-right', left: 'left', right: 'right',
};
const STEP_OFFSETS = {
  forward: [1, 0], back: [-1, 0], 'forward-left': [1, -1], 'forward-right': [1, 1], left: [0, -1], right: [0, 1],
};
/** How the keys are called on screen, and what the other keys do, for "why nothing happened". */
const KEY_NAMES = { arrowup: '↑', arrowdown: '↓', arrowleft: '←', arrowright: '→', enter: 'Enter' };
const KEY_DOES = {
  q: 'turn left', e: 'turn right', f: 'fire', o: 'go on overwatch', g: 'open or close a door in front', u: 'unjam',
  r: 'reload', x: 'attack', enter: 'end the turn or confirm',
};
const KEY_HELP = [
  ['W ↑', 'step forward'], ['A ← / D →', 'step forward-left / forward-right'], ['S ↓', 'step back'],
  ['Z / C', 'alien: step sideways'], ['Q / E', 'turn left / right'], ['F', 'fire (again at the last target)'],
  ['O', 'overwatch'], ['G', 'open or close the door in front'], ['U', 'unjam'], ['R', 'reload the flamer'],
  ['X', 'alien: attack'], ['N', 'next model'], ['Enter', 'end the turn or confirm'],
];

/** Actions sent by a click on a square, per action type: the square they concern. */
const SQUARE_OF = {
  deploy: (a) => a.to,
  arrive: (a) => a.to,
  step: (a) => (a.shot ? null : a.to),
  shoot: (a) => a.target,
  flame: (a) => a.target,
};

/** A marine not on the board yet (the view gives no square before deployment). */
const undeployed = (m) => !m.at && m.status !== 'dead' && m.status !== 'escaped';
const key = (sq) => `${sq.x},${sq.y}`;
/** A model standing on the board. */
const onBoard = (m) => Boolean(m.at) && m.status !== 'dead' && m.status !== 'escaped';
const same = (a, b) => a && b && a.x === b.x && a.y === b.y;

/** The step direction of `to` from a model at `p` facing `facing`, in the keys' words. */
function stepDirection(p, facing, to) {
  const [f, l] = relative(p, facing, to);
  if (f === 1) return l === 0 ? 'forward' : l === 1 ? 'forward-right' : 'forward-left';
  if (f === -1 && l === 0) return 'back';
  if (f === 0) return l === 1 ? 'right' : 'left';
  return null;
}

/** Squares that were a door in `before` and are floor in `after`: the view draws a destroyed door as `.`. */
function doorsGone(before, after) {
  const gone = [];
  before?.forEach((row, y) => [...row].forEach((c, x) => {
    if ((c === 'D' || c === 'd') && after[y]?.[x] === '.') gone.push(key({ x, y }));
  }));
  return gone;
}

/** Room-type special squares (rules 1.3): specials connected through specials to a `:`. */
function roomSpecials(rows) {
  const cell = (x, y) => rows[y]?.[x] ?? '#';
  const room = new Set();
  const seen = new Set();
  for (let y = 0; y < rows.length; y += 1) {
    for (let x = 0; x < rows[y].length; x += 1) {
      if (!SPECIAL.has(cell(x, y)) || seen.has(`${x},${y}`)) continue;
      const group = [];
      const todo = [[x, y]];
      seen.add(`${x},${y}`);
      let touchesRoom = false;
      while (todo.length) {
        const [cx, cy] = todo.pop();
        group.push(`${cx},${cy}`);
        for (const [dx, dy] of Object.values(FORWARD)) {
          const nx = cx + dx;
          const ny = cy + dy;
          const c = cell(nx, ny);
          if (c === ':') touchesRoom = true;
          if (SPECIAL.has(c) && !seen.has(`${nx},${ny}`)) {
            seen.add(`${nx},${ny}`);
            todo.push([nx, ny]);
          }
        }
      }
      if (touchesRoom) for (const k of group) room.add(k);
    }
  }
  return room;
}

/**
 * Mounts the table in `root`. `ctx.you` is `marines`, `aliens`, `spectator` or `omniscient`;
 * `ctx.act`, if given, sends an action from the legal list.
 */
export function mount(root, ctx) {
  const table = new DerelictTable(root, ctx);
  return { show: (view, events) => table.show(view, events), pending: (on) => table.setPending(on) };
}

class DerelictTable {
  constructor(root, ctx) {
    this.ctx = ctx;
    this.view = null;
    this.pending = false;
    this.selected = null;
    this.facing = 'e';
    this.aimFlame = false;
    this.picked = false;
    this.lastTarget = null;
    this.destroyed = new Set();
    this.clockEnd = null;
    this.zoom = new ZoomFrame({
      label: 'map',
      // Squares a finger can tap on a touch screen, readable ones with a mouse.
      smallest: () => (touchScreen() ? TAP_SQUARE : READ_SQUARE) / CELL,
    });
    this.el = {
      status: h('div', { class: 'd-status', 'aria-live': 'polite' }),
      clock: h('div', { class: 'd-clock', role: 'timer', hidden: true }),
      board: h('div', { class: 'd-board' }, this.zoom.root),
      why: h('p', { class: 'd-why', role: 'status', 'aria-live': 'polite' }),
      legend: h('div', { class: 'd-legend' },
        h('h2', { class: 'd-legend-title' }, 'Key to the map'),
        h('ul', {},
          h('li', { class: 'key-corridor' }, 'corridor floor'), h('li', { class: 'key-room' }, 'room floor'),
          h('li', { class: 'key-wall' }, 'wall'),
          h('li', { class: 'key-E' }, 'E entry'), h('li', { class: 'key-X' }, 'exit'), h('li', { class: 'key-M' }, 'M marine start'),
          h('li', { class: 'key-A' }, 'A alien start'),
          h('li', { class: 'key-door' }, 'closed door'), h('li', { class: 'key-door-open' }, 'open door'),
          h('li', { class: 'key-door-broken' }, 'destroyed door'),
          h('li', { class: 'key-soldier' }, 'soldier'), h('li', { class: 'key-sergeant' }, 'sergeant (yellow rim)'),
          h('li', { class: 'key-flamer' }, 'flamer'), h('li', { class: 'key-alien' }, 'alien'),
          h('li', { class: 'key-none' }, 'white notch: facing · OW overwatch · J jammed'),
          h('li', { class: 'key-active' }, 'active model (cyan ring)'), h('li', { class: 'key-selected' }, 'selected model (dashed ring)'),
          h('li', { class: 'key-arc' }, gameTerm('derelict', 'fire-arc', 'seen by the selected marine')),
          h('li', { class: 'key-step' }, 'step, deploy, arrive'), h('li', { class: 'key-shoot' }, 'shoot'), h('li', { class: 'key-flame' }, 'flame'))),
      model: h('div', { class: 'd-model' }),
      facing: h('div', { class: 'd-facing', hidden: true }),
      actions: h('div', { class: 'actions d-actions', hidden: true }),
      keys: h('details', { class: 'd-keys', open: true, hidden: !ctx.act },
        h('summary', {}, 'Keyboard'),
        h('dl', {}, KEY_HELP.map(([k, what]) => [h('dt', {}, k), h('dd', {}, what)]))),
    };
    this.node = h('div', { class: 'derelict' },
      h('div', { class: 'd-top' }, this.el.status, this.el.clock),
      h('div', { class: 'd-main' },
        this.el.board,
        this.el.why,
        this.el.legend,
        h('div', { class: 'd-side' }, this.el.model, this.el.facing, this.el.actions, this.el.keys)));
    replace(root, this.node);
    this.onKey = (event) => this.key(event);
    document.addEventListener('keydown', this.onKey);
    this.timer = setInterval(() => this.tick(), 250);
  }

  /** The table is gone once its root left the page: stop listening. */
  alive() {
    if (this.node.isConnected) return true;
    document.removeEventListener('keydown', this.onKey);
    clearInterval(this.timer);
    return false;
  }

  setPending(on) {
    this.pending = on;
    if (this.view) this.render();
  }

  show(view, events) {
    for (const e of events) {
      if ((e.type === 'shot' || e.type === 'flamed') && e.model === this.selected) this.lastTarget = e.target;
    }
    for (const sq of doorsGone(this.view?.rows, view.rows)) this.destroyed.add(sq);
    this.view = view;
    // The clock counts down here from what the server said; every frame sets it again.
    this.clockEnd = view.clock ? performance.now() + view.clock.remaining_ms : null;
    this.chooseSelection();
    this.render();
  }

  /** Keeps the selection when it still makes sense, else picks the model the player will want. */
  chooseSelection() {
    const v = this.view;
    const keep = this.models().find((m) => m.id === this.selected && (m.at || undeployed(m)));
    if (!this.ctx.act) {
      // Watchers follow the active model until they pick one.
      if (!(this.picked && keep)) this.selected = v.active ?? keep?.id ?? null;
      return;
    }
    if (v.phase === 'marine-deployment' && this.ctx.you === 'marines') {
      // After each placement the next marine waiting comes up, unless one was picked by hand.
      if (!(this.picked && keep)) this.selected = v.marines.find(undeployed)?.id ?? keep?.id ?? null;
      return;
    }
    if (keep && (this.picked || this.legalOf(keep.id).length > 0)) return;
    const active = v.active && this.legalOf(v.active).length ? v.active : null;
    this.selected = active ?? this.myModels().find((m) => this.legalOf(m.id).length > 0)?.id ?? keep?.id ?? null;
  }

  /** Every model with its side: marines then aliens. */
  models() {
    const v = this.view;
    return [
      ...v.marines.map((m) => ({ ...m, side: 'marines' })),
      ...v.aliens.map((a) => ({ ...a, side: 'aliens', status: 'on-board' })),
    ];
  }

  myModels() {
    return this.models().filter((m) => m.side === this.ctx.you);
  }

  /** The legal actions of model `id`. */
  legalOf(id) {
    if (!this.ctx.act || !id) return [];
    return this.view.legal.filter((a) => a.model === id);
  }

  /** The actions a click on `sq` may send now, best first. */
  squareActions(sq) {
    if (!this.ctx.act || this.pending) return [];
    return this.view.legal.filter((a) => {
      const of = SQUARE_OF[a.type];
      if (!of || !same(of(a), sq)) return false;
      // Deploying a marine again where he stands, as he faces, would change nothing.
      if (a.type === 'deploy') return a.model === this.selected && a.facing === this.facing && !this.standsSo(a.model, a.to, a.facing);
      if (a.type === 'arrive') return a.facing === this.facing;
      if (a.type === 'flame') return a.model === this.selected && this.aimFlame;
      if (a.type === 'step') return a.model === this.selected && !this.aimFlame;
      return a.model === this.selected;
    });
  }

  /** Whether model `id` already stands on `to` facing `facing`. */
  standsSo(id, to, facing) {
    const m = this.models().find((x) => x.id === id);
    return Boolean(m && same(m.at, to) && m.facing === facing);
  }

  /** Sends `action` once the player confirms what it would throw away (see `cost`). */
  async send(action) {
    if (!action || this.pending || !this.ctx.act) return;
    const cost = this.cost(action);
    if (cost && !await confirmMove(cost.question, cost.yes)) return;
    if (this.pending || !this.view.legal.includes(action)) return;
    if (action.type === 'shoot' || action.type === 'flame') this.lastTarget = action.target;
    if (action.type !== 'flame') this.aimFlame = false;
    this.picked = false;
    this.say('');
    if (this.ctx.act(action)) this.setPending(true);
  }

  /**
   * What `action` would throw away, as a question, or null: ending the turn while models can
   * still act (rules 2.4), or acting with another model while the active one has AP left (its
   * AP are lost).
   */
  cost(action) {
    const v = this.view;
    if (action.type === 'end-turn') {
      const waiting = this.myModels().filter((m) => m.at && !m.acted && m.id !== v.active && m.status !== 'dead' && m.status !== 'escaped');
      const parts = [];
      if (v.active && v.ap) parts.push(`${modelName(v.active)} still has ${v.ap} AP`);
      if (waiting.length) parts.push(`${names(waiting.map((m) => modelName(m.id)))} ${waiting.length === 1 ? 'has' : 'have'} not acted`);
      return parts.length ? { question: `End the turn? ${parts.join(', and ')}: their AP are lost.`, yes: 'End the turn' } : null;
    }
    if (action.model && v.active && v.ap && action.model !== v.active && v.phase !== 'marine-deployment' && v.phase !== 'alien-deployment') {
      return {
        question: `Act with ${modelName(action.model)}? ${modelName(v.active)} is done for this turn then: his ${v.ap} AP left are lost.`,
        yes: `Act with ${modelName(action.model)}`,
      };
    }
    return null;
  }

  render() {
    if (!this.alive()) return;
    this.renderStatus();
    // A finished match takes no more moves: its keys are not offered.
    this.el.keys.hidden = !this.ctx.act || Boolean(this.view.outcome);
    this.tick();
    const before = notePlaces(this.el.board, '.model', (el) => el.dataset.model);
    keepFocus(this.el.board, focusSelector, () => this.renderBoard(), '.model.is-selected');
    glide(this.el.board, '.model', (el) => el.dataset.model, before);
    this.renderModel();
    this.renderFacing();
    this.renderActions();
  }

  renderStatus() {
    const v = this.view;
    const seated = this.ctx.you === 'marines' || this.ctx.you === 'aliens';
    const duty = seated ? v.duties[this.ctx.you] : null;
    const limit = v.turn_limit ? ` of ${v.turn_limit}` : '';
    // Watchers are told who is playing and at what; players, whether it is their move.
    const watched = v.to_act.map((s) => `${seatWithName(s, this.ctx.names)}: ${dutyWords(v.duties[s])}`).join(' · ');
    replace(this.el.status,
      h('span', { class: 'd-title' }, v.title),
      h('span', { class: 'd-turn' }, v.turn ? `Turn ${v.turn}${limit}` : 'Before turn 1'),
      h('span', { class: 'd-phase', dataset: { phase: v.phase } }, phaseWords(v.phase)),
      v.outcome ? h('strong', { class: 'd-outcome' }, `${outcomeWords(v.outcome).replace(/^./, (c) => c.toUpperCase())}.`) : null,
      duty && !v.outcome ? this.dutyNote(duty) : null,
      !seated && watched ? h('span', { class: 'd-duty' }, watched) : null,
      h('span', { class: 'd-count' }, gameTerm('derelict', 'escaped', 'Escaped'), ` ${v.escaped} / ${v.exit_needed} needed`),
      h('span', { class: 'd-count' }, `Aliens killed ${v.aliens_killed}`),
      h('span', { class: 'd-count' }, gameTerm('derelict', 'pool'), ` ${v.pool === null ? 'unlimited' : v.pool}`),
      v.arrivals ? h('span', { class: 'd-count warn' }, `${v.arrivals} alien${v.arrivals === 1 ? '' : 's'} to place`) : null);
  }

  /** A seat's own duty: its move only when it has something to send (not before every seat is taken). */
  dutyNote(duty) {
    if (duty === 'wait') return h('span', { class: 'd-duty' }, 'The other side is playing');
    if (!this.view.legal.length) return h('span', { class: 'd-duty' }, 'You act once every seat is taken.');
    return h('span', { class: 'd-duty mine' }, `Your move: ${dutyWords(duty)}`);
  }

  /** The marine clock, counted down locally between frames. */
  tick() {
    if (!this.alive() || !this.view) return;
    const clock = this.view.clock;
    this.el.clock.hidden = !clock;
    if (!clock || this.clockEnd === null) return;
    const left = Math.max(0, this.clockEnd - performance.now());
    const seconds = Math.ceil(left / 1000);
    const text = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
    this.el.clock.dataset.seconds = String(seconds);
    this.el.clock.classList.toggle('low', seconds <= 20);
    if (this.el.clock.dataset.text === text) return;
    this.el.clock.dataset.text = text;
    replace(this.el.clock, h('span', { class: 'd-clock-label' }, 'Marine clock'), h('span', { class: 'd-clock-time' }, text),
      h('span', { class: 'd-clock-of' }, `of ${clock.seconds} s`));
  }

  renderBoard() {
    const v = this.view;
    const rows = v.rows;
    const height = rows.length;
    const width = Math.max(...rows.map((r) => r.length));
    const rooms = roomSpecials(rows);
    const cellAt = (x, y) => rows[y]?.[x] ?? '#';
    const blocked = (x, y) => cellAt(x, y) === '#' || cellAt(x, y) === 'D';
    const layers = { floor: [], arc: [], marks: [], models: [] };

    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        layers.floor.push(this.drawCell(cellAt(x, y), x, y, rooms.has(`${x},${y}`), blocked));
      }
    }

    // What the selected marine sees (rules 5.2): every other model blocks his sight.
    const selected = this.models().find((m) => m.id === this.selected);
    if (selected?.side === 'marines' && selected.at && selected.facing) {
      const occupied = new Set(this.models().filter(onBoard).map((m) => key(m.at)));
      for (const sq of sightSquares(sightBoard(rows, rooms, occupied), selected.at, selected.facing)) {
        layers.arc.push(svg('rect', { class: 'arc', x: sq.x * CELL, y: sq.y * CELL, width: CELL, height: CELL, 'data-arc': key(sq) }));
      }
    }

    const marked = new Map();
    if (this.ctx.act && !this.pending) {
      for (const a of this.view.legal) {
        const of = SQUARE_OF[a.type];
        const sq = of?.(a);
        if (!sq || marked.has(key(sq))) continue;
        const [action] = this.squareActions(sq);
        if (action) marked.set(key(sq), { sq, action });
      }
    }
    for (const { sq, action } of marked.values()) {
      // A square that stands for a move is a button: Tab reaches it, Enter or Space sends it.
      layers.marks.push(svg('rect', {
        class: ['mark', `mark-${action.type}`], x: sq.x * CELL + 2, y: sq.y * CELL + 2, width: CELL - 4, height: CELL - 4, rx: 4,
        'data-x': sq.x, 'data-y': sq.y, 'data-kind': action.type,
        tabindex: '0', role: 'button', 'aria-label': describeAction(action),
      }));
    }

    for (const m of this.models()) {
      if (!onBoard(m)) continue;
      layers.models.push(this.drawModel(m, m.id === this.view.active, m.id === this.selected));
    }

    const board = svg('svg', {
      class: 'd-svg', viewBox: `-2 -2 ${width * CELL + 4} ${height * CELL + 4}`, role: 'group',
      'aria-label': `The map, ${width} by ${height} squares`,
      onclick: (e) => this.click(e),
      onkeydown: (e) => {
        if ((e.key === 'Enter' || e.key === ' ') && e.target.closest?.('[role="button"]')) {
          e.preventDefault();
          this.click(e);
        }
      },
    },
    svg('g', { class: 'floor' }, layers.floor),
    svg('g', { class: 'arcs' }, layers.arc),
    svg('g', { class: 'models' }, layers.models),
    // Over the models: a target is clicked through its mark.
    svg('g', { class: 'marks' }, layers.marks));
    // A long, low map is drawn across the whole page (the log and chat go under it): beside
    // them its squares would be too small to read.
    this.el.board.classList.toggle('wide', width >= WIDE * height);
    this.zoom.show(board, width * CELL + 4, height * CELL + 4);
    // A zoomed board keeps the selected model in view as the selection changes or it moves.
    const place = selected?.at ? `${selected.id}@${key(selected.at)}` : null;
    if (place && place !== this.revealed) this.zoom.reveal(selected.at.x * CELL + CELL / 2, selected.at.y * CELL + CELL / 2);
    this.revealed = place;
  }

  drawCell(c, x, y, room, blocked) {
    const px = x * CELL;
    const py = y * CELL;
    const base = { x: px, y: py, width: CELL, height: CELL, 'data-x': x, 'data-y': y };
    if (c === '#') return svg('rect', { ...base, class: 'wall' });
    const floorKind = c === ':' || (SPECIAL.has(c) && room) ? 'room' : 'corridor';
    const parts = [svg('rect', { ...base, class: ['sq', floorKind, SPECIAL.has(c) ? `sq-${c}` : ''] })];
    // A door's leaf lies across the way through it: upright between walls north and south.
    const upright = blocked(x, y - 1) && blocked(x, y + 1);
    const cx = px + CELL / 2;
    const cy = py + CELL / 2;
    if (c === 'D') {
      parts.push(svg('rect', upright
        ? { class: 'door closed', x: cx - 4, y: py + 1, width: 8, height: CELL - 2, rx: 2 }
        : { class: 'door closed', x: px + 1, y: cy - 4, width: CELL - 2, height: 8, rx: 2 }));
    } else if (c === 'd') {
      const leaf = upright
        ? [{ x: cx - 4, y: py, width: 8, height: 6 }, { x: cx - 4, y: py + CELL - 6, width: 8, height: 6 }]
        : [{ x: px, y: cy - 4, width: 6, height: 8 }, { x: px + CELL - 6, y: cy - 4, width: 6, height: 8 }];
      parts.push(...leaf.map((r) => svg('rect', { class: 'door open', ...r })));
    } else if (this.destroyed.has(`${x},${y}`)) {
      parts.push(svg('path', { class: 'door destroyed', d: `M${px + 4} ${cy - 5} l6 8 l5 -7 l6 9 l6 -8` }));
    } else if (FLOOR_LABEL[c]) {
      parts.push(svg('text', { class: `sq-label label-${c}`, x: cx, y: cy + 4, 'text-anchor': 'middle', text: FLOOR_LABEL[c] }));
    }
    return svg('g', { class: 'cell', 'data-cell': c }, parts);
  }

  drawModel(m, active, selected) {
    const cx = m.at.x * CELL + CELL / 2;
    const cy = m.at.y * CELL + CELL / 2;
    const number = m.id.slice(1);
    const rotate = `rotate(${ANGLE[m.facing ?? 'n']} ${cx} ${cy})`;
    // The finger's target: the whole square, not only the drawn token.
    const parts = [svg('rect', { class: 'hit', x: m.at.x * CELL + 1, y: m.at.y * CELL + 1, width: CELL - 2, height: CELL - 2 })];
    // The active model has a solid cyan ring, the selected one a dashed white ring inside it:
    // neither looks like the sergeant's yellow rim.
    if (active) parts.push(svg('circle', { class: 'ring active', cx, cy, r: CELL / 2 - 1 }));
    if (selected) parts.push(svg('circle', { class: 'ring selected', cx, cy, r: CELL / 2 - (active ? 4 : 1) }));
    if (m.side === 'marines') {
      parts.push(svg('circle', { class: ['body', `role-${m.role}`], cx, cy, r: 10 }));
      if (m.facing) parts.push(svg('path', { class: 'nose', d: `M${cx - 6} ${cy - 8} L${cx} ${cy - 15} L${cx + 6} ${cy - 8} Z`, transform: rotate }));
      parts.push(svg('text', { class: 'num', 'aria-hidden': 'true', x: cx, y: cy + 4, 'text-anchor': 'middle', text: number }));
      if (m.overwatch) parts.push(svg('text', { 'aria-hidden': 'true', class: 'tag ow', x: m.at.x * CELL + 1, y: m.at.y * CELL + 9, text: 'OW' }));
      if (m.jammed) parts.push(svg('text', { 'aria-hidden': 'true', class: 'tag jam', x: m.at.x * CELL + CELL - 1, y: m.at.y * CELL + 9, 'text-anchor': 'end', text: 'J' }));
    } else {
      parts.push(svg('path', { class: 'body alien', d: `M${cx} ${cy - 13} L${cx + 10} ${cy + 2} L${cx + 6} ${cy + 11} L${cx - 6} ${cy + 11} L${cx - 10} ${cy + 2} Z`, transform: rotate }));
      if (!m.facing) parts.push(svg('text', { 'aria-hidden': 'true', class: 'tag unfaced', x: cx, y: m.at.y * CELL + 9, 'text-anchor': 'middle', text: '?' }));
      parts.push(svg('text', { class: 'num', 'aria-hidden': 'true', x: cx, y: cy + 5, 'text-anchor': 'middle', text: number }));
    }
    const title = `${modelName(m.id)}${m.role ? ` (${ROLE_WORDS[m.role]})` : ''} at ${at(m.at)}${m.facing ? `, facing ${facingWords(m.facing)}` : ''}${active ? ', active' : ''}`;
    return svg('g', {
      // The active model has acted too, but is not done: only the others are dimmed.
      class: ['model', m.side, m.acted && !active ? 'acted' : '', active ? 'is-active' : '', selected ? 'is-selected' : ''],
      'data-model': m.id, 'data-x': m.at.x, 'data-y': m.at.y, 'data-facing': m.facing ?? '',
      // A button named by its title; pressed while selected.
      tabindex: '0', role: 'button', 'aria-pressed': String(selected),
    }, svg('title', { text: title }), parts);
  }

  /** A click on the board: a highlighted square acts; a model selects it. */
  click(event) {
    const target = event.target.closest('[data-x]');
    if (!target) return;
    const sq = { x: Number(target.dataset.x), y: Number(target.dataset.y) };
    const [action] = this.squareActions(sq);
    if (action) {
      this.send(action);
      return;
    }
    const model = this.models().find((m) => same(m.at, sq) && m.status !== 'dead' && m.status !== 'escaped');
    if (model) {
      this.selected = model.id;
      this.picked = true;
      this.aimFlame = false;
      this.render();
    }
  }

  /** The selected model: who, where, AP, overwatch, jam, flamer. */
  renderModel() {
    const m = this.models().find((x) => x.id === this.selected);
    if (!m) {
      replace(this.el.model, h('p', { class: 'hint' }, this.ctx.act && !this.view.outcome ? 'Click one of your models to select it.' : 'Click a model to see it.'));
      return;
    }
    const v = this.view;
    const facts = [
      m.role ? ROLE_WORDS[m.role] : 'Alien',
      m.at ? `at ${at(m.at)}` : undeployed(m) ? 'not deployed yet' : m.status,
      m.facing ? `facing ${facingWords(m.facing)}` : null,
    ].filter(Boolean).join(', ');
    const flags = [
      v.active === m.id && v.ap !== null ? `${v.ap} AP left` : m.acted ? 'has acted' : null,
      m.overwatch ? 'on overwatch' : null,
      m.jammed ? 'bolter jammed' : null,
      m.flamer ? `flamer: ${m.flamer.shots} shots, ${m.flamer.reloads} reload${m.flamer.reloads === 1 ? '' : 's'}` : null,
    ].filter(Boolean);
    const canFlame = this.ctx.act && v.legal.some((a) => a.type === 'flame' && a.model === m.id);
    replace(this.el.model,
      h('h2', {}, modelName(m.id)),
      canFlame ? h('button', {
        type: 'button', class: ['aim', this.aimFlame ? 'chosen' : ''], 'aria-pressed': String(this.aimFlame),
        onclick: () => { this.aimFlame = !this.aimFlame; this.render(); },
      }, this.aimFlame ? 'Aiming the flamer: click a square (F to stop)' : 'Aim the flamer (F)') : null,
      h('p', { class: 'd-facts' }, facts),
      flags.length ? h('p', { class: 'd-flags' }, flags.map((f) => h('span', { class: 'chip' }, f))) : null,
      v.active && v.ap !== null && v.active !== m.id ? h('p', { class: 'hint' }, `${modelName(v.active)} is active with ${v.ap} AP.`) : null);
  }

  /** Deployment and arrivals: the facing the next click places a model with. */
  renderFacing() {
    const placing = this.ctx.act && this.view.legal.some((a) => a.type === 'deploy' || a.type === 'arrive');
    this.el.facing.hidden = !placing;
    if (!placing) return;
    const what = this.view.legal.some((a) => a.type === 'deploy')
      ? `Click a highlighted M square to put ${modelName(this.selected)} there facing:`
      : 'Click a highlighted entry square to bring an alien in facing:';
    replace(this.el.facing, h('p', {}, what), h('div', { class: 'd-facing-buttons', role: 'radiogroup' },
      ['n', 'e', 's', 'w'].map((f) => h('button', {
        type: 'button', class: ['facing', f === this.facing ? 'chosen' : ''], 'aria-pressed': String(f === this.facing), dataset: { facing: f },
        onclick: () => { this.facing = f; this.render(); },
      }, FACING_WORDS[f]))),
    h('p', { class: 'hint' }, 'Q / E turn the facing.'));
  }

  /** The selected model's actions that are not a click on a square, and the turn's own. */
  renderActions() {
    const legal = this.ctx.act ? this.view.legal.filter((a) => this.inPanel(a)) : [];
    renderActions(this.el.actions, legal, {
      describe: (a) => this.panelWords(a),
      send: (a) => this.send(a),
      pending: this.pending,
    });
  }

  inPanel(a) {
    if (a.type === 'confirm' || a.type === 'end-turn') return true;
    if (a.model !== this.selected) return false;
    if (a.type === 'deploy' || a.type === 'arrive' || a.type === 'shoot') return false;
    if (a.type === 'step') return Boolean(a.shot);
    if (a.type === 'flame') return false;
    return true;
  }

  panelWords(a) {
    switch (a.type) {
      case 'turn': return { group: 'turn', heading: 'Turn', label: a.side === 'left' ? 'Left (Q)' : 'Right (E)' };
      case 'face': return { group: 'face', heading: 'Face', label: FACING_WORDS[a.facing] };
      case 'step': return { group: 'step-shot', heading: 'Step and fire', label: `to ${at(a.to)}, fire at ${this.whatIsAt(a.shot)}` };
      case 'open': return { group: 'door', heading: 'Door', label: 'Open (G)' };
      case 'close': return { group: 'door', heading: 'Door', label: 'Close (G)' };
      case 'overwatch': return { group: 'do', heading: 'Act', label: 'Overwatch (O)' };
      case 'unjam': return { group: 'do', heading: 'Act', label: 'Unjam (U)' };
      case 'reload': return { group: 'do', heading: 'Act', label: 'Reload (R)' };
      case 'attack': return { group: 'do', heading: 'Act', label: 'Attack (X)' };
      case 'confirm': return { group: 'end', heading: '', label: 'Confirm deployment (Enter)' };
      case 'end-turn': return { group: 'end', heading: '', label: 'End turn (Enter)' };
      default: return { group: a.type, heading: '', label: describeAction(a) };
    }
  }

  /** A target square in words: the model on it (`Alien 2`), else the square. */
  whatIsAt(sq) {
    const model = this.models().find((m) => same(m.at, sq) && m.status !== 'dead');
    return model ? `${modelName(model.id)} ${at(sq)}` : at(sq);
  }

  /** Keyboard shortcuts; none while typing in a field. */
  key(event) {
    if (!this.alive() || !this.view || !this.ctx.act) return;
    if (event.target.closest?.('input, textarea, select') || event.ctrlKey || event.metaKey || event.altKey) return;
    const k = event.key.toLowerCase();
    // Enter on a focused button or link is that button's.
    if (k === 'enter' && event.target.closest?.('button, a, summary, [role="button"]')) return;
    const action = this.keyAction(k);
    if (action === undefined) return;
    event.preventDefault();
    if (action) {
      this.say('');
      this.send(action);
    } else if (action === null && !this.quietKey) {
      this.say(this.whyNot(k));
    }
    this.quietKey = false;
  }

  /** Says, under the board, why a key did nothing (or nothing, with ''). */
  say(text) {
    this.el.why.textContent = text;
  }

  /** Why key `k` could do nothing now, in words. */
  whyNot(k) {
    const v = this.view;
    const m = this.models().find((x) => x.id === this.selected);
    const keyName = KEY_NAMES[k] ?? k.toUpperCase();
    if (!v.legal.length) return `${keyName}: it is not your move.`;
    if (!m) return `${keyName}: select one of your models first (N picks the next).`;
    const who = modelName(m.id);
    if (m.side !== this.ctx.you) return `${keyName}: ${who} is not yours.`;
    if (!this.legalOf(m.id).length) {
      return m.acted && m.id !== v.active ? `${keyName}: ${who} has already acted this turn.` : `${keyName}: ${who} can do nothing now.`;
    }
    const dir = Object.entries(STEP_KEYS).find(([, keys]) => keys.includes(k))?.[0];
    if (dir) return `${keyName}: ${who} cannot step ${DIRECTION_WORDS[dir]}: ${this.blockedWords(m, dir)}.`;
    const ap = v.active === m.id && v.ap !== null ? ` with ${v.ap} AP left` : '';
    return `${keyName}: ${who} cannot ${KEY_DOES[k] ?? 'do that'} now${ap}.`;
  }

  /** What stops model `m` stepping `dir`: the square there, or else the AP or the rules. */
  blockedWords(m, dir) {
    if (!m.at || !m.facing) return 'he is not on the board with a facing';
    if (m.side === 'marines' && (dir === 'left' || dir === 'right')) return 'marines never step sideways';
    const [f, l] = STEP_OFFSETS[dir];
    const [fx, fy] = FORWARD[m.facing];
    const [rx, ry] = RIGHT[m.facing];
    const to = { x: m.at.x + f * fx + l * rx, y: m.at.y + f * fy + l * ry };
    const cell = this.view.rows[to.y]?.[to.x] ?? '#';
    if (cell === '#') return 'a wall is in the way';
    if (cell === 'D') return 'a closed door is in the way (G opens the door in front)';
    const there = this.models().find((x) => onBoard(x) && same(x.at, to));
    if (there) return `${modelName(there.id)} stands there`;
    if (f === 1 && l !== 0) return 'the corner is blocked, or he has too few AP';
    return 'he has too few AP left';
  }

  /**
   * The action key `k` stands for now: an action, null (a known key that sends nothing; it
   * sets `quietKey` when it did something on the table all the same) or undefined.
   */
  keyAction(k) {
    const legal = this.view.legal;
    const mine = (type, extra = () => true) => legal.find((a) => a.type === type && a.model === this.selected && extra(a)) ?? null;
    const placing = legal.some((a) => a.type === 'deploy' || a.type === 'arrive');
    if ((k === 'q' || k === 'e') && placing) {
      this.facing = k === 'q' ? TURN_LEFT[this.facing] : TURN_RIGHT[this.facing];
      this.quietKey = true;
      this.render();
      return null;
    }
    if (k === 'enter') return legal.find((a) => a.type === 'confirm' || a.type === 'end-turn') ?? null;
    if (k === 'n') {
      this.quietKey = true;
      this.selectNext();
      return null;
    }
    if (k === 'q' || k === 'e') return mine('turn', (a) => a.side === (k === 'q' ? 'left' : 'right'));
    if (k === 'o') return mine('overwatch');
    if (k === 'u') return mine('unjam');
    if (k === 'r') return mine('reload');
    if (k === 'x') return mine('attack');
    if (k === 'g') return mine('open') ?? mine('close');
    if (k === 'f') return this.fireKey();
    for (const [dir, keys] of Object.entries(STEP_KEYS)) {
      if (!keys.includes(k)) continue;
      const m = this.models().find((x) => x.id === this.selected);
      if (!m?.at || !m.facing) return null;
      return mine('step', (a) => !a.shot && stepDirection(m.at, m.facing, a.to) === dir);
    }
    return undefined;
  }

  /** F: a flamer toggles aiming; a bolter fires again at its last target, else the nearest. */
  fireKey() {
    const m = this.models().find((x) => x.id === this.selected);
    if (m?.role === 'flamer') {
      const canFlame = this.view.legal.some((a) => a.type === 'flame' && a.model === m.id);
      this.aimFlame = !this.aimFlame && canFlame;
      this.quietKey = canFlame;
      this.render();
      return null;
    }
    const shots = this.view.legal.filter((a) => a.type === 'shoot' && a.model === this.selected);
    if (!shots.length || !m?.at) return null;
    const again = shots.find((a) => same(a.target, this.lastTarget));
    const dist = (a) => Math.max(Math.abs(a.target.x - m.at.x), Math.abs(a.target.y - m.at.y));
    return again ?? shots.reduce((best, a) => (dist(a) < dist(best) ? a : best));
  }

  selectNext() {
    const ids = this.myModels().filter((m) => m.at || undeployed(m)).map((m) => m.id);
    if (!ids.length) return;
    this.selected = ids[(ids.indexOf(this.selected) + 1) % ids.length];
    this.aimFlame = false;
    this.render();
  }
}

/** How a focused model or square of the board is found again in a new drawing. */
function focusSelector(el) {
  if (el.dataset.model) return `.model[data-model="${el.dataset.model}"]`;
  if (el.classList.contains('mark')) return `.mark[data-x="${el.dataset.x}"][data-y="${el.dataset.y}"]`;
  return null;
}

/** `Marine 2`, `Marine 2 and Marine 3`, `Marine 2, Marine 3 and Marine 4`. */
function names(list) {
  return list.length > 1 ? `${list.slice(0, -1).join(', ')} and ${list.at(-1)}` : list[0];
}
