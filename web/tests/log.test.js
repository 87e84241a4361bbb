// Issue 17, point 3: a log that survives. After a reload, a reconnection or a server restart the
// event log shows the whole match so far, as that viewer may see it: the server sends each viewer
// its own redacted history in `welcome`. A Hunted's log names his own face-down card; a
// spectator's never does, before or after a reload.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { answered, assertNoScriptErrors, newPage, shoot, sitAt, useServer } from './harness.js';

const ctx = useServer();

/** The event lines of the log (the page's own lines about the connection left out). */
const events = (page) => page.locator('.log .log-lines li:not(.sys)').allInnerTexts();

/** Waits until nothing happens on `page` for a while (the bots wait for the player); returns its seq. */
async function settled(page) {
  let seq = -1;
  for (;;) {
    const now = Number(await page.getAttribute('.table-root', 'data-seq'));
    if (now === seq) return seq;
    seq = now;
    await page.waitForTimeout(700);
  }
}

/** Waits until `page` has been told everything up to seq `seq`. */
const caughtUp = (page, seq) => page.waitForFunction((s) => Number(document.querySelector('.table-root')?.dataset.seq) >= s, seq);

test('the log survives a reload, a spectator’s reload and a server restart, each as its viewer saw it', async () => {
  const player = await newPage(ctx.browser);
  const id = await sitAt(player, ctx.server, {
    game: 'artemia', seed: 41,
    seats: [{ seat: 'creature', bot: true }, { seat: 'hunted-1', name: 'Ann' }, { seat: 'hunted-2', bot: true }],
  });
  const watcher = await newPage(ctx.browser);
  await watcher.goto(`${ctx.server.url}/#/match/${id}/watch`);
  await watcher.waitForSelector('.conn[data-state="live"]');

  // Two turns as Hunted 1: commit a card, then pass whatever else is asked.
  for (let moves = 0; moves < 40; moves += 1) {
    await player.waitForFunction(() => document.querySelector('.your-move') || /Turn 3/.test(document.querySelector('.a-turn')?.textContent ?? ''));
    if (await player.locator('.a-turn:has-text("Turn 3")').count()) break;
    const card = player.locator('button.big-card.place.playable');
    await ((await card.count()) ? card.first() : player.locator('.actions button.act').first()).click();
    await answered(player);
  }
  // The bots play on until the match waits for Ann's commit of turn 3.
  const seq = await settled(player);
  const played = await events(player);
  assert.ok(played.length > 20, played.join('\n'));
  assert.ok(played.some((l) => /^Ann \(Hunted 1\) commits The \w+ face down\.$/.test(l)), 'the player sees his own card');
  await caughtUp(watcher, seq);
  const watched = await events(watcher);
  assert.ok(watched.some((l) => /^Ann \(Hunted 1\) commits 1 card face down\.$/.test(l)), 'the spectator sees a card committed');
  assert.ok(!watched.some((l) => /commits The /.test(l)), 'the spectator never sees which');

  // A reload: the log is the same match so far, for each.
  await player.reload();
  await player.waitForSelector('.conn[data-state="live"]');
  await caughtUp(player, seq);
  assert.deepEqual(await events(player), played, 'the player’s log after a reload');
  assert.match(await player.locator('.log li.sys').last().innerText(), /^Connected to the table: above, the match so far\.$/);
  await shoot(player, 'log-after-reload');
  const watchedSeq = Number(await watcher.getAttribute('.table-root', 'data-seq'));
  await watcher.reload();
  await watcher.waitForSelector('.conn[data-state="live"]');
  await caughtUp(watcher, watchedSeq);
  assert.deepEqual(await events(watcher), watched, 'the spectator’s log after a reload');

  // A crash and a restart: the server rebuilds the histories from its log.
  await ctx.server.kill();
  await player.waitForSelector('.conn[data-state="reconnecting"]');
  await ctx.server.start();
  await player.waitForSelector('.conn[data-state="live"]', { timeout: 20000 });
  await watcher.waitForSelector('.conn[data-state="live"]', { timeout: 20000 });
  assert.deepEqual(await events(player), played, 'the player’s log after the restart');
  assert.deepEqual(await events(watcher), watched, 'the spectator’s log after the restart');
  assert.match(await player.locator('.log li.sys').last().innerText(), /^Reconnected: the table is up to date, and the log above holds the whole match so far\.$/);
  for (const page of [player, watcher]) {
    assertNoScriptErrors(page, /WebSocket connection to/);
    await page.context().close();
  }
});
