// The fallback table for a game whose own table is not written yet: the view as text and the
// legal actions as buttons, so a match of any game can still be followed and played.

import { h, replace } from '../dom.js';
import { renderActions } from '../actions.js';

const short = (value) => JSON.stringify(value);

export function describeEvent(event) {
  return short(event);
}

export function describeAction(action) {
  return short(action);
}

/** Why a match ended, from the server's snake_case reason. */
export function reasonWords(reason) {
  return String(reason).replace(/_/g, ' ');
}

export function mount(root, ctx) {
  const actions = h('div', { class: 'actions' });
  const state = h('pre', { class: 'raw-view' });
  replace(root, h('div', { class: 'generic-table' }, actions, state));
  let view = null;
  let pending = false;
  const render = () => {
    const { legal, ...rest } = view;
    state.textContent = JSON.stringify(rest, null, 2);
    renderActions(actions, ctx.act ? legal : [], {
      describe: (a) => ({ group: a.type ?? 'action', heading: a.type ?? '', label: short(a) }),
      send: (a) => {
        if (!pending && ctx.act(a)) {
          pending = true;
          render();
        }
      },
      pending,
    });
  };
  return {
    show(next) {
      view = next;
      render();
    },
    pending(on) {
      pending = on;
      if (view) render();
    },
  };
}
