// Issue 17, point 1: phones. Every table is played for several turns at 390×844 with touch alone
// (Chromium emulating a phone: touch, no mouse), and at every step the page must not scroll
// sideways and every control must be at least 32 CSS px either way. The lobby's create forms
// fit, on a phone and on a desktop. Screenshots of each table at a phone's size go to
// screenshots/phone-*.png.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DESKTOP, PHONE, answered, assertNoScriptErrors, newPage, phoneFaults, pinSeed, shoot, useServer } from './harness.js';

const ctx = useServer();

/** Asserts the phone's rules hold on `page` now (`when` names the moment in the message). */
async function assertPhone(page, when) {
  const faults = await phoneFaults(page);
  assert.deepEqual(faults, { scrolls: false, overflow: [], small: [] }, `${when}: ${JSON.stringify(faults)}`);
}

/** Creates a match in the lobby on `page` (seats: `{seat: 'me'|'bot'|'open'}`) and lands on its table. */
async function create(page, { game, scenario, seats, seed, options = {} }) {
  await pinSeed(page, seed);
  await page.goto(`${ctx.server.url}/#/`);
  await page.selectOption('select[name=game]', game);
  if (scenario) await page.selectOption('select[aria-label=Scenario]', scenario);
  for (const [label, value] of Object.entries(options)) await page.fill(`input[aria-label="${label}"]`, value);
  await page.fill('input[name=name]', 'Thumb');
  for (const [seat, who] of Object.entries(seats)) await page.selectOption(`.seat-row[data-seat="${seat}"] select`, who);
  await assertPhone(page, `the ${game} create form`);
  await page.locator('button:has-text("Create match")').tap();
  await page.waitForURL(/#\/match\/[^/]+\/as\//);
  await page.waitForSelector('.conn[data-state="live"]');
}

/** The form's fields that reach past the form's own right edge. */
function formOverflow(page) {
  return page.evaluate(() => {
    const right = document.querySelector('.panel.create').getBoundingClientRect().right;
    return [...document.querySelectorAll('.panel.create *')]
      .filter((el) => el.getBoundingClientRect().right > right + 0.5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} ${el.getAttribute('aria-label') ?? ''}`);
  });
}

test('the lobby’s create forms fit every game’s choices, on a phone and on a desktop', async () => {
  for (const screen of [PHONE, DESKTOP]) {
    const page = await newPage(ctx.browser, screen);
    await page.goto(`${ctx.server.url}/#/`);
    await page.waitForSelector('select[name=game] option[value=intruder]', { state: 'attached' });
    const games = await page.locator('select[name=game] option').evaluateAll((os) => os.map((o) => o.value));
    for (const game of games) {
      await page.selectOption('select[name=game]', game);
      const scenarios = await page.locator('select[aria-label=Scenario] option').evaluateAll((os) => os.map((o) => o.value));
      for (const scenario of scenarios.length ? scenarios : [null]) {
        if (scenario) await page.selectOption('select[aria-label=Scenario]', scenario);
        assert.deepEqual(await formOverflow(page), [], `${game} ${scenario ?? ''} at ${screen.viewport.width} px`);
        if (screen === PHONE) await assertPhone(page, `the lobby, ${game} ${scenario ?? ''}`);
      }
    }
    if (screen === PHONE) await shoot(page, 'phone-lobby');
    assertNoScriptErrors(page);
    await page.context().close();
  }
});

test('Artemia on a phone: two turns as the Creature by tapping places and the offered choices', async () => {
  const page = await newPage(ctx.browser, PHONE);
  await create(page, { game: 'artemia', seed: 11, seats: { creature: 'me', 'hunted-1': 'bot', 'hunted-2': 'bot' } });
  await assertPhone(page, 'the Artemia table');
  let revealed = false;
  for (let moves = 0; moves < 60; moves += 1) {
    await page.waitForFunction(() => document.querySelector('.your-move') || /Turn 3/.test(document.querySelector('.a-turn')?.textContent ?? ''));
    if (await page.locator('.a-turn:has-text("Turn 3")').count()) break;
    if (!revealed && (await page.locator('.a-reveal').isVisible())) {
      revealed = true;
      await assertPhone(page, 'the reveal');
      await shoot(page, 'phone-artemia');
    }
    // A place to put a token on, else the first offered choice (passing, mostly).
    const place = page.locator('button.place.choosable');
    await ((await place.count()) ? place.nth(moves % (await place.count())) : page.locator('.actions button.act').first()).tap();
    await answered(page);
  }
  assert.equal(await page.locator('.a-turn').innerText(), 'Turn 3');
  assert.ok(revealed, 'a reveal was shown');
  await assertPhone(page, 'turn 3');
  assertNoScriptErrors(page);
  await page.context().close();
});

test('Derelict on a phone: deploy, two marine turns and the aliens’ in between, by tapping a zoomed board', async () => {
  const page = await newPage(ctx.browser, PHONE);
  await create(page, { game: 'derelict', scenario: 'corridor-run', seed: 11, seats: { marines: 'me', aliens: 'bot' } });
  // Corridor Run is 44 squares wide: fitted to 390 px its squares would be 8 px. The board is
  // zoomed to squares a finger can tap, and pans.
  const square = await page.locator('.d-svg .mark-deploy').first().evaluate((el) => el.getBoundingClientRect().width);
  assert.ok(square >= 32, `a start square is ${square} px wide`);
  assert.ok(await page.locator('.d-board .zoom-frame').evaluate((el) => el.scrollWidth > el.clientWidth + 100), 'the board pans');
  assert.equal(await page.locator('.d-keys').isVisible(), false, 'no keyboard help on a touch screen');
  await assertPhone(page, 'deployment');
  for (const [x, y] of [[1, 3], [1, 1], [2, 1], [1, 2], [2, 2], [1, 4]]) {
    await page.locator(`.d-svg .mark-deploy[data-x="${x}"][data-y="${y}"]`).tap();
    await answered(page);
  }
  await page.locator('button:has-text("Confirm deployment")').tap();
  await answered(page);

  for (const turn of [1, 2]) {
    await page.waitForFunction((t) => document.querySelector('.d-duty.mine') && document.querySelector('.d-turn')?.textContent.startsWith(`Turn ${t}`), turn);
    // Marine 1 leads down the corridor; the frame pans to keep him in view.
    await page.locator('.d-svg .model[data-model="m1"]').tap();
    for (let step = 0; step < 2; step += 1) {
      const forward = page.locator('.d-svg .mark-step').first();
      await forward.tap();
      await answered(page);
    }
    await assertPhone(page, `marine turn ${turn}`);
    if (turn === 2) await shoot(page, 'phone-derelict');
    await page.locator('.d-actions button:has-text("End turn")').tap();
    // Other marines have not acted: the page asks, and the answer is tapped too.
    await page.locator('dialog.confirm .confirm-yes').tap();
    await answered(page);
  }
  await page.waitForFunction(() => document.querySelector('.d-turn')?.textContent.startsWith('Turn 3') || document.querySelector('.d-outcome'));
  await assertPhone(page, 'turn 3');
  assertNoScriptErrors(page);
  await page.context().close();
});

test('Away Team on a phone: three rounds of orders against the automatic Aliens, by touch', async () => {
  const page = await newPage(ctx.browser, PHONE);
  await create(page, { game: 'away-team', scenario: 'crystal-spires', seed: 2024, seats: { 'away-team': 'me', aliens: 'bot' } });
  await assertPhone(page, 'the Away Team table');
  for (let round = 1; round <= 3; round += 1) {
    await page.waitForFunction((r) => document.querySelector('.at-round')?.textContent.startsWith(`Round ${r}`) || document.querySelector('section.over:not([hidden])'), round);
    if (await page.locator('section.over:not([hidden])').count()) break;
    await page.waitForSelector('.at-actions button:has-text("Lock the orders"):not([disabled])');
    const crew = await page.locator('.crew-row select.target').count();
    for (let k = 0; k < crew; k += 1) {
      const row = page.locator('.crew-row').filter({ has: page.locator('select.target') }).nth(k);
      await row.locator('button.mode[data-mode="kill"]').tap();
      await answered(page);
      const target = await row.locator('select.target option').evaluateAll((os) => os.map((o) => o.value).find(Boolean));
      if (target) {
        await row.locator('select.target').selectOption(target);
        await answered(page);
      }
    }
    await assertPhone(page, `round ${round}, orders given`);
    await page.locator('.at-actions button:has-text("Lock the orders")').tap();
    await answered(page);
    await page.waitForSelector('.at-results:not([hidden])');
    if (round === 1) {
      await assertPhone(page, 'round 1, the fire');
      await shoot(page, 'phone-away-team');
    }
  }
  assertNoScriptErrors(page);
  await page.context().close();
});

test('Intruder on a phone: crewmen moved by tapping a zoomed station, two turns through the offered choices', async () => {
  const page = await newPage(ctx.browser, PHONE);
  await create(page, { game: 'intruder', seed: 4004, seats: { crew: 'me' }, options: { 'Turn limit': '5' } });
  await page.waitForSelector('.intruder .crewman[data-crewman="c1"]');
  const token = await page.locator('.in-svg .crewman[data-crewman="c1"]').evaluate((el) => el.getBoundingClientRect());
  assert.ok(token.width >= 32 && token.height >= 32, `a crewman is ${token.width}×${token.height} px`);
  await assertPhone(page, 'the Intruder table');
  for (let turn = 1; turn <= 2; turn += 1) {
    await page.waitForSelector('.in-actions button:has-text("End the movement")');
    // The first Command Officer moves one compartment by two taps: him, then where to.
    await page.locator('.in-svg .crewman[data-crewman="c1"]').tap();
    await page.locator('.in-svg .room.legal').first().tap();
    await answered(page);
    await assertPhone(page, `turn ${turn}, crew movement`);
    if (turn === 1) await shoot(page, 'phone-intruder');
    await page.locator('.in-actions button:has-text("End the movement")').tap();
    await answered(page);
    // The interactions: whatever ends them, as offered, until the next turn's movement.
    for (let i = 0; i < 20 && !(await page.locator('.in-actions button:has-text("End the movement")').count()); i += 1) {
      if (await page.locator('section.over:not([hidden])').count()) break;
      const button = page.locator('.in-actions button:has-text("End the actions"), .in-actions button:has-text("No self-defence")').first();
      if (!(await button.count())) {
        await page.waitForTimeout(100);
        continue;
      }
      await button.tap();
      await answered(page);
    }
  }
  await assertPhone(page, 'turn 3');
  assertNoScriptErrors(page);
  await page.context().close();
});
