// Issue 17, point 2: no game lost to a slip. Moves that cannot be taken back ask once, before
// they are sent (the server keeps every move: there is no undo): Artemia's Give up, Derelict's End
// turn while models can still act and acting with another model while the active one has AP
// left, Intruder's Start the self-destruct, and the admin's Delete. Cancel sends nothing; the
// settings page, or the question itself, turns the questions off.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CORRIDOR_RUN, answered, assertNoScriptErrors, deployCorridorRun, newPage, shoot, sitAt, useServer } from './harness.js';

const TOKEN = 'confirm-admin-token';
const ctx = useServer(['--admin-token', TOKEN]);

const seqOf = async (page) => Number(await page.getAttribute('.table-root', 'data-seq'));
const logText = (page) => page.locator('.log').innerText();

/** Clicks `button`, expects the question `asked` (a regex), answers `Cancel` and checks that nothing was sent. */
async function cancelled(page, button, asked) {
  const seq = await seqOf(page);
  await button.click();
  const dialog = page.locator('dialog.confirm');
  await dialog.waitFor();
  assert.match(await dialog.innerText(), asked);
  // The safe answer has the focus: Enter does not go ahead.
  assert.equal(await page.evaluate(() => document.activeElement?.className), 'confirm-no');
  await dialog.locator('.confirm-no').click();
  await dialog.waitFor({ state: 'detached' });
  await page.waitForTimeout(300);
  assert.equal(await page.locator('.table-root').getAttribute('data-pending'), null, 'nothing was sent');
  assert.equal(await seqOf(page), seq, 'the match did not move');
}

/** Clicks `button`, answers the question with its go-ahead and waits for the server's answer. */
async function confirmed(page, button) {
  await button.click();
  await page.locator('dialog.confirm .confirm-yes').click();
  await answered(page);
}

const artemia = (seed) => ({
  game: 'artemia', seed,
  seats: [{ seat: 'creature', bot: true }, { seat: 'hunted-1', name: 'Ann' }, { seat: 'hunted-2', bot: true }],
});

test('Artemia: Give up asks first; Cancel keeps the Hunted in the game, Give up then gives up', async () => {
  const page = await newPage(ctx.browser);
  await sitAt(page, ctx.server, artemia(31));
  const giveUp = page.locator('.actions button[data-action="give-up"]');
  await giveUp.waitFor();
  await cancelled(page, giveUp, /Give up\? Your Will goes back to 3 .* Assimilation advances 1/);
  assert.doesNotMatch(await logText(page), /gives up/);
  await shoot(page, 'confirm-artemia');
  await confirmed(page, giveUp);
  await page.locator('.log li', { hasText: 'Ann (Hunted 1) gives up.' }).waitFor();
  assertNoScriptErrors(page);
  await page.context().close();
});

test('Derelict: acting with another model while AP are left, and ending the turn early, ask first', async () => {
  const page = await newPage(ctx.browser);
  await sitAt(page, ctx.server, CORRIDOR_RUN);
  await deployCorridorRun(page);
  // Marine 1 steps once: he is active with 3 AP.
  await page.locator('.d-svg .model[data-model="m1"]').click();
  await page.locator('.d-svg .mark-step[data-x="2"][data-y="3"]').click();
  await answered(page);
  assert.match(await page.locator('.d-model').innerText(), /3 AP left/);
  // Marine 6 (at 1, 4) turning would finish Marine 1 and throw his 3 AP away.
  await page.locator('.d-svg .model[data-model="m6"]').click();
  await cancelled(page, page.locator('.d-actions button:has-text("Left (Q)")'),
    /Act with Marine 6\? Marine 1 is done for this turn then: his 3 AP left are lost\./);
  await shoot(page, 'confirm-derelict');
  // The key asks the same.
  await page.keyboard.press('e');
  await page.locator('dialog.confirm .confirm-no').click();
  assert.equal(await page.locator('.d-svg .model[data-model="m6"]').getAttribute('data-facing'), 'e');
  await cancelled(page, page.locator('.d-actions button:has-text("End turn")'),
    /End the turn\? Marine 1 still has 3 AP, and Marine 2, Marine 3, Marine 4, Marine 5 and Marine 6 have not acted/);
  // Marine 1 acting again asks nothing: his AP are his own.
  await page.locator('.d-svg .model[data-model="m1"]').click();
  await page.locator('.d-svg .mark-step[data-x="3"][data-y="3"]').click();
  await answered(page);
  assert.equal(await page.locator('dialog.confirm').count(), 0);
  await confirmed(page, page.locator('.d-actions button:has-text("End turn")'));
  await page.locator('.log li', { hasText: 'Marine turn 1 ends.' }).waitFor();
  assertNoScriptErrors(page);
  await page.context().close();
});

test('Intruder: starting the self-destruct asks first', async () => {
  const page = await newPage(ctx.browser);
  await sitAt(page, ctx.server, { game: 'intruder', scenario: 'solitaire', seed: 4004, seats: [{ seat: 'crew', name: 'Dallas' }] });
  // Command Officer C1 starts in the Command Module: the self-destruct is his in phase 5.
  const start = page.locator('.in-actions button:has-text("Start the self-destruct")');
  for (let i = 0; i < 30 && !(await start.count()); i += 1) {
    await page.locator('.in-svg .crewman[data-crewman="c1"]').click();
    if (await start.count()) break;
    const next = page.locator('.in-actions button:has-text("End the movement"), .in-actions button:has-text("End the actions"), .in-actions button:has-text("No self-defence")').first();
    if (await next.count()) {
      await next.click();
      await answered(page);
    } else {
      await page.waitForTimeout(100);
    }
  }
  await cancelled(page, start, /Command Officer C1 starts the self-destruct: the station explodes in 9 turns unless it is stopped by box 5/);
  assert.doesNotMatch(await logText(page), /self-destruct is started/);
  await confirmed(page, start);
  await page.locator('.log li', { hasText: 'The self-destruct is started' }).waitFor();
  assertNoScriptErrors(page);
  await page.context().close();
});

test('the admin’s Delete asks first', async () => {
  const upload = await fetch(`${ctx.server.url}/api/admin/scenarios?id=doomed-deck`, {
    method: 'POST', headers: { authorization: `Bearer ${TOKEN}` },
    body: 'DERELICT 1\ntitle: Doomed Deck\nsquad: 1 sergeant\nreinforcements: 1\nalien-pool: 1\nmap:\n#####\n#M.X#\n#.E.#\n#####\n',
  });
  assert.equal(upload.status, 201, await upload.text());
  const page = await newPage(ctx.browser);
  await page.goto(`${ctx.server.url}/#/admin`);
  await page.fill('input[name=admin-token]', TOKEN);
  await page.click('button:has-text("Keep token")');
  const row = page.locator('.scenario-row[data-id="doomed-deck"]');
  await row.waitFor();
  await row.locator('button:has-text("Delete")').click();
  const dialog = page.locator('dialog.confirm');
  assert.match(await dialog.innerText(), /Delete the scenario “Doomed Deck” \(doomed-deck\) from the server\?/);
  await dialog.locator('.confirm-no').click();
  await page.waitForTimeout(300);
  assert.equal((await ctx.server.api('GET', '/api/scenarios/doomed-deck')).status, 200, 'still stored');
  await row.locator('button:has-text("Delete")').click();
  await page.click('dialog.confirm .confirm-yes');
  await row.waitFor({ state: 'detached' });
  assert.equal((await ctx.server.api('GET', '/api/scenarios/doomed-deck')).status, 404);
  assertNoScriptErrors(page);
  await page.context().close();
});

test('the questions can be turned off: on the settings page, or from the question itself', async () => {
  const page = await newPage(ctx.browser);
  await page.goto(`${ctx.server.url}/#/settings`);
  const ask = page.locator('input[name=confirm]');
  assert.equal(await ask.isChecked(), true, 'on by default');
  await ask.uncheck();
  await sitAt(page, ctx.server, artemia(32));
  await page.locator('.actions button[data-action="give-up"]').click();
  await answered(page);
  assert.equal(await page.locator('dialog.confirm').count(), 0, 'no question');
  await page.locator('.log li', { hasText: 'Ann (Hunted 1) gives up.' }).waitFor();

  // Back on, then off again from the question's own box.
  await page.goto(`${ctx.server.url}/#/settings`);
  await page.locator('input[name=confirm]').check();
  await sitAt(page, ctx.server, artemia(33));
  await page.locator('.actions button[data-action="give-up"]').click();
  await page.locator('dialog.confirm input[name=confirm-off]').check();
  await page.click('dialog.confirm .confirm-yes');
  await answered(page);
  await page.goto(`${ctx.server.url}/#/settings`);
  assert.equal(await page.locator('input[name=confirm]').isChecked(), false);
  assertNoScriptErrors(page);
  await page.context().close();
});
