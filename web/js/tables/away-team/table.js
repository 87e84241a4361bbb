// The Away Team table: both rosters with SKILL, roles, flags and states; the secret orders of the
// Away Team (a target and stun or kill per crew member, or hold; retreat if allowed), which start
// each round as last round's wherever they are still possible; the Aliens' targets, the locks,
// the d6 method rolls and every shot of the last round with its dice and modifiers. Every choice
// sends an action taken from `view.legal`.

import { h, replace } from '../../dom.js';
import { renderActions } from '../../actions.js';
import { dieFace, withDice } from '../../dice.js';
import { gameTerm } from '../../help/index.js';
import {
  describeAction, describeEvent, eventDice, learnNames, modeWords, nameOf, objectiveWords, orderWords, reasonWords,
  roleWords, shotWords,
} from './words.js';

export { describeAction, describeEvent, eventDice, reasonWords };

/** Events that belong in the results panel of a round. */
const RESULT_EVENTS = new Set(['target-rolled', 'revealed', 'retargeted', 'fired', 'provoked', 'hostility-rose', 'retreated', 'ended']);

/**
 * Mounts the table in `root`. `ctx.you` is `away-team`, `aliens`, `spectator` or `omniscient`;
 * `ctx.act`, if given, sends an action from the legal list.
 */
export function mount(root, ctx) {
  const table = new AwayTeamTable(root, ctx);
  return { show: (view, events) => table.show(view, events), pending: (on) => table.setPending(on) };
}

class AwayTeamTable {
  constructor(root, ctx) {
    this.ctx = ctx;
    this.view = null;
    this.pending = false;
    /** The mode a crew member's next target choice uses, per crew id. */
    this.modes = {};
    /** What the last round's fire did, as events. */
    this.results = [];
    /** The round whose orders started as last round's, and the orders still to send for it. */
    this.repeated = null;
    this.repeating = [];
    this.el = {
      status: h('div', { class: 'at-status', 'aria-live': 'polite' }),
      about: h('p', { class: 'at-about' }),
      crew: h('section', { class: 'panel at-crew' }),
      aliens: h('section', { class: 'panel at-aliens' }),
      actions: h('div', { class: 'actions at-actions', hidden: true }),
      results: h('section', { class: 'panel at-results', hidden: true }),
    };
    replace(root, h('div', { class: 'away-team' },
      this.el.status, this.el.about, this.el.actions,
      h('div', { class: 'at-rosters' }, this.el.crew, this.el.aliens),
      this.el.results));
  }

  setPending(on) {
    this.pending = on;
    if (!this.view) return;
    this.render();
    if (!on) this.repeatNext();
  }

  show(view, events) {
    learnNames(view);
    const fire = events.filter((e) => RESULT_EVENTS.has(e.type));
    // A round's fire comes in one frame after the last lock; the d6 rolls may come just before.
    if (fire.length) this.results = [...(this.resultsRevealed() ? [] : this.results), ...fire];
    this.view = view;
    this.startFromLastRound();
    this.render();
    this.repeatNext();
  }

  /**
   * A new round's orders start as last round's wherever they are still possible: the same
   * target, still standing, with the same phaser setting. They are sent one by one, as any
   * order edit is (secret, and changeable until the lock); the player's own choice stops them.
   */
  startFromLastRound() {
    const v = this.view;
    if (!this.ctx.act || this.ctx.you !== 'away-team' || v.outcome || v.locked.away_team) return;
    if (this.repeated === v.round || v.revealed?.round !== v.round - 1) return;
    this.repeated = v.round;
    this.repeating = v.revealed.away_team
      .filter(({ crew, order }) => order?.order === 'fire' && !this.orderOf(crew))
      .map(({ crew, order }) => ({ crew, target: order.target, mode: order.mode }));
  }

  /** Sends the next of last round's orders that is still listed, once nothing is pending. */
  repeatNext() {
    while (this.repeating.length && !this.pending) {
      const { crew, target, mode } = this.repeating.shift();
      const action = this.view.legal.find((a) => a.type === 'order' && a.crew === crew
        && a.order.order === 'fire' && a.order.target === target && a.order.mode === mode);
      if (action) {
        this.send(action);
        return;
      }
    }
  }

  /** The player chose: last round's orders not sent yet are left alone. */
  chose(action) {
    this.repeating = [];
    this.send(action);
  }

  resultsRevealed() {
    return this.results.some((e) => e.type === 'revealed');
  }

  send(action) {
    if (!action || this.pending || !this.ctx.act) return;
    if (this.ctx.act(action)) this.setPending(true);
  }

  render() {
    this.renderStatus();
    this.renderCrew();
    this.renderAliens();
    this.renderActions();
    this.renderResults();
  }

  renderStatus() {
    const v = this.view;
    const survive = v.objective.objective === 'survive';
    const lock = (who, locked) => h('span', { class: ['chip', locked ? 'locked' : 'open'], dataset: { lock: who } },
      `${who === 'away-team' ? 'Away Team' : 'Aliens'}: ${locked ? 'locked' : 'choosing'}`);
    replace(this.el.status,
      h('span', { class: 'at-title' }, v.title),
      h('span', { class: 'at-round' }, `Round ${v.round}${survive ? '' : ` of ${v.max_rounds}`}`),
      h('span', { class: 'at-objective' }, objectiveWords(v.objective)),
      h('span', { class: 'at-hostility' }, gameTerm('away-team', 'hostility'), ` ${v.hostility}${v.hostility_limit ? ` / ${v.hostility_limit}` : ''}`),
      lock('away-team', v.locked.away_team), lock('aliens', v.locked.aliens));
    const mods = [
      v.range_mod ? `range ${v.range_mod > 0 ? '+' : ''}${v.range_mod} to every shot` : null,
      v.crew_defense_mod ? `crew defence ${v.crew_defense_mod > 0 ? '+' : ''}${v.crew_defense_mod} to alien shots` : null,
      v.allow_retreat ? 'retreat allowed' : null,
    ].filter(Boolean);
    replace(this.el.about, v.description, mods.length ? h('span', { class: 'hint' }, ` (${mods.join(', ')})`) : null);
  }

  /** The order a crew member has now: ours before the reveal, everyone's after. */
  orderOf(crew) {
    const v = this.view;
    return v.away_team_orders?.orders.find((o) => o.crew === crew)?.order ?? null;
  }

  renderCrew() {
    const v = this.view;
    const mine = this.ctx.you === 'away-team';
    const retreat = v.away_team_orders?.retreat;
    replace(this.el.crew,
      h('h2', {}, 'Away Team'),
      retreat ? h('p', { class: 'at-retreat' }, 'Retreat declared: the team beams up after the Aliens fire.') : null,
      h('table', { class: 'roster' },
        h('thead', {}, h('tr', {}, ['Crew', 'Role', gameTerm('away-team', 'skill'), 'State', mine ? 'Order (secret)' : v.away_team_orders ? 'Order' : 'Last order'].map((t) => h('th', {}, t)))),
        h('tbody', {}, v.crew.map((c) => h('tr', { class: ['crew-row', c.state], dataset: { crew: c.id } },
          h('td', { class: 'who', dataset: { label: 'Crew' } }, c.name),
          h('td', { dataset: { label: 'Role' } }, roleWords(c.role)),
          h('td', { class: 'skill', dataset: { label: 'SKILL' } }, String(c.effective_skill), this.skillDetail(c) ? h('span', { class: 'hint' }, ` ${this.skillDetail(c)}`) : null),
          h('td', { dataset: { label: 'State' } }, h('span', { class: ['chip', `state-${c.state}`] }, c.state)),
          h('td', { class: 'order', dataset: { label: 'Order' } }, mine ? this.orderControls(c) : this.shownOrder(c)))))));
  }

  /** How SKILL came about, when there is more to it than the file's number. */
  skillDetail(c) {
    if (!c.skill_roll && c.effective_skill === c.skill) return '';
    const parts = [c.skill_roll ? `${c.skill} (6 + rolled ${c.skill_roll})` : String(c.skill)];
    if (c.skill_mod) parts.push(`${c.skill_mod > 0 ? '+' : '−'} ${Math.abs(c.skill_mod)} mod`);
    if (c.effective_skill !== c.skill + c.skill_mod) parts.push('− 3 outside security');
    return `(${parts.join(' ')})`;
  }

  /** Another viewer sees the orders of the last reveal only; the replay sees them as given. */
  shownOrder(c) {
    if (this.view.away_team_orders) return c.state === 'active' ? orderWords(this.orderOf(c.id)) : outWords(c);
    const order = this.view.revealed?.away_team.find((o) => o.crew === c.id);
    return order ? orderWords(order.order) : '—';
  }

  /** A target list (hold or an active alien) and the stun/kill switch, from the legal orders. */
  orderControls(c) {
    const offered = this.view.legal.filter((a) => a.type === 'order' && a.crew === c.id);
    if (!offered.length) return h('span', { class: 'hint' }, c.state === 'active' ? orderWords(this.orderOf(c.id)) : outWords(c));
    const current = this.orderOf(c.id);
    const mode = current?.order === 'fire' ? current.mode : this.modes[c.id] ?? 'stun';
    const targets = [...new Set(offered.filter((a) => a.order.order === 'fire').map((a) => a.order.target))];
    const pick = (target, m) => this.chose(offered.find((a) => (target
      ? a.order.order === 'fire' && a.order.target === target && a.order.mode === m
      : a.order.order === 'hold')));
    const select = h('select', {
      class: 'target', 'aria-label': `Target of ${c.name}`, disabled: this.pending,
      onchange: () => pick(select.value || null, mode),
    },
    h('option', { value: '', selected: current?.order !== 'fire' }, 'Hold fire'),
    targets.map((t) => h('option', { value: t, selected: current?.order === 'fire' && current.target === t }, `Fire at ${nameOf(t)}`)));
    const modeButton = (m) => h('button', {
      type: 'button', class: ['mode', m === mode ? 'chosen' : ''], dataset: { mode: m }, disabled: this.pending, 'aria-pressed': String(m === mode),
      onclick: () => {
        this.modes[c.id] = m;
        if (current?.order === 'fire') pick(current.target, m);
        else this.render();
      },
    }, modeWords(m));
    return h('span', { class: 'order-controls' }, select, modeButton('stun'), modeButton('kill'));
  }

  renderAliens() {
    const v = this.view;
    const mine = this.ctx.you === 'aliens';
    // Aims are this round's: the Aliens' own before the reveal, everyone's once it is revealed
    // (last round's are not shown while the new round's orders are given).
    const shown = v.alien_orders ?? (v.revealed?.round === v.round ? v.revealed.aliens : []);
    const targetOf = (alien) => shown.find((t) => t.alien === alien)?.crew ?? null;
    replace(this.el.aliens,
      h('h2', {}, 'Aliens'),
      v.groups.map((g) => h('div', { class: 'group', dataset: { group: g.id } },
        h('h3', {}, g.name, ' ', h('span', { class: 'hint' }, `SKILL ${g.skill}`)),
        h('p', { class: 'flags' }, this.groupFlags(g).map((f) => h('span', { class: 'chip' }, f))),
        h('ul', { class: 'aliens' }, g.aliens.map((a) => h('li', { class: ['alien-row', a.state], dataset: { alien: a.id } },
          h('span', { class: 'who' }, nameOf(a.id)),
          h('span', { class: ['chip', `state-${a.state}`] }, a.state),
          v.to_order.includes(a.id) && !v.outcome ? h('span', { class: 'fires' }, 'fires this round') : null,
          mine ? this.targetControls(a.id, targetOf(a.id)) : targetOf(a.id) ? h('span', { class: 'hint' }, `aims at ${nameOf(targetOf(a.id))}`) : null))))));
  }

  groupFlags(g) {
    return [
      g.ranged ? `weapon: ${modeWords(g.weapon)}` : 'no ranged weapon',
      g.stun_immune ? 'stun-immune' : null,
      g.peaceful ? (g.provoked ? 'peaceful, provoked' : 'peaceful') : 'hostile',
      g.defense_mod ? `defence ${g.defense_mod > 0 ? '+' : ''}${g.defense_mod}` : null,
    ].filter(Boolean);
  }

  targetControls(alien, current) {
    const offered = this.view.legal.filter((a) => a.type === 'target' && a.alien === alien);
    if (!offered.length) return current ? h('span', { class: 'hint' }, `aims at ${nameOf(current)}`) : null;
    const select = h('select', {
      class: 'target', 'aria-label': `Target of ${nameOf(alien)}`, disabled: this.pending,
      onchange: () => this.chose(offered.find((a) => a.crew === select.value)),
    },
    h('option', { value: '', selected: !current, disabled: true }, 'Choose a target'),
    offered.map((a) => h('option', { value: a.crew, selected: a.crew === current }, `Aim at ${nameOf(a.crew)}`)));
    return select;
  }

  /** Retreat, roll, lock: the choices that are not a roster's. */
  renderActions() {
    const legal = this.ctx.act ? this.view.legal.filter((a) => a.type !== 'order' && a.type !== 'target') : [];
    renderActions(this.el.actions, legal, {
      describe: (a) => ({ group: a.type === 'lock' ? 'lock' : 'round', heading: '', label: describeAction(a) }),
      send: (a) => this.chose(a),
      pending: this.pending,
    });
  }

  renderResults() {
    this.el.results.hidden = !this.results.length;
    if (!this.results.length) return;
    const round = this.results.find((e) => e.type === 'revealed')?.orders.round;
    replace(this.el.results,
      h('h2', {}, round ? `Round ${round}: the fire` : 'The d6 method'),
      h('ol', { class: 'results' }, this.results.map((e) => (e.type === 'fired'
        ? h('li', { class: ['shot', e.shot.hit ? 'hit' : 'miss'], dataset: { shooter: e.shot.shooter } },
          h('span', { class: 'dice' }, e.shot.dice.map(dieFace)),
          shotWords(e.shot))
        : h('li', { class: e.type }, withDice(describeEvent(e), eventDice(e)))))));
  }
}

/** Why a crew member out of the fight has no order. */
function outWords(c) {
  return c.state === 'killed' ? 'killed: no order' : 'stunned: no order';
}
