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
  assert.deepEqual(scenarios, ['Solitaire', 'The Intelligent Intruder', 'The Science Officer', 'The Science Officer and the Intelligent Intruder']);
  await intruder.selectOption('select[aria-label=Scenario]', 'science-officer-intelligent');
  const seatsOf = () => intruder.locator('.seat-row').evaluateAll((rows) => rows.map((r) => r.dataset.seat));
  assert.deepEqual(await seatsOf(), ['science', 'command', 'intruder']);
  await intruder.selectOption('select[aria-label=Scenario]', 'intelligent');
  assert.deepEqual(await seatsOf(), ['crew', 'intruder']);
  // Any seat may be a bot.
  assert.deepEqual(await intruder.locator('.seat-row[data-seat="intruder"] option').allInnerTexts(), ['You', 'Bot', 'Open (share a link)']);
  await intruder.fill('input[name=name]', 'Kane');
  await intruder.selectOption('.seat-row[data-seat="crew"] select', 'open');
  await intruder.selectOption('.seat-row[data-seat="intruder"] select', 'me');
  await intruder.fill('input[aria-label=turn-limit]', '5');
  await intruder.click('button:has-text("Create match")');
  await intruder.click('a:has-text("Go to the table as Intruder")');
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
  await page.fill('input[aria-label=turn-limit]', '3');
  await page.click('button:has-text("Create match")');
  await page.click('a:has-text("Go to the table as Science")');
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
