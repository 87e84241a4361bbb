// The settings page: the player's choices kept in this browser (settings.js).

import { h, replace } from './dom.js';
import { setSetting, setting } from './settings.js';

/** A checkbox bound to setting `name`. */
function toggle(name, label, hint) {
  const box = h('input', {
    type: 'checkbox', name, checked: setting(name),
    onchange: () => setSetting(name, box.checked),
  });
  return h('div', { class: 'setting' }, h('label', {}, box, ` ${label}`), h('p', { class: 'hint' }, hint));
}

/** Mounts the settings page in `root`; returns its unmount. */
export function mountSettings(root) {
  replace(root, h('div', { class: 'settings' },
    h('h1', {}, 'Settings'),
    h('section', { class: 'panel' },
      toggle('confirm', 'Ask before a move that cannot be taken back',
        'Giving up in Artemia, ending a Derelict turn or switching models while AP are left, starting Intruder’s self-destruct, deleting a scenario. A move made is final: the question comes before it is sent.'),
      toggle('stillPieces', 'Keep the pieces still',
        'Pieces jump to their new place instead of gliding. Your system’s “reduce motion” setting is always honoured too.')),
    h('p', { class: 'hint' }, 'These settings stay in this browser.')));
  return () => {};
}
