// What a marine sees (rules 5): the fire arc, the corridor rule and the line test, in the same
// integer arithmetic as the server (games/derelict/los.rs), so the arc drawn for the selected
// marine tints exactly the squares in his line of sight. Display only: the server decides
// every shot.

export const FORWARD = { n: [0, -1], e: [1, 0], s: [0, 1], w: [-1, 0] };
export const RIGHT = { n: [1, 0], e: [0, 1], s: [-1, 0], w: [0, -1] };

/** Cells that block sight and movement (1.3): walls and closed doors. */
const SOLID = new Set(['#', 'D']);

/** `target`'s forward distance and lateral offset from a model at `p` facing `facing` (1.2). */
export function relative(p, facing, target) {
  const [fx, fy] = FORWARD[facing];
  const [rx, ry] = RIGHT[facing];
  const dx = target.x - p.x;
  const dy = target.y - p.y;
  return [dx * fx + dy * fy, dx * rx + dy * ry];
}

/**
 * The board as sight needs it: `rows` (the view's), the room-type squares (`rooms`, a Set of
 * `x,y`) and the squares holding a model (`occupied`, a Set of `x,y`).
 */
export function sightBoard(rows, rooms, occupied) {
  const cell = (x, y) => (y >= 0 && y < rows.length && x >= 0 && x < rows[y].length ? rows[y][x] : '#');
  return {
    width: Math.max(...rows.map((r) => r.length)),
    height: rows.length,
    cell,
    isRoom: ({ x, y }) => cell(x, y) === ':' || rooms.has(`${x},${y}`),
    blocksSight: ({ x, y }) => SOLID.has(cell(x, y)) || occupied.has(`${x},${y}`),
  };
}

/** `visible` of 5.2, without a range: whether a marine at `p` facing `facing` sees `t`. */
export function visible(board, p, facing, t) {
  const [f, l] = relative(p, facing, t);
  // 1. Arc (f ≥ 1 also rules out t = p).
  if (f < 1 || Math.abs(l) > f) return false;
  // 3. From a corridor-type square only straight ahead, or into a room.
  if (l !== 0 && !board.isRoom(p) && !board.isRoom(t)) return false;
  return lineIsClear(board, p, t);
}

/** 5.2 point 4: no crossed square blocks and no grazed corner has both side squares blocking. */
function lineIsClear(board, p, t) {
  const same = (q, r) => q.x === r.x && q.y === r.y;
  const blocks = (q) => !same(q, p) && !same(q, t) && board.blocksSight(q);
  const [ax, ay] = [2 * p.x + 1, 2 * p.y + 1];
  const [bx, by] = [2 * t.x + 1, 2 * t.y + 1];
  const [dx, dy] = [bx - ax, by - ay];
  const cross = (qx, qy) => dx * (qy - ay) - dy * (qx - ax);
  const [x0, x1] = [Math.min(p.x, t.x), Math.max(p.x, t.x)];
  const [y0, y1] = [Math.min(p.y, t.y), Math.max(p.y, t.y)];
  // a. Crossed squares: corners on both sides of the line.
  for (let y = y0; y <= y1; y += 1) {
    for (let x = x0; x <= x1; x += 1) {
      const c = cross(2 * x, 2 * y);
      const corners = [c, c - 2 * dy, c + 2 * dx, c + 2 * dx - 2 * dy];
      const crossed = corners.some((k) => k > 0) && corners.some((k) => k < 0);
      if (crossed && blocks({ x, y })) return false;
    }
  }
  // b. Grazed corners: grid points on the line strictly between A and B.
  for (let j = y0 + 1; j <= y1; j += 1) {
    for (let i = x0 + 1; i <= x1; i += 1) {
      const [qx, qy] = [2 * i, 2 * j];
      if (cross(qx, qy) !== 0) continue;
      const afterA = (qx - ax) * dx + (qy - ay) * dy > 0;
      const beforeB = (qx - bx) * dx + (qy - by) * dy < 0;
      if (!(afterA && beforeB)) continue;
      const sides = dx * dy > 0 ? [{ x: i, y: j - 1 }, { x: i - 1, y: j }] : [{ x: i - 1, y: j - 1 }, { x: i, y: j }];
      if (sides.every(blocks)) return false;
    }
  }
  return true;
}

/** Every square of the board (walls left out) that a marine at `p` facing `facing` sees. */
export function sightSquares(board, p, facing) {
  const out = [];
  for (let y = 0; y < board.height; y += 1) {
    for (let x = 0; x < board.width; x += 1) {
      if (board.cell(x, y) !== '#' && visible(board, p, facing, { x, y })) out.push({ x, y });
    }
  }
  return out;
}
