// Keeping the keyboard's place when a board is drawn anew. A table redraws its board after every
// choice; a player who moves through it with Tab and Enter finds the focus where it was — on the
// same model, square or crewman — instead of back at the top of the page. A player who clicks
// with the mouse is left alone (the page's keys keep working as after any click).

let byKeyboard = false;
document.addEventListener('keydown', () => { byKeyboard = true; }, true);
document.addEventListener('pointerdown', () => { byKeyboard = false; }, true);

/**
 * Runs `draw` (which redraws `root`'s content) and, if the keyboard had the focus inside `root`,
 * puts it back on the element `selectorOf(old focus)` names in the new drawing, else on
 * `fallback` (a selector) when given.
 */
export function keepFocus(root, selectorOf, draw, fallback = null) {
  const active = document.activeElement;
  const selector = byKeyboard && active && active !== root && root.contains(active) ? selectorOf(active) : null;
  draw();
  if (!selector) return;
  // The same element, if it can still take the focus (a compartment no longer open to a move
  // cannot); else the fallback.
  const same = root.querySelector(selector);
  const again = same && same.tabIndex >= 0 ? same : fallback && root.querySelector(fallback);
  again?.focus({ preventScroll: true });
}
