// Issue 17, point 5: truthful boards. Derelict: the selected marine's arc tints only squares he
// can see; the active model's ring is not the sergeant's rim; the legend has every colour of the
// map; a key that can do nothing says why; clicking a deployed marine's square twice deploys him
// nothing more. Away Team: last round's aims are not shown while the new round is ordered, a
// crew member out of the fight is not said to hold fire, and a round's orders start as last
// round's wherever they still can. (Intruder's buttons in words: intruder.test.js.)

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CORRIDOR_RUN, CRYSTAL_SPIRES, answered, assertNoScriptErrors, newPage, shoot, sitAt, useServer } from './harness.js';

const ctx = useServer();

/** The squares tinted as seen, as `x,y`. */
const tinted = (page) => page.locator('.d-svg .arc').evaluateAll((rs) => rs.map((r) => r.dataset.arc));

test('Derelict: sight, markers, legend, keys that say why, and no deployment twice', async () => {
  const page = await newPage(ctx.browser);
  await sitAt(page, ctx.server, CORRIDOR_RUN);
  await page.click('.d-facing button[data-facing="e"]');
  await page.locator('.d-svg .mark-deploy[data-x="1"][data-y="3"]').click();
  await answered(page);
  // Marine 2 comes up next; a double click on Marine 1's square selects him and sends nothing.
  await page.locator('.d-svg .model[data-model="m1"]').dblclick();
  await page.waitForTimeout(300);
  assert.equal(await page.locator('.table-root').getAttribute('data-pending'), null);
  assert.equal(await page.locator('.log li', { hasText: 'Marine 1 deployed' }).count(), 1, 'Marine 1 is deployed once');
  assert.match(await page.locator('.d-model h2').innerText(), /Marine 1/);
  assert.equal(await page.locator('.d-svg .mark-deploy[data-x="1"][data-y="3"]').count(), 0, 'his own square, as he faces, is no choice');

  // In a corridor a marine sees straight ahead only: nothing of the side passages, however wide
  // the arc (rules 5.2: the corridor rule and the line test).
  const seen = await tinted(page);
  assert.ok(seen.length > 20, seen.join(' '));
  assert.deepEqual(seen.filter((sq) => !sq.endsWith(',3')), [], 'only row 3 is in his sight');
  assert.ok(seen.includes('2,3') && seen.includes('40,3'));
  await page.keyboard.press('n');
  assert.match(await page.locator('.d-model h2').innerText(), /Marine 2/);

  for (const [x, y] of [[1, 1], [2, 1], [1, 2], [2, 2], [1, 4]]) {
    await page.locator(`.d-svg .mark-deploy[data-x="${x}"][data-y="${y}"]`).click();
    await answered(page);
  }
  await page.click('button:has-text("Confirm deployment")');
  await answered(page);
  await page.waitForSelector('.d-duty.mine');
  await page.locator('.d-svg .model[data-model="m1"]').click();
  // A key that can do nothing says why, under the board.
  await page.keyboard.press('s');
  assert.equal(await page.locator('.d-why').innerText(), 'S: Marine 1 cannot step back: a wall is in the way.');
  await page.keyboard.press('a');
  assert.equal(await page.locator('.d-why').innerText(), 'A: Marine 1 cannot step forward-left: Marine 5 stands there.');
  await page.keyboard.press('x');
  assert.equal(await page.locator('.d-why').innerText(), 'X: Marine 1 cannot attack now.');
  await page.keyboard.press('w');
  await answered(page);
  assert.equal(await page.locator('.d-why').innerText(), '', 'a key that acts clears the reason');

  // Marine 1, the sergeant, is active: his cyan ring is not his yellow sergeant's rim.
  const colours = await page.evaluate(() => ({
    active: getComputedStyle(document.querySelector('.model[data-model="m1"] .ring.active')).stroke,
    sergeant: getComputedStyle(document.querySelector('.model[data-model="m1"] .body.role-sergeant')).stroke,
  }));
  assert.notEqual(colours.active, colours.sergeant);
  // Every colour drawn on this map is in the legend.
  const legend = await page.evaluate(() => {
    const fill = (selector) => getComputedStyle(document.querySelector(`.d-svg ${selector}`)).fill;
    const swatch = (key) => getComputedStyle(document.querySelector(`.d-legend .${key}`), '::before').backgroundColor;
    return [
      ['.sq.corridor:not(.sq-M):not(.sq-E):not(.sq-X)', 'key-corridor'], ['.wall', 'key-wall'], ['.sq.sq-E', 'key-E'], ['.sq.sq-X', 'key-X'], ['.sq.sq-M', 'key-M'],
      ['.arc', 'key-arc'], ['.mark-step', 'key-step'], ['.body.role-soldier', 'key-soldier'], ['.body.role-flamer', 'key-flamer'],
    ].map(([drawn, key]) => [key, fill(drawn), swatch(key)]);
  });
  for (const [key, drawn, shown] of legend) assert.equal(shown, drawn, `${key} in the legend`);
  await shoot(page, 'boards-derelict');

  // The aliens' turn: a key is not the marines' to press.
  await page.click('.d-actions button:has-text("End turn")');
  await page.click('dialog.confirm .confirm-yes');
  await answered(page);
  await page.waitForSelector('.d-phase[data-phase="alien-turn"]');
  await page.keyboard.press('w');
  assert.equal(await page.locator('.d-why').innerText(), 'W: it is not your move.');
  assertNoScriptErrors(page);
  await page.context().close();
});

test('Away Team: a new round starts from last round’s orders, without last round’s aims', async () => {
  const page = await newPage(ctx.browser);
  await sitAt(page, ctx.server, CRYSTAL_SPIRES);
  await page.waitForSelector('.crew-row[data-crew="captain"] select.target');
  // Round 1: each crew member at another raider, on kill; then lock.
  const given = {};
  const rows = await page.locator('.crew-row').evaluateAll((rs) => rs.map((r) => r.dataset.crew));
  for (const [k, crew] of rows.entries()) {
    const row = page.locator(`.crew-row[data-crew="${crew}"]`);
    await row.locator('button.mode[data-mode="kill"]').click();
    const target = `raiders-${k + 1}`;
    await row.locator('select.target').selectOption(target);
    await answered(page);
    given[crew] = target;
  }
  await page.click('.at-actions button:has-text("Lock the orders")');
  await answered(page);
  await page.waitForFunction(() => document.querySelector('.at-round')?.textContent.startsWith('Round 2'));
  // The aliens' aims of round 1 are not shown as if they were round 2's.
  await page.waitForFunction(() => !document.querySelector('.table-root').dataset.pending);
  await page.waitForTimeout(600);
  assert.equal(await page.locator('.alien-row .hint', { hasText: 'aims at' }).count(), 0);
  // Each order is last round's if its target still stands, else none.
  const standing = await page.locator('.alien-row.active').evaluateAll((rs) => rs.map((r) => r.dataset.alien));
  let repeated = 0;
  for (const [crew, target] of Object.entries(given)) {
    const row = page.locator(`.crew-row[data-crew="${crew}"]`);
    if (!(await row.locator('select.target').count())) continue;
    const still = standing.includes(target);
    assert.equal(await row.locator('select.target').inputValue(), still ? target : '', `${crew}'s order`);
    if (still) {
      repeated += 1;
      assert.equal(await row.locator('button.mode[data-mode="kill"]').getAttribute('aria-pressed'), 'true');
    }
  }
  assert.ok(repeated > 0, 'some target still stands');
  assert.match(await page.locator('.log').innerText(), /The Away Team changes its orders: \w[\w ]* fires at Raiders \d on kill\./);
  await shoot(page, 'boards-away-team');
  assertNoScriptErrors(page);
  await page.context().close();
});

test('Away Team: a crew member out of the fight has no order, not “holds fire”', async () => {
  const created = await ctx.server.api('POST', '/api/matches', {
    game: 'away-team', scenario: 'crystal-spires', seed: 7,
    seats: [{ seat: 'away-team', bot: true }, { seat: 'aliens', bot: true }],
  });
  const id = created.body.id;
  let replay;
  for (let i = 0; i < 300; i += 1) {
    const answer = await ctx.server.api('GET', `/api/matches/${id}/replay`);
    if (answer.status === 200) {
      replay = answer.body;
      break;
    }
    await new Promise((ok) => setTimeout(ok, 100));
  }
  assert.ok(replay, 'the bot match finished');
  // The table as dealt, with the Science Officer killed and his order gone, as a view of a later
  // round has it.
  const view = structuredClone(replay.initial);
  const science = view.crew.find((c) => c.role === 'science');
  science.state = 'killed';
  view.away_team_orders.orders = view.away_team_orders.orders.filter((o) => o.crew !== science.id);
  const page = await newPage(ctx.browser);
  await page.goto(`${ctx.server.url}/#/`);
  for (const you of ['spectator', 'away-team']) {
    const order = await page.evaluate(async ([shown, viewer, crew]) => {
      const { mount } = await import('/js/tables/away-team/table.js');
      const root = document.createElement('div');
      document.querySelector('main').replaceChildren(root);
      mount(root, { you: viewer, names: {}, act: null }).show(shown, []);
      return root.querySelector(`.crew-row[data-crew="${crew}"] .order`).textContent;
    }, [view, you, science.id]);
    assert.equal(order, 'killed: no order', `as seen by ${you}`);
  }
  assertNoScriptErrors(page);
  await page.context().close();
});
