// Browser test of the Derelict scenario editor (acceptance 5): a small map built by clicking and
// dragging with every kind of cell, checked by the server as it changes, downloaded, loaded back
// from the file after a reload, uploaded with the admin token, opened again from the store, and
// a match started on it.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { assertNoScriptErrors, newPage, repo, shoot, useServer } from './harness.js';

const TOKEN = 'editor-admin-token';
const ctx = useServer(['--admin-token', TOKEN]);

const EXPECTED = `DERELICT 1
title: Test Deck
author:
squad: 1 sergeant, 1 soldier
reinforcements: 2
alien-pool: unlimited
exit-needed: 1
turn-limit: 0
timer: 120+30
overwatch-range: 0
flamer-reloads: 1
map:
########
#MM.:.X#
#..D.E.#
#.d...A#
########
`;

const cell = (page, x, y) => page.locator(`.ed-svg .ed-cell[data-x="${x}"][data-y="${y}"]`);

async function brush(page, code) {
  await page.click(`.ed-brush[data-cell="${code}"]`);
}

/** Drags the pointer from square `from` to square `to` of the grid, painting on the way. */
async function drag(page, from, to) {
  const centre = async ([x, y]) => {
    const box = await cell(page, x, y).boundingBox();
    return [box.x + box.width / 2, box.y + box.height / 2];
  };
  const [ax, ay] = await centre(from);
  const [bx, by] = await centre(to);
  await page.mouse.move(ax, ay);
  await page.mouse.down();
  await page.mouse.move(bx, by, { steps: 12 });
  await page.mouse.up();
}

const checkText = (page) => page.locator('.ed-check').innerText();

test('the editor builds a map, checks it with the server, saves, reloads, uploads it and starts a match on it', async () => {
  const page = await newPage(ctx.browser);
  await page.goto(`${ctx.server.url}/#/editor`);
  await page.fill('input[name=title]', 'Test Deck');
  await page.fill('input[name=squad]', '1 sergeant, 1 soldier');
  await page.fill('input[name=exit-needed]', '1');
  await page.fill('input[name=width]', '8');
  await page.press('input[name=width]', 'Tab');
  await page.fill('input[name=height]', '5');
  await page.press('input[name=height]', 'Tab');
  assert.equal(await page.locator('.ed-svg .ed-cell').count(), 40);

  // Checked as it changes: the server's position and reason, and a bad value said as such.
  await page.locator('.ed-check.error-text', { hasText: /^Line 12, column 1: / }).waitFor();
  assert.match(await checkText(page), /^Line 12, column 1: 0 M squares for 2 marines\.$/);
  await page.fill('input[name=turn-limit]', 'soon');
  await page.locator('.ed-check.error-text', { hasText: 'turn-limit' }).waitFor();
  assert.equal(await checkText(page), 'Line 8, column 13: turn-limit: expected an integer 0-999.');
  await page.fill('input[name=turn-limit]', '0');

  // Paint: walls by dragging, every other kind by clicking.
  await brush(page, '#');
  await drag(page, [7, 0], [7, 4]);
  await drag(page, [0, 4], [6, 4]);
  for (const [code, squares] of [['M', [[1, 1], [2, 1]]], [':', [[4, 1]]], ['X', [[6, 1]]], ['D', [[3, 2]]], ['E', [[5, 2]]], ['d', [[2, 3]]], ['A', [[6, 3]]]]) {
    await brush(page, code);
    for (const [x, y] of squares) await cell(page, x, y).click();
  }
  await page.waitForSelector('.ed-check[data-valid="true"]');
  assert.equal(await checkText(page), 'Valid: “Test Deck” can be uploaded and played.');
  assert.equal(await page.inputValue('textarea[name=file-text]'), EXPECTED);
  await shoot(page, 'editor-built');

  // Save: the downloaded file is the canonical text.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('button:has-text("Download")')]);
  assert.equal(download.suggestedFilename(), 'test-deck.txt');
  const saved = await download.path();
  assert.equal(readFileSync(saved, 'utf8'), EXPECTED);

  // Reload the page and load the saved file: the same map and keys come back.
  await page.reload();
  await page.waitForSelector('.ed-svg');
  assert.notEqual(await page.inputValue('textarea[name=file-text]'), EXPECTED);
  await page.setInputFiles('input[name=load-file]', saved);
  await page.waitForFunction((text) => document.querySelector('textarea[name=file-text]').value === text, EXPECTED);
  assert.equal(await page.inputValue('input[name=title]'), 'Test Deck');
  assert.equal(await cell(page, 6, 3).getAttribute('data-cell'), 'A');
  await page.waitForSelector('.ed-check[data-valid="true"]');

  // Upload: refused in words without the token, stored with it. Until then no match can start, and the page says why.
  assert.ok(await page.locator('button:has-text("Start a match on it")').isDisabled());
  assert.ok(await page.locator('.ed-store p.hint', { hasText: 'Upload the map' }).isVisible());
  await page.click('.ed-store button:has-text("Upload")');
  await page.locator('.ed-upload.error-text', { hasText: 'admin token' }).waitFor();
  await page.fill('input[name=admin-token]', TOKEN);
  await page.click('.ed-store button:has-text("Upload")');
  await page.locator('.ed-upload.ok-text', { hasText: 'Uploaded as test-deck' }).waitFor();
  assert.ok(await page.locator('button:has-text("Start a match on it")').isEnabled());
  assert.ok(await page.locator('.ed-store p.hint', { hasText: 'Upload the map' }).isHidden());
  const stored = await ctx.server.api('GET', '/api/scenarios/test-deck');
  assert.equal(stored.body.text, EXPECTED);

  // The stored scenario opens in the editor by its address.
  await page.goto(`${ctx.server.url}/#/editor/test-deck`);
  await page.waitForFunction((text) => document.querySelector('textarea[name=file-text]')?.value === text, EXPECTED);

  // Start a match on it: the Marines deploy on its M squares.
  await page.fill('.ed-store input[name=name]', 'Vasquez');
  await page.selectOption('select[name=aliens]', 'bot');
  await page.click('button:has-text("Start a match on it")');
  await page.waitForSelector('.d-svg');
  assert.equal(await page.locator('.d-title').innerText(), 'Test Deck');
  await page.waitForSelector('.d-svg .mark-deploy[data-x="1"][data-y="1"]');
  await shoot(page, 'editor-match');
  assertNoScriptErrors(page);
});

test('erratum 19: a loaded file that leaves keys out is saved canonical, every key with its default written out', async () => {
  const canonical = readFileSync(join(repo, 'scenarios', 'derelict', 'chapel-crossing.txt'), 'utf8');
  // The keys whose values are the rules' defaults (exit-needed 3 = half of five marines, rounded up).
  const sparse = canonical.split('\n').filter((line) => !/^(reinforcements|exit-needed|timer|overwatch-range|flamer-reloads):/.test(line)).join('\n');
  assert.notEqual(sparse, canonical);
  const page = await newPage(ctx.browser);
  await page.goto(`${ctx.server.url}/#/editor`);
  await page.waitForSelector('.ed-svg');
  await page.setInputFiles('input[name=load-file]', { name: 'sparse.txt', mimeType: 'text/plain', buffer: Buffer.from(sparse) });
  await page.waitForFunction((text) => document.querySelector('textarea[name=file-text]').value === text, canonical);
  assert.equal(await page.inputValue('input[name=timer]'), '120+30');
  assert.equal(await page.inputValue('input[name=exit-needed]'), '3');
  await page.waitForSelector('.ed-check[data-valid="true"]');

  // A field emptied by hand is saved as its default too.
  await page.fill('input[name=flamer-reloads]', '');
  await page.waitForFunction((text) => document.querySelector('textarea[name=file-text]').value === text, canonical);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('button:has-text("Download")')]);
  assert.equal(readFileSync(await download.path(), 'utf8'), canonical);
  assertNoScriptErrors(page);
});
