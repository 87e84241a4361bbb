// What each game says about itself to a newcomer: a line for the lobby, its scenarios and
// options in words, the terms its table explains, and its "How to play" guide.

import * as artemia from './artemia.js';
import * as awayTeam from './away-team.js';
import * as derelict from './derelict.js';
import * as intruder from './intruder.js';
import { term } from '../term.js';

const HELP = { artemia, derelict, 'away-team': awayTeam, intruder };

/** The help of `game`, or null for a game without one. */
export function helpOf(game) {
  return HELP[game] ?? null;
}

/** The games that have a guide, in the lobby's order. */
export const guided = Object.keys(HELP);

/**
 * The term `key` of `game`'s table as a toggletip, labelled `label` (by default the term's own
 * name); plain text when the game does not explain it.
 */
export function gameTerm(game, key, label) {
  const known = HELP[game]?.terms[key];
  if (!known) return label ?? key;
  return term(label ?? known[0], known[1]);
}

/** A scenario in a sentence: the built-in ones are described here, uploaded ones by their name. */
export function scenarioAbout(game, id) {
  return HELP[game]?.scenarios[id] ?? null;
}

/** How the lobby names option `key` of `game`, explains it and says choice `value`. */
export function optionWords(game, key, option) {
  const known = HELP[game]?.options[key];
  return {
    name: known?.name ?? option?.name ?? key.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase()),
    help: known?.help ?? null,
    choice: (value) => known?.choices?.[String(value)] ?? (value === true ? 'Yes' : value === false ? 'No' : String(value)),
  };
}
