// Issue 17, point 7: motion and dice. Pieces that move glide a short way instead of jumping
// (Derelict's models, Intruder's crewmen); nothing moves for a player whose system asks for
// reduced motion, or who keeps the pieces still in the settings. Dice show as dice faces in the
// log and in the panels of the latest events, each face the number the words say.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  CORRIDOR_RUN, CRYSTAL_SPIRES, DESKTOP, answered, assertNoScriptErrors, deployCorridorRun, newPage, shoot, sitAt, useServer,
} from './harness.js';

const ctx = useServer();

/** Records every piece that starts a glide in `page` (an element's animation), by its key. */
function recordGlides(page) {
  return page.addInitScript(() => {
    window.glides = [];
    const animate = Element.prototype.animate;
    Element.prototype.animate = function glide(...args) {
      window.glides.push(this.dataset?.model ?? this.dataset?.crewman ?? this.dataset?.counter ?? this.dataset?.token ?? '?');
      return animate.apply(this, args);
    };
  });
}

test('a stepping marine glides to his new square; with reduced motion, or still pieces, nothing moves', async () => {
  for (const [screen, still, glides] of [[DESKTOP, false, true], [{ ...DESKTOP, reducedMotion: 'reduce' }, false, false], [DESKTOP, true, false]]) {
    const page = await newPage(ctx.browser, screen);
    await recordGlides(page);
    if (still) await page.addInitScript(() => localStorage.setItem('xenotable.settings', JSON.stringify({ stillPieces: true })));
    await sitAt(page, ctx.server, CORRIDOR_RUN);
    await deployCorridorRun(page);
    await page.evaluate(() => { window.glides = []; });
    await page.locator('.d-svg .model[data-model="m1"]').click();
    await page.locator('.d-svg .mark-step[data-x="2"][data-y="3"]').click();
    await answered(page);
    const moved = await page.evaluate(() => window.glides);
    const running = await page.evaluate(() => document.getAnimations().length);
    if (glides) {
      // (A redraw while he is still on his way glides him on from where he is seen.)
      assert.deepEqual([...new Set(moved)], ['m1'], 'Marine 1 glides, and only he');
    } else {
      assert.deepEqual(moved, [], `nothing glides (${screen.reducedMotion ? 'reduced motion' : 'still pieces'})`);
      assert.equal(running, 0, 'no animation runs at all');
    }
    assert.deepEqual(await page.locator('.d-svg .model[data-model="m1"]').evaluate((g) => [g.dataset.x, g.dataset.y]), ['2', '3']);
    assertNoScriptErrors(page);
    await page.context().close();
  }
});

test('an Intruder crewman glides from compartment to compartment', async () => {
  const page = await newPage(ctx.browser);
  await recordGlides(page);
  await sitAt(page, ctx.server, { game: 'intruder', scenario: 'solitaire', seed: 4004, seats: [{ seat: 'crew', name: 'Dallas' }] });
  // The dice of the set-up's random movement, beside the map ("Just now"), as faces.
  await page.waitForSelector('.in-recent li');
  const rolls = await page.locator('.in-recent li').evaluateAll((lis) => lis
    .map((li) => [/rolls (\d)/.exec(li.textContent)?.[1], [...li.querySelectorAll('.die-face')].map((f) => f.dataset.value)])
    .filter(([roll]) => roll));
  assert.ok(rolls.length > 0);
  for (const [roll, faces] of rolls) assert.deepEqual(faces, [roll]);
  await page.locator('.in-svg .crewman[data-crewman="c1"]').click();
  await page.evaluate(() => { window.glides = []; });
  await page.locator('.in-svg .room.legal[data-room="c1"]').click();
  await answered(page);
  assert.ok((await page.evaluate(() => window.glides)).includes('c1'));
  assertNoScriptErrors(page);
  await page.context().close();
});

test('the dice of every shot show as faces, in the round’s panel and in the log', async () => {
  const page = await newPage(ctx.browser);
  await sitAt(page, ctx.server, CRYSTAL_SPIRES);
  await page.locator('.crew-row[data-crew="captain"] select.target').selectOption('raiders-1');
  await answered(page);
  await page.click('.at-actions button:has-text("Lock the orders")');
  await answered(page);
  await page.waitForSelector('.at-results li.shot');
  for (const scope of ['.at-results li.shot', '.log .log-lines li']) {
    const shots = await page.locator(scope).evaluateAll((lis) => lis
      .map((li) => [/rolls (\d) \+ (\d)/.exec(li.textContent), [...li.querySelectorAll('.die-face')].map((f) => f.dataset.value)])
      .filter(([words]) => words)
      .map(([words, faces]) => [[words[1], words[2]], faces]));
    assert.ok(shots.length > 0, `${scope} tells shots`);
    for (const [said, faces] of shots) assert.deepEqual(faces, said, `${scope}: the faces are the dice the words say`);
  }
  // Faces are for the eye: screen readers hear the numbers in the words.
  assert.equal(await page.locator('.die-face:not([aria-hidden="true"])').count(), 0);
  await shoot(page, 'motion-dice');
  assertNoScriptErrors(page);
  await page.context().close();
});
