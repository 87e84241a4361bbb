// Issue 17, point 4: help at hand. A "How to play" page per game (the aim, the turn, the actions
// on this client's table, what is hidden), linked from the lobby and opened over the table;
// descriptions of every game and built-in scenario in the lobby, options said in words; and the
// terms a newcomer meets on each table explained where they appear (tap, hover or focus).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PHONE, assertNoScriptErrors, newPage, shoot, sitAt, useServer } from './harness.js';

const ctx = useServer();

const GAMES = { artemia: 'Artemia', derelict: 'Derelict', 'away-team': 'Away Team', intruder: 'Intruder' };

test('the lobby describes every game and built-in scenario, says options in words and links each guide', async () => {
  const page = await newPage(ctx.browser);
  await page.goto(`${ctx.server.url}/#/`);
  await page.waitForSelector('select[name=game] option[value=intruder]', { state: 'attached' });
  for (const [game, name] of Object.entries(GAMES)) {
    await page.selectOption('select[name=game]', game);
    assert.ok((await page.locator('.game-about').innerText()).length > 80, `${game} is described`);
    const link = page.locator(`.game-about a[href="#/help/${game}"]`);
    assert.equal(await link.innerText(), `How to play ${name}`);
    for (const scenario of await page.locator('select[aria-label=Scenario] option').evaluateAll((os) => os.map((o) => o.value))) {
      await page.selectOption('select[aria-label=Scenario]', scenario);
      const about = await page.locator('.scenario-about').innerText();
      assert.ok(about.length > 40 && !/uploaded/.test(about), `${game}/${scenario}: ${about}`);
    }
  }
  // Intruder's options: named and chosen in words, not `turn-limit` and `true`.
  await page.selectOption('select[name=game]', 'intruder');
  const form = await page.locator('.create-form').innerText();
  assert.match(form, /Turn limit/);
  assert.doesNotMatch(form, /turn-limit|\btrue\b|\bfalse\b/);
  assert.deepEqual(await page.locator('select[aria-label="Lost crewmen"] option').allInnerTexts(), ['No', 'Yes']);
  assert.match(form, /The game ends and is scored after this turn \(0: no limit\)\./);
  await shoot(page, 'help-lobby');
  await page.click('.game-about a');
  await page.waitForSelector('.help h1:has-text("How to play Intruder")');
  assertNoScriptErrors(page);
  await page.context().close();
});

test('each game’s guide tells the aim, the turn, this table’s actions and what is hidden', async () => {
  const page = await newPage(ctx.browser);
  for (const [game, name] of Object.entries(GAMES)) {
    await page.goto(`${ctx.server.url}/#/help/${game}`);
    await page.waitForSelector(`.help h1:has-text("How to play ${name}")`);
    const titles = await page.locator('.help-section h2').allInnerTexts();
    for (const needed of ['The aim', 'What is hidden', 'Words of the table']) assert.ok(titles.includes(needed), `${game}: ${titles}`);
    assert.ok(titles.some((t) => /turn|round/i.test(t)), `${game} tells its turn: ${titles}`);
    assert.ok(titles.includes('Your actions on this table') || titles.includes('Your choices on this table'), `${game}: ${titles}`);
    assert.equal(await page.locator('.help-nav a[aria-current="page"]').innerText(), name);
    await shoot(page, `help-${game}`);
  }
  assertNoScriptErrors(page);
  await page.context().close();
});

/** Taps (or clicks) the term labelled `label` in `scope` and returns the explanation it shows. */
async function explain(page, scope, label) {
  const wrap = page.locator(`${scope} .term-wrap`, { has: page.locator('.term', { hasText: label }) }).first();
  await wrap.locator('.term').click();
  const tip = wrap.locator('.term-tip');
  await tip.waitFor({ state: 'visible' });
  return tip.innerText();
}

test('the table opens its guide without leaving the match, and explains its terms where they appear', async () => {
  const page = await newPage(ctx.browser, PHONE);
  await sitAt(page, ctx.server, {
    game: 'derelict', scenario: 'corridor-run', seed: 5,
    seats: [{ seat: 'marines', name: 'Hicks' }, { seat: 'aliens', bot: true }],
  });
  assert.match(await explain(page, '.d-status', 'Alien pool'), /aliens are still to come on as reinforcements/);
  await page.locator('button.guide-button').tap();
  const guide = page.locator('dialog.guide');
  await guide.waitFor();
  assert.match(await guide.innerText(), /How to play Derelict/);
  assert.match(await guide.innerText(), /acting with another model finishes it for the turn/);
  await shoot(page, 'help-guide-over-the-table');
  await guide.locator('button:has-text("Back to the table")').tap();
  await guide.waitFor({ state: 'detached' });
  assert.equal(await page.locator('.conn').getAttribute('data-state'), 'live', 'still at the table');
  await page.context().close();

  const away = await newPage(ctx.browser);
  await sitAt(away, ctx.server, {
    game: 'away-team', scenario: 'crystal-spires', seed: 5,
    seats: [{ seat: 'away-team', name: 'Kirk' }, { seat: 'aliens', bot: true }],
  });
  assert.match(await explain(away, '.at-status', 'Hostility'), /peaceful group the Away Team kills/);
  assert.match(await explain(away, '.at-crew', 'SKILL'), /hits when the total is under the shooter’s SKILL/);
  await away.context().close();

  const creature = await newPage(ctx.browser);
  await sitAt(creature, ctx.server, {
    game: 'artemia', seed: 11,
    seats: [{ seat: 'creature', name: 'Cy' }, { seat: 'hunted-1', bot: true }],
  });
  // Seed 11 deals Phobia, an A-symbol card: the card says what its A stands for, and the hand's
  // heading explains the symbols.
  assert.match(await creature.locator('.big-card.hunt[data-card="phobia"] .card-meta').innerText(), /A \(Artemia token\)/);
  assert.match(await explain(creature, '.hand-area h3', 'A'), /lets the Creature put the Artemia token out/);
  assert.match(await explain(creature, '.a-track', 'Rescue'), /Hunted win when Rescue reaches the star/);
  // The keyboard shows the explanation too, and Escape hides it.
  await creature.locator('.a-track .term', { hasText: 'Assimilation' }).focus();
  const tip = creature.locator('.a-track .term-wrap', { has: creature.locator('.term', { hasText: 'Assimilation' }) }).locator('.term-tip');
  await tip.waitFor({ state: 'visible' });
  await creature.keyboard.press('Escape');
  await creature.locator('.a-track .term', { hasText: 'Assimilation' }).evaluate((el) => el.blur());
  await tip.waitFor({ state: 'hidden' });
  assertNoScriptErrors(creature);
  await creature.context().close();

  const crew = await newPage(ctx.browser);
  await sitAt(crew, ctx.server, { game: 'intruder', scenario: 'solitaire', seed: 5, seats: [{ seat: 'crew', name: 'Ash' }] });
  assert.match(await explain(crew, '.in-status', 'Score'), /−5 for each dead crewman, \+7 for each Intruder killed, \+15 for each Intruder captured/);
  assert.match(await explain(crew, '.in-crew', 'MP'), /Movement points/);
  assertNoScriptErrors(crew);
  await crew.context().close();
});
