// Browser test of the admin page: the token kept once, the scenario lists per game, a refused
// file said in words with its line and column (that line selected in the text area), an upload
// from the file picker, a refused token, and deleting the uploaded scenario (asked first).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertNoScriptErrors, newPage, shoot, useServer } from './harness.js';

const TOKEN = 'admin-secret-for-tests';

/** A small valid Away Team encounter (in main's server from the start). */
const ENCOUNTER = `format = "away-team/1"
title = "Admin Test Encounter"
objective = "neutralise"

[[crew]]
id = "captain"
name = "Captain"
role = "captain"
skill = 11

[[alien]]
id = "raiders"
name = "Raiders"
count = 2
skill = 8
`;

const ctx = useServer(['--admin-token', TOKEN]);

test('the admin page keeps the token, lists, refuses in words, uploads and deletes scenarios', async () => {
  const page = await newPage(ctx.browser);
  await page.goto(`${ctx.server.url}/#/admin`);
  const encounters = page.locator('.scenario-game[data-game="away-team"]');
  await encounters.locator('.scenario-row[data-id="crystal-spires"]').waitFor();
  assert.match(await encounters.locator('.scenario-row[data-id="crystal-spires"]').innerText(), /Ambush at the Crystal Spires[\s\S]*shipped/);
  assert.equal(await encounters.locator('.scenario-row[data-id="crystal-spires"] button:has-text("Delete")').count(), 0,
    'a shipped scenario offers no deletion');

  // Without a token the upload is refused, in words.
  await page.fill('textarea[name=text]', ENCOUNTER);
  await page.click('button:has-text("Upload")');
  await page.waitForSelector('.upload-result.error-text');
  assert.match(await page.locator('.upload-result').innerText(), /admin token/i);

  // A broken file: the server's position and reason.
  await page.fill('input[name=admin-token]', TOKEN);
  await page.click('button:has-text("Keep token")');
  await page.fill('textarea[name=text]', ENCOUNTER.replace('role = "captain"', 'role = "admiral"'));
  await page.click('button:has-text("Check")');
  await page.locator('.upload-result.error-text', { hasText: 'Line' }).waitFor();
  assert.match(await page.locator('.upload-result').innerText(), /^Line 8, column 8: crew\[0\]\.role: must be one of "captain", /);
  // The line it points at is selected in the text area.
  const selected = await page.locator('textarea[name=text]').evaluate((area) => [area.dataset.errorLine, area.value.slice(area.selectionStart, area.selectionEnd), document.activeElement === area]);
  assert.deepEqual(selected, ['8', 'role = "admiral"', true]);

  // The token survives a reload; the file comes from the file picker.
  await page.reload();
  await page.locator('.scenario-game[data-game="away-team"]').waitFor();
  assert.equal(await page.inputValue('input[name=admin-token]'), TOKEN);
  await page.setInputFiles('input[name=file]', { name: 'admin-test.toml', mimeType: 'text/plain', buffer: Buffer.from(ENCOUNTER) });
  await page.waitForFunction(() => document.querySelector('textarea[name=text]').value.includes('Admin Test Encounter'));
  await page.click('button:has-text("Check")');
  await page.waitForSelector('.upload-result.ok-text');
  await page.click('button:has-text("Upload")');
  const row = page.locator('.scenario-row[data-id="admin-test-encounter"]');
  await row.waitFor();
  assert.match(await row.innerText(), /Admin Test Encounter[\s\S]*uploaded/);
  assert.match(await page.locator('.upload-result').innerText(), /^Uploaded “Admin Test Encounter” as admin-test-encounter \(Away Team\); it can be played now\.$/);
  const listed = await ctx.server.api('GET', '/api/scenarios?game=away-team');
  assert.ok(listed.body.some((s) => s.id === 'admin-test-encounter' && !s.shipped));
  await shoot(page, 'admin');

  await row.locator('button:has-text("Delete")').click();
  await page.click('dialog.confirm .confirm-yes');
  await row.waitFor({ state: 'detached' });
  const left = await ctx.server.api('GET', '/api/scenarios?game=away-team');
  assert.ok(!left.body.some((s) => s.id === 'admin-test-encounter'));
  assertNoScriptErrors(page);
});
