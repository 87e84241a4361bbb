// The line of sight the Derelict table tints (js/tables/derelict/sight.js) against the examples
// of rules 5 that the server's own tests use (server/src/games/derelict/los.rs): the client draws
// as seen exactly the squares the server would let a marine shoot.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sightBoard, sightSquares, visible } from '../js/tables/derelict/sight.js';

/** A board from rows (`:` room floor, `.` corridor, `#` wall, `D` closed door, `d` open door) and squares holding a model. */
function board(rows, models = []) {
  return sightBoard(rows, new Set(), new Set(models.map(([x, y]) => `${x},${y}`)));
}

const sq = (x, y) => ({ x, y });
const ROOM = Array(7).fill(':::::::');
const set = (rows, x, y, cell) => rows.map((row, j) => (j === y ? `${row.slice(0, x)}${cell}${row.slice(x + 1)}` : row));

test('sight passes over open floor, and the whole arc of an empty room is seen', () => {
  const b = board(ROOM);
  assert.ok(visible(b, sq(3, 6), 'n', sq(3, 0)));
  assert.ok(visible(b, sq(3, 6), 'n', sq(0, 3)));
  assert.ok(visible(b, sq(0, 0), 'e', sq(6, 5)));
  const seen = sightSquares(board(Array(9).fill(':::::::::')), sq(4, 4), 'n');
  assert.equal(seen.length, 3 + 5 + 7 + 9, 'rows f = 1..4 of the arc hold 2f + 1 squares');
  assert.ok(!visible(b, sq(3, 3), 'n', sq(4, 3)), 'beside');
  assert.ok(!visible(b, sq(3, 3), 'n', sq(3, 4)), 'behind');
});

test('a wall or a closed door blocks sight, an open door does not; the blocker itself is seen', () => {
  const walled = board(set(ROOM, 3, 3, '#'));
  assert.ok(!visible(walled, sq(3, 6), 'n', sq(3, 0)));
  assert.ok(visible(walled, sq(3, 6), 'n', sq(3, 3)));
  assert.ok(!visible(board(set(ROOM, 3, 3, 'D')), sq(3, 6), 'n', sq(3, 0)));
  assert.ok(visible(board(set(ROOM, 3, 3, 'd')), sq(3, 6), 'n', sq(3, 0)));
  assert.ok(!sightSquares(walled, sq(3, 6), 'n').some(({ x, y }) => x === 3 && y < 3), 'nothing behind the wall is tinted');
});

test('a model blocks sight, but not on its own square or the target square', () => {
  const b = board(ROOM, [[3, 3], [3, 6]]);
  assert.ok(!visible(b, sq(3, 6), 'n', sq(3, 0)));
  assert.ok(visible(b, sq(3, 6), 'n', sq(3, 3)));
});

test('from a corridor only straight ahead, or into a room', () => {
  const corridor = Array(10).fill('###.....');
  assert.ok(!visible(board(corridor), sq(5, 9), 'n', sq(6, 7)), 'l ≠ 0 from a corridor');
  assert.ok(visible(board(corridor), sq(5, 9), 'n', sq(5, 2)), 'straight ahead');
  assert.ok(visible(board(set(corridor, 6, 7, ':')), sq(5, 9), 'n', sq(6, 7)), 'into a room square');
});

test('a grazed corner blocks only when both side squares block', () => {
  let rows = set(set(ROOM, 2, 1, '#'), 1, 2, '#');
  assert.ok(!visible(board(rows), sq(1, 1), 'e', sq(3, 3)), 'wall and wall');
  rows = set(rows, 1, 2, ':');
  assert.ok(visible(board(rows), sq(1, 1), 'e', sq(3, 3)), 'one wall only');
  assert.ok(!visible(board(rows, [[1, 2]]), sq(1, 1), 'e', sq(3, 3)), 'wall and model');
  rows = set(set(ROOM, 1, 2, '#'), 2, 3, '#');
  assert.ok(!visible(board(rows), sq(1, 3), 'e', sq(3, 1)), 'the other diagonal: both sides block');
  rows = set(rows, 2, 3, ':');
  assert.ok(visible(board(rows), sq(1, 3), 'e', sq(3, 1)), 'one side only');
});

test('a shallow line is blocked by the squares it crosses only', () => {
  assert.ok(visible(board(ROOM), sq(0, 3), 'e', sq(6, 4)));
  assert.ok(!visible(board(set(ROOM, 3, 4, '#')), sq(0, 3), 'e', sq(6, 4)));
  assert.ok(visible(board(set(ROOM, 2, 4, '#')), sq(0, 3), 'e', sq(6, 4)), '(2,4) is not crossed');
});
