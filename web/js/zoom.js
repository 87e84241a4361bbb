// A board bigger than the screen: drawn at a zoom inside a frame the player pans by scrolling (on
// a touch screen, by dragging), with buttons to zoom in, out, or fit the width. It starts at the
// smallest zoom whose squares can still be tapped (on a touch screen) or read (with a mouse).

import { h } from './dom.js';

/** Zoom steps, as a share of the board's own size in CSS pixels per drawing unit. */
const STEP = 1.25;
const MAX_ZOOM = 4;

/** Whether the main pointer is a finger. */
export const touchScreen = () => window.matchMedia('(pointer: coarse)').matches;

export class ZoomFrame {
  /**
   * `label` names the board for the buttons; `smallest()` gives the zoom (CSS px per drawing
   * unit) under which the board's targets are too small for this screen.
   */
  constructor({ label, smallest }) {
    this.smallest = smallest;
    this.zoom = null;
    this.board = null;
    this.size = null;
    this.frame = h('div', { class: 'zoom-frame', tabindex: '-1' });
    const button = (text, title, onclick) => h('button', { type: 'button', class: 'zoom-button', title, 'aria-label': title, onclick }, text);
    this.fitButton = button('Fit', `Fit the ${label} to the width`, () => this.set('fit'));
    this.root = h('div', { class: 'zoom' },
      h('div', { class: 'zoom-controls', role: 'group', 'aria-label': `Zoom the ${label}` },
        button('−', `Zoom out of the ${label}`, () => this.set(this.current() / STEP)),
        button('+', `Zoom into the ${label}`, () => this.set(this.current() * STEP)),
        this.fitButton),
      this.frame);
  }

  /** The zoom that makes the board exactly as wide as the frame. */
  fitZoom() {
    const width = this.frame.clientWidth || this.frame.parentElement?.clientWidth || 1;
    return width / this.size.width;
  }

  /** The zoom in force: the chosen one, or the fitted one unless that is too small to use. */
  current() {
    if (typeof this.zoom === 'number') return this.zoom;
    const fit = this.fitZoom();
    return this.zoom === 'fit' ? fit : Math.max(fit, this.smallest());
  }

  set(zoom) {
    this.zoom = zoom === 'fit' ? 'fit' : Math.min(MAX_ZOOM, Math.max(zoom, this.fitZoom()));
    this.layout();
  }

  /** Shows `board` (an SVG drawing `width` × `height` units), at the zoom in force. */
  show(board, width, height) {
    this.board = board;
    this.size = { width, height };
    // A new drawing of the same board keeps the part of it in view.
    const { scrollLeft, scrollTop } = this.frame;
    if (!this.frame.contains(board)) this.frame.replaceChildren(board);
    this.layout();
    this.frame.scrollLeft = scrollLeft;
    this.frame.scrollTop = scrollTop;
  }

  layout() {
    if (!this.board || !this.size) return;
    const zoom = this.current();
    const fits = zoom <= this.fitZoom() + 1e-6;
    this.board.style.width = fits ? '100%' : `${Math.round(this.size.width * zoom)}px`;
    this.board.style.maxWidth = fits ? `${this.size.width * 1.25}px` : 'none';
    this.board.style.maxHeight = fits ? '' : 'none';
    this.root.classList.toggle('zoomed', !fits);
    this.fitButton.disabled = fits;
  }

  /** Scrolls the frame, if need be, so that the point (`x`, `y`) of the drawing is in view. */
  reveal(x, y) {
    if (!this.board) return;
    const zoom = this.board.clientWidth / this.size.width;
    const px = x * zoom;
    const py = y * zoom;
    const { scrollLeft, scrollTop, clientWidth, clientHeight } = this.frame;
    const margin = 48;
    if (px < scrollLeft + margin || px > scrollLeft + clientWidth - margin) this.frame.scrollLeft = px - clientWidth / 2;
    if (py < scrollTop + margin || py > scrollTop + clientHeight - margin) this.frame.scrollTop = py - clientHeight / 2;
  }
}
