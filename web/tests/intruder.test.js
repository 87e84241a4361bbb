// Browser test of the Intruder table: a solitaire match created through the lobby, a crewman
// selected and moved by clicking a highlighted compartment, the movement ended, and the Second
// Interaction turning the counter he walked in on face up, told in the log.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { answered, askNothing, assertNoScriptErrors, newPage, pinSeed, shoot, useServer } from './harness.js';

const ctx = useServer();

test('Intruder: a crewman moved by clicking onto a hidden counter, the movement ended, the interaction told in the log', async () => {
  const page = await newPage(ctx.browser);
  // Seed 4004 deals a face-down counter in Corridor C-1, next to the Command Module.
  await pinSeed(page, 4004);
  await page.goto(`${ctx.server.url}/#/`);
  await page.selectOption('select[name=game]', 'intruder');
  assert.equal(await page.locator('select[aria-label=Scenario]').inputValue(), 'solitaire');
  assert.equal(await page.locator('input[aria-label="Turn limit"]').inputValue(), '100');
  await page.fill('input[name=name]', 'Ripley');
  await page.selectOption('.seat-row[data-seat="crew"] select', 'me');
  await page.click('button:has-text("Create match")');
  await page.waitForURL(/#\/match\/[^/]+\/as\/crew$/);
  await page.waitForSelector('.intruder .crewman[data-crewman="c1"]');
  assert.equal(await page.locator('.match-bar .match-name').innerText(), 'Intruder');
  assert.equal(await page.locator('.in-svg .room').count(), 28);
  assert.match(await page.locator('.in-prompt').innerText(), /^Your move\. Crew Movement/);
  // Face-down counters are neutral tokens; the stage chart shows stage 1; two powers unknown.
  assert.ok(await page.locator('.in-svg .room[data-room="c1"] .counter.id-hidden').count() >= 1);
  assert.equal(await page.locator('.in-stages tr.current').getAttribute('data-stage'), '1');
  assert.equal(await page.locator('.in-powers .power.unknown').count(), 2);

  // Select C1 by clicking him: the compartments he may reach are outlined.
  await page.click('.in-svg .crewman[data-crewman="c1"]');
  const legal = await page.locator('.in-svg .room.legal').evaluateAll((rooms) => rooms.map((r) => r.dataset.room).sort());
  assert.deepEqual(legal, ['a1', 'b1', 'c1']);
  assert.match(await page.locator('.in-selected').innerText(), /Command Officer C1 in Command Module · 3 MP left/);
  await shoot(page, 'intruder-selected');
  await page.click('.in-svg .room.legal[data-room="c1"]');
  await answered(page);
  await page.locator('.log-lines li', { hasText: 'Command Officer C1 moves CM → C-1 (2 MP left).' }).waitFor();
  assert.equal(await page.locator('.in-svg .room[data-room="c1"] .crewman[data-crewman="c1"]').count(), 1);

  // End the movement: the Second Interaction turns the counter in C-1 face up.
  await page.click('.in-actions button:has-text("End the movement")');
  await answered(page);
  await page.locator('.log-lines li', { hasText: /^Counter \w+ in Corridor C-1 is turned face up: (an Intruder|a Lab Animal|a Dummy)\.$/ }).waitFor();
  const lines = await page.locator('.log-lines li').allInnerTexts();
  assert.ok(lines.some((l) => /^Metamorphosis: rolls \d — /.test(l)), lines.join('\n'));
  // No raw event or action name reaches the player.
  assert.ok(lines.every((l) => !/^[a-z-]+\.$/.test(l)), lines.join('\n'));
  await shoot(page, 'intruder-revealed');

  // Whatever the interaction asks next is answered from the offered buttons until the crew
  // moves again.
  for (let i = 0; i < 10 && !(await page.locator('.in-actions button:has-text("End the movement")').count()); i += 1) {
    const button = page.locator('.in-actions button:has-text("End the actions"), .in-actions button:has-text("No self-defence")').first();
    await button.click();
    await answered(page);
  }
  assert.match(await page.locator('.in-status').innerText(), /Turn 2 of 100/);
  const later = await page.locator('.log-lines li').allInnerTexts();
  assert.ok(later.some((l) => /^Counter \w+ rolls \d for random movement: /.test(l)), later.join('\n'));
  await shoot(page, 'intruder-turn-2');
  assertNoScriptErrors(page);
});

test('Intruder: a whole short match played through the offered choices tells every event in words', async () => {
  const page = await newPage(ctx.browser);
  // Random clicks may start the self-destruct: its question is turned off, as a player may.
  await askNothing(page);
  await pinSeed(page, 31);
  await page.goto(`${ctx.server.url}/#/`);
  await page.selectOption('select[name=game]', 'intruder');
  await page.fill('input[aria-label="Turn limit"]', '3');
  await page.fill('input[name=name]', 'Dallas');
  await page.selectOption('.seat-row[data-seat="crew"] select', 'me');
  await page.click('button:has-text("Create match")');
  await page.waitForURL(/#\/match\/[^/]+\/as\/crew$/);
  await page.waitForSelector('.intruder .crewman');
  assert.match(await page.locator('.in-status').innerText(), /Turn 1 of 3/);
  // A seeded walk: now a highlighted compartment, now a button of the panel, now another
  // crewman who can act; whatever is offered is accepted.
  let seed = 31;
  const below = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const buttonWords = new Set();
  for (let i = 0; i < 600 && !(await page.locator('section.over').isVisible()); i += 1) {
    for (const text of await page.locator('.in-actions button.act, .in-actions .act-heading').allInnerTexts()) buttonWords.add(text);
    const choices = [
      ...(await page.locator('.in-svg .room.legal').all()),
      ...(await page.locator('.in-actions button.act').all()),
      ...(await page.locator('.in-roster .crew-row.can-act:not(.selected)').all()),
    ];
    if (!choices.length) {
      await page.waitForTimeout(50);
      continue;
    }
    await choices[below(choices.length)].click();
    await answered(page);
  }
  await page.waitForSelector('section.over h2');
  const score = Number((await page.locator('.in-score').innerText()).replace('Score ', ''));
  assert.equal(await page.locator('section.over h2').innerText(), score > 0 ? 'You won!' : score < 0 ? 'You lost.' : 'A draw.');
  assert.match(await page.locator('section.over > p').innerText(), /the turn limit was reached|no crewman is left|every Intruder is dealt with/);
  assert.match(await page.locator('.in-prompt').innerText(), /^The match is over: .*\. Final score -?\d+\.$/);
  const lines = await page.locator('.log-lines li').allInnerTexts();
  assert.ok(lines.length > 30, lines.join('\n'));
  for (const line of lines) {
    assert.ok(!/^[a-z-]+\.$|undefined|\[object|NaN/.test(line), line);
  }
  assert.ok(lines.some((l) => /^The game ends \(.+\): score -?\d+\.$/.test(l)), lines.join('\n'));
  // The end explains the score: the dead, the kills, the captures, the escapes.
  const account = await page.locator('section.over .in-score-account').innerText();
  assert.match(account, new RegExp(`Final score ${score}\\.`));
  for (const part of [/crewm[ae]n dead: −5 each/, /Intruders? killed: \+7 each/, /captured \(frozen or trapped\): \+15 each/, /escaped by Shuttle/]) {
    assert.match(account, part);
  }
  assert.match(account, new RegExp(`= ${score}: above zero the crew wins, below it loses, zero is a draw\\.`));
  // Buttons name objects and counters in words: no object number, no counter id.
  const idLike = [...buttonWords].filter((t) => /#\d|\b(?=[0-9A-Z]*\d)(?=[0-9A-Z]*[A-Z])[0-9A-Z]{4,}\b/.test(t.replace(/\b(S[ABC][12]|DK[12]|SH[123])\b/g, '')));
  assert.deepEqual(idLike, [], 'buttons in words');
  assert.ok([...buttonWords].some((t) => /\bthe (first |second |third )?(Blaster|Sleep Dart Pistol|Gas Canister|Electric Prod|Flamethrower|Cage)\b/.test(t)), [...buttonWords].join(' | '));
  await shoot(page, 'intruder-over');

  // The replay draws the same station to an omniscient eye: no counter on the map is face down.
  await page.click('section.over a:has-text("Watch the replay")');
  await page.waitForSelector('.match-name:has-text("Replay: Intruder")');
  await page.click('button[aria-label="Last step"]');
  await page.waitForSelector('.in-prompt.over');
  assert.equal(await page.locator('.in-svg .room').count(), 28);
  assert.ok(await page.locator('.in-svg .counter').count() > 0);
  assert.equal(await page.locator('.in-svg .counter.id-hidden').count(), 0);
  await page.click('button[aria-label="First step"]');
  assert.match(await page.locator('.in-status').innerText(), /Turn 1 of 3/);
  await shoot(page, 'intruder-replay');
  assertNoScriptErrors(page);
});
