// The replay viewer: a finished match step by step, as an omniscient viewer saw it, drawn with
// the game's own table. Step forward and back with the buttons, the slider or the arrow keys.

import * as api from './api.js';
import { withDice } from './dice.js';
import { h, replace } from './dom.js';
import { isDraw, tableFor } from './tables/index.js';
import { errorText, gameTitle, namesOf, seatSummaryText, seatWithName, wonBy } from './words.js';

/** Milliseconds between steps when playing. */
const PLAY_MS = 700;

/** Mounts the replay of `matchId` in `root`; returns a function that unmounts it. */
export function mountReplay(root, matchId) {
  const status = h('p', { class: 'hint' }, 'Loading the replay…');
  replace(root, h('div', { class: 'replay' }, h('header', { class: 'match-bar' }, h('a', { href: '#/', class: 'back' }, '← Lobby'), h('h1', {}, 'Replay')), status));
  let viewer = null;
  Promise.all([api.replay(matchId), api.match(matchId), api.gameNames()]).then(([replay, summary, games]) => {
    viewer = new ReplayViewer(root, replay, summary, games);
  }, (error) => {
    status.className = 'notice';
    status.setAttribute('role', 'alert');
    replace(status, errorText(error));
  });
  return () => viewer?.stop();
}

class ReplayViewer {
  constructor(root, replay, summary, games) {
    this.replay = replay;
    this.names = namesOf(summary);
    this.module = tableFor(replay.game);
    this.index = 0;
    this.table = null;
    this.timer = null;
    const last = replay.steps.length;
    this.slider = h('input', { type: 'range', min: '0', max: String(last), value: '0', 'aria-label': 'Step', oninput: () => this.go(Number(this.slider.value)) });
    this.counter = h('span', { class: 'step-count' });
    this.playButton = h('button', { type: 'button', onclick: () => this.toggle() }, 'Play');
    this.caption = h('p', { class: 'step-caption' });
    this.events = h('ol', { class: 'log-lines' });
    this.tableRoot = h('div', { class: 'table-root' });
    const button = (label, title, to) => h('button', { type: 'button', title, 'aria-label': title, onclick: () => this.go(to()) }, label);
    replace(root, h('div', { class: 'replay match' },
      h('header', { class: 'match-bar' },
        h('a', { href: '#/', class: 'back' }, '← Lobby'),
        h('h1', { class: 'match-name' }, `Replay: ${gameTitle(replay.game, games)}`),
        h('span', { class: 'who' }, summary.seats.map((s) => seatSummaryText(s, this.names)).join(', ')),
        h('span', { class: 'hint' }, 'Everything is shown (omniscient view)')),
      h('div', { class: 'replay-controls' },
        button('«', 'First step', () => 0),
        button('◀', 'Step back', () => this.index - 1),
        this.playButton,
        button('▶', 'Step forward', () => this.index + 1),
        button('»', 'Last step', () => last),
        this.slider, this.counter),
      this.caption,
      h('div', { class: 'match-main' },
        h('section', { class: 'table-area' }, this.tableRoot),
        h('aside', { class: 'side' }, h('section', { class: 'panel log' }, h('h2', {}, 'This step'), this.events)))));
    this.keys = (event) => {
      if (event.target instanceof HTMLInputElement && event.target.type !== 'range') return;
      if (event.key === 'ArrowRight') this.go(this.index + 1);
      else if (event.key === 'ArrowLeft') this.go(this.index - 1);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', this.keys);
    this.go(0);
  }

  go(to) {
    const last = this.replay.steps.length;
    const from = this.index;
    this.index = Math.max(0, Math.min(last, to));
    const step = this.index === 0 ? null : this.replay.steps[this.index - 1];
    const view = step ? step.view : this.replay.initial;
    const events = step?.events ?? [];
    this.slider.value = String(this.index);
    this.counter.textContent = `Step ${this.index} of ${last}`;
    const outcome = this.index === last && this.replay.outcome;
    replace(this.caption, step
      ? `${seatWithName(step.seat, this.names)}: ${this.module.describeAction(step.action, this.names)}`
      : 'The table as dealt.',
    outcome ? h('strong', { class: 'replay-outcome' }, wonBy(outcome, this.names, this.module.reasonWords, isDraw(this.module, outcome))) : null);
    replace(this.events, events.length
      ? events.map((e) => h('li', {}, withDice(this.module.describeEvent(e, this.names), this.module.eventDice?.(e))))
      : h('li', { class: 'sys' }, 'Nothing happened yet.'));
    // One step forward goes on at the same table (what it keeps, such as the last reveal,
    // stays); any other jump starts a fresh one, shown the table as dealt first so it knows
    // how the match began (Derelict's doors, to tell a destroyed one from floor).
    if (!this.table || this.index !== from + 1) {
      this.table = this.module.mount(this.tableRoot, { you: 'omniscient', names: this.names, act: null });
      if (step) this.table.show(this.replay.initial, []);
    }
    this.table.show(view, events);
    if (this.index === last) this.pause();
  }

  toggle() {
    if (this.timer) this.pause();
    else {
      if (this.index === this.replay.steps.length) this.go(0);
      this.playButton.textContent = 'Pause';
      this.timer = setInterval(() => this.go(this.index + 1), PLAY_MS);
    }
  }

  pause() {
    clearInterval(this.timer);
    this.timer = null;
    this.playButton.textContent = 'Play';
  }

  stop() {
    this.pause();
    document.removeEventListener('keydown', this.keys);
  }
}
