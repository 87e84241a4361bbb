// Issue 16: a seated player lets a bot play their seat from the table, watches it play from the
// seat's own view, and takes the seat back; and the lobby offers the option that bots take over
// from players who leave for good. Intruder's solitaire is the table: its only seat is the crew,
// so every move made while its player watches is the bot's.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { answered, askNothing, assertNoScriptErrors, newPage, shoot, sitAt, useServer } from './harness.js';

const ctx = useServer(['--bot-delay-ms', '300']);

const SOLITAIRE = {
  game: 'intruder', scenario: 'solitaire', seed: 4004,
  seats: [{ seat: 'crew', name: 'Ripley' }],
};

/** The seq the table has been told last. */
const seqOf = async (page) => Number(await page.getAttribute('.table-root', 'data-seq'));

test('a player hands their seat to a bot, watches it play, and takes the seat back', async () => {
  const page = await newPage(ctx.browser);
  await askNothing(page);
  await sitAt(page, ctx.server, SOLITAIRE);
  const control = page.locator('section.hand-over');
  await control.waitFor();
  assert.equal(await control.getAttribute('aria-label'), 'Your seat');
  const levels = await control.locator('select[aria-label="Bot level"] option').allInnerTexts();
  assert.deepEqual(levels[0], 'Best available');
  assert.ok(levels.includes('random'), levels.join(', '));
  await page.locator('.in-actions button.act').first().waitFor();
  const before = await seqOf(page);

  await control.locator('select[aria-label="Bot level"]').selectOption('random');
  await control.locator('button:has-text("Let a bot play my seat")').click();
  await control.locator('.hand-state', { hasText: 'A bot (random) plays your seat' }).waitFor();
  await page.locator('.log-lines li', { hasText: 'A bot (random) now plays your seat.' }).waitFor();
  await page.locator('.who', { hasText: 'You play Ripley (Crew, bot, random)' }).waitFor();
  // The bot moves; the player is offered nothing and sends nothing.
  await page.waitForFunction((seq) => Number(document.querySelector('.table-root').dataset.seq) > seq + 1, before);
  assert.equal(await page.locator('.in-actions button.act').count(), 0, 'no move is offered while the bot plays');
  await shoot(page, 'handover-bot-plays');

  await control.locator('button:has-text("Take my seat back")').click();
  await control.locator('button:has-text("Let a bot play my seat")').waitFor();
  await page.locator('.log-lines li', { hasText: 'You play your seat again.' }).waitFor();
  await page.locator('.who', { hasText: 'You play Ripley (Crew)' }).waitFor();
  // The player moves again, with the same seat token.
  const move = page.locator('.in-actions button.act:not([disabled])').first();
  await move.waitFor();
  const back = await seqOf(page);
  await move.click();
  await answered(page);
  assert.ok(await seqOf(page) > back, 'the player\'s move was played');
  assertNoScriptErrors(page);
  await page.close();
});

test('the lobby offers that bots take over from players who leave for good', async () => {
  const page = await newPage(ctx.browser);
  await page.route('**/api/matches', async (route) => {
    const request = route.request();
    if (request.method() === 'POST') page.created = JSON.parse(request.postData() ?? '{}');
    return route.continue();
  });
  await page.goto(`${ctx.server.url}/#/`);
  await page.selectOption('select[name=game]', 'artemia');
  const option = page.getByLabel('Bots take over from players who leave for good');
  assert.equal(await option.isChecked(), false, 'off unless asked');
  const about = await page.locator(`#${await option.getAttribute('aria-describedby')}`).innerText();
  assert.match(about, /a bot plays their seat and the match goes on instead of being abandoned/);
  await option.check();
  await page.fill('input[name=name]', 'Ann');
  await page.click('button:has-text("Create match")');
  await page.waitForURL(/#\/match\/[^/]+\/as\//);
  assert.equal(page.created.bots_take_over, true);
  const id = /#\/match\/([^/]+)/.exec(page.url())[1];
  const { body } = await ctx.server.api('GET', `/api/matches/${id}`);
  assert.equal(body.bots_take_over, true);
  await page.goto(`${ctx.server.url}/#/`);
  await page.locator(`.match-row[data-id="${id}"]`, { hasText: 'bots take over from players who leave' }).waitFor();
  assertNoScriptErrors(page);
  await page.close();
});
