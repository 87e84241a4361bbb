// The action panel shared by every table: it lists exactly the view's `legal` actions, grouped
// under headings, and sends the one clicked. The client never builds an action of its own.

import { h, replace } from './dom.js';

/** Groups with more choices than this become a drop-down list. */
const MAX_BUTTONS = 12;

/**
 * Renders `legal` into `root`. `describe(action)` gives `{group, heading, label}`; `send(action)`
 * is called with the chosen action (exactly as listed). `pending` disables every button.
 */
export function renderActions(root, legal, { describe, send, pending = false }) {
  if (!legal.length) {
    replace(root);
    root.hidden = true;
    return;
  }
  root.hidden = false;
  const groups = new Map();
  for (const action of legal) {
    const { group, heading, label } = describe(action);
    if (!groups.has(group)) groups.set(group, { heading, items: [] });
    groups.get(group).items.push({ action, label });
  }
  // Plain buttons without a heading (Pass, Give up, ...) close the panel.
  const ordered = [...groups.entries()].sort(([, a], [, b]) => Number(!a.heading) - Number(!b.heading));
  replace(root, ordered.map(([key, group]) => renderGroup(key, group, send, pending)));
}

function renderGroup(key, { heading, items }, send, pending) {
  const body = items.length > MAX_BUTTONS
    ? renderChoice(items, send, pending)
    : items.map(({ action, label }) => h('button', {
      type: 'button',
      class: 'act',
      disabled: pending,
      dataset: { action: action.type },
      onclick: () => send(action),
    }, label));
  return h('div', { class: ['act-group', heading ? '' : 'plain'], dataset: { group: key } },
    heading ? h('span', { class: 'act-heading' }, heading) : null,
    h('span', { class: 'act-choices' }, body));
}

function renderChoice(items, send, pending) {
  const select = h('select', { class: 'act-select', disabled: pending },
    items.map(({ label }, i) => h('option', { value: String(i) }, label)));
  const go = h('button', {
    type: 'button',
    class: 'act',
    disabled: pending,
    onclick: () => send(items[Number(select.value)].action),
  }, 'Do it');
  return [select, go];
}
