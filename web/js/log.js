// The event log: one line per event, newest at the bottom, kept to a readable length.

import { h } from './dom.js';

const MAX_LINES = 400;

/** A log panel; `add(lines, kind)` appends text lines and scrolls to them if we were at the end. */
export function createLog(title = 'Events') {
  const list = h('ol', { class: 'log-lines', 'aria-live': 'polite' });
  const root = h('section', { class: 'panel log' }, h('h2', {}, title), list);
  return {
    root,
    add(lines, kind = '') {
      const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
      for (const line of lines) list.append(h('li', { class: kind }, line));
      while (list.children.length > MAX_LINES) list.firstElementChild.remove();
      if (atEnd) list.scrollTop = list.scrollHeight;
    },
    clear() {
      list.replaceChildren();
    },
  };
}
