// Intruder in words: compartments, crewmen, objects, powers, phases, prompts, every event (each
// die with what it was rolled for) and every action. Face-down counters are named by their
// opaque id only; objects by their kind, learnt from the last view shown (`learnObjects`).

import { seatWithName } from '../../words.js';

/** The 28 compartments (rules 3): short mapsheet id and full name. */
export const ROOMS = {
  cm: ['CM', 'Command Module'],
  arm: ['ARM', 'Arms Room'],
  frz: ['FRZ', 'Freezer'],
  cmp: ['CMP', 'Computer Room'],
  a1: ['A-1', 'Corridor A-1'],
  a2: ['A-2', 'Corridor A-2'],
  b1: ['B-1', 'Corridor B-1'],
  b2: ['B-2', 'Corridor B-2'],
  c1: ['C-1', 'Corridor C-1'],
  c2: ['C-2', 'Corridor C-2'],
  sa1: ['SA1', 'Storage A-1'],
  sa2: ['SA2', 'Storage A-2'],
  sb1: ['SB1', 'Storage B-1'],
  sb2: ['SB2', 'Storage B-2'],
  sc1: ['SC1', 'Storage C-1'],
  sc2: ['SC2', 'Storage C-2'],
  mes: ['MES', "Crew's Mess"],
  liv: ['LIV', 'Living Quarters'],
  lab: ['LAB', 'Lab'],
  inf: ['INF', 'Infirmary'],
  pwr: ['PWR', 'Power'],
  mnt: ['MNT', 'Maintenance'],
  sh1: ['SH1', 'Access Shaft #1'],
  sh2: ['SH2', 'Access Shaft #2'],
  sh3: ['SH3', 'Access Shaft #3'],
  air: ['AIR', 'Main Airlock'],
  dk1: ['DK1', 'Shuttle Dock #1'],
  dk2: ['DK2', 'Shuttle Dock #2'],
};

export const roomName = (room) => ROOMS[room]?.[1] ?? String(room);
export const roomShort = (room) => ROOMS[room]?.[0] ?? String(room).toUpperCase();

const SPECIALTY = { c: 'Command Officer', e: 'Engineer', s: 'Science Officer' };

/** `C1`, `E2`, `S3`. */
export const crewShort = (crewman) => String(crewman).toUpperCase();
/** `Command Officer C1`. */
export const crewName = (crewman) => `${SPECIALTY[String(crewman)[0]] ?? 'Crewman'} ${crewShort(crewman)}`;

export const OBJECT_KINDS = {
  blaster: 'Blaster',
  'sleep-dart-pistol': 'Sleep Dart Pistol',
  'gas-canister': 'Gas Canister',
  'electric-prod': 'Electric Prod',
  flamethrower: 'Flamethrower',
  cage: 'Cage',
};

/** Object kinds by object number, learnt from the views shown. */
const objectKinds = new Map();

/** Remembers what each object of `view` is, for the log. */
export function learnObjects(view) {
  for (const o of view.objects ?? []) objectKinds.set(o.id, o.kind);
}

export const kindName = (kind) => OBJECT_KINDS[kind] ?? String(kind);
/** `the Blaster (#3)`. */
export const objectName = (id) => (objectKinds.has(id) ? `the ${kindName(objectKinds.get(id))} (#${id})` : `object #${id}`);

/** An opaque counter id, short enough to read: base 36. */
export const counterTag = (id) => Number(id).toString(36).toUpperCase();
export const counterName = (id) => `counter ${counterTag(id)}`;
export const intruderName = (id) => `Intruder ${counterTag(id)}`;
/** `Shuttle 1`: the Shuttle of Shuttle Dock #1. */
export const shuttleName = (n) => `Shuttle ${n}`;

const IDENTITIES = { intruder: 'an Intruder', 'lab-animal': 'a Lab Animal', dummy: 'a Dummy', 'lost-crewman': 'a lost crewman' };
export const identityWords = (identity) => IDENTITIES[identity] ?? String(identity);
export const IDENTITY_LABEL = { intruder: 'Intruder', 'lab-animal': 'Lab Animal', dummy: 'Dummy', 'lost-crewman': 'Lost crewman' };

export const POWERS = {
  'immune-to-shock': ['Immune to Shock', 'prods have no effect; it cannot be controlled'],
  'fast-reflexes': ['Fast Reflexes', 'holds the edge of an opened airlock and comes back'],
  'immune-to-vacuum': ['Immune to Vacuum', 'survives an airlock; the crew cannot win'],
  'immune-to-cold': ['Immune to Cold', 'the Freezer only holds it'],
  'very-fast': ['Very Fast', 'every counter moves twice'],
  clone: ['Clone', 'more Intruders as it grows'],
  'extra-strong': ['Extra Strong', 'breaks out of any Cage'],
  'immune-to-flame': ['Immune to Flame', 'Flamethrowers do nothing'],
  'immune-to-gas': ['Immune to Gas', 'Gas does nothing'],
  'immune-to-sleep-darts': ['Immune to Sleep Darts', 'Sleep Darts do nothing'],
  'blaster-resistant': ['Blaster Resistant', 'Blasters read the Blaster* column'],
};
export const powerName = (power) => POWERS[power]?.[0] ?? String(power);

const WEAPONS = {
  'sleep-dart': 'a Sleep Dart Pistol',
  blaster: 'a Blaster',
  'blaster-resistant': 'a Blaster (Blaster* column: Blaster Resistant)',
  gas: 'a Gas Canister',
  improvised: 'an improvised weapon',
  flamethrower: 'a Flamethrower',
};

const EFFECTS = {
  none: 'no effect',
  sleep: 'the Intruder falls asleep',
  retreat: 'the Intruder retreats',
  kill: 'the Intruder is killed',
  'crew-killed': 'the attacked crewman is killed',
  'kill-both': 'the Intruder and the attacked crewman are both killed',
};

export const PHASES = {
  movement: 'Intruder and counter movement',
  'first-interaction': 'First Interaction',
  'crew-movement': 'Crew Movement',
  metamorphosis: 'Metamorphosis',
  'second-interaction': 'Second Interaction',
  'self-destruct': 'Self-Destruct',
};
export const phaseWords = (phase) => PHASES[phase] ?? String(phase);

const REASONS = {
  turn_limit: 'the turn limit was reached',
  detonation: 'the station was destroyed',
  crew_dead: 'no crewman is left on the station',
  intruders_gone: 'every Intruder is dealt with',
};

/** Why a match ended (`turn_limit_win`, `crew_dead_loss`, …), as a phrase. */
export function reasonWords(reason) {
  const text = String(reason);
  const m = text.match(/^(.*)_(win|loss|draw)$/);
  if (!m) return REASONS[text] ?? text.replace(/_/g, ' ');
  const result = { win: 'the crew scores above zero', loss: 'the crew scores below zero', draw: 'the score is zero' }[m[2]];
  return `${REASONS[m[1]] ?? m[1].replace(/_/g, ' ')}, and ${result}`;
}

/** The decision the crew faces, in words (`orders`: to a crew seat giving orders, rules 17.3). */
export function promptWords(prompt, orders = false) {
  switch (prompt?.type) {
    case 'crew-movement': return orders
      ? 'Crew Movement: order your crewmen to move, pick up, drop or unlock; send the orders when they are complete.'
      : 'Crew Movement: move crewmen, pick up, drop, unlock; then end the movement.';
    case 'crew-actions': return prompt.room
      ? `Crew actions in ${roomName(prompt.room)}: each crewman there who has not acted may act once.`
      : 'General action step: any crewman who has not acted may act once.';
    case 'self-defence': return `${intruderName(prompt.intruder)} attacks ${crewName(prompt.target)} in ${roomName(prompt.room)}: defend or not.`;
    case 'intruder-movement': return 'The Intruder plans the movement of its counters.';
    case 'intruder-attack': return `The Intruder decides whether ${intruderName(prompt.intruder)} attacks in ${roomName(prompt.room)}, and whom.`;
    case 'intruder-destruction': return 'The Intruder may destroy objects lying with its free Intruders.';
    case 'shuttle-actions': return `Aboard ${shuttleName(prompt.shuttle)}, fighting its stowaway: each crewman aboard who has not acted may act once (attack, prepare or open the hatches).`;
    case 'shuttle-defence': return `Aboard ${shuttleName(prompt.shuttle)}, ${intruderName(prompt.intruder)} attacks ${crewName(prompt.target)}: defend or not.`;
    case 'shuttle-attack': return `Aboard ${shuttleName(prompt.shuttle)}, the Intruder decides whether ${intruderName(prompt.intruder)} attacks, and whom.`;
    case 'set-up': return orders
      ? 'Set-up: order your team to spread its objects (pick up, drop, discard useless weapons); send the orders when they are complete.'
      : 'Set-up: spread each team\'s objects (pick up, drop, discard useless weapons); then end the set-up.';
    case 'over': return 'The match is over.';
    default: return '';
  }
}

const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

/** The self-destruct box in words: 9 is the Active box. */
export const destructBox = (box) => (box === 9 ? 'Active' : String(box));

/** Where an object went when it was finished on the Weapon Construction Track. */
function placeWords(place) {
  switch (place?.at) {
    case 'carried': return `to ${crewName(place.crewman)}`;
    case 'room': return `lying in ${roomName(place.room)}`;
    case 'track': return `on the track (${plural(place.turns, 'turn', 'turns')} done)`;
    case 'aboard': return `aboard ${shuttleName(place.shuttle)}`;
    default: return 'lost';
  }
}

const list = (ids, name) => ids.map(name).join(', ');

/** A counter's move without a die: the Intruder seat's plan, or an Intruder holding an edge. */
function plannedMove(e) {
  return e.to
    ? `Counter ${counterTag(e.id)} moves ${roomShort(e.from)} → ${roomShort(e.to)}.`
    : `Counter ${counterTag(e.id)} stays in ${roomShort(e.from)}.`;
}

/** One event in words, with every die rolled and what it was rolled for. */
export function describeEvent(event, names) {
  const e = event;
  switch (e.type) {
    case 'phase-begun': return `Turn ${e.turn}: ${phaseWords(e.phase)}.`;
    case 'counter-moved': if (!e.roll) return plannedMove(e);
      return e.to
        ? `Counter ${counterTag(e.id)} rolls ${e.roll} for random movement: ${roomShort(e.from)} → ${roomShort(e.to)}.`
        : `Counter ${counterTag(e.id)} rolls ${e.roll} for random movement: stays in ${roomShort(e.from)}.`;
    case 'revealed': return `Counter ${counterTag(e.id)} in ${roomName(e.room)} is turned face up: ${identityWords(e.identity)}.`;
    case 'attack-roll': return `${intruderName(e.intruder)} rolls ${e.roll} to attack: ${e.attacks ? 'it attacks' : 'it does not attack'}.`;
    case 'target-chosen': return e.roll
      ? `${intruderName(e.intruder)} rolls ${e.roll} for its target: ${crewName(e.target)}.`
      : `${intruderName(e.intruder)} goes for ${crewName(e.target)}.`;
    case 'no-attack': return `${intruderName(e.intruder)} does not attack.`;
    case 'power-found': {
      const rolls = e.rolls ?? [];
      const rerolled = rolls.length > 1 ? ` (${rolls.slice(0, -1).join(', ')} already known, rolled again)` : '';
      return `A power of the Intruders is found: 2d6 rolls ${rolls.join(', ')}${rerolled} — ${powerName(e.power)}.`;
    }
    case 'crew-attack': {
      const bonus = e.modified !== e.roll ? ` + ${e.modified - e.roll} (a crewman died here) = ${e.modified}` : '';
      return `${crewName(e.crewman)} ${e.defence ? 'defends against' : 'attacks'} ${intruderName(e.intruder)} with ${WEAPONS[e.weapon] ?? e.weapon}: rolls ${e.roll}${bonus} on the Combat Results Table — ${EFFECTS[e.effect] ?? e.effect}.`;
    }
    case 'kill-roll': return `${intruderName(e.intruder)} rolls ${e.roll} to kill ${crewName(e.target)}: ${e.killed ? 'killed' : 'he survives'}.`;
    case 'crewman-died': return `${crewName(e.crewman)} is dead.`;
    case 'intruder-killed': return `${intruderName(e.intruder)} is killed.`;
    case 'intruder-asleep': return `${intruderName(e.intruder)} falls asleep.`;
    case 'intruder-woke': return `${intruderName(e.intruder)} wakes up.`;
    case 'metamorphosis': return e.success
      ? `Metamorphosis: rolls ${e.roll} — the Intruders grow to stage ${e.stage} and gain an unknown power.`
      : `Metamorphosis: rolls ${e.roll} — no change, the Intruders stay at stage ${e.stage}.`;
    case 'clones-added': return `${plural(e.count, 'clone goes', 'clones go')} to Clones Not Yet in Play.`;
    case 'panic': return `Panic! The crew runs to the Command Module; every hidden counter is shuffled and placed face down: ${(e.placed ?? []).map(([id, room]) => `${counterTag(id)} in ${roomShort(room)}`).join(', ') || 'none'}.`;
    case 'crew-moved': return `${crewName(e.crewman)} moves ${roomShort(e.from)} → ${roomShort(e.to)} (${plural(e.mp, 'MP', 'MP')} left).`;
    case 'picked-up': return `${crewName(e.crewman)} picks up ${objectName(e.object)} (${e.mp ? `${e.mp} MP` : 'free'}).`;
    case 'dropped': return `${crewName(e.crewman)} drops ${objectName(e.object)}.`;
    case 'unlocked': return `${crewName(e.crewman)} unlocks the ${roomName(e.room)} for this movement.`;
    case 'self-destruct-marker': return e.box === 9
      ? 'The self-destruct is started: the marker goes to Active.'
      : e.box === 0 ? 'The self-destruct marker reaches 0: the station explodes.' : `The self-destruct marker moves to ${e.box}.`;
    case 'self-destruct-stopped': return `${crewName(e.crewman)} stops the self-destruct for good.`;
    case 'airlock-opened': {
      const held = e.held?.length ? ` ${e.held.map(intruderName).join(', ')} ${e.held.length === 1 ? 'holds' : 'hold'} the edge (Fast Reflexes).` : '';
      const gone = e.gone?.length ? ` ${e.gone.map(intruderName).join(', ')} ${e.gone.length === 1 ? 'is' : 'are'} blown out alive (Immune to Vacuum).` : '';
      return `${crewName(e.crewman)} opens the ${roomName(e.airlock)}: everything inside is lost.${held}${gone}`;
    }
    case 'inventoried': return `Inventory: ${counterName(e.id)} in the Not Used box is ${identityWords(e.identity)}.`;
    case 'object-destroyed': return `The Intruder destroys ${objectName(e.object)} in ${roomName(e.room)}.`;
    case 'orders-given': return e.orders
      ? `${seatWithName(e.seat, names)} gives ${plural(e.orders.length, 'order', 'orders')} and is ready: ${e.orders.map((o) => describeAction(o)).join('; ') || 'none'}.`
      : `${seatWithName(e.seat, names)} has given its orders and is ready.`;
    case 'order-failed': return `An order of ${seatWithName(e.seat, names)} for ${crewName(e.crewman)} fails (${String(e.code).replace(/_/g, ' ')}); his later orders are cancelled.`;
    case 'ended': return `The game ends (${reasonWords(e.reason)}): score ${e.score}.`;
    case 'catch-roll': return `${crewName(e.crewman)} rolls ${e.roll} to catch Lab Animal ${counterTag(e.animal)} (1-3 catches): ${e.caught ? 'caught, he holds it' : 'it slips away'}.`;
    case 'released': return `${crewName(e.crewman)} lets go of ${counterName(e.counter)}.`;
    case 'lab-animal-caged': return `${crewName(e.crewman)} puts Lab Animal ${counterTag(e.animal)} in ${objectName(e.cage)}.`;
    case 'lab-animal-transferred': return `${crewName(e.crewman)} takes Lab Animal ${counterTag(e.animal)} to the Caged Lab Animals box.`;
    case 'cage-roll': return `${crewName(e.crewman)} rolls ${e.roll} to cage ${intruderName(e.intruder)}: ${e.caged ? 'caged' : 'it escapes the Cage'}.`;
    case 'broke-out': return `${intruderName(e.intruder)} breaks out of ${objectName(e.cage)} (Extra Strong); the Cage stays, empty.`;
    case 'broke-out-of-freezer': return `${intruderName(e.intruder)} breaks out of the Freezer's hold (Extra Strong); it is free in the Freezer.`;
    case 'prod-roll': return `${crewName(e.crewman)} rolls ${e.roll} on the prod column against ${intruderName(e.intruder)}: ${e.controlled ? 'he controls it' : 'no control'}.`;
    case 'control-lost': return `Prod control of ${intruderName(e.intruder)} is lost.`;
    case 'cage-carried': return `${list(e.carriers ?? [], crewName)} carry ${objectName(e.cage)} with its Intruder ${roomShort(e.from)} → ${roomShort(e.to)}.`;
    case 'moved-with-intruder': return `${crewName(e.crewman)} moves with ${intruderName(e.intruder)} under his prod ${roomShort(e.from)} → ${roomShort(e.to)} (all his MP).`;
    case 'lab-cages-opened': return `An Intruder opens the Lab's cages: ${e.ids.length === 1 ? 'the Lab Animal is' : `the ${e.ids.length} Lab Animals are`} face down again as ${e.ids.map(counterName).join(', ')}.`;
    case 'crewman-lost': return `In the panic ${crewName(e.crewman)} is lost: he hides among the face-down counters until one of them turns out to be him.`;
    case 'crewman-found': return `${crewName(e.crewman)} is found in ${roomName(e.room)}; he acts again from the next phase.`;
    case 'cage-opened': return `An Intruder opens ${objectName(e.cage)} in ${roomName(e.room)}: the Lab Animal inside is a new face-down ${counterName(e.id)}.`;
    case 'freezer-turned-on': {
      const frozen = e.frozen?.length ? ` Frozen (captured): ${list(e.frozen, intruderName)}.` : '';
      const iced = e.iced?.length ? ` Held in the ice (Immune to Cold): ${list(e.iced, intruderName)}.` : '';
      const lost = e.lost?.length ? ` Lab Animals lost: ${list(e.lost, counterTag)}.` : '';
      return `${crewName(e.crewman)} turns on the Freezer.${frozen}${iced}${lost}${frozen || iced || lost ? '' : ' Nothing is frozen.'}`;
    }
    case 'shuttle-left': return `${shuttleName(e.shuttle)} leaves the station with ${list(e.crew ?? [], crewName) || 'nobody'}; it never returns.`;
    case 'stowaway-roll': return e.stowaway
      ? `Stowaway roll for ${shuttleName(e.shuttle)}: rolls ${e.roll}, Intruder Stowaway Index ${e.index} — ${intruderName(e.stowaway)} is aboard, face up.`
      : `Stowaway roll for ${shuttleName(e.shuttle)}: rolls ${e.roll}, Intruder Stowaway Index ${e.index} — ${e.roll <= e.index ? 'no Intruder is left to get aboard' : 'no stowaway'}.`;
    case 'shuttle-round': return `Aboard ${shuttleName(e.shuttle)}, the fight goes on: round ${e.round} (it counts as a turn for sleep).`;
    case 'hatches-prepared': return `${crewName(e.crewman)} prepares the hatches of ${shuttleName(e.shuttle)}.`;
    case 'hatches-opened': return `${crewName(e.crewman)} opens the hatches of ${shuttleName(e.shuttle)}: ${intruderName(e.intruder)} is expelled${e.survived ? ' and survives (Immune to Vacuum), gone' : ' and dies'}.`;
    case 'shuttle-landed': return `Every crewman aboard ${shuttleName(e.shuttle)} is dead: it lands ${intruderName(e.intruder)} on its home world.`;
    case 'weapon-constructed': return e.place?.at === 'track'
      ? `${crewName(e.crewman)} works on ${objectName(e.object)}: ${plural(e.turns, 'turn', 'turns')} of work done.`
      : `${crewName(e.crewman)} finishes ${objectName(e.object)} after ${plural(e.turns, 'turn', 'turns')}: it is ${placeWords(e.place)}.`;
    case 'discarded': return `${crewName(e.crewman)} discards ${objectName(e.object)}: it has no use against the Intruder.`;
    case 'lab-animal-attacked': {
      const bonus = e.modified !== e.roll ? ` + ${e.modified - e.roll} (a crewman died here) = ${e.modified}` : '';
      return `${crewName(e.crewman)} attacks Lab Animal ${counterTag(e.animal)} with ${WEAPONS[e.weapon] ?? e.weapon}: rolls ${e.roll}${bonus} — ${e.killed ? 'it is killed (no points)' : 'it escapes'}.`;
    }
    default: return `${e.type}.`;
  }
}

/** Events whose `roll` is one d6 (0 or absent: no die was rolled). */
const ONE_DIE = new Set([
  'counter-moved', 'attack-roll', 'target-chosen', 'crew-attack', 'kill-roll', 'metamorphosis', 'catch-roll', 'cage-roll',
  'prod-roll', 'stowaway-roll', 'lab-animal-attacked',
]);

/** The dice an event rolled, for the log's dice faces: d6 values, and 2d6 totals for powers. */
export function eventDice(event) {
  if (event.type === 'power-found') return (event.rolls ?? []).map((total) => ({ total, of: '2d6' }));
  return ONE_DIE.has(event.type) && event.roll ? [event.roll] : null;
}

/** How the log names objects and counters: by number and opaque id, so each can be told apart. */
const BY_ID = {
  object: objectName,
  intruder: intruderName,
  counter: counterName,
  animal: (id) => `Lab Animal ${counterTag(id)}`,
};

/**
 * One action in words: the crewman who does it, then what he does. `say` names objects and
 * counters (by default by number and id; the table's buttons say them in words); `names` (the
 * players' names, as every table's `describeAction` takes them) are not needed.
 */
export function describeAction(action, names, say = BY_ID) {
  const a = action;
  const who = `${crewShort(a.crewman)}: `;
  const objectName = say.object;
  const intruderName = say.intruder;
  const counterName = say.counter;
  const using = (object) => (object === undefined ? 'an improvised weapon' : objectName(object));
  switch (a.type) {
    case 'move': return `${who}move to ${roomName(a.to)}`;
    case 'pick-up': return `${who}pick up ${objectName(a.object)}`;
    case 'drop': return `${who}drop ${objectName(a.object)}`;
    case 'unlock': return `${who}unlock the ${roomName(a.room)}`;
    case 'end-movement': return 'End the movement';
    case 'attack': return `${who}attack ${intruderName(a.intruder)} with ${using(a.object)}`;
    case 'defend': return `${who}defend with ${using(a.object)}`;
    case 'no-defence': return 'No self-defence';
    case 'start-self-destruct': return `${who}start the self-destruct`;
    case 'stop-self-destruct': return `${who}stop the self-destruct`;
    case 'open-airlock': return `${who}open the airlock`;
    case 'inventory': return `${who}take an inventory`;
    case 'end-actions': return 'End the actions';
    case 'plan-movement': return a.moves?.length
      ? `Move ${a.moves.map((m) => `${counterTag(m.id)} ${m.path.length ? m.path.map(roomShort).join(' → ') : 'nowhere'}`).join(', ')}`
      : 'Move no counter';
    case 'intruder-attack': return a.target ? `${intruderName(a.intruder)} attacks ${crewName(a.target)}` : `${intruderName(a.intruder)} does not attack`;
    case 'destroy-object': return `Destroy ${objectName(a.object)}`;
    case 'end-destruction': return 'Destroy nothing more';
    case 'open-cage': return `Open ${objectName(a.cage)} and let its Lab Animal out`;
    case 'open-lab-cages': return "Open the Lab's cages";
    case 'orders': return a.orders?.length ? `Orders: ${a.orders.map((o) => describeAction(o, names, say)).join('; ')}` : 'No orders (ready)';
    case 'catch-lab-animal': return `${who}${a.drop?.length ? `drop ${a.drop.map(objectName).join(', ')}, then ` : ''}catch ${say.animal(a.animal)}`;
    case 'release': return `${who}let go`;
    case 'cage-lab-animal': return `${who}cage the Lab Animal ${crewShort(a.holder)} holds`;
    case 'transfer-lab-animal': return `${who}take ${say.animal(a.animal)} to the Caged Lab Animals box`;
    case 'cage-intruder': return `${who}cage ${intruderName(a.intruder)}`;
    case 'gain-control': return `${who}control ${intruderName(a.intruder)} with ${objectName(a.object)}`;
    case 'move-with-intruder': return `${who}move with his Intruder to ${roomName(a.to)} (all MP)`;
    case 'carry-cage': return `Carry ${objectName(a.cage)} with its Intruder to ${roomName(a.to)}`;
    case 'turn-on-freezer': return `${who}turn on the Freezer`;
    case 'construct-weapon': return `${who}work on ${objectName(a.object)} (all MP)`;
    case 'leave-in-shuttle': return `${who}leave in the Shuttle${a.with?.length ? ` with ${a.with.map(crewShort).join(', ')}` : ' alone'}`;
    case 'prepare-hatches': return `${who}prepare the hatches`;
    case 'open-hatches': return `${who}open the hatches`;
    case 'discard': return `${who}discard ${objectName(a.object)}`;
    case 'end-set-up': return 'End the set-up';
    case 'marine-attack': return `${who}attack ${counterName(a.target)} with ${WEAPONS[a.weapon] ?? a.weapon} (a marine's, no counter)`;
    case 'marine-defend': return `${who}defend with ${WEAPONS[a.weapon] ?? a.weapon} (a marine's, no counter)`;
    default: return String(a.type);
  }
}
