// Artemia in words: the places, cards and effects as the rulebook names them
// (shared/rules/artemia.md), and every event and action as a sentence.

import { seatWithName } from '../../words.js';

/** The ten places in number order, with their powers (rules section 9), shortened. */
export const PLACES = [
  { id: 'lair', n: 1, name: 'The Lair', power: 'Take back your whole discard, or copy the place under the Creature token. Caught here: lose 1 more Will.' },
  { id: 'jungle', n: 2, name: 'The Jungle', power: 'Take back this card and 1 card from your discard.' },
  { id: 'river', n: 3, name: 'The River', power: 'Next turn commit 2 cards; keep 1 after seeing the tokens.' },
  { id: 'beach', n: 4, name: 'The Beach', power: 'Put the Beacon on; if it is on, remove it: Rescue advances 1.' },
  { id: 'rover', n: 5, name: 'The Rover', power: 'Take a card 6–10 you do not own from the reserve.' },
  { id: 'swamp', n: 6, name: 'The Swamp', power: 'Take back this card and 2 cards from your discard.' },
  { id: 'shelter', n: 7, name: 'The Shelter', power: 'Draw 2 Survival cards, keep 1.' },
  { id: 'wreck', n: 8, name: 'The Wreck', power: 'Rescue advances 1.' },
  { id: 'source', n: 9, name: 'The Source', power: 'A Hunted gains 1 Will, or take 1 Survival card.' },
  { id: 'artefact', n: 10, name: 'The Artefact', power: 'Next turn commit 2 cards, both resolved.' },
];

export const PLACE = Object.fromEntries(PLACES.map((p) => [p.id, p]));

/** Hunt cards: phase, symbol and effect (rules section 10). */
export const HUNT = {
  despair: { name: 'Despair', phase: 1, symbol: 'A', text: 'Survival cards can be neither played nor drawn this turn.' },
  'force-field': { name: 'Force Field', phase: 1, symbol: 'T', text: 'Two adjacent places may not be explored this turn.' },
  anticipation: { name: 'Anticipation', phase: 2, symbol: '', text: 'Name a Hunted: if the Creature token catches him, Assimilation advances 1 more.' },
  ascendancy: { name: 'Ascendancy', phase: 2, symbol: '', text: 'Name a Hunted: he discards down to 2 Place cards in hand.' },
  fierceness: { name: 'Fierceness', phase: 2, symbol: '', text: 'Each Hunted caught by a Creature token loses 1 extra Will.' },
  'forbidden-zone': { name: 'Forbidden Zone', phase: 2, symbol: '', text: 'Every Hunted discards 1 Place card from hand.' },
  interference: { name: 'Interference', phase: 2, symbol: '', text: 'The Beach and The Wreck are ineffective.' },
  persecution: { name: 'Persecution', phase: 2, symbol: '', text: 'Powers that return Place cards return at most 1.' },
  mutation: { name: 'Mutation', phase: 2, symbol: 'A', text: 'Each Hunted caught by the Artemia token also loses 1 Will.' },
  phobia: { name: 'Phobia', phase: 2, symbol: 'A', text: 'Name a Hunted: he shows all but 2 cards of his hand.' },
  virus: { name: 'Virus', phase: 2, symbol: 'A', text: 'The Artemia token covers 2 adjacent places.' },
  clone: { name: 'Clone', phase: 2, symbol: 'T', text: 'The Target token works as an extra Creature token.' },
  mirage: { name: 'Mirage', phase: 2, symbol: 'T', text: 'The Target token covers 2 adjacent places; their powers do not work.' },
  scream: { name: 'Scream', phase: 2, symbol: 'T', text: 'Hunted at the target discard 2 Place cards or lose 1 Will.' },
  toxin: { name: 'Toxin', phase: 2, symbol: 'T', text: 'Hunted at the target discard a Survival card; the place does not work.' },
  cataclysm: { name: 'Cataclysm', phase: 3, symbol: '', text: 'A place of your choice is ineffective.' },
  detour: { name: 'Detour', phase: 3, symbol: '', text: 'Move one Hunted presence to an adjacent place.' },
  stasis: { name: 'Stasis', phase: 4, symbol: '', text: 'Rescue does not advance this turn.' },
  tracking: { name: 'Tracking', phase: 4, symbol: '', text: 'Next turn you may play 2 Hunt cards.' },
  flashback: { name: 'Flashback', phase: 0, symbol: '', text: 'Play as a copy of the top card of the Hunt discard.' },
};

/** Survival cards: phase and effect (rules section 11). */
export const SURVIVAL = {
  adrenaline: { name: 'Adrenaline', phase: 1, text: 'Your Will goes up by 1.' },
  ingenuity: { name: 'Ingenuity', phase: 1, text: 'The Beacon is placed on The Beach.' },
  sacrifice: { name: 'Sacrifice', phase: 1, text: 'Discard a Place card; the Creature plays no more Hunt cards this turn.' },
  'sixth-sense': { name: 'Sixth Sense', phase: 1, text: 'Take back 2 Place cards from your discard.' },
  smokescreen: { name: 'Smokescreen', phase: 1, text: 'Discards are hidden from the Creature this turn.' },
  'strike-back': { name: 'Strike Back', phase: 1, text: '2 random Hunt cards go to the bottom of the Hunt deck.' },
  vortex: { name: 'Vortex', phase: 2, text: 'Exchange a card in play with one of your discard.' },
  detector: { name: 'Detector', phase: 3, text: 'The Artemia token does not affect you.' },
  dodge: { name: 'Dodge', phase: 3, text: 'Creature tokens do not affect you.' },
  drone: { name: 'Drone', phase: 3, text: 'Use The Rover’s power instead of your place’s.' },
  gate: { name: 'Gate', phase: 3, text: 'Use the power of a place adjacent to yours.' },
  hologram: { name: 'Hologram', phase: 3, text: 'Shift the Artemia token to a neighbouring place.' },
  'wrong-track': { name: 'Wrong Track', phase: 3, text: 'Shift the Creature token to a neighbouring place.' },
  amplifier: { name: 'Amplifier', phase: 4, text: 'If the Beacon is on The Beach, remove it: Rescue advances 1.' },
  'double-back': { name: 'Double Back', phase: 4, text: 'Take the Place card you played back into your hand.' },
};

export const PHASES = {
  exploration: 'Phase 1 · Exploration',
  hunting: 'Phase 2 · Hunting',
  reckoning: 'Phase 3 · Reckoning',
  'end-of-turn': 'Phase 4 · End of turn',
  over: 'The match is over',
};

export const TOKENS = { creature: 'Creature token', artemia: 'Artemia token', target: 'Target token' };

export const placeName = (id) => PLACE[id]?.name ?? String(id);
export const places = (list) => (list ?? []).map(placeName).join(' and ') || 'nothing';
export const huntName = (id) => HUNT[id]?.name ?? String(id);
export const survivalName = (id) => SURVIVAL[id]?.name ?? String(id);
const cards = (n) => `${n} card${n === 1 ? '' : 's'}`;

/** A Hunt card as played, with its choices. */
export function huntPlay(play, names) {
  const card = huntName(play.card);
  switch (play.card) {
    case 'force-field': return `${card} on ${places(play.places)}`;
    case 'anticipation':
    case 'ascendancy':
    case 'phobia': return `${card} naming ${seatWithName(play.hunted, names)}`;
    case 'cataclysm': return `${card} on ${placeName(play.place)}`;
    case 'detour': return `${card}: ${seatWithName(play.hunted, names)} from ${placeName(play.from)} to ${placeName(play.to)}`;
    default: return card;
  }
}

/** A Survival card as played, with its choices. */
export function survivalPlay(play) {
  const card = survivalName(play.card);
  switch (play.card) {
    case 'sacrifice': return `${card}, discarding ${placeName(play.discard)}`;
    case 'sixth-sense': return `${card}, taking back ${places(play.cards)}`;
    case 'vortex': return `${card}: ${placeName(play.in_play)} swapped for ${placeName(play.from_discard)}`;
    case 'double-back': return `${card}, keeping ${placeName(play.keep)}`;
    default: return card;
  }
}

/** The choice a Hunted has sealed, waiting for the others' (shown in his own view only). */
export function sealedWords(sealed) {
  const then = 'once every choice is in';
  switch (sealed.kind) {
    case 'survival': return sealed.play ? `You play ${survivalPlay(sealed.play)} ${then}.` : `You pass ${then}.`;
    case 'discard': return `You discard ${placeName(sealed.card)} ${then}.`;
    case 'scream': return sealed.cards ? `You discard ${places(sealed.cards)} ${then}.` : `You lose 1 Will ${then}.`;
    default: return '';
  }
}

const POWER_WORDS = {
  lair: (p) => `take back ${places(p.cards)} (The Lair)`,
  jungle: (p) => `take back ${places(p.cards)} (The Jungle)`,
  swamp: (p) => `take back ${places(p.cards)} (The Swamp)`,
  river: () => 'The River: commit 2 cards next turn',
  beach: () => 'The Beach: the Beacon',
  rover: (p) => `The Rover: take ${placeName(p.card)} from the reserve`,
  shelter: () => 'The Shelter: draw 2 Survival cards, keep 1',
  wreck: () => 'The Wreck: Rescue advances',
  'source-will': (p, names) => `The Source: ${seatWithName(p.hunted, names)} gains 1 Will`,
  'source-draw': () => 'The Source: take a Survival card',
  artefact: () => 'The Artefact: 2 cards next turn, both resolved',
};

/** A place power as chosen in R2. */
export function powerWords(power, names) {
  if (power.power === 'lair-copy') return `The Lair copying ${powerWords(power.copy, names)}`;
  return (POWER_WORDS[power.power] ?? (() => power.power))(power, names);
}

const VIA = { own: '', gate: ' through Gate', drone: ' through Drone' };

/** What passing means at each decision. */
const PASS_WORDS = {
  'hunt-card': 'Pass: play no Hunt card',
  'creature-token': 'Pass: play no Hunt card',
  'artemia-token': 'Pass: keep the Artemia token back',
  'survival-card': 'Pass: play no Survival card',
  explore: 'Pass: play no Survival card',
};

/** One legal action as a button label (the group heading says what kind it is). */
export function actionLabel(a, names, decision = null) {
  switch (a.type) {
    case 'play-hunt': return (a.flashback ? 'Flashback as ' : '') + huntPlay(a.play, names);
    case 'place-creature-token': return placeName(a.place);
    case 'place-artemia-token':
    case 'place-target-token': return places(a.places);
    case 'play-survival': return survivalPlay(a.play);
    case 'resist': return a.cards.length ? `take back ${places(a.cards)}` : 'take back nothing';
    case 'give-up': return 'Give up (Will to 3, discard back, Assimilation advances)';
    case 'commit': return places(a.cards);
    case 'keep-in-play': return `keep ${placeName(a.card)}`;
    case 'keep-cards': return `keep ${places(a.cards)}`;
    case 'hide-cards': return `hide ${places(a.cards)}`;
    case 'discard-place': return placeName(a.card);
    case 'lose-will': return 'Lose 1 Will';
    case 'discard-two': return `discard ${places(a.cards)}`;
    case 'discard-survival': return survivalName(a.card);
    case 'shift-artemia-token': return `${placeName(a.from)} → ${placeName(a.to)}`;
    case 'shift-creature-token': return placeName(a.to);
    case 'use-power': return powerWords(a.power, names) + (VIA[a.via] ?? '');
    case 'take-back': return placeName(a.card);
    case 'keep-survival': return survivalName(a.card);
    case 'pass': return PASS_WORDS[decision?.kind] ?? 'Pass';
    default: return a.type;
  }
}

/** The heading of the group an action belongs to, and the group key. */
export function actionGroup(a) {
  switch (a.type) {
    case 'play-hunt': return [`hunt:${a.play.card}:${a.flashback}`, `Play ${a.flashback ? 'Flashback as ' : ''}${huntName(a.play.card)}`];
    case 'play-survival': return [`survival:${a.play.card}`, `Play ${survivalName(a.play.card)}`];
    case 'place-creature-token': return [a.type, 'Place the Creature token'];
    case 'place-artemia-token': return [a.type, 'Put out the Artemia token'];
    case 'place-target-token': return [a.type, 'Place the Target token'];
    case 'resist': return [a.type, 'Resist: lose 1 Will and'];
    case 'commit': return [a.type, 'Explore: commit face down'];
    case 'keep-in-play': return [a.type, 'The River: which card stays in play?'];
    case 'keep-cards': return [a.type, 'Ascendancy: the 2 cards you keep'];
    case 'hide-cards': return [a.type, 'Phobia: the 2 cards you hide'];
    case 'discard-place': return [a.type, 'Discard a Place card'];
    case 'discard-two': return [a.type, 'Scream: or discard 2 Place cards'];
    case 'discard-survival': return [a.type, 'Toxin: discard a Survival card'];
    case 'shift-artemia-token': return [a.type, 'Hologram: shift the Artemia token'];
    case 'shift-creature-token': return [a.type, 'Wrong Track: shift the Creature token'];
    case 'use-power': return [a.type, 'Use a power'];
    case 'take-back': return [a.type, 'Or take back a card from your discard'];
    case 'keep-survival': return [a.type, 'The Shelter: keep'];
    case 'pass': case 'give-up': case 'lose-will': return ['simple', ''];
    default: return [a.type, a.type];
  }
}

/** What the table waits for, as a sentence. */
export function decisionWords(decision, phase, names) {
  if (!decision) return '';
  const who = (seat) => seatWithName(seat, names);
  switch (decision.kind) {
    case 'hunt-card': return `The Creature may play a Hunt card of ${PHASES[phase] ?? 'this phase'}.`;
    case 'explore': return 'The Hunted choose where to explore.';
    case 'creature-token': return 'The Creature places the Creature token.';
    case 'artemia-token': return 'The Creature may put out the Artemia token.';
    case 'target-token': return 'The Creature places the Target token.';
    case 'ascendancy': return `${who(decision.hunted)} keeps 2 Place cards (Ascendancy).`;
    case 'phobia': return `${who(decision.hunted)} hides 2 Place cards (Phobia).`;
    case 'forbidden-zone': return 'The Hunted each discard a Place card (Forbidden Zone).';
    case 'survival-card': return 'The Hunted may play a Survival card.';
    case 'river-choice': return 'The River: the Hunted keep one of their two cards in play.';
    case 'hologram': return `${who(decision.hunted)} shifts the Artemia token (Hologram).`;
    case 'wrong-track': return `${who(decision.hunted)} shifts the Creature token (Wrong Track).`;
    case 'scream': return 'Scream: the Hunted at the target lose Will or discard.';
    case 'toxin': return 'Toxin: the Hunted at the target discard a Survival card.';
    case 'place': return `${who(decision.hunted)} resolves ${placeName(decision.place)}.`;
    case 'shelter': return `${who(decision.hunted)} keeps one of two Survival cards (The Shelter).`;
    case 'artemia-discard': return 'The Hunted caught by the Artemia token discard a Place card.';
    default: return decision.kind;
  }
}

const hidden = (list, n, word = cards) => (list ? places(list) : word(n));

/** One event as a line of the log. */
export function eventWords(e, names) {
  const who = (seat) => seatWithName(seat, names);
  switch (e.type) {
    case 'turn-began': return `— Turn ${e.turn} —`;
    case 'phase-began': return PHASES[e.phase] ?? e.phase;
    case 'passed': return `${who(e.seat)} passes.`;
    case 'hunt-card-played': return `The Creature plays ${e.flashback ? 'Flashback as ' : ''}${huntPlay(e.play, names)}.`;
    case 'hunt-cards-drawn': return `The Creature draws ${e.cards ? e.cards.map(huntName).join(', ') : cards(e.count)}.`;
    case 'hunt-deck-shuffled': return `The Hunt discard is shuffled into a new deck (${cards(e.count)}).`;
    case 'struck-back': return `${who(e.hunted)} strikes back: ${e.cards ? e.cards.map(huntName).join(', ') : cards(e.count)} to the bottom of the Hunt deck.`;
    case 'survival-card-played': return `${who(e.hunted)} plays ${e.play ? survivalPlay(e.play) : survivalName(e.card)}.`;
    case 'survival-submitted': return e.play ? `${who(e.hunted)} chooses ${survivalPlay(e.play)}.` : `${who(e.hunted)} has chosen.`;
    case 'survival-cards-drawn': return `${who(e.hunted)} draws ${e.cards ? e.cards.map(survivalName).join(', ') : `${e.count} Survival card${e.count === 1 ? '' : 's'}`}.`;
    case 'survival-deck-shuffled': return `The Survival discard is shuffled into a new deck (${cards(e.count)}).`;
    case 'survival-card-discarded': return `${who(e.hunted)} discards ${survivalName(e.card)}.`;
    case 'shelter-kept': return `${who(e.hunted)} keeps ${e.kept ? survivalName(e.kept) : 'one card'} and discards ${e.discarded ? survivalName(e.discarded) : 'the other'}.`;
    case 'resisted': return `${who(e.hunted)} resists.`;
    case 'gave-up': return `${who(e.hunted)} gives up.`;
    case 'exhausted': return `${who(e.hunted)} is exhausted: Will back to 3, all discards back to hand.`;
    case 'will-changed': return `${who(e.hunted)} now has ${e.will} Will.`;
    case 'cards-taken-back': return `${who(e.hunted)} takes back ${hidden(e.cards, e.count)}.`;
    case 'cards-discarded': return `${who(e.hunted)} discards ${hidden(e.cards, e.count)}.`;
    case 'played-card-returned': return `${who(e.hunted)} takes ${placeName(e.card)} back to hand.`;
    case 'exchanged': return e.to_play ? `${who(e.hunted)} swaps ${placeName(e.to_discard)} in play for ${placeName(e.to_play)}.` : `${who(e.hunted)} swaps a card in play with one of his discard.`;
    case 'committed': return `${who(e.hunted)} commits ${hidden(e.cards, e.count)} face down.`;
    case 'chose': return e.cards ? `${who(e.hunted)} chooses ${places(e.cards)}.` : `${who(e.hunted)} has chosen.`;
    case 'river-choice': return e.kept ? `${who(e.hunted)} keeps ${placeName(e.kept)} in play, ${placeName(e.returned)} back to hand.` : `${who(e.hunted)} keeps one card in play.`;
    case 'revealed': return `Reveal: ${who(e.hunted)} explored ${places(e.cards)}.`;
    case 'phobia-shown': return `${who(e.hunted)} shows the Creature ${hidden(e.cards, e.count)}.`;
    case 'token-placed': return `The ${TOKENS[e.token]} goes on ${places(e.places)}.`;
    case 'token-shifted': return `${who(e.hunted)} shifts the ${TOKENS[e.token]} from ${placeName(e.from)} to ${placeName(e.to)}.`;
    case 'presence-moved': return `Detour: ${who(e.hunted)} is moved from ${placeName(e.from)} to ${placeName(e.to)}.`;
    case 'caught': return `${who(e.hunted)} is caught by the ${TOKENS[e.token]} on ${placeName(e.place)}!`;
    case 'power-used': return `${who(e.hunted)} on ${placeName(e.at)} uses ${placeName(e.power)}${e.copied ? ` (copying ${placeName(e.copied)})` : ''}${VIA[e.via] ?? ''}.`;
    case 'beacon-placed': return 'The Beacon is put on The Beach.';
    case 'beacon-removed': return 'The Beacon is taken off The Beach.';
    case 'rescue-advanced': return `Rescue advances: ${e.distance} to go.`;
    case 'assimilation-advanced': return `Assimilation advances: ${e.distance} to go.`;
    case 'reserve-card-taken': return `${who(e.hunted)} takes ${placeName(e.card)} from the reserve.`;
    case 'turn-ended': return `Turn ${e.turn} ends.`;
    case 'game-over': return outcomeWords(e.outcome);
    default: return e.type;
  }
}

const REASON_WORDS = {
  rescue: 'the Hunted are rescued',
  assimilation: 'assimilation is complete',
};

/** Why the game ended, as a phrase: `the Hunted are rescued`. */
export const reasonWords = (reason) => REASON_WORDS[reason] ?? String(reason).replace(/_/g, ' ');

/** How the game ended. */
export function outcomeWords(outcome) {
  if (!outcome) return '';
  if (outcome.reason === 'rescue') return 'The Hunted are rescued: the Hunted win!';
  if (outcome.reason === 'assimilation') return 'Assimilation is complete: the Creature wins!';
  return `Game over: ${reasonWords(outcome.reason)}.`;
}
