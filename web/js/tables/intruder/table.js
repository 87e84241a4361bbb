// The Intruder table: Deep Space Station Prometheus drawn in SVG from the view alone. The 28
// compartments (rules 3) with their passageways, the crewmen in them (MP left, acted), the
// objects lying there, face-down counters as neutral tokens named by opaque id only, face-up ones
// as what they are (asleep marked; to the Intruder seat and the replay, those the crew still
// sees face down veiled), the Shuttles that left with who and what is aboard; the life stage
// chart, the known powers and the unknown ones as blanks, the Weapon Construction and
// Self-Destruct tracks, the boxes, score, turn and phase, and the crew's prompt in words. Click a crewman to select him: the compartments he may move to
// are outlined and a click sends that very `move` of `view.legal`; his other choices, and the
// crew's, are buttons of the shared action panel. The Intruder seat (17.1) plans phase 1 by
// clicking a counter then a compartment listed for it; the crew seats of 17.3 compose their
// orders from the listed ones; either list is sent as one intent. Buttons name objects and
// counters in words (the log keeps their numbers and ids); crewmen and counters glide when they
// move; on a touch screen the map is zoomed so its tokens can be tapped; Tab reaches every
// crewman and outlined compartment. Starting the self-destruct asks first.

import { h, replace, svg } from '../../dom.js';
import { renderActions } from '../../actions.js';
import { confirmMove } from '../../confirm.js';
import { withDice } from '../../dice.js';
import { glide, notePlaces } from '../../flip.js';
import { keepFocus } from '../../focus.js';
import { gameTerm } from '../../help/index.js';
import { seatWithName } from '../../words.js';
import { ZoomFrame, touchScreen } from '../../zoom.js';
import {
  IDENTITY_LABEL, POWERS, ROOMS, counterName, counterTag, crewName, crewShort, describeAction, describeEvent, destructBox,
  eventDice, kindName, learnObjects, phaseWords, powerName, promptWords, reasonWords, roomName, roomShort, shuttleName,
} from './words.js';

export { describeAction, describeEvent, eventDice, reasonWords };

/** A score of zero is a draw (rules 16.2): the server says so in the reason. */
export const isDraw = (outcome) => /_draw$/.test(outcome.reason);

/**
 * The end panel's account of the score (rules 16.2): the dead crewmen, the Intruders killed and
 * captured, and who escaped, with the sum when the score is counted that way (the two crew
 * seats of 17.3 count theirs by the table of their seat).
 */
export function outcomeDetails(v) {
  const dead = v.crew.filter((c) => !c.alive).length;
  const left = (v.shuttles ?? []).filter((t) => t.left && t.intruder === undefined).map((t) => t.shuttle);
  const escaped = v.crew.filter((c) => c.alive && left.includes(c.aboard)).length;
  const sum = -5 * dead + 7 * v.intruders_killed + 15 * v.intruders_captured;
  return h('div', { class: 'in-score-account' },
    h('p', {}, `Final score ${v.score}.`),
    h('ul', {},
      h('li', {}, `${dead} crewm${dead === 1 ? 'a' : 'e'}n dead: −5 each`),
      h('li', {}, `${v.intruders_killed} Intruder${v.intruders_killed === 1 ? '' : 's'} killed: +7 each`),
      h('li', {}, `${v.intruders_captured} Intruder${v.intruders_captured === 1 ? '' : 's'} captured (frozen or trapped): +15 each`),
      h('li', {}, `${escaped} crewm${escaped === 1 ? 'a' : 'e'}n escaped by Shuttle (alive: they cost nothing)`)),
    sum === v.score
      ? h('p', { class: 'hint' }, `−5 × ${dead} + 7 × ${v.intruders_killed} + 15 × ${v.intruders_captured} = ${sum}: above zero the crew wins, below it loses, zero is a draw.`)
      : h('p', { class: 'hint' }, 'Your seat counts its score by its own table (The Science Officer), or the station exploded: then the crew draws if at least 3 crewmen escaped, else loses.'));
}

/** The map's size in SVG units. */
const WIDTH = 1110;
const HEIGHT = 640;
/** How far apart tokens in a compartment are, in SVG units, and the smallest a finger can tap, in CSS px. */
const TOKEN_STEP = 24;
/** A finger's width, with a little to spare over the 32 px every target must have. */
const TAP = 34;
/** A compartment's box by kind; the Command Module is the largest. */
const SIZES = {
  hub: { w: 180, h: 100 }, secured: { w: 76, h: 60 }, corridor: { w: 100, h: 62 }, working: { w: 100, h: 62 },
  shaft: { w: 92, h: 56 }, storage: { w: 80, h: 52 }, airlock: { w: 80, h: 52 },
};

/**
 * Where each compartment is drawn (its centre). The six working rooms and the three shafts form
 * the outer ring; each corridor runs inside it beside its two working rooms, with its storage
 * rooms and its airlock on the inside, so no passageway crosses another or runs under a box.
 */
const PLACES = {
  liv: [250, 45], mes: [375, 45], sh2: [550, 45], inf: [740, 45], lab: [900, 45],
  sh3: [55, 340], sh1: [1055, 330], mnt: [380, 595], pwr: [720, 595],
  a2: [250, 160], a1: [375, 160], sa2: [170, 262], dk1: [265, 262], sa1: [370, 262],
  arm: [470, 165], frz: [550, 165], cmp: [630, 165], cm: [540, 300],
  b2: [740, 160], b1: [900, 160], dk2: [700, 255], sb2: [790, 255], sb1: [955, 262],
  c1: [720, 480], c2: [380, 480], sc1: [800, 390], sc2: [310, 392], air: [440, 392],
};

/** The passageways (rules 3), each once; a third entry bends the line (so it runs under no box). */
const PASSAGES = [
  ['cm', 'a1'], ['cm', 'b1', [[540, 322], [865, 322], [865, 160]]], ['cm', 'c1'], ['cm', 'arm'], ['cm', 'frz'], ['cm', 'cmp'],
  ['a1', 'a2'], ['a1', 'sa1'], ['a1', 'mes'], ['a2', 'sa2'], ['a2', 'liv'], ['a2', 'dk1'],
  ['b1', 'b2'], ['b1', 'sb1'], ['b1', 'lab'], ['b2', 'sb2'], ['b2', 'inf'], ['b2', 'dk2'],
  ['c1', 'c2'], ['c1', 'sc1'], ['c1', 'pwr'], ['c2', 'sc2'], ['c2', 'mnt'], ['c2', 'air'],
  ['mes', 'sh2'], ['mes', 'liv'], ['liv', 'sh3'], ['lab', 'inf'], ['lab', 'sh1'], ['inf', 'sh2'],
  ['pwr', 'mnt'], ['pwr', 'sh1'], ['mnt', 'sh3'],
];

/** The kind of each compartment, for its colour. */
const KIND = {
  cm: 'hub', arm: 'secured', frz: 'secured', cmp: 'secured',
  a1: 'corridor', a2: 'corridor', b1: 'corridor', b2: 'corridor', c1: 'corridor', c2: 'corridor',
  sa1: 'storage', sa2: 'storage', sb1: 'storage', sb2: 'storage', sc1: 'storage', sc2: 'storage',
  mes: 'working', liv: 'working', lab: 'working', inf: 'working', pwr: 'working', mnt: 'working',
  sh1: 'shaft', sh2: 'shaft', sh3: 'shaft', air: 'airlock', dk1: 'airlock', dk2: 'airlock',
};

/** Short marks of the objects on the map. */
const OBJECT_MARK = {
  blaster: 'Bl', 'sleep-dart-pistol': 'SD', 'gas-canister': 'Gs', 'electric-prod': 'Pr', flamethrower: 'Fl', cage: 'Cg',
};

/** The life stage chart (rules 7.1): powers, metamorphosis, attack, clones, crew may kill, kill. */
const STAGES = [
  [1, 2, '1-2', '1-3', 2, 'no', '1-3'],
  [2, 3, '1-2', '1-3', 2, 'no', '1-3'],
  [3, 4, '1-2', '1-3', 2, 'yes', '1-4'],
  [4, 5, '1', '1-4', 3, 'yes', '1-4'],
  [5, 6, '1', '1-4', 4, 'yes', '1-5'],
  [6, 7, 'none', '1-5', 5, 'yes', '1-5'],
];

/** The weapons built on the Weapon Construction Track and the turns each takes (rules 9.3). */
const BUILD_TURNS = { 'electric-prod': 2, flamethrower: 3 };

/**
 * The two Shuttles (rules 15.2): the dock each leaves from, and where its hull is drawn once it
 * has left — in the free bottom corners of the map, below the passageways to the shafts.
 */
const SHUTTLES = { 1: { dock: 'dk1', x: 40, y: 548 }, 2: { dock: 'dk2', x: 860, y: 548 } };
const HULL = { w: 210, h: 84 };

const sizeOf = (room) => SIZES[KIND[room]];

/** How look-alike choices are told apart on the buttons. */
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'];

/**
 * Mounts the table in `root`. `ctx.you` is `crew`, `spectator` or `omniscient` (replay);
 * `ctx.act`, if given, sends an action from the legal list.
 */
export function mount(root, ctx) {
  const table = new IntruderTable(root, ctx);
  return { show: (view, events) => table.show(view, events), pending: (on) => table.setPending(on) };
}

class IntruderTable {
  constructor(root, ctx) {
    this.ctx = ctx;
    this.view = null;
    this.pending = false;
    this.selected = null;
    /** The counter the Intruder seat is planning a move for (its opaque id). */
    this.counter = null;
    /** The list being composed from listed items: phase-1 moves, or a crew seat's orders. */
    this.draft = [];
    /** The events of the last frame that had any. */
    this.recent = [];
    this.zoom = new ZoomFrame({
      label: 'station',
      // Tokens sit TOKEN_STEP apart: on a touch screen each must get a finger's width.
      smallest: () => (touchScreen() ? TAP / TOKEN_STEP : 0.5),
    });
    this.el = {
      status: h('div', { class: 'in-status', 'aria-live': 'polite' }),
      prompt: h('p', { class: 'in-prompt' }),
      selected: h('div', { class: 'in-selected' }),
      actions: h('div', { class: 'actions in-actions', hidden: true }),
      draft: h('section', { class: 'in-draft', hidden: true }),
      map: h('div', { class: 'in-map' }, this.zoom.root),
      recent: h('section', { class: 'in-recent', hidden: true }),
      crew: h('section', { class: 'panel in-crew' }),
      intruder: h('section', { class: 'panel in-intruder' }),
      tracks: h('section', { class: 'panel in-tracks' }),
    };
    replace(root, h('div', { class: 'intruder' },
      this.el.status, this.el.prompt,
      h('div', { class: 'in-main' },
        this.el.map,
        h('div', { class: 'in-play' }, this.el.selected, this.el.actions, this.el.draft, this.el.recent)),
      h('p', { class: 'in-legend' },
        h('span', { class: 'key-crew' }, 'crewman (MP left; dimmed: has acted)'),
        h('span', { class: 'key-hidden' }, 'face-down counter'),
        h('span', { class: 'key-intruder' }, 'Intruder'), h('span', { class: 'key-animal' }, 'Lab Animal'),
        h('span', { class: 'key-dummy' }, 'Dummy'), h('span', { class: 'key-object' }, 'object'),
        ['intruder', 'omniscient'].includes(ctx.you) ? h('span', { class: 'key-veiled' }, 'face down to the crew') : null,
        h('span', { class: 'key-legal' }, ctx.you === 'intruder' ? 'where the selected counter may move' : 'where the selected crewman may move')),
      h('div', { class: 'in-panels' }, this.el.crew, this.el.intruder, this.el.tracks)));
  }

  setPending(on) {
    this.pending = on;
    if (this.view) this.render();
  }

  show(view, events) {
    learnObjects(view);
    // What the last answer brought stays beside the map until the next one brings more; before
    // any, what the set-up played (its dice are public too).
    if (events.length) this.recent = events;
    else if (!this.recent?.length && view.set_up?.length) this.recent = view.set_up;
    this.view = view;
    // Items no longer listed (the decision point moved on) leave the list being composed.
    const listed = this.listed().map((item) => JSON.stringify(item));
    this.draft = this.draft.filter((item) => listed.includes(JSON.stringify(item)));
    if (!this.listedMoves().some((m) => m.id === this.counter)) this.counter = null;
    this.chooseSelection();
    this.render();
  }

  /**
   * What this seat composes now: `plan` (the Intruder seat's phase-1 plan, rules 17.1), `orders`
   * (a crew seat's orders, 17.3) or null. The server lists the empty list and every one-item
   * list; any set of listed items is accepted, so the table builds the list from them.
   */
  composing() {
    const first = this.ctx.act ? this.view.legal[0] : null;
    return { 'plan-movement': 'plan', orders: 'orders' }[first?.type] ?? null;
  }

  /** The listed items of the list being composed: counter moves or orders. */
  listed() {
    const mode = this.composing();
    return mode === 'plan' ? this.listedMoves() : mode === 'orders' ? this.view.legal.flatMap((a) => a.orders) : [];
  }

  /** The one-counter moves the server lists for the Intruder seat's plan. */
  listedMoves() {
    return this.composing() === 'plan' ? this.view.legal.flatMap((a) => a.moves) : [];
  }

  /** The crew intents this seat may choose now: the listed orders while composing them, else the legal list. */
  choices() {
    if (!this.ctx.act) return [];
    return this.composing() === 'orders' ? this.listed() : this.view.legal;
  }

  /** The choices of crewman `c` (none for watchers). */
  legalOf(c) {
    if (!c) return [];
    return this.choices().filter((a) => a.crewman === c);
  }

  /** Keeps the selected crewman while he lives and has something to do, else the first who has. */
  chooseSelection() {
    const living = this.view.crew.filter((c) => c.alive);
    const keep = living.find((c) => c.crewman === this.selected);
    if (keep && (!this.ctx.act || this.legalOf(keep.crewman).length)) return;
    const prompt = this.view.prompt;
    // The attacked crewman, when this seat may order him (rules 17.3: he may be the other seat's).
    const target = ['self-defence', 'shuttle-defence'].includes(prompt.type) && (!this.ctx.act || this.legalOf(prompt.target).length) ? prompt.target : null;
    this.selected = target ?? living.find((c) => this.legalOf(c.crewman).length)?.crewman ?? keep?.crewman ?? null;
  }

  select(crewman) {
    this.selected = crewman;
    this.render();
  }

  async send(action) {
    if (!action || this.pending || !this.ctx.act) return;
    // Starting the self-destruct cannot be taken back once the marker passes box 5.
    if (action.type === 'start-self-destruct'
      && !await confirmMove(`${crewName(action.crewman)} starts the self-destruct: the station explodes in 9 turns unless it is stopped by box 5, and the Shuttles may leave from box 4.`, 'Start the self-destruct')) return;
    if (this.pending || !this.view.legal.includes(action)) return;
    if (this.ctx.act(action)) this.setPending(true);
  }

  /**
   * A choice clicked: while composing, it joins the list (a counter's move replaces its earlier
   * one, rules 17.1: one move per counter); otherwise it is sent.
   */
  take(item) {
    const mode = this.composing();
    if (mode === 'plan') {
      this.draft = [...this.draft.filter((m) => m.id !== item.id), item];
      this.counter = null;
    } else if (mode === 'orders') {
      this.draft = [...this.draft, item];
    } else {
      this.send(item);
      return;
    }
    this.render();
  }

  /** A planned move in words: `Intruder 5IEMYG: SA1 → A-1`. */
  moveWords(m) {
    const c = this.view.counters.find((k) => k.id === m.id);
    const what = c?.identity ? IDENTITY_LABEL[c.identity] : 'Counter';
    return `${what} ${counterTag(m.id)}: ${[c?.room, ...m.path].filter(Boolean).map(roomShort).join(' → ')}`;
  }

  /** Sends the list composed: the plan, or the orders (which says ready). */
  sendDraft() {
    const mode = this.composing();
    const action = mode === 'plan' ? { type: 'plan-movement', moves: this.draft } : { type: 'orders', orders: this.draft };
    if (this.pending || !this.ctx.act) return;
    if (this.ctx.act(action)) {
      this.draft = [];
      this.setPending(true);
    }
  }

  selectCounter(id) {
    this.counter = id;
    this.render();
  }

  render() {
    this.renderStatus();
    this.renderSelected();
    this.renderActions();
    this.renderDraft();
    this.renderMap();
    this.renderRecent();
    this.renderCrew();
    this.renderIntruder();
    this.renderTracks();
  }

  renderStatus() {
    const v = this.view;
    const limit = v.turn_limit ? ` of ${v.turn_limit}` : '';
    replace(this.el.status,
      h('span', { class: 'in-title' }, 'Deep Space Station Prometheus'),
      h('span', { class: 'in-turn' }, `Turn ${v.turn}${limit}`),
      h('span', { class: 'in-phase', dataset: { phase: v.phase } }, phaseWords(v.phase)),
      h('span', { class: 'in-score' }, gameTerm('intruder', 'score'), ` ${v.score}`),
      h('span', { class: 'in-stage' }, gameTerm('intruder', 'stage'), ` ${v.stage}`),
      v.self_destruct.state === 'active' ? h('span', { class: 'in-destruct' }, gameTerm('intruder', 'self-destruct'), `: ${destructBox(v.self_destruct.box)}`) : null);
    const seated = Boolean(this.ctx.act) && v.to_act.includes(this.ctx.you);
    // A seat is to move only once it has something to send: not before every seat is taken.
    const mine = seated && v.legal.length > 0;
    const lead = mine ? 'Your move. ' : seated ? 'You act once every seat is taken. ' : this.waitingFor();
    const words = v.outcome
      ? `The match is over: ${reasonWords(v.outcome.reason)}. Final score ${v.score}.`
      : `${lead}${promptWords(v.prompt, this.composing() === 'orders')}`;
    this.el.prompt.classList.toggle('mine', mine && !v.outcome);
    this.el.prompt.classList.toggle('over', Boolean(v.outcome));
    replace(this.el.prompt, words);
  }

  /** Who the table waits for, said before the prompt to a seat that is not to act. */
  waitingFor() {
    const seats = this.view.to_act.filter((seat) => seat !== 'intruder');
    if (!seats.length) return '';
    return this.ctx.act ? `Waiting for ${seats.map((seat) => seatWithName(seat, this.ctx.names)).join(' and ')}. ` : 'The crew is playing. ';
  }

  /** What the selected crewman is, carries and has left. */
  renderSelected() {
    const c = this.view.crew.find((x) => x.crewman === this.selected);
    if (!c) {
      const hint = this.composing() === 'plan' ? 'Click a counter with a dashed white ring to plan its move.' : this.ctx.act && this.ctx.you !== 'intruder' ? 'Click a crewman to select him.' : '';
      replace(this.el.selected, h('p', { class: 'hint' }, hint));
      return;
    }
    replace(this.el.selected,
      h('strong', {}, crewName(c.crewman)),
      h('span', {}, c.aboard ? ` aboard ${shuttleName(c.aboard)}` : ` in ${roomName(c.room)}`),
      h('span', { class: 'hint' }, c.alive
        ? ` · ${c.mp} MP left${c.acted ? ' · has acted' : ''} · ${this.loadWords(c) || 'carries nothing'}`
        : ' · dead'));
  }

  /** The selected crewman's choices (moves too: they are also clicks on the map) and the crew's. */
  renderActions() {
    if (this.composing() === 'plan') {
      renderActions(this.el.actions, this.listedMoves().filter((m) => m.id === this.counter), {
        describe: (m) => ({ group: 'counter', heading: `Move the ${this.counterWord(m.id)}`, label: m.path.length ? m.path.map(roomShort).join(' → ') : 'Stay' }),
        send: (m) => this.take(m),
        pending: this.pending,
      });
      return;
    }
    const legal = this.choices().filter((a) => !a.crewman || a.crewman === this.selected);
    const labels = this.buttonLabels(legal);
    renderActions(this.el.actions, legal, {
      describe: (a) => (a.crewman
        ? { group: a.type === 'move' ? 'move' : 'crewman', heading: a.type === 'move' ? `Move ${crewShort(a.crewman)}` : crewShort(a.crewman), label: labels.get(a) }
        : { group: 'crew', heading: '', label: labels.get(a) }),
      send: (a) => this.take(a),
      pending: this.pending,
    });
  }

  /**
   * The buttons' words for `actions`: objects and counters named in words (`the Blaster`, `the
   * Intruder`), not by number or id; when several named alike appear among them, each is told
   * apart in the order of its number (`the first Blaster`, `the second Blaster`).
   */
  buttonLabels(actions) {
    const ids = new Map();
    for (const a of actions) {
      this.actionLabel(a, (word, id) => {
        ids.set(word, new Set([...(ids.get(word) ?? []), id]));
        return '';
      });
    }
    const nth = (word, id) => {
      const same = [...(ids.get(word) ?? [])].sort((x, y) => x - y);
      return same.length > 1 ? `${ORDINALS[same.indexOf(id)] ?? `no. ${same.indexOf(id) + 1}`} ` : '';
    };
    return new Map(actions.map((a) => [a, this.actionLabel(a, nth)]));
  }

  /** What a counter is, in words: its identity once known to this viewer, else `face-down counter`. */
  counterWord(id) {
    const c = this.view.counters.find((k) => k.id === id);
    return c?.identity ? IDENTITY_LABEL[c.identity] : 'face-down counter';
  }

  /**
   * The list being composed (a removable line per item) and the button that sends it; for the
   * crew seats of 17.3 also who is ready, and this seat's own orders once given.
   */
  renderDraft() {
    const v = this.view;
    const mode = this.composing();
    const ready = v.ready ?? [];
    const given = v.orders;
    this.el.draft.hidden = !mode && !given && !ready.length;
    if (this.el.draft.hidden) return replace(this.el.draft);
    const line = (item, i) => h('li', { dataset: { item: String(i) } },
      h('span', {}, mode === 'plan' ? this.moveWords(item) : describeAction(item)),
      h('button', {
        type: 'button', class: 'act remove', disabled: this.pending, title: 'Take it off the list',
        onclick: () => { this.draft = this.draft.filter((_, j) => j !== i); this.render(); },
      }, '✕'));
    const noun = mode === 'plan' ? ['move', 'moves'] : ['order', 'orders'];
    const count = `${this.draft.length} ${this.draft.length === 1 ? noun[0] : noun[1]}`;
    replace(this.el.draft,
      h('h2', {}, mode === 'plan' ? 'Your movement plan' : mode === 'orders' ? 'Your orders' : 'Orders'),
      mode === 'plan' ? h('p', { class: 'hint' }, 'Click a counter that may move, then a compartment outlined for it; counters left out stay.') : null,
      mode === 'orders' ? h('p', { class: 'hint' }, 'Click a crewman, then a compartment or a button: each choice joins the list, carried out in order once both seats are ready.') : null,
      mode ? h('ol', { class: 'in-draft-lines' }, this.draft.map(line)) : null,
      mode ? h('button', { type: 'button', class: 'act primary send-draft', disabled: this.pending, onclick: () => this.sendDraft() },
        mode === 'plan' ? `Send the plan (${count})` : `Send ${count} and be ready`) : null,
      given ? h('p', { class: 'in-given' }, `Your orders: ${given.map((o) => describeAction(o)).join('; ') || 'none'}.`) : null,
      ready.length ? h('p', { class: 'in-ready' }, `Ready: ${ready.map((seat) => seatWithName(seat, this.ctx.names)).join(', ')}.`) : null);
  }

  /**
   * A button's label: without the crewman's name, which heads the group, and with objects and
   * counters in words; `nth(word, id)` gives what goes before the word (`first `, `second `…).
   */
  actionLabel(a, nth) {
    if (a.type === 'move') return `${roomShort(a.to)}${KIND[a.to] === 'shaft' ? ' (2 MP)' : ''}`;
    const named = (word) => (id) => `the ${nth(word, id)}${word}`;
    const words = {
      object: (id) => named(kindName(this.view.objects.find((o) => o.id === id)?.kind))(id),
      intruder: named('Intruder'),
      counter: (id) => named(this.counterWord(id))(id),
      animal: named('Lab Animal'),
    };
    return describeAction(a, this.ctx.names, words).replace(/^[CES]\d: /, '').replace(/^./, (ch) => ch.toUpperCase());
  }

  /** The events of the last frame that had any, in words, beside the map. */
  renderRecent() {
    this.el.recent.hidden = !this.recent.length;
    replace(this.el.recent,
      h('h2', {}, 'Just now'),
      h('ol', { class: 'in-recent-lines', tabindex: '0', 'aria-label': 'What just happened' }, this.recent.map((e) => h('li', { dataset: { type: e.type } },
        withDice(describeEvent(e, this.ctx.names), eventDice(e))))));
  }

  /** Objects carried by `crewman`. */
  carriedBy(crewman) {
    return this.view.objects.filter((o) => o.place.at === 'carried' && o.place.crewman === crewman);
  }

  /** The legal moves of the selected crewman, by destination. */
  movesTo() {
    const moves = new Map();
    if (this.pending) return moves;
    if (this.composing() === 'plan') {
      for (const m of this.listedMoves()) {
        if (m.id === this.counter && m.path.length && !moves.has(m.path.at(-1))) moves.set(m.path.at(-1), { item: m, who: `counter ${counterTag(m.id)}` });
      }
      return moves;
    }
    for (const a of this.legalOf(this.selected)) if (a.type === 'move') moves.set(a.to, { item: a, who: crewShort(a.crewman) });
    return moves;
  }

  renderMap() {
    const v = this.view;
    const moves = this.movesTo();
    const lines = PASSAGES.map(([a, b, bends]) => svg('polyline', {
      class: 'passage', points: (bends ?? [PLACES[a], PLACES[b]]).map((p) => p.join(',')).join(' '),
    }));
    const rooms = Object.keys(ROOMS).map((room) => this.drawRoom(room, moves.get(room)));
    // The moves of the plan being composed, as arrows from each counter's compartment.
    const planned = this.composing() === 'plan' ? this.draft.map((m) => {
      const from = v.counters.find((c) => c.id === m.id)?.room;
      return from && m.path.length ? svg('polyline', { class: 'planned-move', points: [from, ...m.path].map((r) => PLACES[r].join(',')).join(' ') }) : null;
    }) : [];
    const map = svg('svg', {
      class: 'in-svg', viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: 'group',
      'aria-label': 'The station: 28 compartments and their passageways',
      // A crewman, counter or compartment that can be clicked is a button: Enter or Space clicks it.
      onkeydown: (event) => {
        if ((event.key === 'Enter' || event.key === ' ') && event.target.matches?.('[role="button"]')) {
          event.preventDefault();
          event.target.dispatchEvent(new MouseEvent('click', { bubbles: true }));
        }
      },
    }, svg('g', { class: 'passages' }, lines), svg('g', { class: 'rooms' }, rooms), svg('g', { class: 'plan' }, planned),
    svg('g', { class: 'shuttles' }, (v.shuttles ?? []).filter((t) => t.left).map((t) => this.drawShuttle(t))));
    const pieces = '.crewman[data-crewman], .counter[data-counter]';
    const pieceKey = (el) => (el.dataset.crewman ? `c:${el.dataset.crewman}` : `k:${el.dataset.counter}`);
    const before = notePlaces(this.el.map, pieces, pieceKey);
    keepFocus(this.el.map, focusSelector, () => this.zoom.show(map, WIDTH, HEIGHT), '.crewman.selected');
    glide(this.el.map, pieces, pieceKey, before);
    this.el.map.classList.toggle('over', Boolean(v.outcome));
    // A zoomed map keeps the selected crewman in view as the selection changes or he moves.
    const token = map.querySelector(`.crewman.selected[data-cx]`);
    const place = token ? `${this.selected}@${token.dataset.cx},${token.dataset.cy}` : null;
    if (place && place !== this.revealed) this.zoom.reveal(Number(token.dataset.cx), Number(token.dataset.cy));
    this.revealed = place;
  }

  /** One compartment: its box (outlined when the selected crewman may move there), and what is in it. */
  drawRoom(room, move) {
    const v = this.view;
    const [cx, cy] = PLACES[room];
    const { w, h: ht } = sizeOf(room);
    const x = cx - w / 2;
    const y = cy - ht / 2;
    const locked = KIND[room] === 'secured' && !v.unlocked.includes(room);
    const crew = v.crew.filter((c) => c.alive && c.room === room && !c.aboard && !c.lost);
    const counters = v.counters.filter((c) => c.room === room);
    // A counter held, controlled or in a carried Cage goes with its crewman; one in a Cage
    // lying here is drawn inside that Cage, which makes no token of its own.
    const withCrewman = (crewman) => counters.filter((c) => c.held_by === crewman || c.controlled_by === crewman
      || (c.caged_in !== undefined && this.carriedBy(crewman).some((o) => o.id === c.caged_in)));
    const attached = new Set(crew.flatMap((c) => withCrewman(c.crewman)));
    const lyingCages = new Set(counters.filter((c) => !attached.has(c) && c.caged_in !== undefined).map((c) => c.caged_in));
    const objects = v.objects.filter((o) => o.place.at === 'room' && o.place.room === room && !lyingCages.has(o.id));
    // Objects of one kind lying together make one token with their number.
    const kinds = [...new Set(objects.map((o) => o.kind))].map((kind) => objects.filter((o) => o.kind === kind));
    const tokens = [
      ...crew.flatMap((c) => [(tx, ty) => this.drawCrewman(c, tx, ty), ...withCrewman(c.crewman).map((k) => (tx, ty) => this.drawCounter(k, tx, ty))]),
      ...counters.filter((c) => !attached.has(c)).map((c) => (tx, ty) => this.drawCounter(c, tx, ty)),
      ...kinds.map((same) => (tx, ty) => drawObjects(same, tx, ty)),
    ];
    const perRow = Math.max(1, Math.floor((w - 4) / TOKEN_STEP));
    const drawn = tokens.map((draw, i) => draw(x + 14 + (i % perRow) * TOKEN_STEP, y + 29 + Math.floor(i / perRow) * TOKEN_STEP));
    const shuttle = (v.shuttles ?? []).find((t) => SHUTTLES[t.shuttle]?.dock === room);
    const dockWords = shuttle ? `${shuttleName(shuttle.shuttle)} ${shuttle.left ? 'has left' : 'docked'}` : '';
    const label = `${roomName(room)}${locked ? ' (locked)' : ''}${shuttle ? ` (${dockWords})` : ''}`;
    return svg('g', {
      class: ['room', `kind-${KIND[room]}`, move ? 'legal' : '', locked ? 'locked' : ''],
      'data-room': room,
      onclick: move ? () => this.take(move.item) : null,
      // A compartment open to a move is a button, named by its title.
      tabindex: move ? '0' : null,
      role: move ? 'button' : null,
    },
    svg('title', { text: move ? `${label}: move ${move.who} here` : label }),
    svg('rect', { class: 'box', x, y, width: w, height: ht, rx: 6 }),
    svg('text', { class: 'room-id', x: x + 5, y: y + 12, text: roomShort(room) }),
    locked ? svg('text', { class: 'room-lock', x: x + w - 5, y: y + 12, 'text-anchor': 'end', text: 'locked' }) : null,
    shuttle ? svg('text', { class: ['dock-mark', shuttle.left ? 'left' : 'docked'], x: x + w - 5, y: y + 12, 'text-anchor': 'end', text: shuttle.left ? 'gone' : 'shuttle' }) : null,
    drawn);
  }

  /**
   * A Shuttle that left (rules 15.2): its hull in its corner of the map, named with its dock,
   * holding the crewmen aboard (the dead crossed out), the stowaway, the objects lying aboard and
   * whether the hatches are prepared. Crewmen aboard are selected as on the map; their actions
   * are in the action panel as usual.
   */
  drawShuttle(t) {
    const v = this.view;
    const { dock, x, y } = SHUTTLES[t.shuttle];
    const fighting = ['shuttle-actions', 'shuttle-defence', 'shuttle-attack'].includes(v.prompt.type) && v.prompt.shuttle === t.shuttle;
    const crew = v.crew.filter((c) => t.crew.includes(c.crewman));
    const stowaway = v.counters.find((c) => c.id === t.intruder);
    const lying = v.objects.filter((o) => o.place.at === 'aboard' && o.place.shuttle === t.shuttle);
    const kinds = [...new Set(lying.map((o) => o.kind))].map((kind) => lying.filter((o) => o.kind === kind));
    const tokens = [
      ...crew.map((c) => (tx, ty) => (c.alive ? this.drawCrewman(c, tx, ty) : drawDeadCrewman(c, tx, ty))),
      ...(stowaway ? [(tx, ty) => this.drawCounter(stowaway, tx, ty)] : []),
      ...kinds.map((same) => (tx, ty) => drawObjects(same, tx, ty, `aboard ${shuttleName(t.shuttle)}`)),
    ];
    const living = crew.filter((c) => c.alive).length;
    const state = stowaway ? `stowaway ${counterTag(stowaway.id)} aboard` : living ? `escaped with ${living}` : 'all aboard dead';
    const { w, h: ht } = HULL;
    // The hull: a body with a rounded tail and a pointed nose.
    const hull = `M ${x + 8} ${y} H ${x + w - 28} L ${x + w} ${y + ht / 2} L ${x + w - 28} ${y + ht} H ${x + 8} Q ${x} ${y + ht} ${x} ${y + ht - 8} V ${y + 8} Q ${x} ${y} ${x + 8} ${y} Z`;
    return svg('g', { class: ['shuttle', fighting ? 'fighting' : '', stowaway ? 'stowaway' : ''], 'data-shuttle': String(t.shuttle) },
      svg('title', { text: `${shuttleName(t.shuttle)}, left from ${roomName(dock)}: ${state}${t.prepared ? ', hatches prepared' : ''}` }),
      svg('path', { class: 'hull', d: hull }),
      svg('text', { class: 'shuttle-name', x: x + 8, y: y + 14, text: `${shuttleName(t.shuttle)} · left ${roomShort(dock)}` }),
      svg('text', { class: 'shuttle-state', x: x + 8, y: y + ht - 19, text: state }),
      t.prepared ? svg('text', { class: 'hatches', x: x + 8, y: y + ht - 7, text: 'hatches prepared' }) : null,
      tokens.map((draw, i) => draw(x + 20 + i * 26, y + 38)));
  }

  /** A counter; while the Intruder seat plans, one with listed moves is clicked to plan its move. */
  drawCounter(c, x, y) {
    const movable = !this.pending && this.listedMoves().some((m) => m.id === c.id && m.path.length);
    const planned = this.composing() === 'plan' && this.draft.some((m) => m.id === c.id);
    const g = drawCounter(c, x, y);
    if (movable) {
      g.classList.add('can-move');
      if (c.id === this.counter) g.classList.add('selected');
      if (planned) g.classList.add('planned');
      g.setAttribute('tabindex', '0');
      g.setAttribute('role', 'button');
      g.addEventListener('click', (event) => {
        event.stopPropagation();
        this.selectCounter(c.id);
      });
    }
    return g;
  }

  drawCrewman(c, x, y) {
    const carried = this.carriedBy(c.crewman);
    const canAct = this.legalOf(c.crewman).length > 0;
    const loads = this.loadWords(c);
    const where = c.aboard ? ` aboard ${shuttleName(c.aboard)}` : '';
    const title = `${crewName(c.crewman)}${where}: ${c.mp} MP left${c.acted ? ', has acted' : ''}${loads ? `, ${loads}` : ''}`;
    return svg('g', {
      class: ['crewman', `spec-${c.crewman[0]}`, c.crewman === this.selected ? 'selected' : '', c.acted ? 'acted' : '', canAct ? 'can-act' : '', c.bears !== undefined ? 'bears' : ''],
      'data-crewman': c.crewman,
      'data-cx': x,
      'data-cy': y,
      // A button named by its title; pressed while selected.
      tabindex: '0',
      role: 'button',
      'aria-pressed': String(c.crewman === this.selected),
      onclick: (event) => {
        event.stopPropagation();
        this.select(c.crewman);
      },
    },
    svg('title', { text: title }),
    // The finger's target: the token's whole slot, not only its drawn disc.
    svg('rect', { class: 'hit', x: x - TOKEN_STEP / 2, y: y - TOKEN_STEP / 2, width: TOKEN_STEP, height: TOKEN_STEP }),
    svg('circle', { cx: x, cy: y, r: 10.5 }),
    // The token's letters are in its name already (a button is named by its label alone).
    svg('text', { x, y: y + 3.5, 'text-anchor': 'middle', 'aria-hidden': 'true', text: crewShort(c.crewman) }),
    carried.length || c.bears !== undefined ? svg('circle', { class: 'carry', cx: x + 8, cy: y - 8, r: 3.5 }) : null,
    mpBadge(c, x, y));
  }

  /** What crewman `c` carries, holds, controls or helps carry, in words ('' for nothing). */
  loadWords(c) {
    const carried = this.carriedBy(c.crewman).map((o) => {
      const inside = this.view.counters.find((k) => k.caged_in === o.id);
      return `${kindName(o.kind)}${inside ? ` with ${inside.identity ? IDENTITY_LABEL[inside.identity] : 'counter'} ${counterTag(inside.id)}` : ''}`;
    });
    const held = this.view.counters.find((k) => k.held_by === c.crewman);
    const controlled = this.view.counters.find((k) => k.controlled_by === c.crewman);
    const borne = c.bears !== undefined ? this.view.counters.find((k) => k.caged_in === c.bears) : null;
    return [
      carried.length ? `carries ${carried.join(', ')}` : '',
      held ? `holds Lab Animal ${counterTag(held.id)}` : '',
      controlled ? `controls Intruder ${counterTag(controlled.id)}` : '',
      c.bears !== undefined ? `helps carry the Cage (#${c.bears})${borne ? ` with Intruder ${counterTag(borne.id)}` : ''}` : '',
    ].filter(Boolean).join(', ');
  }

  /** Where crewman `c` is, for the roster: his compartment, his Shuttle or escaped in it, lost, or dead. */
  whereWords(c) {
    if (!c.alive) return c.aboard ? `dead (${shuttleName(c.aboard)})` : 'dead';
    if (c.lost) return 'lost (a face-down counter)';
    if (!c.aboard) return roomShort(c.room);
    const t = (this.view.shuttles ?? []).find((x) => x.shuttle === c.aboard);
    return t?.intruder !== undefined ? `${shuttleName(c.aboard)}, fighting` : `escaped (${shuttleName(c.aboard)})`;
  }

  renderCrew() {
    const pick = (el) => (el.classList.contains('crew-pick') ? `.crew-row[data-crewman="${el.closest('tr').dataset.crewman}"] .crew-pick` : null);
    keepFocus(this.el.crew, pick, () => this.drawCrew());
  }

  drawCrew() {
    const v = this.view;
    replace(this.el.crew,
      h('h2', {}, 'Crew'),
      h('table', { class: 'in-roster' },
        h('thead', {}, h('tr', {}, ['', 'Where', gameTerm('intruder', 'mp'), 'Carries'].map((t) => h('th', {}, t)))),
        h('tbody', {}, v.crew.map((c) => h('tr', {
          class: ['crew-row', c.alive ? '' : 'dead', c.aboard ? 'aboard' : '', c.crewman === this.selected ? 'selected' : '', this.legalOf(c.crewman).length ? 'can-act' : ''],
          dataset: { crewman: c.crewman },
          onclick: c.alive ? () => this.select(c.crewman) : null,
        },
        // The row selects its crewman (a click anywhere bubbles here); its button brings Tab to it.
        h('td', { class: 'who' }, c.alive
          ? h('button', { type: 'button', class: 'crew-pick', 'aria-pressed': String(c.crewman === this.selected) },
            crewShort(c.crewman), h('span', { class: 'hint' }, ` ${crewName(c.crewman).replace(/ [CES]\d$/, '')}`))
          : [crewShort(c.crewman), h('span', { class: 'hint' }, ` ${crewName(c.crewman).replace(/ [CES]\d$/, '')}`)]),
        h('td', {}, this.whereWords(c)),
        h('td', {}, c.alive ? `${c.mp}${c.acted ? ' · acted' : ''}` : ''),
        h('td', {}, this.loadWords(c).replace(/^carries /, '')))))));
  }

  renderIntruder() {
    const v = this.view;
    const known = v.known_powers.map((p) => h('li', { class: 'power known', title: POWERS[p]?.[1] ?? '' }, powerName(p)));
    const blanks = Array.from({ length: v.unknown_powers }, () => h('li', { class: 'power unknown' }, '?'));
    // Face-up counters in the boxes (every counter off the map, to the replay's omniscient eye).
    const faceUp = v.counters.filter((c) => !c.room && c.identity && c.shuttle === undefined);
    replace(this.el.intruder,
      h('h2', {}, 'The Intruder'),
      // The chart scrolls sideways on its own on a narrow screen, not the page.
      h('div', { class: 'in-stages-frame', tabindex: '0', role: 'region', 'aria-label': 'Life stage chart' },
        h('table', { class: 'in-stages' },
          h('thead', {}, h('tr', {}, ['Stage', 'Powers', 'Grows', 'Attacks', 'Clones', 'Killable', 'Kills'].map((t) => h('th', {}, t)))),
          h('tbody', {}, STAGES.map((row) => h('tr', { class: row[0] === v.stage ? 'current' : '', dataset: { stage: String(row[0]) } },
            row.map((cell) => h('td', {}, String(cell)))))))),
      h('h3', {}, `Powers: ${v.known_powers.length} known, ${v.unknown_powers} `, gameTerm('intruder', 'unknown-powers', 'unknown')),
      h('ul', { class: 'in-powers' }, known, blanks),
      h('h3', {}, 'Boxes'),
      h('dl', { class: 'in-boxes' },
        box('Not Used', v.not_used),
        box('Dummies Discovered', v.dummies_discovered),
        box('Clones Not Yet in Play', v.clones_not_yet_in_play),
        box('Intruders killed', v.intruders_killed),
        box('Intruders captured', v.intruders_captured),
        box('Caged Lab Animals', v.caged_lab_animals),
        box('Frozen', v.frozen)),
      faceUp.length ? h('p', { class: 'hint' }, `Off the map: ${faceUp.map((c) => `${IDENTITY_LABEL[c.identity] ?? c.identity} ${counterTag(c.id)}`).join(', ')}`) : null);
  }

  renderTracks() {
    const v = this.view;
    const building = v.objects.filter((o) => o.place.at === 'track');
    const sd = v.self_destruct;
    const boxes = [9, 8, 7, 6, 5, 4, 3, 2, 1, 0];
    replace(this.el.tracks,
      h('h2', {}, 'Tracks'),
      h('h3', {}, 'Weapon Construction'),
      h('ul', { class: 'in-build' }, Object.entries(BUILD_TURNS).map(([kind, turns]) => {
        const on = building.filter((o) => o.kind === kind);
        return h('li', { dataset: { kind } },
          h('span', {}, `${kindName(kind)} (${turns} turns)`),
          h('span', { class: 'in-cells' }, Array.from({ length: turns }, (_, i) => h('span', {
            class: ['cell', on.some((o) => o.place.turns > i) ? 'done' : ''],
          }, String(i + 1)))));
      })),
      h('h3', {}, 'Self-Destruct', h('span', { class: 'hint' }, sd.state === 'off' ? ' (not started)' : sd.state === 'stopped' ? ' (stopped for good)' : ` (started in turn ${sd.turn})`)),
      h('ol', { class: 'in-destruct-track' }, boxes.map((b) => h('li', {
        class: [sd.state === 'active' && sd.box === b ? 'marker' : '', b >= 5 ? 'stoppable' : 'launch'],
        title: b >= 5 ? 'can be stopped' : b === 0 ? 'the station is destroyed' : 'Shuttles may leave',
      }, destructBox(b)))));
  }
}

/** How a focused crewman, counter or compartment of the map is found again in a new drawing. */
function focusSelector(el) {
  if (el.dataset.crewman) return `.crewman[data-crewman="${el.dataset.crewman}"]`;
  if (el.dataset.counter) return `.counter[data-counter="${el.dataset.counter}"]`;
  if (el.dataset.room) return `.room[data-room="${el.dataset.room}"]`;
  return null;
}

function box(name, count) {
  return [h('dt', {}, name), h('dd', {}, String(count))];
}

/** What holds a counter: its Cage, holder, controller or the Freezer's ice, in words. */
function boundWords(c) {
  if (c.caged_in !== undefined) return `in the Cage (#${c.caged_in})`;
  if (c.held_by) return `held by ${crewShort(c.held_by)}`;
  if (c.controlled_by) return `controlled by ${crewShort(c.controlled_by)} with a Prod`;
  if (c.iced) return 'held in the Freezer (Immune to Cold)';
  return '';
}

/**
 * A counter: neutral while face down (its opaque id only), else what it is. One in a Cage is
 * drawn behind bars, one held or controlled with a link to its crewman (drawn just before it),
 * one held in the ice with a frosted frame.
 */
function drawCounter(c, x, y) {
  const kind = c.identity ?? 'hidden';
  const mark = { intruder: 'I', 'lab-animal': 'L', dummy: 'D', 'lost-crewman': 'C', hidden: '?' }[kind] ?? '?';
  const bound = boundWords(c);
  const title = `${c.identity
    ? `${IDENTITY_LABEL[c.identity] ?? c.identity} ${counterTag(c.id)}${c.asleep ? ' (asleep)' : ''}`
    : `${counterName(c.id)}: face down`}${c.face_down ? ' (face down to the crew)' : ''}${bound ? `, ${bound}` : ''}`;
  const caged = c.caged_in !== undefined;
  const linked = Boolean(c.held_by || c.controlled_by);
  return svg('g', {
    class: ['counter', `id-${kind}`, c.face_down ? 'face-down' : '', c.asleep ? 'asleep' : '', caged ? 'caged' : '', c.held_by ? 'held' : '', c.controlled_by ? 'controlled' : '', c.iced ? 'iced' : ''],
    'data-counter': String(c.id),
  },
  svg('title', { text: title }),
  svg('rect', { class: 'hit', x: x - TOKEN_STEP / 2, y: y - TOKEN_STEP / 2, width: TOKEN_STEP, height: TOKEN_STEP }),
  linked ? svg('line', { class: 'link', x1: x - 16, y1: y, x2: x - 9, y2: y }) : null,
  caged ? svg('rect', { class: 'cage', x: x - 11, y: y - 11, width: 22, height: 22, rx: 2 }) : null,
  svg('rect', { class: 'face', x: x - 9, y: y - 9, width: 18, height: 18, rx: 3 }),
  svg('text', { x, y: y + 4, 'text-anchor': 'middle', 'aria-hidden': 'true', text: mark }),
  // Face down to the crew (seen only by the Intruder seat and in replays): a veiled corner.
  c.face_down ? svg('path', { class: 'veil', d: `M ${x - 9} ${y + 1} V ${y - 6} Q ${x - 9} ${y - 9} ${x - 6} ${y - 9} H ${x + 1} Z` }) : null,
  caged ? [-6.5, 6.5].map((dx) => svg('line', { class: 'bar', x1: x + dx, y1: y - 11, x2: x + dx, y2: y + 11 })) : null,
  c.asleep ? svg('text', { class: 'zz', x: x + 7, y: y - 6, text: 'z' }) : null);
}

/** A crewman who died aboard a Shuttle: his token greyed and crossed out. */
function drawDeadCrewman(c, x, y) {
  return svg('g', { class: ['crewman', 'dead', `spec-${c.crewman[0]}`], 'data-crewman': c.crewman },
    svg('title', { text: `${crewName(c.crewman)}: dead` }),
    svg('circle', { cx: x, cy: y, r: 10.5 }),
    svg('text', { x, y: y + 3.5, 'text-anchor': 'middle', text: crewShort(c.crewman) }),
    svg('line', { class: 'cross', x1: x - 8, y1: y - 8, x2: x + 8, y2: y + 8 }));
}

/** A crewman's MP left, while he has some in the Crew Movement Phase. */
function mpBadge(c, x, y) {
  return c.mp ? svg('text', { class: 'mp', x: x + 8, y: y + 12, 'aria-hidden': 'true', text: String(c.mp) }) : null;
}

/** Objects of one kind lying in a compartment: one token, their number beside it. */
function drawObjects(same, x, y, where = 'lying here') {
  const kind = same[0].kind;
  const ids = same.map((o) => `#${o.id}`).join(', ');
  return svg('g', { class: ['object', `kind-${kind}`], 'data-objects': same.map((o) => o.id).join(' ') },
    svg('title', { text: `${same.length === 1 ? kindName(kind) : `${same.length} × ${kindName(kind)}`} (${ids}), ${where}` }),
    svg('rect', { x: x - 10, y: y - 8, width: 20, height: 16, rx: 2 }),
    svg('text', { x, y: y + 3, 'text-anchor': 'middle', text: `${same.length > 1 ? same.length : ''}${OBJECT_MARK[kind] ?? '·'}` }));
}
