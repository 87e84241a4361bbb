// A term a newcomer may not know, with its explanation at hand: hovering, focusing or tapping
// the term shows it; Escape or a second tap hides it. Screen readers read it as the term's
// description.

import { h } from './dom.js';

let count = 0;

/** `label` as a term explained by `explanation` (both text). */
export function term(label, explanation) {
  count += 1;
  const id = `term-${count}`;
  const tip = h('span', { class: 'term-tip', role: 'tooltip', id }, explanation);
  const wrap = h('span', { class: 'term-wrap' });
  const button = h('button', {
    type: 'button',
    class: 'term',
    'aria-describedby': id,
    'aria-expanded': 'false',
    onclick: () => show(!wrap.classList.contains('open')),
    onkeydown: (event) => { if (event.key === 'Escape') show(false); },
    onblur: () => show(false),
  }, label);
  function show(on) {
    wrap.classList.toggle('open', on);
    button.setAttribute('aria-expanded', String(on));
  }
  wrap.append(button, tip);
  return wrap;
}
