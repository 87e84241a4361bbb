// Derelict in words: models, squares, facings, every event (each die rolled, with its purpose)
// and every action, for the log, the replay and the action panel.

export const FACING_WORDS = { n: 'north', e: 'east', s: 'south', w: 'west' };

export const ROLE_WORDS = { sergeant: 'Sergeant', soldier: 'Soldier', flamer: 'Flamer' };

const PHASE_WORDS = {
  'marine-deployment': 'Marine deployment',
  'alien-deployment': 'Alien deployment',
  'marine-turn': 'Marine turn',
  'alien-turn': 'Alien turn',
  over: 'Game over',
};

const DUTY_WORDS = {
  wait: 'waiting',
  deploy: 'deploying the squad',
  face: 'facing the aliens on the board',
  arrive: 'bringing in reinforcements',
  act: 'acting',
};

const MELEE_WORDS = {
  'marine-killed': 'the marine dies',
  standoff: 'a standoff: nothing happens',
  'alien-killed': 'the marine wins from the front: the alien dies',
  parried: 'the marine wins but was struck from the side or rear: both live and the marine turns to face the alien',
};

const REASON_WORDS = {
  exit_reached: 'enough marines escaped',
  exit_impossible: 'too few marines are left to escape',
  turn_limit: 'the turn limit was reached',
  last_turn: 'alien turn 200 ended',
};

/** `m2` → `Marine 2`, `a5` → `Alien 5`. */
export function modelName(id) {
  const m = /^([ma])(\d+)$/.exec(String(id));
  if (!m) return String(id);
  return `${m[1] === 'm' ? 'Marine' : 'Alien'} ${m[2]}`;
}

/** A square as `(x, y)`. */
export const at = (square) => (square ? `(${square.x}, ${square.y})` : 'nowhere');

export const phaseWords = (phase) => PHASE_WORDS[phase] ?? String(phase);
export const dutyWords = (duty) => DUTY_WORDS[duty] ?? String(duty);
export const facingWords = (facing) => FACING_WORDS[facing] ?? String(facing);
export const reasonWords = (reason) => REASON_WORDS[reason] ?? String(reason).replace(/_/g, ' ');

/** Who won and why: `the aliens win — the turn limit was reached`. */
export function outcomeWords(outcome) {
  const winners = outcome.winners.map((s) => (s === 'marines' ? 'the marines' : 'the aliens')).join(' and ') || 'nobody';
  return `${winners} win — ${reasonWords(outcome.reason)}`;
}

const sideName = (seat) => (seat === 'marines' ? 'Marine' : 'Alien');
const dice = (list) => (list.length === 1 ? `rolls ${list[0]}` : `rolls ${list.slice(0, -1).join(', ')} and ${list.at(-1)}`);

/** One event in words. */
export function describeEvent(event) {
  const e = event;
  const who = modelName(e.model);
  switch (e.type) {
    case 'deployed': return `${who} deployed at ${at(e.at)} facing ${facingWords(e.facing)}.`;
    case 'faced': return `${who} faces ${facingWords(e.facing)}.`;
    case 'confirmed': return `The ${e.seat === 'marines' ? 'marines' : 'aliens'} finished deploying.`;
    case 'turn-began': return `${sideName(e.seat)} turn ${e.turn} begins${e.seconds ? ` (${e.seconds} s on the marine clock)` : ''}.`;
    case 'activated': return `${who} acts (${e.ap} AP).`;
    case 'stepped': return `${who} steps from ${at(e.from)} to ${at(e.to)}.`;
    case 'turned': return `${who} turns to face ${facingWords(e.facing)}.`;
    case 'escaped': return `${who} escapes through the exit at ${at(e.from)}!`;
    case 'shot': return `${who} fires at ${at(e.target)}, needing ${e.kill_number}+: ${dice(e.dice)} — ${e.hit ? 'hit' : 'miss'}.`;
    case 'overwatch-shot': return `${who} on overwatch fires at ${modelName(e.target)}, needing a 6: ${dice(e.dice)} — ${e.hit ? 'hit' : 'miss'}${e.jammed ? '; a double: the bolter jams' : ''}.`;
    case 'overwatch-declared': return `${who} goes on overwatch.`;
    case 'unjammed': return `${who} clears the jammed bolter.`;
    case 'door-opened': return `${who} opens the door at ${at(e.door)}.`;
    case 'door-closed': return `${who} closes the door at ${at(e.door)}.`;
    case 'door-destroyed': return `The door at ${at(e.door)} is destroyed.`;
    case 'flamed': return `${who} flames ${at(e.target)}: ${e.area.length} square${e.area.length === 1 ? '' : 's'} burn; ${e.shots} shot${e.shots === 1 ? '' : 's'} left.`;
    case 'burned': return `${who} at ${at(e.at)} is caught in the flames, needing 2+ to die: ${dice([e.die])} — ${e.killed ? 'killed' : 'survives'}.`;
    case 'reloaded': return `${who} reloads the heavy flamer (${e.shots} shots, ${e.reloads} reload${e.reloads === 1 ? '' : 's'} left).`;
    case 'melee': return `${who} attacks ${modelName(e.target)}: the alien ${dice(e.alien_dice)} and keeps ${Math.max(...e.alien_dice)}, the marine ${dice([e.marine_die])} — ${MELEE_WORDS[e.result] ?? e.result}.`;
    case 'door-attacked': return `${who} attacks the door at ${at(e.door)}, needing a 6: ${dice(e.dice)} — ${e.destroyed ? 'the door is torn apart' : 'it holds'}.`;
    case 'died': return `${who} dies at ${at(e.at)}.`;
    case 'arrived': return `${who} arrives at ${at(e.at)} facing ${facingWords(e.facing)}.`;
    case 'held-back': return `${e.count} alien${e.count === 1 ? '' : 's'} found no free entry square and wait${e.count === 1 ? 's' : ''} in the pool.`;
    case 'turn-ended': return `${sideName(e.seat)} turn ${e.turn} ends.`;
    case 'time-up': return `The marine clock ran out: marine turn ${e.turn} ends at once.`;
    case 'game-over': return `Game over: ${outcomeWords(e.outcome)}.`;
    default: return `${e.type}.`;
  }
}

/** The dice an event rolled, each a d6 value, for the log's dice faces; null for none. */
export function eventDice(event) {
  const e = event;
  switch (e.type) {
    case 'shot': case 'overwatch-shot': case 'door-attacked': return e.dice;
    case 'burned': return [e.die];
    case 'melee': return [...e.alien_dice, e.marine_die];
    default: return null;
  }
}

/** One action in words, naming its model. */
export function describeAction(action) {
  const a = action;
  const who = modelName(a.model);
  switch (a.type) {
    case 'deploy': return `Deploy ${who} at ${at(a.to)} facing ${facingWords(a.facing)}`;
    case 'face': return `${who} faces ${facingWords(a.facing)}`;
    case 'confirm': return 'Confirm the deployment';
    case 'arrive': return `Bring an alien in at ${at(a.to)} facing ${facingWords(a.facing)}`;
    case 'step': return `${who} steps to ${at(a.to)}${a.shot ? ` and fires at ${at(a.shot)}` : ''}`;
    case 'turn': return `${who} turns ${a.side}`;
    case 'shoot': return `${who} fires at ${at(a.target)}`;
    case 'open': return `${who} opens the door in front`;
    case 'close': return `${who} closes the door in front`;
    case 'overwatch': return `${who} goes on overwatch`;
    case 'unjam': return `${who} clears the jam`;
    case 'flame': return `${who} flames ${at(a.target)}`;
    case 'reload': return `${who} reloads the flamer`;
    case 'attack': return `${who} attacks the square in front`;
    case 'end-turn': return 'End the turn';
    default: return String(a.type);
  }
}
