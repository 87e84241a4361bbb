// Asking once before a move that cannot be taken back. The server decides every move and keeps
// it, so the question comes before the move is sent; there is no undo. The player may turn the
// questions off (settings.js), from the question itself or from the settings page.

import { h } from './dom.js';
import { setSetting, setting } from './settings.js';

let open = null;

/**
 * Asks `question` (a sentence), with `yes` as the label of the button that goes ahead. Resolves
 * to true to go ahead: at once when the player turned the questions off.
 */
export function confirmMove(question, yes) {
  if (!setting('confirm')) return Promise.resolve(true);
  open?.close();
  return new Promise((resolve) => {
    const quiet = h('input', { type: 'checkbox', name: 'confirm-off' });
    const title = h('h2', { id: 'confirm-title' }, 'Are you sure?');
    const dialog = h('dialog', { class: 'confirm', 'aria-labelledby': 'confirm-title', 'aria-describedby': 'confirm-text' },
      h('form', { method: 'dialog' },
        title,
        h('p', { id: 'confirm-text' }, question),
        h('p', { class: 'hint' }, 'A move made is final.'),
        h('label', { class: 'confirm-quiet' }, quiet, ' Do not ask me again (Settings turns the questions back on)'),
        h('div', { class: 'confirm-buttons' },
          h('button', { type: 'submit', value: 'no', class: 'confirm-no' }, 'Cancel'),
          h('button', { type: 'submit', value: 'yes', class: 'primary confirm-yes' }, yes))));
    dialog.addEventListener('close', () => {
      const go = dialog.returnValue === 'yes';
      if (go && quiet.checked) setSetting('confirm', false);
      dialog.remove();
      if (open === dialog) open = null;
      resolve(go);
    });
    document.body.append(dialog);
    open = dialog;
    dialog.showModal();
    // The safe answer has the focus: Enter does not go ahead by accident.
    dialog.querySelector('.confirm-no').focus();
  });
}
