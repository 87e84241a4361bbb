// Pieces that glide instead of jumping. A table notes where each piece is on the screen before
// it draws anew; after, each piece that moved starts from where it was and slides to its new
// place in a short transition. Nothing moves for a player who asked for reduced motion.

import { motionAllowed } from './settings.js';

/** How long a piece takes to reach its new place, in milliseconds. */
const GLIDE_MS = 240;

/** Where each piece matching `selector` in `root` is now, by the key `keyOf(element)` gives. */
export function notePlaces(root, selector, keyOf) {
  const places = new Map();
  if (!motionAllowed()) return places;
  for (const el of root.querySelectorAll(selector)) {
    const key = keyOf(el);
    if (key) places.set(key, el.getBoundingClientRect());
  }
  return places;
}

/** Slides every piece of `root` that stood elsewhere in `before` (from `notePlaces`) to where it is now. */
export function glide(root, selector, keyOf, before) {
  if (!before.size || !motionAllowed()) return;
  for (const el of root.querySelectorAll(selector)) {
    const was = before.get(keyOf(el));
    if (!was) continue;
    const now = el.getBoundingClientRect();
    // An SVG piece moves in the drawing's units, not the screen's.
    const scale = el.ownerSVGElement?.getScreenCTM()?.a || 1;
    const dx = (was.left - now.left) / scale;
    const dy = (was.top - now.top) / scale;
    if (Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5) continue;
    el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'translate(0px, 0px)' }],
      { duration: GLIDE_MS, easing: 'ease-out' });
  }
}
