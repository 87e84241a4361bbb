// The Artemia table: the ten places with the tokens and presences, the Rescue and Assimilation
// track with its A-spaces, the viewer's own cards, every player's public state, the reveal and
// the actions the server offers. It draws only what the view holds; clicks send only actions
// taken from `view.legal`. Giving up asks first; tokens glide from place to place.

import { h, replace } from '../../dom.js';
import { renderActions } from '../../actions.js';
import { confirmMove } from '../../confirm.js';
import { glide, notePlaces } from '../../flip.js';
import { gameTerm } from '../../help/index.js';
import { seatLabel, seatWithName } from '../../words.js';
import {
  HUNT, PHASES, PLACES, SURVIVAL, actionGroup, actionLabel, decisionWords, eventWords,
  huntPlay, outcomeWords, placeName, places, reasonWords, sealedWords, survivalPlay,
} from './words.js';

export { eventWords as describeEvent, reasonWords };

/** A replay step's action in words. */
export function describeAction(action, names) {
  const [, heading] = actionGroup(action);
  const label = actionLabel(action, names);
  return heading ? `${heading}: ${label}` : label;
}

/** Actions that a click on a place can choose, in order of preference. */
const BOARD_ACTIONS = ['place-creature-token', 'place-target-token', 'place-artemia-token', 'shift-creature-token', 'shift-artemia-token'];

/** The places an action concerns, for a click on the map: one place, or a pair in order. */
function clickPath(action) {
  switch (action.type) {
    case 'place-creature-token': return [action.place];
    case 'place-artemia-token':
    case 'place-target-token': return action.places;
    case 'shift-creature-token': return [action.to];
    case 'shift-artemia-token': return [action.from, action.to];
    default: return null;
  }
}

/**
 * The view with what the server leaves out filled in: a field that says nothing (false, none,
 * an empty list) is not sent. A hidden card list stays absent: absence is how it is hidden.
 */
function filled(view) {
  const list = (x) => x ?? [];
  return {
    ...view,
    artemia_token: list(view.artemia_token),
    target_token: list(view.target_token),
    hunt_discard: list(view.hunt_discard),
    survival_discard: list(view.survival_discard),
    effects: { ...view.effects, force_field: list(view.effects?.force_field), ineffective: list(view.effects?.ineffective) },
    creature: { ...view.creature, played: list(view.creature.played) },
    hunted: view.hunted.map((x) => ({ ...x, owned: list(x.owned), presences: list(x.presences) })),
  };
}

/**
 * Mounts the table in `root`. `ctx.you` is a seat, `spectator` or `omniscient`; `ctx.act`, if
 * given, sends an action from the legal list; `ctx.names` maps seats to player names.
 */
export function mount(root, ctx) {
  const table = new ArtemiaTable(root, ctx);
  return { show: (view, events) => table.show(view, events), pending: (on) => table.setPending(on) };
}

class ArtemiaTable {
  constructor(root, ctx) {
    this.ctx = ctx;
    this.view = null;
    this.pending = false;
    this.picked = null;
    this.lastReveal = null;
    this.lastTrack = null;
    this.el = {
      status: h('div', { class: 'a-status', 'aria-live': 'polite' }),
      track: h('div', { class: 'a-track' }),
      hint: h('p', { class: 'a-hint', hidden: true }),
      board: h('div', { class: 'a-board', 'aria-label': 'The ten places' }),
      reveal: h('div', { class: 'a-reveal', hidden: true }),
      actions: h('div', { class: 'actions', 'aria-label': 'Your choices' }),
      mine: h('div', { class: 'a-mine' }),
      players: h('div', { class: 'a-players' }),
    };
    replace(root, h('div', { class: 'artemia' },
      this.el.status, this.el.track, this.el.hint, this.el.board, this.el.reveal, this.el.actions, this.el.mine, this.el.players));
  }

  setPending(on) {
    this.pending = on;
    if (this.view) this.render();
  }

  show(view, events = []) {
    this.view = filled(view);
    this.picked = null;
    this.noteReveal(view, events);
    this.render();
  }

  /** Keeps the last reveal on show until the next one, so nobody misses it. */
  noteReveal(view, events) {
    const revealed = events.filter((e) => e.type === 'revealed');
    if (revealed.length) {
      this.lastReveal = { turn: view.turn, cards: revealed.map((e) => [e.hunted, e.cards]) };
    } else if (!this.lastReveal && view.hunted.every((x) => x.in_play && x.in_play.length) && ['reckoning', 'end-of-turn', 'over'].includes(view.phase) && view.decision?.kind !== 'river-choice') {
      // Joined or reconnected after the reveal: the view itself shows the cards.
      this.lastReveal = { turn: view.turn, cards: view.hunted.map((x) => [x.seat, x.in_play]) };
    }
  }

  names() {
    return this.ctx.names ?? {};
  }

  render() {
    const v = this.view;
    this.renderStatus(v);
    replace(this.el.track, renderTrack(v, this.lastTrack));
    this.lastTrack = { rescue: v.rescue, assimilation: v.assimilation };
    this.renderBoard(v);
    this.renderReveal(v);
    renderActions(this.el.actions, this.ctx.act ? offered(v.legal) : [], {
      describe: (a) => {
        const [group, heading] = actionGroup(a);
        return { group, heading, label: actionLabel(a, this.names(), v.decision) };
      },
      send: (a) => this.send(a),
      pending: this.pending,
    });
    replace(this.el.mine, this.renderMine(v));
    replace(this.el.players, this.renderCreature(v), v.hunted.map((x) => this.renderHunted(v, x)), renderDecks(v));
  }

  async send(action) {
    if (this.pending || !this.ctx.act) return;
    if (action.type === 'give-up'
      && !await confirmMove('Give up? Your Will goes back to 3 and your discarded Place cards to your hand, but Assimilation advances 1 towards the Creature’s win.', 'Give up')) return;
    if (this.pending || !this.view.legal.includes(action)) return;
    if (this.ctx.act(action)) this.setPending(true);
  }

  renderStatus(v) {
    const names = this.names();
    const yours = v.legal.length > 0 && this.ctx.act;
    const acting = v.to_act.map((s) => seatWithName(s, names)).join(', ');
    replace(this.el.status,
      h('span', { class: 'a-turn' }, `Turn ${v.turn}`),
      h('span', { class: 'a-phase' }, PHASES[v.phase] ?? v.phase),
      v.outcome
        ? h('strong', { class: 'a-outcome' }, outcomeWords(v.outcome))
        : h('span', { class: 'a-decision' }, decisionWords(v.decision, v.phase, names)),
      yours ? h('strong', { class: 'your-move' }, 'Your move') : (!v.outcome && acting ? h('span', { class: 'a-waiting' }, waitingWords(v, this.ctx.you, acting)) : null));
  }

  /** The map actions on offer now, keyed by the path of places a click follows. */
  boardChoices(v) {
    if (!this.ctx.act || this.pending) return [];
    for (const type of BOARD_ACTIONS) {
      const found = v.legal.filter((a) => a.type === type);
      if (found.length) return found.map((a) => ({ action: a, path: clickPath(a) }));
    }
    return [];
  }

  renderBoard(v) {
    const choices = this.boardChoices(v);
    const picked = this.picked;
    const reachable = new Set();
    for (const c of choices) {
      if (!picked) reachable.add(c.path[0]);
      else if (c.path[0] === picked && c.path[1]) reachable.add(c.path[1]);
    }
    const names = this.names();
    this.el.hint.hidden = !choices.length;
    this.el.hint.textContent = picked
      ? `${placeName(picked)} chosen: now click the second place, or ${placeName(picked)} again to cancel.`
      : 'Click a highlighted place, or choose below.';
    const before = notePlaces(this.el.board, '[data-token]', (el) => el.dataset.token);
    replace(this.el.board, PLACES.map((place) => {
      const clickable = reachable.has(place.id) || picked === place.id;
      return h(clickable ? 'button' : 'div', {
        class: ['place', clickable ? 'choosable' : '', picked === place.id ? 'picked' : '',
          v.effects.force_field.includes(place.id) ? 'blocked' : '',
          v.effects.ineffective.includes(place.id) ? 'ineffective' : ''],
        type: clickable ? 'button' : null,
        dataset: { place: place.id },
        title: `${place.n}. ${place.name}: ${place.power}`,
        onclick: clickable ? () => this.clickPlace(place.id, choices) : null,
      },
      h('span', { class: 'place-head' }, h('span', { class: 'place-n' }, String(place.n)), h('span', { class: 'place-name' }, place.name)),
      h('span', { class: 'place-power' }, place.power),
      h('span', { class: 'place-marks' }, placeMarks(v, place.id)),
      h('span', { class: 'place-tokens' }, tokensOn(v, place.id), presencesOn(v, place.id, names, this.ctx.you)));
    }));
    glide(this.el.board, '[data-token]', (el) => el.dataset.token, before);
  }

  clickPlace(id, choices) {
    const single = choices.find((c) => c.path.length === 1 && c.path[0] === id);
    if (single) return this.send(single.action);
    if (this.picked) {
      const pair = choices.find((c) => c.path[0] === this.picked && c.path[1] === id);
      if (pair) return this.send(pair.action);
    }
    this.picked = this.picked === id ? null : id;
    this.renderBoard(this.view);
  }

  renderReveal(v) {
    const r = this.lastReveal;
    this.el.reveal.hidden = !r;
    if (!r) return;
    const names = this.names();
    replace(this.el.reveal,
      h('span', { class: 'a-reveal-title' }, r.turn === v.turn ? 'Reveal' : `Reveal of turn ${r.turn}`),
      r.cards.map(([seat, cards]) => h('span', { class: 'a-reveal-item' },
        h('span', { class: 'who' }, seatWithName(seat, names)), ' → ', places(cards))));
  }

  renderMine(v) {
    const you = this.ctx.you;
    const pick = (kind, id) => this.cardClick(v, kind, id);
    if (you === 'creature') return renderCreatureHand(v, pick);
    const me = v.hunted.find((x) => x.seat === you);
    if (me) return renderHuntedHand(me, pick);
    return null;
  }

  /**
   * What a click on a card in hand does: the one legal action it stands for, or, when the card
   * can be played several ways, a pointer to those choices in the action panel. Null: nothing.
   */
  cardClick(v, kind, id) {
    if (!this.ctx.act || this.pending) return null;
    const actions = v.legal.filter((a) => CARD_ACTIONS[kind](a, id));
    if (actions.length === 1) return () => this.send(actions[0]);
    if (actions.length > 1) {
      const [group] = actionGroup(actions[0]);
      return () => {
        const el = this.el.actions.querySelector(`[data-group="${CSS.escape(group)}"]`);
        el?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
        el?.classList.remove('flash');
        void el?.offsetWidth;
        el?.classList.add('flash');
      };
    }
    return null;
  }

  renderCreature(v) {
    const c = v.creature;
    const names = this.names();
    return h('section', { class: ['player', 'creature', v.to_act.includes('creature') ? 'acting' : ''] },
      h('h3', {}, seatWithName('creature', names)),
      h('div', { class: 'facts' },
        fact('Hunt cards in hand', c.hand_count),
        fact('may still play', c.allowance),
        fact('Hunt deck', v.hunt_deck),
        fact('Hunt discard', v.hunt_discard.length ? `${v.hunt_discard.length} (top: ${HUNT[v.hunt_discard.at(-1)]?.name})` : 0)),
      // Another viewer's hand is only in the view of an omniscient viewer (a replay).
      c.hand && this.ctx.you !== 'creature' ? h('div', { class: 'pile seen-hand' }, 'Hunt hand: ', c.hand.map((k) => h('span', { class: 'card hunt', title: HUNT[k]?.text }, HUNT[k]?.name ?? k))) : null,
      c.played.length ? h('div', { class: 'played' }, 'Played this turn: ',
        c.played.map((p) => h('span', { class: 'card hunt' }, (p.flashback ? 'Flashback as ' : '') + huntPlay(p.play, names)))) : null,
      effectChips(v));
  }

  renderHunted(v, x) {
    const names = this.names();
    const isYou = x.seat === this.ctx.you;
    return h('section', { class: ['player', 'hunted', v.to_act.includes(x.seat) ? 'acting' : '', isYou ? 'you' : ''], dataset: { seat: x.seat } },
      h('h3', {}, seatWithName(x.seat, names), isYou ? h('span', { class: 'you-badge' }, 'you') : null),
      h('div', { class: 'will', title: `${x.will} Will` }, gameTerm('artemia', 'will'), ' ', [0, 1, 2].map((i) => h('span', { class: ['pip', i < x.will ? 'on' : ''] }))),
      h('div', { class: 'facts' },
        fact('Place cards in hand', x.hand_count),
        fact('Survival cards', x.survival_count),
        h('span', { class: 'fact' }, commitWords(v, x))),
      x.hand && !isYou ? h('div', { class: 'pile seen-hand' }, 'Hand: ', cardRow(x.hand)) : null,
      x.in_play && !isYou && v.phase === 'exploration' ? h('div', { class: 'pile seen-hand' }, 'Face down: ', cardRow(x.in_play)) : null,
      x.survival && !isYou ? h('div', { class: 'pile seen-hand' }, 'Survival: ', x.survival.length ? x.survival.map((k) => h('span', { class: 'card survival', title: SURVIVAL[k]?.text }, SURVIVAL[k]?.name ?? k)) : h('em', {}, 'none')) : null,
      h('div', { class: 'pile' }, 'Discard: ', x.discard ? cardRow(x.discard) : h('em', {}, `${x.discard_count} hidden (Smokescreen)`)),
      x.owned.some((p) => PLACE_NUMBER[p] > 5) ? h('div', { class: 'pile' }, 'Owns from the reserve: ', cardRow(x.owned.filter((p) => PLACE_NUMBER[p] > 5))) : null,
      x.survival_played ? h('div', { class: 'pile' }, 'Survival played: ', h('span', { class: 'card survival' }, survivalPlay(x.survival_played))) : null,
      flags(x));
  }
}

/** The legal actions in the order the panel offers them: a place's power before its take-back. */
function offered(legal) {
  const later = (a) => Number(a.type === 'take-back');
  return [...legal].sort((a, b) => later(a) - later(b));
}

/** Who the table waits for. A seat to act with nothing legal is one whose match has not begun. */
function waitingWords(v, you, acting) {
  if (v.to_act.includes(you) && !v.legal.length) return 'You act once every seat is taken.';
  return `Waiting for ${acting}`;
}

/** Which legal actions a card in hand stands for, by kind of card. */
const CARD_ACTIONS = {
  place: (a, id) => (a.type === 'commit' && a.cards.length === 1 && a.cards[0] === id)
    || (a.type === 'discard-place' && a.card === id),
  // Flashback is played as a copy of another card: its plays name that card.
  hunt: (a, id) => a.type === 'play-hunt' && (a.flashback ? id === 'flashback' : a.play.card === id),
  survival: (a, id) => (a.type === 'play-survival' && a.play.card === id)
    || (a.type === 'discard-survival' && a.card === id),
};

const PLACE_NUMBER = Object.fromEntries(PLACES.map((p) => [p.id, p.n]));

function fact(label, value) {
  return h('span', { class: 'fact' }, h('span', { class: 'fact-label' }, label), ' ', h('b', {}, String(value)));
}

function cardRow(list) {
  if (!list.length) return h('em', {}, 'none');
  return list.map((id) => h('span', { class: 'card place-card', title: PLACES[PLACE_NUMBER[id] - 1]?.power }, `${PLACE_NUMBER[id]} ${placeName(id)}`));
}

function commitWords(v, x) {
  if (v.phase === 'exploration') return x.committed ? `committed ${x.in_play_count} face down` : 'not committed yet';
  if (x.presences.length) return `on ${places(x.presences)}`;
  return x.in_play_count ? `${x.in_play_count} card${x.in_play_count > 1 ? 's' : ''} face down` : '—';
}

function flags(x) {
  const list = [];
  if (x.river) list.push('River: commits 2 next');
  if (x.artefact) list.push('Artefact: 2 resolved next');
  if (x.gave_up) list.push('gave up this turn');
  return list.length ? h('div', { class: 'flags' }, list.map((f) => h('span', { class: 'chip' }, f))) : null;
}

/** The track; a counter that moved since `before` (the last view drawn) is flashed. */
function renderTrack(v, before) {
  const k = v.hunted.length;
  // Starting distances (rules 2.1): Rescue 12 + k, Assimilation 6 + k.
  return [
    trackRow('Rescue', 'rescue', v.rescue, 12 + k, v.a_spaces, before && before.rescue !== v.rescue),
    trackRow('Assimilation', 'assimilation', v.assimilation, 6 + k, [], before && before.assimilation !== v.assimilation),
  ];
}

function trackRow(label, kind, at, start, aSpaces, moved) {
  const cells = [];
  for (let d = Math.max(start, at); d >= 0; d -= 1) {
    cells.push(h('span', {
      class: ['cell', d === at ? 'here' : '', d === 0 ? 'star' : '', aSpaces.includes(d) ? 'a-space' : ''],
      title: d === 0 ? 'the star' : `${d} to go${aSpaces.includes(d) ? ' (A-space: the Artemia token may come out)' : ''}`,
    }, d === 0 ? '★' : String(d)));
  }
  return h('div', { class: ['track-row', kind, moved ? 'moved' : ''], dataset: { distance: String(at) } },
    h('span', { class: 'track-label' }, gameTerm('artemia', kind, label), ' ', h('b', { class: 'track-value' }, String(at))),
    h('span', { class: 'cells' }, cells));
}

function tokensOn(v, id) {
  const out = [];
  // Keyed by token (and, for a token covering two places, by which of them), so each glides.
  const at = (list) => list.indexOf(id);
  if (v.creature_token === id) out.push(h('span', { class: 'token t-creature', title: 'Creature token', dataset: { token: 'creature' } }, 'C'));
  if (v.artemia_token.includes(id)) out.push(h('span', { class: 'token t-artemia', title: 'Artemia token', dataset: { token: `artemia-${at(v.artemia_token)}` } }, 'A'));
  if (v.target_token.includes(id)) out.push(h('span', { class: 'token t-target', title: 'Target token', dataset: { token: `target-${at(v.target_token)}` } }, 'T'));
  return out;
}

/** Revealed presences, and the viewer's own face-down cards as ghosts before the reveal. */
function presencesOn(v, id, names, you) {
  const short = (seat) => seatLabel(seat).replace('Hunted ', 'H');
  return v.hunted.flatMap((x) => {
    if (x.presences.includes(id)) return [h('span', { class: 'presence', title: seatWithName(x.seat, names) }, short(x.seat))];
    if (x.seat === you && !x.presences.length && x.in_play?.includes(id)) {
      return [h('span', { class: 'presence ghost', title: 'your face-down card' }, short(x.seat))];
    }
    return [];
  });
}

function placeMarks(v, id) {
  const marks = [];
  if (id === 'beach') marks.push(h('span', { class: ['mark', v.beacon ? 'beacon-on' : ''] }, v.beacon ? 'Beacon on' : 'Beacon off'));
  const reserve = v.reserve.find((r) => r.place === id);
  if (reserve) marks.push(h('span', { class: 'mark' }, `reserve ×${reserve.copies}`));
  if (v.effects.force_field.includes(id)) marks.push(h('span', { class: 'mark warn' }, 'Force Field'));
  if (v.effects.ineffective.includes(id)) marks.push(h('span', { class: 'mark warn' }, 'ineffective'));
  if ((id === 'beach' && v.effects.beach_used) || (id === 'wreck' && v.effects.wreck_used)) marks.push(h('span', { class: 'mark' }, 'used'));
  return marks;
}

const EFFECTS = {
  despair: 'Despair', fierceness: 'Fierceness', persecution: 'Persecution', mutation: 'Mutation',
  clone: 'Clone', scream: 'Scream', toxin: 'Toxin', stasis: 'Stasis', smokescreen: 'Smokescreen',
  sacrifice: 'Sacrifice: no more Hunt cards', tracking_next_turn: 'Tracking: 2 Hunt cards next turn',
};

function effectChips(v) {
  const on = Object.entries(EFFECTS).filter(([key]) => v.effects[key]).map(([, words]) => words);
  if (v.effects.anticipation) on.push(`Anticipation on ${seatLabel(v.effects.anticipation)}`);
  return on.length ? h('div', { class: 'flags' }, 'In force: ', on.map((f) => h('span', { class: 'chip' }, f))) : null;
}

function renderDecks(v) {
  return h('section', { class: 'player decks' },
    h('h3', {}, 'Decks'),
    h('div', { class: 'facts' },
      fact('Survival deck', v.survival_deck),
      fact('Survival discard', v.survival_discard.length),
      fact('Board side', v.board_side),
      fact(gameTerm('artemia', 'a-space', 'A-spaces'), v.a_spaces.join(', '))));
}

/** A card in hand: a button when clicking it does something, else a plain card. */
function handCard(kind, id, pick, parts) {
  const onclick = pick(kind, id);
  return h(onclick ? 'button' : 'div', {
    class: ['big-card', kind, onclick ? 'playable' : ''],
    type: onclick ? 'button' : null,
    dataset: { card: id },
    onclick,
  }, parts);
}

function renderCreatureHand(v, pick) {
  const c = v.creature;
  return h('section', { class: 'hand-area' },
    h('h3', {}, 'Your Hunt cards ', h('span', { class: 'hint' }, 'symbols: ', symbolTerm('A'), ' ', symbolTerm('T'))),
    h('div', { class: 'hand' }, (c.hand ?? []).map((card) => huntCard(card, pick))),
    c.known_bottom?.length ? h('div', { class: 'pile' }, 'At the bottom of your deck: ', c.known_bottom.map((k) => h('span', { class: 'card hunt' }, HUNT[k]?.name ?? k))) : null,
    c.phobia_shown ? h('div', { class: 'pile' }, 'Shown to you (Phobia): ', cardRow(c.phobia_shown)) : null);
}

function huntCard(card, pick) {
  const info = HUNT[card] ?? { name: card, phase: '?', symbol: '', text: '' };
  return handCard('hunt', card, pick, [
    h('span', { class: 'card-title' }, info.name),
    // A card is itself a button when it can be played: its symbol is then said in words.
    h('span', { class: 'card-meta' }, info.phase ? `phase ${info.phase}` : 'any phase', info.symbol ? ` · ${info.symbol} (${SYMBOL_WORDS[info.symbol]})` : ''),
    h('span', { class: 'card-text' }, info.text)]);
}

function renderHuntedHand(me, pick) {
  return h('section', { class: 'hand-area' },
    h('h3', {}, 'Your Place cards'),
    h('div', { class: 'hand' }, (me.hand ?? []).map((id) => placeCard(id, pick))),
    me.in_play?.length ? h('div', { class: 'pile' }, me.presences.length ? 'In play: ' : 'Face down (only you know): ', cardRow(me.in_play)) : null,
    me.sealed ? h('div', { class: 'pile sealed' }, sealedWords(me.sealed)) : null,
    h('h3', {}, 'Your Survival cards'),
    h('div', { class: 'hand' }, (me.survival ?? []).length
      ? me.survival.map((card) => survivalCard(card, pick))
      : h('em', {}, 'none')));
}

function placeCard(id, pick) {
  const place = PLACES[PLACE_NUMBER[id] - 1];
  return handCard('place', id, pick, [
    h('span', { class: 'card-title' }, `${place.n} ${place.name}`),
    h('span', { class: 'card-text' }, place.power)]);
}

function survivalCard(card, pick) {
  const info = SURVIVAL[card] ?? { name: card, phase: '?', text: '' };
  return handCard('survival', card, pick, [
    h('span', { class: 'card-title' }, info.name),
    h('span', { class: 'card-meta' }, `phase ${info.phase}`),
    h('span', { class: 'card-text' }, info.text)]);
}

/** What a Hunt card's symbol stands for, on the card. */
const SYMBOL_WORDS = { A: 'Artemia token', T: 'Target token' };

/** A Hunt card's symbol (`A`, `T`) with what it means. */
function symbolTerm(symbol) {
  return gameTerm('artemia', `${symbol.toLowerCase()}-symbol`);
}
