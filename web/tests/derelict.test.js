// Browser tests of the Derelict table. Acceptance 2: a match on the shipped map Corridor Run,
// marines and aliens played by two people in two browser contexts, a third watching. The squad
// is deployed, a marine steps, turns and shoots by clicking; the Aliens see the marine clock
// count down; the spectator's table follows live. Then the replay of a short all-bot match on
// an uploaded map, stepped forward and back.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { answered, assertNoScriptErrors, newPage, pinSeed, screenshots, shoot, useServer } from './harness.js';

const TOKEN = 'derelict-admin-token';
const ctx = useServer(['--admin-token', TOKEN]);

/** Clicks the highlighted square (x, y) of `kind` (deploy, step, shoot, arrive) and waits. */
async function clickSquare(page, kind, x, y) {
  await page.locator(`.d-svg .mark-${kind}[data-x="${x}"][data-y="${y}"]`).click();
  await answered(page);
}

/** The model `id` as drawn: `{x, y, facing}`, or null when it is not on the board. */
function modelOn(page, id) {
  return page.evaluate((model) => {
    const g = document.querySelector(`.d-svg .model[data-model="${model}"]`);
    return g ? { x: Number(g.dataset.x), y: Number(g.dataset.y), facing: g.dataset.facing } : null;
  }, id);
}

const clockSeconds = async (page) => Number(await page.getAttribute('.d-clock', 'data-seconds'));

test('Derelict: deploy, step, turn and shoot by clicking; the Aliens see the marine clock; a spectator follows', async () => {
  const marines = await newPage(ctx.browser);
  await pinSeed(marines, 11);
  await marines.goto(`${ctx.server.url}/#/`);
  await marines.selectOption('select[name=game]', 'derelict');
  await marines.selectOption('select[aria-label=Scenario]', 'corridor-run');
  await marines.fill('input[name=name]', 'Hicks');
  await marines.selectOption('.seat-row[data-seat="marines"] select', 'me');
  await marines.selectOption('.seat-row[data-seat="aliens"] select', 'open');
  await marines.click('button:has-text("Create match")');
  await marines.waitForURL(/#\/match\/[^/]+\/as\/marines$/);
  const id = /#\/match\/([^/]+)/.exec(marines.url())[1];

  const aliens = await newPage(ctx.browser);
  await aliens.goto(`${ctx.server.url}/#/join/${id}/aliens`);
  await aliens.fill('.join-form input', 'Queen');
  await aliens.click('.join-form button');
  await aliens.waitForSelector('.d-svg');

  const spectator = await newPage(ctx.browser);
  await spectator.goto(`${ctx.server.url}/#/match/${id}/watch`);
  await spectator.waitForSelector('.d-svg');
  // The Marines' table began when the Aliens took their seat: said so, not called a reconnection.
  await marines.locator('.log li', { hasText: 'the match has begun' }).waitFor();
  assert.doesNotMatch(await marines.locator('.log').innerText(), /Reconnected/);
  assert.equal(await marines.locator('.match-bar .match-name').innerText(), 'Derelict');
  assert.equal(await spectator.locator('.match-bar .who').innerText(), 'You are watching Hicks (Marines), Queen (Aliens)');
  await spectator.locator('.d-duty', { hasText: 'Hicks (Marines): deploying the squad' }).waitFor();

  // Deployment: every marine on an M square, facing east, by clicking.
  await marines.waitForSelector('.d-phase[data-phase="marine-deployment"]');
  await marines.click('.d-facing button[data-facing="e"]');
  const starts = [[1, 3], [1, 1], [2, 1], [1, 2], [2, 2], [1, 4]];
  for (const [i, [x, y]] of starts.entries()) {
    assert.match(await marines.locator('.d-model h2').innerText(), new RegExp(`Marine ${i + 1}$`));
    await clickSquare(marines, 'deploy', x, y);
  }
  assert.deepEqual(await modelOn(marines, 'm1'), { x: 1, y: 3, facing: 'e' });
  await shoot(marines, 'derelict-deployed');
  await marines.click('button:has-text("Confirm deployment")');
  await answered(marines);

  // Corridor Run has no alien on the board yet: the Aliens only confirm.
  await aliens.waitForSelector('button:has-text("Confirm deployment")');
  await aliens.click('button:has-text("Confirm deployment")');
  await answered(aliens);

  // Marine turn 1, with the clock: m1 steps twice and turns right then left by clicking.
  await marines.waitForSelector('.d-phase[data-phase="marine-turn"]');
  await marines.locator('.d-svg .model[data-model="m1"]').click();
  await clickSquare(marines, 'step', 2, 3);
  await marines.click('.d-actions button:has-text("Right (E)")');
  await answered(marines);
  assert.equal((await modelOn(marines, 'm1')).facing, 's');
  await marines.keyboard.press('q');
  await answered(marines);
  assert.equal((await modelOn(marines, 'm1')).facing, 'e');
  await marines.keyboard.press('w');
  await answered(marines);
  assert.deepEqual(await modelOn(marines, 'm1'), { x: 3, y: 3, facing: 'e' });
  // m1 is spent: the next marine that can act comes up; clicking m1 shows it with its arc.
  assert.match(await marines.locator('.d-model h2').innerText(), /Marine 2/);
  await marines.locator('.d-svg .model[data-model="m1"]').click();
  assert.match(await marines.locator('.d-model').innerText(), /0 AP left/);
  assert.ok(await marines.locator('.d-svg .arc').count() > 10);

  // The Aliens (and the spectator) see the marine clock run down.
  await aliens.waitForSelector('.d-clock:not([hidden])');
  const first = await clockSeconds(aliens);
  assert.ok(first > 100 && first <= 150, `clock starts near 150 s, got ${first}`);
  await aliens.waitForFunction((t) => Number(document.querySelector('.d-clock').dataset.seconds) <= t - 2, first);
  assert.match(await aliens.locator('.d-clock').innerText(), /marine clock\s*2:\d\d/i);
  await spectator.waitForFunction(() => document.querySelector('.d-svg .model[data-model="m1"]')?.dataset.x === '3');
  assert.ok(!(await spectator.locator('.d-clock').isHidden()));
  assert.equal(await spectator.locator('.d-svg .mark').count(), 0, 'a spectator is offered nothing');
  await shoot(aliens, 'derelict-aliens-clock');

  // Enter ends the turn; five marines have not acted, so the page asks first.
  await marines.keyboard.press('Enter');
  await marines.locator('dialog.confirm', { hasText: 'Marine 2, Marine 3, Marine 4, Marine 5 and Marine 6 have not acted' }).waitFor();
  await marines.click('dialog.confirm .confirm-yes');
  await answered(marines);

  // Alien turn 1: two arrivals on entry squares, chosen by clicking, then one steps into view.
  await aliens.waitForSelector('.d-phase[data-phase="alien-turn"]');
  await aliens.click('.d-facing button[data-facing="s"]');
  await clickSquare(aliens, 'arrive', 9, 1);
  await aliens.click('.d-facing button[data-facing="n"]');
  await clickSquare(aliens, 'arrive', 9, 5);
  await aliens.locator('.d-svg .model[data-model="a1"]').click();
  await clickSquare(aliens, 'step', 9, 2);
  await clickSquare(aliens, 'step', 9, 3);
  await aliens.click('.d-actions button:has-text("Right (E)")');
  await answered(aliens);
  assert.deepEqual(await modelOn(aliens, 'a1'), { x: 9, y: 3, facing: 'w' });
  await shoot(aliens, 'derelict-aliens-turn');
  await aliens.click('.d-actions button:has-text("End turn")');
  await aliens.click('dialog.confirm .confirm-yes');
  await answered(aliens);

  // Marine turn 2: m1 shoots the alien in front by clicking it; the dice are told in words.
  await marines.waitForFunction(() => document.querySelector('.d-turn')?.textContent.startsWith('Turn 2'));
  await marines.locator('.d-svg .model[data-model="m1"]').click();
  await clickSquare(marines, 'shoot', 9, 3);
  const shot = marines.locator('.log-lines li', { hasText: 'Marine 1 fires at (9, 3), needing 6+' });
  await shot.waitFor();
  assert.match(await shot.innerText(), /rolls \d and \d — (hit|miss)\./);
  await spectator.locator('.log-lines li', { hasText: 'Marine 1 fires at (9, 3)' }).waitFor();
  await shoot(marines, 'derelict-marines-shot');
  await marines.locator('.d-board').screenshot({ path: `${screenshots}/derelict-board.png` });
  await shoot(spectator, 'derelict-spectator');

  for (const page of [marines, aliens, spectator]) {
    assertNoScriptErrors(page);
  }
});

/** A short deck, over after one turn of each side: two marines, an alien on the board, an entry. */
const SHORT_DECK = `DERELICT 1
title: Short Deck
squad: 1 sergeant, 1 soldier
reinforcements: 2
alien-pool: 4
exit-needed: 1
turn-limit: 1
timer: 120+30
map:
##########
#MM..#..X#
#....D.E.#
#.A..#...#
##########
`;

/** The models drawn on the board, as `{id: "x,y,facing"}`. */
const drawnModels = (page) => page.evaluate(() => Object.fromEntries([...document.querySelectorAll('.d-svg .model')]
  .map((g) => [g.dataset.model, `${g.dataset.x},${g.dataset.y},${g.dataset.facing}`])));

/** The models a view puts on the board, the same way. */
function viewModels(view) {
  const on = [...view.marines, ...view.aliens].filter((m) => m.at && m.status !== 'dead' && m.status !== 'escaped');
  return Object.fromEntries(on.map((m) => [m.id, `${m.at.x},${m.at.y},${m.facing ?? ''}`]));
}

/** Checks that the replay shows step `i` of `views`: its counter, its models and its events. */
async function assertStep(page, replay, i) {
  const views = [replay.initial, ...replay.steps.map((s) => s.view)];
  assert.equal(await page.locator('.step-count').innerText(), `Step ${i} of ${replay.steps.length}`);
  assert.deepEqual(await drawnModels(page), viewModels(views[i]), `the board of step ${i}`);
  const told = await page.locator('.side .log-lines li').allInnerTexts();
  assert.equal(told.length, Math.max(1, replay.steps[i - 1]?.events.length ?? 0), `the events of step ${i}`);
  assert.ok(told.every((line) => /^[A-Z0-9].*[.!]$/.test(line)), told.join('\n'));
}

test('Derelict replay: a finished all-bot match on an uploaded map, stepped forward and back', async () => {
  const upload = await fetch(`${ctx.server.url}/api/admin/scenarios?game=derelict`, {
    method: 'POST', headers: { authorization: `Bearer ${TOKEN}` }, body: SHORT_DECK,
  });
  assert.equal(upload.status, 201, await upload.text());
  const created = await ctx.server.api('POST', '/api/matches', {
    game: 'derelict', scenario: 'short-deck', seed: 5,
    seats: [{ seat: 'marines', bot: true }, { seat: 'aliens', bot: true }],
  });
  assert.equal(created.status, 201);
  const id = created.body.id;
  for (let i = 0; (await ctx.server.api('GET', `/api/matches/${id}`)).body.status !== 'finished'; i += 1) {
    assert.ok(i < 300, 'the all-bot match never finished');
    await new Promise((ok) => setTimeout(ok, 100));
  }
  const replay = (await ctx.server.api('GET', `/api/matches/${id}/replay`)).body;
  const last = replay.steps.length;
  const destroyedAt = replay.steps.findIndex((s) => s.events.some((e) => e.type === 'door-destroyed')) + 1;
  assert.ok(destroyedAt > 0, 'seed 5 has an alien break the door');

  // The lobby lists the match with its bots and why it ended.
  const page = await newPage(ctx.browser);
  await page.goto(`${ctx.server.url}/#/`);
  const row = page.locator(`.match-row[data-id="${id}"]`);
  await row.waitFor();
  assert.match(await row.locator('.match-title').innerText(), /^Derelict\s+· Short Deck/);
  assert.deepEqual(await row.locator('.match-seats .chip').allInnerTexts(), ['Marines (bot, random)', 'Aliens (bot, random)']);
  assert.equal(await row.locator('.match-outcome').innerText(), 'Won by Aliens (bot, random): the turn limit was reached.');
  await row.locator('a:has-text("Replay")').click();

  await page.waitForSelector('.d-svg');
  assert.equal(await page.locator('.match-name').innerText(), 'Replay: Derelict');
  assert.equal(await page.locator('.match-bar .who').innerText(), 'Marines (bot, random), Aliens (bot, random)');
  assert.equal(await page.locator('.step-caption').innerText(), 'The table as dealt.');
  await assertStep(page, replay, 0);
  assert.equal(await page.locator('.d-svg .door.closed').count(), 1);

  // Forward, by button and by key, to the end: each step draws its own view.
  for (let i = 1; i <= last; i += 1) {
    if (i % 2) await page.click('button[aria-label="Step forward"]');
    else await page.keyboard.press('ArrowRight');
    await assertStep(page, replay, i);
    assert.match(await page.locator('.step-caption').innerText(), /^(Marines|Aliens) \(bot, random\): [A-Z]/);
    if (replay.steps[i - 1].view.phase === 'alien-turn' && replay.steps[i - 2].view.phase !== 'alien-turn') {
      await shoot(page, 'derelict-replay');
    }
    assert.equal(await page.locator('.d-svg .door.destroyed').count(), i >= destroyedAt ? 1 : 0, `the door at step ${i}`);
  }
  assert.equal(await page.locator('.d-outcome').innerText(), 'The aliens win — the turn limit was reached.');
  assert.match(await page.locator('.replay-outcome').innerText(), /^Won by Aliens \(bot, random\): the turn limit was reached\.$/);
  assert.ok(await page.locator('.d-keys').isHidden(), 'a replay offers no keys');
  assert.equal(await page.locator('.d-svg .mark').count(), 0, 'a replay offers no move');
  await shoot(page, 'derelict-replay-end');

  // Back, by key and by button, to the start.
  for (let i = last - 1; i >= 0; i -= 1) {
    if (i % 2) await page.keyboard.press('ArrowLeft');
    else await page.click('button[aria-label="Step back"]');
    await assertStep(page, replay, i);
  }
  assert.equal(await page.locator('.d-outcome').count(), 0);

  // A jump to the end draws a fresh table that still knows the door was broken, not floor.
  await page.click('button[aria-label="Last step"]');
  await assertStep(page, replay, last);
  assert.equal(await page.locator('.d-svg .door.destroyed').count(), 1);
  await page.click('button[aria-label="First step"]');
  await assertStep(page, replay, 0);
  assertNoScriptErrors(page);
});
