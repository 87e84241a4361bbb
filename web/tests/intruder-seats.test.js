// Browser test of Intruder's multi-seat scenarios (rules 17.1): an `intelligent` match with the
// Intruder seat in one browser context and the crew in another. The lobby lists the scenarios
// with their seats; the Intruder seat sees every identity, plans a counter's move by clicking the
// counter then a compartment outlined for it, sees its plan and sends it; the crew is told the
// Intruder is deciding and never sees a face-down identity, then sees the move made.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { answered, assertNoScriptErrors, newPage, pinSeed, shoot, useServer } from './harness.js';

const ctx = useServer();

test('Intruder: the Intruder seat plans a move by clicking and sends it; the crew waits, then sees the move', async () => {
  const intruder = await newPage(ctx.browser);
  await pinSeed(intruder, 3);
  await intruder.goto(`${ctx.server.url}/#/`);
  await intruder.selectOption('select[name=game]', 'intruder');
  const scenarios = await intruder.locator('select[aria-label=Scenario] option').allInnerTexts();
  assert.deepEqual(scenarios, [
    'Solitaire', 'The Intelligent Intruder', 'The Science Officer', 'The Science Officer and the Intelligent Intruder',
    'Return to Prometheus', 'Return to Prometheus (three teams)', 'Return to Prometheus (Intelligent Intruder)',
  ]);
  await intruder.selectOption('select[aria-label=Scenario]', 'science-officer-intelligent');
  const seatsOf = () => intruder.locator('.seat-row').evaluateAll((rows) => rows.map((r) => r.dataset.seat));
  assert.deepEqual(await seatsOf(), ['science', 'command', 'intruder']);
  await intruder.selectOption('select[aria-label=Scenario]', 'intelligent');
  assert.deepEqual(await seatsOf(), ['crew', 'intruder']);
  // Any seat may be a bot, and the Intruder seat's bot plays at every level.
  assert.deepEqual(await intruder.locator('.seat-row[data-seat="intruder"] option').allInnerTexts(), ['You', 'Bot (random)', 'Bot (normal)', 'Bot (strong)', 'Open (share a link)']);
  await intruder.fill('input[name=name]', 'Kane');
  await intruder.selectOption('.seat-row[data-seat="crew"] select', 'open');
  await intruder.selectOption('.seat-row[data-seat="intruder"] select', 'me');
  await intruder.fill('input[aria-label="Turn limit"]', '5');
  await intruder.click('button:has-text("Create match")');
  await intruder.waitForURL(/#\/match\/[^/]+\/as\/intruder$/);
  const id = /#\/match\/([^/]+)/.exec(intruder.url())[1];

  const crew = await newPage(ctx.browser);
  await crew.goto(`${ctx.server.url}/#/join/${id}/crew`);
  await crew.fill('.join-form input', 'Ripley');
  await crew.click('.join-form button');
  await crew.waitForSelector('.intruder .crewman[data-crewman="c1"]');

  // Phase 1 is the Intruder seat's: the crew is told so and offered nothing.
  await intruder.locator('.in-draft h2', { hasText: 'Your movement plan' }).waitFor();
  await crew.locator('.in-prompt', { hasText: 'The Intruder plans the movement of its counters.' }).waitFor();
  assert.equal(await crew.locator('.in-actions button').count(), 0);
  assert.equal(await crew.locator('.in-draft').isHidden(), true);
  // Rules 18: the Intruder seat sees what every counter on the map is; the crew does not.
  assert.equal(await intruder.locator('.in-svg .counter.id-hidden').count(), 0);
  assert.ok(await intruder.locator('.in-svg .counter.id-intruder').count() >= 1);
  const hidden = await crew.locator('.in-svg .counter.id-hidden').count();
  assert.ok(hidden >= 1);
  assert.equal(await crew.locator('.in-svg .counter.id-intruder').count(), 0);
  // ... and which of them the crew still sees face down: every counter on the map at the start.
  assert.equal(await intruder.locator('.in-svg .counter.face-down').count(), hidden);
  assert.equal(await crew.locator('.in-svg .counter.face-down').count(), 0);

  // Click a counter that may move, then an outlined compartment: the move joins the plan.
  const counter = intruder.locator('.in-svg .counter.can-move').first();
  const counterId = await counter.getAttribute('data-counter');
  const from = await intruder.locator(`.in-svg .room:has(.counter[data-counter="${counterId}"])`).getAttribute('data-room');
  await counter.click();
  assert.equal(await intruder.locator(`.in-svg .counter.selected[data-counter="${counterId}"]`).count(), 1);
  const outlined = await intruder.locator('.in-svg .room.legal').evaluateAll((rooms) => rooms.map((r) => r.dataset.room));
  assert.ok(outlined.length >= 1 && !outlined.includes(from), outlined.join());
  const to = outlined[0];
  await intruder.click(`.in-svg .room.legal[data-room="${to}"]`);
  assert.equal(await intruder.locator('.in-draft-lines li').count(), 1);
  assert.equal(await intruder.locator('.in-svg .planned-move').count(), 1);
  assert.match(await intruder.locator('.send-draft').innerText(), /Send the plan \(1 move\)/);
  await shoot(intruder, 'intruder-seat-plan');
  await shoot(crew, 'intruder-crew-waits');

  // Sent as one plan: both tables tell the move made, without a die; the crew then moves.
  await intruder.click('.send-draft');
  await answered(intruder);
  const told = (page) => page.locator('.log-lines li', { hasText: new RegExp(`^Counter \\w+ moves ${from.toUpperCase().replace(/^([ABC])(\\d)$/, '$1-$2')} → `) });
  await told(intruder).first().waitFor();
  await told(crew).first().waitFor();
  await crew.locator('.in-prompt', { hasText: /^Your move\./ }).waitFor();
  assert.equal(await crew.locator('.in-svg .counter.id-intruder').count() <= await intruder.locator('.in-svg .counter.id-intruder').count(), true);
  await shoot(crew, 'intruder-crew-moves');
  await shoot(intruder, 'intruder-seat-waits');
  assertNoScriptErrors(intruder);
  assertNoScriptErrors(crew);
});

test('Intruder: a Science Officer seat composes its orders by clicking, takes one off, and sends them beside a bot Command seat', async () => {
  const page = await newPage(ctx.browser);
  await pinSeed(page, 1703);
  await page.goto(`${ctx.server.url}/#/`);
  await page.selectOption('select[name=game]', 'intruder');
  await page.selectOption('select[aria-label=Scenario]', 'science-officer');
  await page.fill('input[name=name]', 'Ash');
  await page.selectOption('.seat-row[data-seat="science"] select', 'me');
  await page.selectOption('.seat-row[data-seat="command"] select', 'bot');
  await page.fill('input[aria-label="Turn limit"]', '3');
  await page.click('button:has-text("Create match")');
  await page.waitForURL(/#\/match\/[^/]+\/as\/science$/);
  await page.locator('.in-draft h2', { hasText: 'Your orders' }).waitFor();
  // Only the Science Officers can be given orders by this seat.
  const canAct = await page.locator('.in-roster tr.can-act').evaluateAll((rows) => rows.map((r) => r.dataset.crewman));
  assert.ok(canAct.length >= 1 && canAct.every((c) => c.startsWith('s')), canAct.join());

  // Two moves by clicking a crewman then an outlined compartment; the first is taken off again.
  const orderFor = async (crewman) => {
    await page.click(`.in-svg .crewman[data-crewman="${crewman}"]`);
    const to = await page.locator('.in-svg .room.legal').first().getAttribute('data-room');
    await page.click(`.in-svg .room.legal[data-room="${to}"]`);
    return to;
  };
  const [first, second] = canAct;
  await orderFor(first);
  const to = await orderFor(second ?? first);
  assert.equal(await page.locator('.in-draft-lines li').count(), 2);
  await page.click('.in-draft-lines li[data-item="0"] button');
  assert.equal(await page.locator('.in-draft-lines li').count(), 1);
  assert.match(await page.locator('.send-draft').innerText(), /Send 1 order and be ready/);
  await shoot(page, 'intruder-science-orders');
  await page.click('.send-draft');
  await answered(page);
  // Once both seats are ready the orders are carried out: the log tells the move.
  await page.locator('.log-lines li', { hasText: new RegExp(`^Science Officer ${(second ?? first).toUpperCase()} moves \\S+ → `) }).waitFor();
  assert.equal(await page.locator(`.in-svg .room[data-room="${to}"] .crewman[data-crewman="${second ?? first}"]`).count(), 1);
  await shoot(page, 'intruder-science-executed');
  assertNoScriptErrors(page);
});

/** A spectator's view with every kind of capture on the map (the state of rules 11 and 12). */
function captureView() {
  const crew = ['c1', 'c2', 'c3', 'e1', 'e2', 'e3', 's1', 's2', 's3'].map((crewman) => ({ crewman, room: 'cm', alive: true, mp: 0, acted: false }));
  const at = (crewman, room, extra = {}) => Object.assign(crew.find((c) => c.crewman === crewman), { room }, extra);
  at('s1', 'lab');
  at('c2', 'a1', { bears: 5 });
  at('c3', 'a1', { bears: 5 });
  at('e1', 'mnt');
  at('s2', 'b2');
  return {
    scenario: 'solitaire', turn: 4, turn_limit: 10, phase: 'crew-movement', prompt: { type: 'crew-movement' },
    stage: 2, known_powers: ['immune-to-cold'], unknown_powers: 2, crew,
    objects: [
      { id: 4, kind: 'cage', place: { at: 'carried', crewman: 's1' } },
      { id: 5, kind: 'cage', place: { at: 'room', room: 'a1' } },
      { id: 6, kind: 'cage', place: { at: 'room', room: 'sb1' } },
      { id: 7, kind: 'electric-prod', place: { at: 'carried', crewman: 'e1' } },
      { id: 8, kind: 'flamethrower', place: { at: 'track', turns: 2 } },
    ],
    counters: [
      { id: 101, room: 'lab', identity: 'lab-animal', caged_in: 4 },
      { id: 102, room: 'a1', identity: 'intruder', caged_in: 5, asleep: true },
      { id: 103, room: 'mnt', identity: 'intruder', controlled_by: 'e1' },
      { id: 104, room: 'frz', identity: 'intruder', iced: true },
      { id: 105, room: 'b2', identity: 'lab-animal', held_by: 's2' },
      { id: 106, room: 'sb1', identity: 'lab-animal', caged_in: 6 },
    ],
    not_used: 3, dummies_discovered: 2, clones_not_yet_in_play: 0, intruders_killed: 0, intruders_captured: 1, caged_lab_animals: 0, frozen: 0,
    unlocked: [], self_destruct: { state: 'off' }, shuttles: [{ shuttle: 1, left: false, crew: [], objects: [] }, { shuttle: 2, left: false, crew: [], objects: [] }], score: 3, legal: [], to_act: ['crew'],
  };
}

test('Intruder: caged, held, controlled and iced counters are drawn with their Cage or crewman', async () => {
  const page = await newPage(ctx.browser);
  await page.goto(`${ctx.server.url}/#/`);
  await page.evaluate(async (view) => {
    const { mount } = await import('/js/tables/intruder/table.js');
    const root = document.createElement('div');
    root.className = 'table-root';
    document.querySelector('main, body').replaceChildren(root);
    mount(root, { you: 'spectator', names: {} }).show(view, []);
  }, captureView());
  const counter = (id) => page.locator(`.in-svg .counter[data-counter="${id}"]`);
  // Behind bars in a Cage lying in the room, which makes no token of its own.
  assert.equal(await counter(106).locator('.bar').count(), 2);
  assert.equal(await page.locator('.in-svg .room[data-room="sb1"] .object').count(), 0);
  assert.match(await counter(106).locator('title').textContent(), /Lab Animal 2Y, in the Cage \(#6\)/);
  // With the crewman: held, controlled, or in the Cage he carries.
  for (const [id, crewman, words] of [[105, 's2', 'held by S2'], [103, 'e1', 'controlled by E1 with a Prod'], [101, 's1', 'in the Cage (#4)']]) {
    const order = await page.locator(`.in-svg .room:has(.counter[data-counter="${id}"]) g`).evaluateAll((gs) => gs.map((g) => g.dataset.crewman ?? g.dataset.counter).filter(Boolean));
    assert.equal(order[order.indexOf(crewman) + 1], String(id), `${id} follows ${crewman}: ${order}`);
    assert.match(await counter(id).locator('title').textContent(), new RegExp(words.replace(/[()#]/g, '\\$&')));
  }
  assert.equal(await counter(103).getAttribute('class'), 'counter id-intruder controlled');
  assert.match(await counter(104).getAttribute('class'), /iced/);
  assert.equal(await page.locator('.in-svg .room[data-room="frz"] .counter[data-counter="104"]').count(), 1);
  // The carriers of a caged Intruder, and what each has, in the roster.
  assert.equal(await page.locator('.in-svg .crewman.bears').count(), 2);
  assert.match(await page.locator('.in-roster tr[data-crewman="c2"]').innerText(), /helps carry the Cage \(#5\) with Intruder 2U/);
  assert.match(await page.locator('.in-roster tr[data-crewman="s1"]').innerText(), /Cage with Lab Animal 2T/);
  assert.match(await page.locator('.in-roster tr[data-crewman="e1"]').innerText(), /Electric Prod, controls Intruder 2V/);
  // The Flamethrower's two turns of work on the Weapon Construction Track.
  assert.equal(await page.locator('.in-build li[data-kind="flamethrower"] .cell.done').count(), 2);
  await shoot(page, 'intruder-captures');
  assertNoScriptErrors(page);
});
