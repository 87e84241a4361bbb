// Dice as dice faces: a d6 as its pips, a total of several dice as a tile with its number. The
// words of the log already say every number; the faces are for the eye and hidden from screen
// readers.

import { svg, h } from './dom.js';

/** Where the pips of each face sit, on a 3×3 grid (0, 1, 2 across and down). */
const PIPS = {
  1: [[1, 1]],
  2: [[0, 0], [2, 2]],
  3: [[0, 0], [1, 1], [2, 2]],
  4: [[0, 0], [2, 0], [0, 2], [2, 2]],
  5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]],
  6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]],
};

/** One d6 showing `value`. */
export function dieFace(value) {
  const pips = PIPS[value];
  if (!pips) return diceTotal(value, 'd6');
  return svg('svg', { class: 'die-face', viewBox: '0 0 24 24', 'data-value': value, 'aria-hidden': 'true' },
    svg('rect', { x: 1, y: 1, width: 22, height: 22, rx: 5 }),
    pips.map(([x, y]) => svg('circle', { cx: 6 + x * 6, cy: 6 + y * 6, r: 2.3 })));
}

/** The total of several dice (`2d6`), as a tile with its number. */
export function diceTotal(value, of) {
  return h('span', { class: 'dice-total', dataset: { value: String(value), of }, 'aria-hidden': 'true' }, h('small', {}, of), String(value));
}

/**
 * The dice of a list as faces: each item a d6 value (a number) or `{total, of}` for a sum of
 * several dice. Null when there is none.
 */
export function diceFaces(dice) {
  if (!dice?.length) return null;
  return h('span', { class: 'dice-faces' }, dice.map((d) => (typeof d === 'number' ? dieFace(d) : diceTotal(d.total, d.of))));
}

/** A line of words followed by its dice faces, if it rolled any (set apart by CSS, not by a space in the text). */
export function withDice(text, dice) {
  return [text, diceFaces(dice)];
}
