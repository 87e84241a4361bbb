// The match page: one WebSocket as a seat or as a spectator, the game's table, the event log
// (the whole match so far as this viewer may see it, from each `welcome`), the table chat, the
// connection state, every error the server sends in words, and the game's guide at hand. A
// seated player may let a bot play their seat and take it back (the `stand_in` frames tell
// everyone at the table).

import * as api from './api.js';
import { createChat } from './chat.js';
import { withDice } from './dice.js';
import { h, replace } from './dom.js';
import { helpOf } from './help/index.js';
import { renderGuide } from './help/page.js';
import { shareLinks } from './lobby.js';
import { createLog } from './log.js';
import { MatchSocket } from './socket.js';
import { isDraw, tableFor } from './tables/index.js';
import * as tokens from './tokens.js';
import { errorText, gameTitle, namesOf, seatLabel, seatSummaryText, seatWithName, wonBy } from './words.js';

/** The event log's line for each kind of `welcome` (see `MatchSocket`), after the match so far. */
const WELCOME_WORDS = {
  first: 'Connected to the table.',
  reconnected: 'Reconnected: the table is up to date.',
  begun: 'Every seat is taken: the match has begun.',
};

/** A `welcome` with a history says so: the lines above are the match so far. */
const HISTORY_WORDS = {
  first: 'Connected to the table: above, the match so far.',
  reconnected: 'Reconnected: the table is up to date, and the log above holds the whole match so far.',
};

const STATE_WORDS = {
  connecting: 'Connecting…',
  live: 'Connected',
  reconnecting: 'Reconnecting',
  gone: 'Disconnected',
};

/** How often an unstarted match's seats are looked at again, in milliseconds. */
const SUMMARY_MS = 4000;

/** How many error messages stay on screen at once. */
const MAX_ALERTS = 3;

/**
 * Mounts the match `matchId` in `root`, playing `seat` (its token must be held here), or
 * watching when `seat` is null. Returns a function that leaves the match.
 */
export function mountMatch(root, matchId, seat) {
  const token = seat ? tokens.tokenOf(matchId, seat) : null;
  if (seat && !token) {
    replace(root, h('section', { class: 'panel' },
      h('h2', {}, `You hold no seat token for ${seatLabel(seat)} here`),
      h('p', {}, 'A seat is played from the browser that created or joined it.'),
      h('a', { class: 'button', href: `#/match/${matchId}/watch` }, 'Watch instead')));
    return () => {};
  }
  const page = new MatchPage(root, matchId, seat, token);
  return () => page.leave();
}

class MatchPage {
  constructor(root, matchId, seat, token) {
    this.matchId = matchId;
    this.seat = seat;
    this.names = {};
    this.games = [];
    this.summary = null;
    this.table = null;
    this.tableModule = null;
    this.pendingRef = null;
    this.summaryTimer = null;
    this.left = false;
    /** The last seq this page was told: what a reconnection may have missed comes after it. */
    this.seq = 0;
    /** The people's seats a bot plays for now, to the bots' levels (from `welcome` and `stand_in`). */
    this.standIns = new Map();
    /** The match is over (its view has an outcome). */
    this.over = false;
    /** What the seat's hand-over control shows now, so it is drawn anew only when that changes. */
    this.handShown = null;
    this.el = {
      title: h('h1', { class: 'match-name' }, 'Match'),
      who: h('span', { class: 'who' }, seat ? `You play ${seatLabel(seat)}` : 'You are watching'),
      conn: h('span', { class: 'conn', dataset: { state: 'connecting' }, role: 'status' }, 'Connecting…'),
      seats: h('div', { class: 'seat-links' }),
      guide: h('button', { type: 'button', class: 'guide-button', hidden: true, onclick: () => this.openGuide() }, 'How to play'),
      alerts: h('div', { class: 'alerts', role: 'alert' }),
      hand: h('section', { class: 'panel hand-over', hidden: true, 'aria-label': 'Your seat' }),
      waiting: h('section', { class: 'panel waiting', hidden: true }),
      over: h('section', { class: 'panel over', hidden: true }),
      table: h('div', { class: 'table-root' }, h('p', { class: 'hint' }, 'Waiting for the table…')),
    };
    this.log = createLog();
    this.chat = createChat({ send: (text) => this.sendChat(text), canWrite: Boolean(seat), names: () => this.names });
    this.el.page = h('div', { class: 'match', dataset: { conn: 'connecting' } },
      h('header', { class: 'match-bar' },
        h('a', { href: '#/', class: 'back' }, '← Lobby'), this.el.title, this.el.who, this.el.conn, this.el.guide, this.el.seats),
      this.el.alerts,
      this.el.hand,
      this.el.waiting,
      this.el.over,
      h('div', { class: 'match-main' },
        h('section', { class: 'table-area' }, this.el.table),
        h('aside', { class: 'side' }, this.log.root, this.chat.root)));
    replace(root, this.el.page);
    // Frames wait for the first summary (it names the game), then run in arrival order.
    this.ready = this.refreshSummary();
    this.socket = new MatchSocket(matchId, token, {
      onState: (s) => this.onState(s),
      onWelcome: (f, kind) => this.ready.then(() => this.onWelcome(f, kind)),
      onUpdate: (f) => this.ready.then(() => this.onUpdate(f)),
      onError: (f) => this.onError(f),
      onChat: (f) => this.chat.add(f),
      onStandIn: (f) => this.ready.then(() => this.onStandIn(f)),
    });
  }

  leave() {
    this.left = true;
    document.title = 'Xenotable';
    clearTimeout(this.summaryTimer);
    this.socket.stop();
  }

  async refreshSummary() {
    try {
      [this.summary, this.games] = await Promise.all([api.match(this.matchId), api.gameNames()]);
    } catch (error) {
      this.alert(errorText(error));
      return;
    }
    this.names = namesOf(this.summary);
    this.el.title.textContent = gameTitle(this.summary.game, this.games);
    this.el.guide.hidden = !helpOf(this.summary.game);
    this.renderWho();
    this.renderSeatLinks();
    this.renderWaiting();
    this.renderHand();
  }

  /**
   * The seated player's control over their seat while the match is played: let a bot play it
   * (at a level the game offers for the seat, the best by default), or take it back.
   */
  renderHand() {
    const live = Boolean(this.seat) && this.summary?.status === 'live' && !this.over;
    const level = this.standIns.get(this.seat) ?? null;
    const shown = live ? `bot:${level}` : 'none';
    if (shown === this.handShown) return;
    this.handShown = shown;
    this.el.hand.hidden = !live;
    if (!live) return;
    if (level) {
      replace(this.el.hand,
        h('p', { class: 'hand-state' }, `A bot (${level}) plays your seat; you watch from it.`),
        h('button', { type: 'button', class: 'primary', onclick: () => this.takeBack() }, 'Take my seat back'));
      return;
    }
    const levels = this.games.find((g) => g.id === this.summary.game)?.bots?.[this.seat] ?? ['random'];
    const select = h('select', { name: 'bot-level', 'aria-label': 'Bot level' },
      h('option', { value: '' }, 'Best available'),
      levels.map((l) => h('option', { value: l }, l)));
    replace(this.el.hand,
      h('label', {}, 'Bot level ', select), ' ',
      h('button', { type: 'button', onclick: () => this.handOver(select.value || null) }, 'Let a bot play my seat'));
  }

  handOver(level) {
    if (!this.socket.handOver(level)) this.alert('You are not connected; your seat was not handed over.');
    else this.clearAlerts();
  }

  takeBack() {
    if (!this.socket.takeBack()) this.alert('You are not connected; your seat was not taken back.');
    else this.clearAlerts();
  }

  /** Who plays here: `You play Ann (Creature) with Hunted 1 (bot)`, or who is being watched. */
  renderWho() {
    const seats = this.summary.seats.filter((s) => s.seat !== this.seat).map((s) => seatSummaryText(s, this.names));
    this.el.who.textContent = this.seat
      ? `You play ${seatWithName(this.seat, this.names)}${seats.length ? ` with ${seats.join(', ')}` : ''}`
      : `You are watching ${seats.join(', ')}`;
  }

  /** Links to the other seats this browser holds (hot seat) and to spectating. */
  renderSeatLinks() {
    const held = Object.keys(tokens.seatsOf(this.matchId)).filter((s) => s !== this.seat);
    replace(this.el.seats,
      held.map((s) => h('a', { href: `#/match/${this.matchId}/as/${s}` }, `Play ${seatLabel(s)}`)),
      this.seat ? h('a', { href: `#/match/${this.matchId}/watch` }, 'Watch') : null);
  }

  renderWaiting() {
    const open = (this.summary?.seats ?? []).filter((s) => !s.taken);
    this.el.waiting.hidden = open.length === 0;
    this.el.page.dataset.waiting = String(open.length > 0);
    clearTimeout(this.summaryTimer);
    if (!open.length || this.left) return;
    // Seats fill one by one: look again until they all are.
    this.summaryTimer = setTimeout(() => this.refreshSummary(), SUMMARY_MS);
    const seats = open.map((s) => `the ${seatLabel(s.seat)}`);
    const who = seats.length > 1 ? `${seats.slice(0, -1).join(', ')} and ${seats.at(-1)}` : seats[0];
    replace(this.el.waiting,
      h('h2', {}, `Waiting for ${who} to join`),
      h('p', {}, 'The match starts when every seat is taken. Share these links:'),
      shareLinks(this.matchId, open.map((s) => s.seat)));
  }

  /** The game's "How to play" over the table, without leaving the match. */
  openGuide() {
    const game = this.summary?.game;
    // The way back heads the guide and has the focus, so the guide opens at its top.
    const close = h('button', { type: 'button', class: 'primary', onclick: () => dialog.close() }, 'Back to the table');
    const dialog = h('dialog', { class: 'guide', 'aria-labelledby': 'guide-title' },
      h('div', { class: 'guide-head' },
        h('h2', { id: 'guide-title' }, `How to play ${gameTitle(game, this.games)}`),
        close),
      h('div', { class: 'guide-body' }, renderGuide(game, 'h3')),
      h('p', {}, h('a', { href: `#/help/${game}`, target: '_blank', rel: 'noopener' }, 'Open the guide in a new tab')));
    dialog.addEventListener('close', () => dialog.remove());
    document.body.append(dialog);
    dialog.showModal();
    close.focus();
  }

  /** An event as a log line: the table's words, with its dice as dice faces. */
  eventLine(event) {
    return h('span', { class: 'event-line' },
      withDice(this.tableModule.describeEvent(event, this.names), this.tableModule.eventDice?.(event)));
  }

  onState({ state, detail }) {
    this.el.conn.dataset.state = state;
    this.el.page.dataset.conn = state;
    this.el.conn.textContent = detail && state !== 'live' ? `${STATE_WORDS[state]}: ${detail}` : STATE_WORDS[state];
    if (state === 'gone') this.alert(detail);
  }

  ensureTable(game) {
    if (this.table) return;
    const page = this;
    this.tableModule = tableFor(game);
    this.table = this.tableModule.mount(this.el.table, {
      you: this.seat ?? 'spectator',
      get names() {
        return page.names;
      },
      act: this.seat ? (action) => this.act(action) : null,
    });
  }

  onWelcome(frame, kind) {
    const fresh = !this.table;
    this.ensureTable(this.summary?.game);
    const history = frame.log ?? [];
    // The table hears what this page missed while away; a table just drawn, the last update,
    // so its panels of the latest events (a reveal, a round's fire, "Just now") are not empty.
    const missed = fresh ? history.slice(-1) : history.filter((entry) => entry.seq > this.seq);
    this.table.show(frame.view, missed.flatMap((entry) => entry.events));
    // The whole view is the truth now: an act still unanswered is either in it or lost.
    this.answered();
    this.seq = frame.seq;
    this.el.table.dataset.seq = String(frame.seq);
    this.renderOver(frame.view);
    this.renderTitle(frame.view);
    // The log is told anew: the whole match so far as this viewer may see it.
    this.log.reset(history.flatMap((entry) => entry.events.map((e) => this.eventLine(e))));
    this.log.add([(history.length && HISTORY_WORDS[kind]) || WELCOME_WORDS[kind]], 'sys');
    // The server keeps the table talk: each welcome brings it whole, so a reconnect loses nothing.
    this.chat.replace(frame.chat ?? []);
    this.standIns = new Map((frame.stand_ins ?? []).map((s) => [s.seat, s.level]));
    this.renderHand();
    // A welcome also comes when the last seat is taken: names and open seats change.
    this.refreshSummary();
  }

  onUpdate(frame) {
    if (!this.table) return;
    this.seq = frame.seq;
    this.log.add(frame.events.map((e) => this.eventLine(e)));
    this.table.show(frame.view, frame.events);
    // Other seats' moves come in while ours is on its way; only our own answer frees the table.
    if (frame.ref && frame.ref === this.pendingRef) this.answered();
    this.el.table.dataset.seq = String(frame.seq);
    this.renderOver(frame.view);
    this.renderTitle(frame.view);
  }

  /** A seat changed hands between its player and a bot: its new view, a log line, new names. */
  onStandIn(frame) {
    if (!this.table) return;
    if (frame.level) this.standIns.set(frame.seat, frame.level);
    else this.standIns.delete(frame.seat);
    this.seq = frame.seq;
    this.table.show(frame.view, []);
    this.renderTitle(frame.view);
    const mine = frame.seat === this.seat;
    const line = frame.level
      ? `A bot (${frame.level}) now plays ${mine ? 'your seat' : seatLabel(frame.seat)}.`
      : (mine ? 'You play your seat again.' : `${seatLabel(frame.seat)} is played by its player again.`);
    this.log.add([line], 'sys');
    this.renderHand();
    // The summary names the seat's new hands for every panel.
    this.refreshSummary();
  }

  onError(frame) {
    if (frame.ref && frame.ref === this.pendingRef) this.answered();
    this.alert(errorText(frame));
  }

  answered() {
    this.pendingRef = null;
    delete this.el.table.dataset.pending;
    this.table?.pending(false);
  }

  /** The tab's title says when this seat has a move to make, for a player in another tab. */
  renderTitle(view) {
    const game = gameTitle(this.summary?.game ?? 'match', this.games);
    const mine = this.seat && view.legal.length > 0;
    document.title = `${mine ? '● Your move · ' : ''}${game} · Xenotable`;
  }

  /** Once the match is over: who won (or that it is a draw), why, and the way to its replay. */
  renderOver(view) {
    const outcome = view.outcome;
    this.el.over.hidden = !outcome;
    this.over = Boolean(outcome);
    this.renderHand();
    if (!outcome) return;
    const won = this.seat && outcome.winners.includes(this.seat);
    const draw = isDraw(this.tableModule, outcome);
    const headline = this.seat
      ? (won ? 'You won!' : draw ? 'A draw.' : 'You lost.')
      : (draw ? 'The match is over: a draw.' : 'The match is over.');
    replace(this.el.over,
      h('h2', {}, headline),
      h('p', {}, wonBy(outcome, this.names, this.tableModule.reasonWords, draw)),
      this.tableModule.outcomeDetails?.(view) ?? null,
      h('a', { class: 'button primary', href: `#/replay/${this.matchId}` }, 'Watch the replay'), ' ',
      h('a', { class: 'button', href: '#/' }, 'Back to the lobby'));
  }

  act(action) {
    const ref = this.socket.act(action);
    if (!ref) this.alert('You are not connected; your move was not sent. Wait for the connection to come back.');
    else {
      this.pendingRef = ref;
      this.el.table.dataset.pending = ref;
      this.clearAlerts();
    }
    return ref;
  }

  sendChat(text) {
    const sent = this.socket.chat(text);
    if (!sent) this.alert('You are not connected; your message was not sent.');
    return sent;
  }

  alert(text) {
    if (!text) return;
    const item = h('div', { class: 'alert' }, h('span', {}, text),
      h('button', { type: 'button', class: 'dismiss', 'aria-label': 'Dismiss', onclick: () => item.remove() }, '×'));
    this.el.alerts.append(item);
    while (this.el.alerts.children.length > MAX_ALERTS) this.el.alerts.firstElementChild.remove();
  }

  clearAlerts() {
    this.el.alerts.replaceChildren();
  }
}
