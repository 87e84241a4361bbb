// The "How to play" pages: one per game, written for this client (the turn, the actions on its
// table, what is hidden, how to win), reached from the lobby and from the table.

import { h, replace } from '../dom.js';
import { guided, helpOf } from './index.js';

/** The guide of `game` as a list of sections (an `h2` each, or `h3` inside another page). */
export function renderGuide(game, heading = 'h2') {
  const help = helpOf(game);
  if (!help) return [h('p', {}, 'There is no guide for this game yet.')];
  return [
    h('p', { class: 'help-about' }, help.about),
    help.guide.map((section) => h('section', { class: 'help-section' },
      h(heading, {}, section.title),
      section.body.map((text) => h('p', {}, text)))),
    Object.keys(help.terms).length ? h('section', { class: 'help-section help-terms' },
      h(heading, {}, 'Words of the table'),
      h('dl', {}, Object.values(help.terms).map(([name, text]) => [h('dt', {}, name), h('dd', {}, text)]))) : null,
  ];
}

/** Mounts the help page of `game` (or the list of games) in `root`; returns its unmount. */
export function mountHelp(root, game) {
  const help = helpOf(game);
  document.title = help ? `How to play ${help.name} · Xenotable` : 'How to play · Xenotable';
  replace(root, h('div', { class: 'help' },
    h('nav', { class: 'help-nav', 'aria-label': 'Games' },
      h('a', { href: '#/' }, '← Lobby'),
      guided.map((id) => h('a', { href: `#/help/${id}`, 'aria-current': id === game ? 'page' : null }, helpOf(id).name))),
    h('article', { class: 'panel help-body' },
      h('h1', {}, help ? `How to play ${help.name}` : 'How to play'),
      help ? renderGuide(game) : h('p', {}, 'Choose a game above.'))));
  return () => { document.title = 'Xenotable'; };
}
