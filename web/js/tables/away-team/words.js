// Away Team in words: roles, states, objectives, every event (each die and modifier of a shot)
// and every action. Crew and alien ids are named from the last view shown (`learnNames`).

const ROLE_WORDS = {
  captain: 'Captain',
  'security-officer': 'Security officer',
  'security-guard': 'Security guard',
  science: 'Science',
  medical: 'Medical',
  engineering: 'Engineering',
};

const EFFECT_WORDS = {
  missed: 'miss',
  shrugged: 'hit, but the stun beam does nothing to it',
  stunned: 'hit: stunned',
  killed: 'hit: killed',
};

const MODIFIER_WORDS = { range_mod: 'range', defense_mod: 'target defence', crew_defense_mod: 'crew defence' };

/** Names of crew members, groups and aliens, learnt from the views shown. */
const names = new Map();

/** Remembers the crew and alien names of `view`, for the log. */
export function learnNames(view) {
  for (const c of view.crew ?? []) names.set(c.id, c.name);
  for (const g of view.groups ?? []) {
    names.set(g.id, g.name);
    for (const a of g.aliens) names.set(a.id, `${g.name} ${a.id.slice(g.id.length + 1)}`);
  }
}

/** A crew member's, group's or alien's name. */
export const nameOf = (id) => names.get(id) ?? String(id);
export const roleWords = (role) => ROLE_WORDS[role] ?? String(role);
export const modeWords = (mode) => (mode === 'kill' ? 'kill' : 'stun');
/** The server words its reasons as phrases (`the Captain was killed`). */
export const reasonWords = (reason) => String(reason).replace(/_/g, ' ');

/** The objective in words. */
export function objectiveWords(objective) {
  switch (objective?.objective) {
    case 'neutralise': return 'Put out every hostile alien.';
    case 'neutralise-group': return objective.capture
      ? `Capture all the ${nameOf(objective.group)}: every one stunned, none killed.`
      : `Put out all the ${nameOf(objective.group)}.`;
    case 'survive': return `Hold out until round ${objective.rounds} ends.`;
    default: return '';
  }
}

/** One order in words. */
export function orderWords(order) {
  if (!order || order.order === 'hold') return 'holds fire';
  return `fires at ${nameOf(order.target)} on ${modeWords(order.mode)}`;
}

const signed = (n) => (n < 0 ? `− ${-n}` : `+ ${n}`);

/** A shot with its dice, modifiers, the total against SKILL, and what it did. */
export function shotWords(shot) {
  const mods = shot.modifiers.map((m) => ` ${signed(m.value)} (${MODIFIER_WORDS[m.name] ?? m.name})`).join('');
  const mode = names.has(shot.shooter) && !/-\d+$/.test(shot.shooter) ? ` on ${modeWords(shot.mode)}` : '';
  return `${nameOf(shot.shooter)} fires at ${nameOf(shot.target)}${mode}: rolls ${shot.dice[0]} + ${shot.dice[1]}${mods} = ${shot.result}, needs under ${shot.skill} — ${EFFECT_WORDS[shot.effect] ?? shot.effect}.`;
}

/** One event in words. */
export function describeEvent(event) {
  const e = event;
  switch (e.type) {
    case 'round-began': return `Round ${e.round} begins.`;
    case 'edited': return `The ${e.seat === 'aliens' ? 'Aliens change their' : 'Away Team changes its'} orders${e.edit ? `: ${editWords(e.edit)}` : ''}.`;
    case 'locked': return `The ${e.seat === 'aliens' ? 'Aliens lock their' : 'Away Team locks its'} orders.`;
    case 'target-rolled': return `${nameOf(e.alien)} picks a target by the d6 method: rolls ${e.rolls.join(', ')} — ${nameOf(e.crew)}.`;
    case 'revealed': return `Orders revealed: ${e.orders.retreat ? 'the Away Team retreats' : e.orders.away_team.map((o) => `${nameOf(o.crew)} ${orderWords(o.order)}`).join('; ') || 'nobody fires'}${e.orders.aliens.length ? `; ${e.orders.aliens.map((a) => `${nameOf(a.alien)} aims at ${nameOf(a.crew)}`).join('; ')}` : ''}.`;
    case 'retargeted': return `${nameOf(e.shooter)}'s target ${nameOf(e.from)} is already out: ${e.to ? `the shot goes to ${nameOf(e.to)}` : 'the shot is lost'}.`;
    case 'fired': return shotWords(e.shot);
    case 'provoked': return `The ${nameOf(e.group)} are provoked and fight back.`;
    case 'hostility-rose': return `Hostility rises to ${e.hostility}.`;
    case 'retreated': return 'The Away Team beams up.';
    case 'ended': {
      const winners = e.outcome.winners.map((s) => (s === 'aliens' ? 'the Aliens' : 'the Away Team')).join(' and ');
      return `The encounter ends: ${winners ? `${winners} win` : 'a draw'} — ${reasonWords(e.outcome.reason)}.`;
    }
    default: return `${e.type}.`;
  }
}

function editWords(edit) {
  switch (edit.edit) {
    case 'order': return `${nameOf(edit.crew)} ${orderWords(edit.order)}`;
    case 'retreat': return 'retreat';
    case 'cancel-retreat': return 'no retreat';
    case 'target': return `${nameOf(edit.alien)} aims at ${nameOf(edit.crew)}`;
    default: return String(edit.edit);
  }
}

/** The dice an event rolled (d6 values), for the log's dice faces; null for none. */
export function eventDice(event) {
  if (event.type === 'fired') return event.shot.dice;
  if (event.type === 'target-rolled') return event.rolls;
  return null;
}

/** One action in words. */
export function describeAction(action) {
  const a = action;
  switch (a.type) {
    case 'order': return `${nameOf(a.crew)} ${orderWords(a.order)}`;
    case 'retreat': return 'Retreat';
    case 'cancel-retreat': return 'Cancel the retreat';
    case 'target': return `${nameOf(a.alien)} aims at ${nameOf(a.crew)}`;
    case 'roll-targets': return 'Roll the targets (d6 method)';
    case 'lock': return 'Lock the orders';
    default: return String(a.type);
  }
}
