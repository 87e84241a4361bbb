// The table chat: every seat's messages reach every seat and every spectator (there is no
// private channel). Names and lines are shown as text, never parsed as HTML.

import { h, append } from './dom.js';
import { seatWithName } from './words.js';

/** Longest message the server accepts, in characters. */
const MAX_CHAT = 1000;

/**
 * A chat panel. `send(text)` returns whether the line left; `canWrite` is false for spectators.
 * `names()` gives the current `{seat: name}` map.
 */
export function createChat({ send, canWrite, names }) {
  const list = h('ol', { class: 'chat-lines', 'aria-live': 'polite', tabindex: '0', 'aria-label': 'Table talk' });
  const input = h('input', { type: 'text', maxlength: String(MAX_CHAT), placeholder: 'Say something to the table', 'aria-label': 'Chat message', autocomplete: 'off' });
  const form = h('form', {
    class: 'chat-form',
    onsubmit: (event) => {
      event.preventDefault();
      const text = input.value.trim();
      if (text && send(text)) input.value = '';
    },
  }, input, h('button', { type: 'submit' }, 'Send'));
  const root = h('section', { class: 'panel chat' },
    h('h2', {}, 'Table talk'),
    h('p', { class: 'hint' }, 'Every seat and every spectator reads this.'),
    list,
    canWrite ? form : h('p', { class: 'hint' }, 'Spectators read the table talk but cannot write.'));
  return {
    root,
    /** Replaces every line with the `{from, text}` lines a `welcome` carries (the server keeps them). */
    replace(lines) {
      list.replaceChildren();
      for (const line of lines) this.add(line);
    },
    /** Shows one `{from, text}` chat frame. */
    add(frame) {
      const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
      append(list, [h('li', {}, h('b', { class: 'chat-from' }, seatWithName(frame.from, names())), ': ', h('span', { class: 'chat-text' }, frame.text))]);
      if (atEnd) list.scrollTop = list.scrollHeight;
    },
  };
}
