// Issue 17, point 8: accessibility. axe-core (npm, pinned in package-lock.json) runs in the page
// on the lobby, each table, a replay, the editor, the admin page, the help pages, the settings
// and the open dialogs: no serious or critical violation. And each table is played with the
// keyboard alone: Tab to what can be chosen, Enter to choose it.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { CORRIDOR_RUN, CRYSTAL_SPIRES, answered, assertNoScriptErrors, newPage, sitAt, useServer } from './harness.js';

const ctx = useServer(['--admin-token', 'a11y-token']);
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe's serious and critical violations on `page` now, each as `rule: where`. */
async function violations(page) {
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
    const { violations: all } = await window.axe.run(document, { resultTypes: ['violations'] });
    return all.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  });
  return found;
}

async function assertAccessible(page, what) {
  assert.deepEqual(await violations(page), [], what);
}

const MATCHES = {
  artemia: { game: 'artemia', seed: 11, seats: [{ seat: 'creature', name: 'Cy' }, { seat: 'hunted-1', bot: true }, { seat: 'hunted-2', bot: true }] },
  derelict: CORRIDOR_RUN,
  'away-team': CRYSTAL_SPIRES,
  intruder: { game: 'intruder', scenario: 'solitaire', seed: 4004, seats: [{ seat: 'crew', name: 'Dallas' }] },
};

test('no serious or critical axe violation on any page', async () => {
  const page = await newPage(ctx.browser);
  for (const hash of ['#/', '#/help', '#/help/artemia', '#/help/derelict', '#/help/away-team', '#/help/intruder', '#/settings', '#/editor', '#/admin', '#/api']) {
    await page.goto(`${ctx.server.url}/${hash}`);
    await page.waitForLoadState('networkidle');
    await assertAccessible(page, hash);
  }
  for (const [game, body] of Object.entries(MATCHES)) {
    const id = await sitAt(page, ctx.server, body);
    await page.waitForSelector('.table-root .actions:not([hidden]), .table-root .d-facing:not([hidden]), .table-root .at-actions:not([hidden])');
    await assertAccessible(page, `the ${game} table`);
    if (game === 'artemia') {
      await page.click('button.guide-button');
      await assertAccessible(page, 'the guide over the table');
      await page.keyboard.press('Escape');
      await page.goto(`${ctx.server.url}/#/match/${id}/watch`);
      await page.waitForSelector('.conn[data-state="live"]');
      await assertAccessible(page, 'a spectator’s table');
      await page.goto(`${ctx.server.url}/#/join/${id}/hunted-1`);
      await page.waitForSelector('.join .notice, .join-form');
      await assertAccessible(page, 'the join page');
    }
  }
  // A finished match's replay (all bots), and the question before a final move.
  const created = await ctx.server.api('POST', '/api/matches', { game: 'away-team', scenario: 'crystal-spires', seed: 3, seats: [{ seat: 'away-team', bot: true }, { seat: 'aliens', bot: true }] });
  for (let i = 0; (await ctx.server.api('GET', `/api/matches/${created.body.id}`)).body.status !== 'finished'; i += 1) {
    assert.ok(i < 300, 'the bot match finishes');
    await page.waitForTimeout(100);
  }
  await page.goto(`${ctx.server.url}/#/replay/${created.body.id}`);
  await page.waitForSelector('.step-count');
  await page.click('button[aria-label="Step forward"]');
  await assertAccessible(page, 'a replay');
  await sitAt(page, ctx.server, { ...MATCHES.artemia, seats: [{ seat: 'creature', bot: true }, { seat: 'hunted-1', name: 'Ann' }] });
  await page.click('.actions button[data-action="give-up"]');
  await page.waitForSelector('dialog.confirm');
  await assertAccessible(page, 'the question before giving up');
  assertNoScriptErrors(page);
  await page.context().close();
});

/**
 * Presses Tab until the focus is on an element matching `selector` (at most `limit` times), then
 * presses `key` (Enter by default) on it.
 */
async function tabTo(page, selector, key = 'Enter', limit = 250) {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s), selector)) {
      await page.keyboard.press(key);
      return;
    }
  }
  assert.fail(`Tab never reached ${selector}`);
}

test('every table is played with the keyboard alone', async () => {
  // Artemia: the Creature's turn — tokens on places, passing — by Tab and Enter.
  const creature = await newPage(ctx.browser);
  await sitAt(creature, ctx.server, MATCHES.artemia);
  for (let moves = 0; moves < 30; moves += 1) {
    await creature.waitForFunction(() => document.querySelector('.your-move') || /Turn 2/.test(document.querySelector('.a-turn')?.textContent ?? ''));
    if (await creature.locator('.a-turn:has-text("Turn 2")').count()) break;
    await tabTo(creature, (await creature.locator('button.place.choosable').count()) ? 'button.place.choosable' : '.actions button[data-action="pass"]');
    await answered(creature);
  }
  assert.equal(await creature.locator('.a-turn').innerText(), 'Turn 2');
  await assertAccessible(creature, 'the Artemia table after a turn, with its reveal');
  await creature.context().close();

  // Derelict: deployment on outlined squares reached by Tab, then a marine's steps by key.
  const marines = await newPage(ctx.browser);
  await sitAt(marines, ctx.server, MATCHES.derelict);
  for (let k = 0; k < 6; k += 1) {
    await tabTo(marines, '.d-svg .mark-deploy');
    await answered(marines);
  }
  await tabTo(marines, 'button[data-action="confirm"]');
  await answered(marines);
  await marines.waitForSelector('.d-duty.mine');
  // Tab met the start squares in reading order: Marine 5 stands at (1, 3), facing the corridor.
  await tabTo(marines, '.d-svg .model[data-model="m5"]');
  assert.match(await marines.locator('.d-model h2').innerText(), /Marine 5/);
  // The focus stays on Marine 5 after the board is drawn anew: the next keys are his.
  assert.equal(await marines.evaluate(() => document.activeElement?.dataset.model), 'm5');
  await tabTo(marines, '.d-svg .mark-step');
  await answered(marines);
  await marines.keyboard.press('w');
  await answered(marines);
  assert.match(await marines.locator('.log').innerText(), /Marine 5 steps from \(1, 3\) to \(2, 3\)\.\s+Marine 5 steps from \(2, 3\) to \(3, 3\)\./);
  await assertAccessible(marines, 'the Derelict table in a marine turn');
  await marines.context().close();

  // Away Team: a target chosen in a list with the arrow keys, the orders locked with Enter.
  const kirk = await newPage(ctx.browser);
  await sitAt(kirk, ctx.server, MATCHES['away-team']);
  await tabTo(kirk, '.crew-row[data-crew="captain"] select.target', 'ArrowDown');
  await answered(kirk);
  assert.match(await kirk.locator('.crew-row[data-crew="captain"] .order').innerText(), /Fire at Raiders 1/);
  await tabTo(kirk, '.at-actions button[data-action="lock"]');
  await answered(kirk);
  await kirk.waitForSelector('.at-results li.shot');
  await assertAccessible(kirk, 'the Away Team table with a round’s fire');
  await kirk.context().close();

  // Intruder: a crewman chosen on the map, then a compartment, then the movement ended.
  const crew = await newPage(ctx.browser);
  await sitAt(crew, ctx.server, MATCHES.intruder);
  await tabTo(crew, '.in-svg .crewman[data-crewman="c1"]');
  assert.match(await crew.locator('.in-selected').innerText(), /Command Officer C1/);
  await tabTo(crew, '.in-svg .room.legal');
  await answered(crew);
  await crew.locator('.log li', { hasText: 'Command Officer C1 moves CM →' }).waitFor();
  await tabTo(crew, '.in-actions button[data-action="end-movement"]');
  await answered(crew);
  await assertAccessible(crew, 'the Intruder table after the movement');
  assertNoScriptErrors(crew);
  await crew.context().close();
});
