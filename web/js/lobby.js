// The lobby: the games with their seats and options (each game, scenario and option said in
// words, with a link to its guide), a form to create a match (choosing which seats are bots,
// which are yours and which stay open, and whether bots take over from players who leave for
// good) that lands on the new match's table, and the lists of open, live and finished matches.

import * as api from './api.js';
import { h, replace } from './dom.js';
import { helpOf, optionWords, scenarioAbout } from './help/index.js';
import * as tokens from './tokens.js';
import { isDraw, tableFor } from './tables/index.js';
import { errorText, gameTitle, namesOf, seatLabel, seatSummaryText, when, wonBy } from './words.js';

/** How often the match lists refresh, in milliseconds. */
const REFRESH_MS = 4000;

/** A shareable link to the page at `hash`. */
function linkTo(hash) {
  return `${location.origin}${location.pathname}${hash}`;
}

/** Mounts the lobby in `root`; returns a function that unmounts it. */
export function mountLobby(root) {
  const notice = h('div', { class: 'notice', role: 'alert', hidden: true });
  const form = h('section', { class: 'panel create' }, h('h2', {}, 'New match'), h('p', {}, 'Loading the games…'));
  const lists = h('section', { class: 'panel lists' }, h('h2', {}, 'Matches'));
  const listBodies = {
    open: h('div', { class: 'match-list', dataset: { status: 'open' } }),
    live: h('div', { class: 'match-list', dataset: { status: 'live' } }),
    finished: h('div', { class: 'match-list', dataset: { status: 'finished' } }),
  };
  lists.append(
    h('h3', {}, 'Waiting for players'), listBodies.open,
    h('h3', {}, 'Being played'), listBodies.live,
    h('h3', {}, 'Finished'), listBodies.finished);
  replace(root, h('div', { class: 'lobby' }, notice, h('div', { class: 'lobby-cols' }, h('div', {}, form), lists)));

  const state = { games: [], stopped: false };
  const showError = (error) => {
    notice.hidden = false;
    replace(notice, errorText(error));
  };

  api.games().then((games) => {
    state.games = games;
    buildForm(form, games, { showError, clearError: () => { notice.hidden = true; } });
    refresh();
  }, showError);

  const refresh = async () => {
    for (const status of Object.keys(listBodies)) {
      try {
        renderList(listBodies[status], status, await api.matches(status), state.games);
      } catch (error) {
        replace(listBodies[status], h('p', { class: 'error-text' }, errorText(error)));
      }
    }
  };
  const timer = setInterval(() => { if (!document.hidden) refresh(); }, REFRESH_MS);
  return () => clearInterval(timer);
}

/** Seats grouped: single seats, and numbered families (`hunted-1`…`hunted-6`) chosen by count. */
function seatFamilies(seats) {
  const families = [];
  for (const seat of seats) {
    const m = /^(.+)-(\d+)$/.exec(seat);
    const last = families.at(-1);
    if (m && last?.prefix === m[1]) last.seats.push(seat);
    else if (m) families.push({ prefix: m[1], seats: [seat] });
    else families.push({ prefix: null, seats: [seat] });
  }
  return families;
}

function buildForm(root, games, { showError, clearError }) {
  const gameSelect = h('select', { name: 'game', 'aria-label': 'Game' }, games.map((g) => h('option', { value: g.id }, g.name)));
  const gameAbout = h('p', { class: 'hint game-about' });
  const nameInput = h('input', { type: 'text', name: 'name', maxlength: '40', value: tokens.lastName(), placeholder: 'Your name', 'aria-label': 'Your name', autocomplete: 'nickname' });
  const body = h('div', { class: 'create-body' });
  const takeOver = h('input', { type: 'checkbox', name: 'bots-take-over', 'aria-describedby': 'take-over-about' });
  const submit = h('button', { type: 'submit', class: 'primary' }, 'Create match');
  const formEl = h('form', { class: 'create-form' },
    h('label', {}, 'Game ', gameSelect),
    gameAbout,
    h('label', {}, 'Your name ', nameInput),
    body,
    h('label', { class: 'take-over' }, takeOver, ' Bots take over from players who leave for good'),
    h('p', { class: 'hint option-about', id: 'take-over-about' },
      'When a player stays away from the table as long as the server waits before abandoning a match (a week unless its admin says otherwise), ' +
      'a bot plays their seat and the match goes on instead of being abandoned. They can take their seat back whenever they return.'),
    submit);
  replace(root, h('h2', {}, 'New match'), formEl);

  let seatRows = [];
  let optionInputs = {};
  let scenarioSelect = null;
  const game = () => games.find((g) => g.id === gameSelect.value);

  const renderSeats = (container, seats) => {
    seatRows = [];
    const rows = [];
    seatFamilies(seats).forEach((family, index) => {
      if (family.prefix && family.seats.length > 1) {
        const count = h('select', { 'aria-label': `Number of ${family.prefix} seats` },
          family.seats.map((_, i) => h('option', { value: String(i + 1), selected: i === 1 }, String(i + 1))));
        const sub = h('div', { class: 'seat-family' });
        const draw = () => replace(sub, family.seats.slice(0, Number(count.value)).map((seat) => seatRow(seat, 'bot')));
        count.addEventListener('change', () => { draw(); collect(); });
        rows.push(h('label', { class: 'family-count' }, `Number of ${seatLabel(family.seats[0]).replace(/ \d+$/, '')} seats `, count), sub);
        sub.dataset.family = family.prefix;
        draw();
      } else {
        rows.push(seatRow(family.seats[0], index === 0 ? 'me' : 'bot'));
      }
    });
    replace(container, h('fieldset', { class: 'seats' }, h('legend', {}, 'Seats'), rows));
    collect();
  };
  const collect = () => {
    seatRows = [...body.querySelectorAll('.seat-row')].map((row) => ({ seat: row.dataset.seat, who: row.querySelector('select').value }));
  };
  // A bot's level is part of its choice: `bot` (random, as before levels), `bot-normal`,
  // `bot-strong`, offered only where the game has that level for the seat.
  const seatRow = (seat, who) => h('div', { class: 'seat-row', dataset: { seat } },
    h('span', { class: 'seat-name' }, seatLabel(seat)),
    h('select', { 'aria-label': `Who plays ${seatLabel(seat)}`, onchange: collect },
      h('option', { value: 'me', selected: who === 'me' }, 'You'),
      botLevels(seat).map((level) => h('option', { value: botChoice(level), selected: who === botChoice(level) }, `Bot (${level})`)),
      h('option', { value: 'open', selected: who === 'open' }, 'Open (share a link)')));
  const botLevels = (seat) => game().bots?.[seat] ?? ['random'];
  const botChoice = (level) => level === 'random' ? 'bot' : `bot-${level}`;
  const seatRequest = (s, name) => {
    if (s.who === 'bot') return { seat: s.seat, bot: true };
    if (s.who.startsWith('bot-')) return { seat: s.seat, bot: true, level: s.who.slice(4) };
    return s.who === 'me' ? { seat: s.seat, name } : { seat: s.seat };
  };

  const renderGame = () => {
    const g = game();
    const help = helpOf(g.id);
    replace(gameAbout, help?.about ?? '', help ? [' ', h('a', { href: `#/help/${g.id}` }, `How to play ${g.name}`)] : null);
    optionInputs = {};
    const seatBox = h('div');
    const parts = [];
    if (g.scenarios.length) {
      const scenarioAboutLine = h('p', { class: 'hint scenario-about' });
      const describe = () => replace(scenarioAboutLine, scenarioAbout(g.id, scenarioSelect.value) ?? 'A scenario uploaded to this server.');
      scenarioSelect = h('select', { 'aria-label': 'Scenario', onchange: () => { describe(); renderSeats(seatBox, scenarioSeats()); } },
        g.scenarios.map((s) => h('option', { value: s.id }, s.name)));
      parts.push(h('label', {}, 'Scenario ', scenarioSelect), scenarioAboutLine);
      describe();
    } else {
      scenarioSelect = null;
    }
    for (const [key, option] of Object.entries(g.options ?? {})) {
      // An option with choices is a list; one with a minimum (Intruder's turn-limit) a number.
      const words = optionWords(g.id, key, option);
      const input = option.choices
        ? h('select', { 'aria-label': words.name },
          option.choices.map((c) => h('option', { value: JSON.stringify(c), selected: c === option.default }, words.choice(c))))
        : h('input', { type: 'number', 'aria-label': words.name, min: option.min ?? null, step: 1, value: option.default ?? 0, required: true });
      optionInputs[key] = input;
      parts.push(h('label', {}, `${words.name} `, input));
      if (words.help) parts.push(h('p', { class: 'hint option-about' }, words.help));
    }
    parts.push(seatBox);
    replace(body, parts);
    renderSeats(seatBox, scenarioSeats());
  };
  const scenarioSeats = () => {
    const scenario = game().scenarios.find((s) => s.id === scenarioSelect?.value);
    return scenario?.seats?.length ? scenario.seats : game().seats;
  };
  gameSelect.addEventListener('change', renderGame);
  renderGame();

  formEl.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearError();
    collect();
    const name = nameInput.value.trim();
    const mine = seatRows.filter((s) => s.who === 'me');
    if (mine.length && !name) return showError({ code: 'bad_name', message: 'Give your name to take a seat (or make every seat a bot or open).' });
    const options = Object.fromEntries(Object.entries(optionInputs).map(([k, el]) => [k, el.type === 'number' ? Number(el.value) : JSON.parse(el.value)]));
    const request = {
      game: game().id,
      scenario: scenarioSelect?.value ?? null,
      options,
      seats: seatRows.map((s) => seatRequest(s, name)),
      bots_take_over: takeOver.checked,
    };
    submit.disabled = true;
    try {
      const answer = await api.createMatch(request);
      if (name) tokens.rememberName(name);
      for (const t of answer.seats) tokens.keep(answer.id, t.seat, t.token, name);
      // Straight to the table: its waiting panel shares the links of the open seats.
      const [mine] = answer.seats;
      location.hash = mine ? `#/match/${answer.id}/as/${mine.seat}` : `#/match/${answer.id}/watch`;
    } catch (error) {
      showError(error);
    } finally {
      submit.disabled = false;
    }
  });
}

/** The join link of each open seat, with a button to copy it. */
export function shareLinks(matchId, seats) {
  return h('ul', { class: 'share' }, seats.map((seat) => {
    const url = linkTo(`#/join/${matchId}/${seat}`);
    return h('li', { dataset: { seat } },
      h('span', { class: 'seat-name' }, seatLabel(seat)),
      h('input', { type: 'text', readonly: true, value: url, class: 'share-link', 'aria-label': `Join link for ${seatLabel(seat)}`, onfocus: (e) => e.target.select() }),
      h('button', { type: 'button', onclick: (e) => copy(url, e.target) }, 'Copy'));
  }));
}

async function copy(text, button) {
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = 'Copied';
  } catch {
    button.textContent = 'Select and copy';
  }
}

function renderList(root, status, matches, games) {
  if (!matches.length) {
    replace(root, h('p', { class: 'empty' }, status === 'open' ? 'No match is waiting for players.' : status === 'live' ? 'No match is being played.' : 'No finished match yet.'));
    return;
  }
  replace(root, h('ul', { class: 'matches' }, matches.map((m) => {
    const held = Object.keys(tokens.seatsOf(m.id));
    const names = namesOf(m);
    const scenario = games.find((g) => g.id === m.game)?.scenarios.find((s) => s.id === m.scenario)?.name ?? m.scenario;
    return h('li', { class: 'match-row', dataset: { id: m.id } },
      h('div', { class: 'match-title' },
        h('b', {}, gameTitle(m.game, games)),
        scenario ? ` · ${scenario}` : '',
        h('span', { class: 'when' }, when(m.created_at)),
        m.spectators ? h('span', { class: 'when' }, `${m.spectators} watching`) : null,
        m.bots_take_over ? h('span', { class: 'when' }, 'bots take over from players who leave') : null),
      h('div', { class: 'match-seats' }, m.seats.map((s) => h('span', { class: ['chip', s.taken ? '' : 'open'], dataset: { seat: s.seat } },
        seatSummaryText(s, names)))),
      m.outcome ? h('div', { class: 'match-outcome' }, wonBy(m.outcome, names, tableFor(m.game).reasonWords, isDraw(tableFor(m.game), m.outcome))) : null,
      h('div', { class: 'match-actions' },
        held.map((seat) => h('a', { class: 'button primary', href: `#/match/${m.id}/as/${seat}` }, `Play as ${seatLabel(seat)}`)),
        m.seats.filter((s) => !s.taken).map((s) => h('a', { class: 'button', href: `#/join/${m.id}/${s.seat}` }, `Join as ${seatLabel(s.seat)}`)),
        status !== 'finished' ? h('a', { class: 'button', href: `#/match/${m.id}/watch` }, 'Watch') : null,
        status === 'finished' ? h('a', { class: 'button', href: `#/replay/${m.id}` }, 'Replay') : null));
  })));
}

/** The join page of one open seat: a name, then the table. */
export function mountJoin(root, matchId, seat) {
  const notice = h('div', { class: 'notice', role: 'alert', hidden: true });
  const nameInput = h('input', { type: 'text', maxlength: '40', value: tokens.lastName(), placeholder: 'Your name', 'aria-label': 'Your name', required: true });
  const button = h('button', { type: 'submit', class: 'primary' }, `Join as ${seatLabel(seat)}`);
  const about = h('p', {}, 'Loading the match…');
  const form = h('form', {
    class: 'join-form',
    onsubmit: async (event) => {
      event.preventDefault();
      notice.hidden = true;
      button.disabled = true;
      try {
        const name = nameInput.value.trim();
        const answer = await api.join(matchId, seat, name);
        tokens.rememberName(name);
        tokens.keep(matchId, answer.seat, answer.token, name);
        location.hash = `#/match/${matchId}/as/${answer.seat}`;
      } catch (error) {
        notice.hidden = false;
        replace(notice, errorText(error), ' ', h('a', { href: `#/match/${matchId}/watch` }, 'Watch instead'));
      } finally {
        button.disabled = false;
      }
    },
  }, h('label', {}, 'Your name ', nameInput), button);
  replace(root, h('section', { class: 'panel join' }, h('h2', {}, `Join a match as ${seatLabel(seat)}`), about, notice, form));
  Promise.all([api.match(matchId), api.gameNames()]).then(([m, games]) => {
    const names = namesOf(m);
    replace(about, `${gameTitle(m.game, games)} · ${m.seats.map((s) => seatSummaryText(s, names)).join(' · ')}`);
    if (m.seats.find((s) => s.seat === seat)?.taken) {
      notice.hidden = false;
      replace(notice, `${seatLabel(seat)} is already taken. `, h('a', { href: `#/match/${matchId}/watch` }, 'Watch instead'));
    }
  }, (error) => {
    notice.hidden = false;
    replace(notice, errorText(error));
  });
  return () => {};
}
