// The event log: one line per event, newest at the bottom. A match's whole history is told in it
// after a reload, so it keeps many lines; only a runaway log loses its oldest.

import { h } from './dom.js';

const MAX_LINES = 10000;

/**
 * A log panel; `add(lines, kind)` appends lines (text or nodes) and scrolls to them if we were
 * at the end.
 */
export function createLog(title = 'Events') {
  // It scrolls: a keyboard reaches it to scroll it.
  const list = h('ol', { class: 'log-lines', 'aria-live': 'polite', tabindex: '0', 'aria-label': title });
  const root = h('section', { class: 'panel log' }, h('h2', {}, title), list);
  return {
    root,
    add(lines, kind = '') {
      const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
      for (const line of lines) list.append(h('li', { class: kind }, line));
      while (list.children.length > MAX_LINES) list.firstElementChild.remove();
      if (atEnd) list.scrollTop = list.scrollHeight;
    },
    /** Replaces every line (a history told anew is not announced line by line) and shows the last. */
    reset(lines) {
      list.setAttribute('aria-busy', 'true');
      list.replaceChildren(...lines.slice(-MAX_LINES).map((line) => h('li', {}, line)));
      list.removeAttribute('aria-busy');
      list.scrollTop = list.scrollHeight;
    },
  };
}
