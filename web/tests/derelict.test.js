// Browser test of the Derelict table (acceptance 2): a match on the shipped map Corridor Run,
// marines and aliens played by two people in two browser contexts, a third watching. The squad
// is deployed, a marine steps, turns and shoots by clicking; the Aliens see the marine clock
// count down; the spectator's table follows live.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { answered, assertNoScriptErrors, newPage, pinSeed, screenshots, shoot, useServer } from './harness.js';

const ctx = useServer();

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
  await marines.click('a:has-text("Go to the table as Marines")');
  const id = /#\/match\/([^/]+)/.exec(marines.url())[1];

  const aliens = await newPage(ctx.browser);
  await aliens.goto(`${ctx.server.url}/#/join/${id}/aliens`);
  await aliens.fill('.join-form input', 'Queen');
  await aliens.click('.join-form button');
  await aliens.waitForSelector('.d-svg');

  const spectator = await newPage(ctx.browser);
  await spectator.goto(`${ctx.server.url}/#/match/${id}/watch`);
  await spectator.waitForSelector('.d-svg');

  // Deployment: every marine on an M square, facing east, by clicking.
  await marines.waitForSelector('.d-phase[data-phase="marine-deployment"]');
  await marines.click('.d-facing button[data-facing="E"]');
  const starts = [[1, 3], [1, 1], [2, 1], [1, 2], [2, 2], [1, 4]];
  for (const [i, [x, y]] of starts.entries()) {
    assert.match(await marines.locator('.d-model h2').innerText(), new RegExp(`Marine ${i + 1}$`));
    await clickSquare(marines, 'deploy', x, y);
  }
  assert.deepEqual(await modelOn(marines, 'm1'), { x: 1, y: 3, facing: 'E' });
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
  assert.equal((await modelOn(marines, 'm1')).facing, 'S');
  await marines.keyboard.press('q');
  await answered(marines);
  assert.equal((await modelOn(marines, 'm1')).facing, 'E');
  await marines.keyboard.press('w');
  await answered(marines);
  assert.deepEqual(await modelOn(marines, 'm1'), { x: 3, y: 3, facing: 'E' });
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

  await marines.keyboard.press('Enter');
  await answered(marines);

  // Alien turn 1: two arrivals on entry squares, chosen by clicking, then one steps into view.
  await aliens.waitForSelector('.d-phase[data-phase="alien-turn"]');
  await aliens.click('.d-facing button[data-facing="S"]');
  await clickSquare(aliens, 'arrive', 9, 1);
  await aliens.click('.d-facing button[data-facing="N"]');
  await clickSquare(aliens, 'arrive', 9, 5);
  await aliens.locator('.d-svg .model[data-model="a1"]').click();
  await clickSquare(aliens, 'step', 9, 2);
  await clickSquare(aliens, 'step', 9, 3);
  await aliens.click('.d-actions button:has-text("Right (E)")');
  await answered(aliens);
  assert.deepEqual(await modelOn(aliens, 'a1'), { x: 9, y: 3, facing: 'W' });
  await shoot(aliens, 'derelict-aliens-turn');
  await aliens.click('.d-actions button:has-text("End turn")');
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
