// Which table draws which game. A table module exports `mount(root, ctx)` returning
// `{show(view, events), pending(on)}` (while an act is pending the table offers no choice; the
// page that sent it says when it is answered), `describeEvent(event, names)` and
// `describeAction(action, names)` for the log and the replay, and `reasonWords(reason)`: why a
// match ended, as a phrase (`the turn limit was reached`); optionally `isDraw(outcome)`, when a
// match nobody won may be a loss too (else nobody winning is a draw), `eventDice(event)`, the
// dice an event rolled (d6 values, or `{total, of}` for a sum of several dice) for the log's dice
// faces, and `outcomeDetails(view)`, what the end panel says beyond who won (a score explained).
// Games without a table of their own get the generic one.

import * as artemia from './artemia/table.js';
import * as awayTeam from './away-team/table.js';
import * as derelict from './derelict/table.js';
import * as generic from './generic.js';
import * as intruder from './intruder/table.js';

const TABLES = { artemia, derelict, 'away-team': awayTeam, intruder };

/** The table module of `game`. */
export function tableFor(game) {
  return TABLES[game] ?? generic;
}

/** Whether `outcome` is a draw: the table says so, or else nobody won. */
export function isDraw(module, outcome) {
  return module.isDraw ? module.isDraw(outcome) : outcome.winners.length === 0;
}
