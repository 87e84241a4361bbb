// Issue 17, point 6: small truths. A match nobody won is a draw, not "You lost."; the connection
// pill tells an unreachable server from a refused seat token; the waiting room waits for the
// missing players instead of saying "Your move"; creating a match lands on its table; the editor
// asks before a reload throws an unsaved map away. (The admin page selects the line a refused
// file is wrong at: admin.test.js.)

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { answered, assertNoScriptErrors, newPage, pinSeed, shoot, sitAt, useServer } from './harness.js';

const ctx = useServer();

test('a retreat with the Captain alive is a draw, said as a draw, in the match and in the lobby', async () => {
  const page = await newPage(ctx.browser);
  const id = await sitAt(page, ctx.server, {
    game: 'away-team', scenario: 'crystal-spires', seed: 1,
    seats: [{ seat: 'away-team', name: 'Kirk' }, { seat: 'aliens', bot: true }],
  });
  await page.click('.at-actions button:has-text("Retreat")');
  await answered(page);
  await page.click('.at-actions button:has-text("Lock the orders")');
  await page.waitForSelector('section.over:not([hidden]) h2');
  assert.equal(await page.locator('section.over h2').innerText(), 'A draw.');
  assert.equal(await page.locator('section.over > p').innerText(), 'A draw: the Away Team retreated with its Captain alive.');
  await shoot(page, 'truths-draw');
  const watcher = await newPage(ctx.browser);
  await watcher.goto(`${ctx.server.url}/#/match/${id}/watch`);
  await watcher.waitForSelector('section.over:not([hidden]) h2');
  assert.equal(await watcher.locator('section.over h2').innerText(), 'The match is over: a draw.');
  await watcher.goto(`${ctx.server.url}/#/`);
  assert.equal(await watcher.locator(`.match-row[data-id="${id}"] .match-outcome`).innerText(), 'A draw: the Away Team retreated with its Captain alive.');
  for (const p of [page, watcher]) {
    assertNoScriptErrors(p);
    await p.context().close();
  }
});

test('the waiting room waits for the missing seat; creating a match lands on its table', async () => {
  const page = await newPage(ctx.browser);
  await pinSeed(page, 3);
  await page.goto(`${ctx.server.url}/#/`);
  await page.selectOption('select[name=game]', 'derelict');
  await page.fill('input[name=name]', 'Hicks');
  await page.selectOption('.seat-row[data-seat="marines"] select', 'me');
  await page.selectOption('.seat-row[data-seat="aliens"] select', 'open');
  await page.click('button:has-text("Create match")');
  await page.waitForURL(/#\/match\/[^/]+\/as\/marines$/);
  await page.waitForSelector('.waiting h2');
  assert.equal(await page.locator('.waiting h2').innerText(), 'Waiting for the Aliens to join');
  await page.waitForSelector('.d-duty');
  assert.equal(await page.locator('.d-duty').innerText(), 'You act once every seat is taken.');
  assert.equal(await page.locator('.d-duty.mine').count(), 0, 'no "Your move" before the Aliens are here');
  assert.doesNotMatch(await page.title(), /Your move/);
  await shoot(page, 'truths-waiting-room');
  assertNoScriptErrors(page);
  await page.context().close();
});

test('the connection pill tells an unreachable server from a refused seat token', async () => {
  const page = await newPage(ctx.browser);
  const id = await sitAt(page, ctx.server, {
    game: 'artemia', seed: 5, seats: [{ seat: 'creature', name: 'Cy' }, { seat: 'hunted-1', bot: true }],
  });
  await ctx.server.kill();
  await page.locator('.conn', { hasText: 'the server cannot be reached' }).waitFor({ timeout: 15000 });
  assert.doesNotMatch(await page.locator('.conn').innerText(), /token/);
  await shoot(page, 'truths-unreachable');
  await ctx.server.start();
  await page.waitForSelector('.conn[data-state="live"]', { timeout: 20000 });

  // A token the server does not know: it answers, and refuses the seat.
  await page.evaluate((match) => localStorage.setItem(`xenotable.seats.${match}`, JSON.stringify({ creature: { token: 'not-the-token', name: 'Cy' } })), id);
  await page.goto(`${ctx.server.url}/#/`);
  await page.goto(`${ctx.server.url}/#/match/${id}/as/creature`);
  await page.locator('.conn', { hasText: 'the server is up but refuses this seat’s token' }).waitFor({ timeout: 15000 });
  assertNoScriptErrors(page, /WebSocket connection to/);
  await page.context().close();
});

test('the editor asks before a reload or a new map throws away an unsaved map, and not once it is saved', async () => {
  const page = await newPage(ctx.browser);
  await page.goto(`${ctx.server.url}/#/editor`);
  await page.waitForSelector('.ed-svg');
  // An untouched new map may go.
  await page.reload();
  assert.deepEqual(page.dialogTypes, []);
  await page.waitForSelector('.ed-svg');
  await page.click('.ed-brush[data-cell="M"]');
  await page.click('.ed-svg .ed-cell[data-x="2"][data-y="2"]');
  assert.equal(await page.getAttribute('.ed-svg .ed-cell[data-x="2"][data-y="2"]', 'data-cell'), 'M');
  // The browser asks (the test's browser answers "stay"): the map is still there.
  await page.reload({ timeout: 3000 }).catch(() => {});
  assert.deepEqual(page.dialogTypes, ['beforeunload']);
  assert.equal(await page.getAttribute('.ed-svg .ed-cell[data-x="2"][data-y="2"]', 'data-cell'), 'M');
  // "New map" asks too; Cancel keeps the map.
  await page.click('button:has-text("New map")');
  await page.click('dialog.confirm .confirm-no');
  assert.equal(await page.getAttribute('.ed-svg .ed-cell[data-x="2"][data-y="2"]', 'data-cell'), 'M');
  // Downloaded, it is saved: a reload asks nothing.
  await Promise.all([page.waitForEvent('download'), page.click('button:has-text("Download")')]);
  await page.reload();
  await page.waitForSelector('.ed-svg');
  assert.deepEqual(page.dialogTypes, ['beforeunload']);
  assertNoScriptErrors(page);
  await page.context().close();
});
