// Browser test of the Away Team table (acceptance 4): a match on the shipped encounter Ambush at
// the Crystal Spires against the automatic Aliens. Targets and stun or kill are assigned by
// clicking, the orders are locked, and the round's shots show with their dice and modifiers.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { answered, assertNoScriptErrors, newPage, pinSeed, shoot, useServer } from './harness.js';

const ctx = useServer();

test('Away Team: targets and stun or kill assigned by clicking, locked, and the shots told with dice and modifiers', async () => {
  const page = await newPage(ctx.browser);
  await pinSeed(page, 5);
  await page.goto(`${ctx.server.url}/#/`);
  await page.selectOption('select[name=game]', 'away-team');
  await page.selectOption('select[aria-label=Scenario]', 'crystal-spires');
  await page.fill('input[name=name]', 'Kirk');
  await page.selectOption('.seat-row[data-seat="away-team"] select', 'me');
  await page.selectOption('.seat-row[data-seat="aliens"] select', 'bot');
  await page.click('button:has-text("Create match")');
  await page.waitForURL(/#\/match\/[^/]+\/as\/away-team$/);
  await page.waitForSelector('.away-team .crew-row[data-crew="captain"] select.target');
  // The game is named as the server names it; the automatic Aliens are a bot.
  assert.equal(await page.locator('.match-bar .match-name').innerText(), 'Away Team');
  assert.equal(await page.locator('.match-bar .who').innerText(), 'You play Kirk (Away Team) with Aliens (bot, random)');
  assert.match(await page.title(), /Away Team · Xenotable$/);

  // The rosters: SKILL, roles, flags.
  assert.match(await page.locator('.crew-row[data-crew="captain"]').innerText(), /Captain[\s\S]*11/);
  assert.match(await page.locator('.crew-row[data-crew="sci"]').innerText(), /Science[\s\S]*6[\s\S]*− 3 outside security/);
  assert.match(await page.locator('.group[data-group="spirefolk"] .flags').innerText(), /stun-immune[\s\S]*peaceful/);

  // Captain: kill the first raider; Security: stun the second (mode first, then target); Science holds.
  const captain = page.locator('.crew-row[data-crew="captain"]');
  await captain.locator('select.target').selectOption('raiders-1');
  await answered(page);
  await captain.locator('button.mode[data-mode="kill"]').click();
  await answered(page);
  const sec = page.locator('.crew-row[data-crew="sec"]');
  await sec.locator('select.target').selectOption('raiders-2');
  await answered(page);
  assert.equal(await captain.locator('select.target').inputValue(), 'raiders-1');
  assert.equal(await captain.locator('button.mode.chosen').getAttribute('data-mode'), 'kill');
  assert.equal(await sec.locator('button.mode.chosen').getAttribute('data-mode'), 'stun');
  // The orders are secret: the log says only that they changed.
  assert.ok(await page.locator('.log-lines li', { hasText: 'The Away Team changes its orders' }).count() >= 3);
  await shoot(page, 'away-team-orders');

  await page.click('.at-actions button:has-text("Lock the orders")');
  await answered(page);

  // The automatic Aliens roll their targets and lock; the round is fired.
  const results = page.locator('.at-results');
  await results.locator('li.shot').first().waitFor();
  const lines = await results.locator('li').allInnerTexts();
  assert.ok(lines.some((l) => /^Orders revealed: Captain fires at Raiders 1 on kill; Security Officer fires at Raiders 2 on stun; Science Officer holds fire/.test(l)), lines.join('\n'));
  const captainShot = lines.find((l) => /Captain fires at Raiders 1 on kill: rolls \d \+ \d \+ 1 \(range\) \+ 1 \(target defence\) = \d+, needs under 11 — /.test(l.replace(/^\d\s*\d\s*/, '')));
  assert.ok(captainShot, lines.join('\n'));
  assert.ok(lines.some((l) => /^Raiders \d picks a target by the d6 method: rolls [\d, ]+ — (Captain|Security Officer|Science Officer)\.$/.test(l)), lines.join('\n'));
  assert.ok(lines.some((l) => /Raiders \d fires at \D+: rolls \d \+ \d \+ 1 \(range\) \+ 0 \(crew defence\) = \d+, needs under 8 — /.test(l)), lines.join('\n'));
  await page.locator('.log-lines li', { hasText: 'Captain fires at Raiders 1 on kill: rolls' }).waitFor();
  await shoot(page, 'away-team-fired');

  // The replay draws the same table, every order shown, and steps back to the orders given.
  await page.waitForSelector('.over a:has-text("Watch the replay")');
  assert.match(await page.locator('.over p').innerText(), /^Won by (Kirk \(Away Team\)|Aliens \(bot, random\)): [a-z].*\.$/);
  await page.click('.over a:has-text("Watch the replay")');
  await page.waitForSelector('.match-name:has-text("Replay: Away Team")');
  await page.click('button[aria-label="Last step"]');
  await page.locator('.at-results li.shot').first().waitFor();
  assert.equal(await page.locator('.at-results li.shot').count(), 3);
  await page.click('button[aria-label="First step"]');
  await page.keyboard.press('ArrowRight');
  assert.match(await page.locator('.step-caption').innerText(), /Captain fires at Raiders 1 on stun/);
  assert.match(await page.locator('.crew-row[data-crew="captain"] .order').innerText(), /fires at Raiders 1 on stun/);
  await shoot(page, 'away-team-replay');
  assertNoScriptErrors(page);
});
