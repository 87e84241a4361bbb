// Browser test of the admin page: the token kept once, the scenario lists per game, a refused
// file said in words with its line and column, an upload from the file picker, a refused token,
// and deleting the uploaded scenario.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertNoScriptErrors, newPage, shoot, useServer } from './harness.js';

const TOKEN = 'admin-secret-for-tests';

/** A small valid Derelict map. */
const MAP = `DERELICT 1
title: Admin Test Deck
squad: 1 sergeant, 1 soldier
map:
#######
#MM..X#
#..E..#
#######
`;

const ctx = useServer(['--admin-token', TOKEN]);

test('the admin page keeps the token, lists, refuses in words, uploads and deletes scenarios', async () => {
  const page = await newPage(ctx.browser);
  await page.goto(`${ctx.server.url}/#/admin`);
  const derelict = page.locator('.scenario-game[data-game="derelict"]');
  await derelict.locator('.scenario-row[data-id="chapel-crossing"]').waitFor();
  assert.match(await derelict.locator('.scenario-row[data-id="chapel-crossing"]').innerText(), /Chapel Crossing[\s\S]*shipped/);
  assert.equal(await derelict.locator('.scenario-row[data-id="chapel-crossing"] button:has-text("Delete")').count(), 0,
    'a shipped scenario offers no deletion');

  // Without a token the upload is refused, in words.
  await page.fill('textarea[name=text]', MAP);
  await page.click('button:has-text("Upload")');
  await page.waitForSelector('.upload-result.error-text');
  assert.match(await page.locator('.upload-result').innerText(), /admin token/i);

  // A broken file: the server's position and reason.
  await page.fill('input[name=admin-token]', TOKEN);
  await page.click('button:has-text("Keep token")');
  await page.fill('textarea[name=text]', MAP.replace('#..E..#', '#..Z..#'));
  await page.click('button:has-text("Check")');
  await page.locator('.upload-result.error-text', { hasText: 'Line' }).waitFor();
  assert.equal(await page.locator('.upload-result').innerText(), "Line 7, column 4: invalid cell 'Z'.");

  // The token survives a reload; the file comes from the file picker.
  await page.reload();
  await page.locator('.scenario-game[data-game="derelict"]').waitFor();
  assert.equal(await page.inputValue('input[name=admin-token]'), TOKEN);
  await page.setInputFiles('input[name=file]', { name: 'admin-test.txt', mimeType: 'text/plain', buffer: Buffer.from(MAP) });
  await page.waitForFunction(() => document.querySelector('textarea[name=text]').value.includes('Admin Test Deck'));
  await page.click('button:has-text("Check")');
  await page.waitForSelector('.upload-result.ok-text');
  await page.click('button:has-text("Upload")');
  const row = page.locator('.scenario-row[data-id="admin-test-deck"]');
  await row.waitFor();
  assert.match(await row.innerText(), /Admin Test Deck[\s\S]*uploaded/);
  assert.match(await page.locator('.upload-result').innerText(), /Uploaded “Admin Test Deck” as admin-test-deck/);
  const listed = await ctx.server.api('GET', '/api/scenarios?game=derelict');
  assert.ok(listed.body.some((s) => s.id === 'admin-test-deck' && !s.shipped));
  await shoot(page, 'admin');

  await row.locator('button:has-text("Delete")').click();
  await row.waitFor({ state: 'detached' });
  const left = await ctx.server.api('GET', '/api/scenarios?game=derelict');
  assert.ok(!left.body.some((s) => s.id === 'admin-test-deck'));
  assertNoScriptErrors(page);
});
