// Browser tests of the web client against a real server: the lobby, an Artemia turn played as
// the Creature by clicking, names and chat shown as text, reconnection after a server crash, an
// error in words, and the replay of a finished match. Screenshots go to screenshots/.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Server, askNothing, launch, newPage, pinSeed, shoot } from './harness.js';

const XSS = '<img src=x onerror=alert(1)>';
/** Script errors that a dropped connection or a refused request legitimately log. */
const EXPECTED_NOISE = /WebSocket connection to|Failed to load resource/;

let server;
let browser;
let botMatch;

before(async () => {
  server = await Server.create();
  browser = await launch();
  // An all-bot match plays itself out while the other tests run; the replay test reads it.
  const created = await server.api('POST', '/api/matches', {
    game: 'artemia',
    seed: 7,
    seats: [{ seat: 'creature', bot: true }, { seat: 'hunted-1', bot: true }],
  });
  assert.equal(created.status, 201);
  botMatch = created.body.id;
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

function assertNoProblems(page) {
  const real = page.problems.filter((p) => !EXPECTED_NOISE.test(p));
  assert.deepEqual(real, [], 'script errors on the page');
  assert.deepEqual(page.dialogs, [], 'no dialog may fire');
}

/**
 * Creates an Artemia match through the lobby form: `hunted` Hunted seats, `roles` maps seats to
 * `me`, `bot` or `open` (unlisted seats keep the form's default); the match is dealt by `seed`.
 * The page lands on the new match's table.
 */
async function createInLobby(page, { name, hunted, roles, seed }) {
  await pinSeed(page, seed);
  await page.goto(`${server.url}/#/`);
  await page.selectOption('select[name=game]', 'artemia');
  await page.fill('input[name=name]', name);
  await page.selectOption('select[aria-label="Number of hunted seats"]', String(hunted));
  for (const [seat, who] of Object.entries(roles)) {
    await page.selectOption(`.seat-row[data-seat="${seat}"] select`, who);
  }
  await page.click('button:has-text("Create match")');
  await page.waitForURL(/#\/match\/[^/]+\/(as\/[a-z0-9-]+|watch)$/);
  await page.waitForSelector('.match-bar');
}

/** The match id in the page's address. */
function matchIdOf(page) {
  return /#\/match\/([^/]+)/.exec(page.url())[1];
}

/** Clicks `target` (which sends an act) and waits for the server's answer to that act. */
async function actBy(page, target) {
  await target.click();
  await answered(page);
}

/** Waits until the act sent last has its answer (an update with its ref, or an error). */
async function answered(page) {
  await page.waitForFunction(() => !document.querySelector('.table-root').dataset.pending);
  assert.equal(await page.locator('.alerts .alert').count(), 0, await page.locator('.alerts').innerText());
}

const turnOf = async (page) => Number((await page.locator('.a-turn').innerText()).replace(/\D+/g, ''));
const distance = async (page, kind) => Number(await page.getAttribute(`.track-row.${kind}`, 'data-distance'));

describe('the web client', () => {
  test('creates an Artemia match with bot Hunted in the lobby and plays a full turn as the Creature by clicking', async () => {
    const page = await newPage(browser);
    await page.goto(`${server.url}/#/`);
    await page.waitForSelector('select[name=game] option[value=artemia]', { state: 'attached' });
    await shoot(page, '01-lobby');
    await createInLobby(page, { seed: 11, name: 'Cora', hunted: 2, roles: { creature: 'me', 'hunted-1': 'bot', 'hunted-2': 'bot' } });
    assert.match(page.url(), /#\/match\/[^/]+\/as\/creature$/, 'creating a match lands on its table');
    await shoot(page, '02-match-created');
    // The lobby lists the bots as bots, and the way back to the table.
    await page.click('a.back');
    const row = page.locator('.match-row', { has: page.locator('a:has-text("Play as Creature")') });
    await row.waitFor();
    assert.deepEqual(await row.locator('.match-seats .chip').allInnerTexts(), ['Cora (Creature)', 'Hunted 1 (bot, random)', 'Hunted 2 (bot, random)']);
    await row.locator('a:has-text("Play as Creature")').click();
    await page.waitForSelector('.conn[data-state="live"]');
    await page.waitForSelector('.your-move');
    assert.equal(await page.locator('.match-bar .match-name').innerText(), 'Artemia');
    assert.equal(await page.locator('.match-bar .who').innerText(), 'You play Cora (Creature) with Hunted 1 (bot, random), Hunted 2 (bot, random)');
    assert.equal(await page.locator('.player[data-seat="hunted-2"] h3').innerText(), 'Hunted 2 (bot, random)');
    assert.match(await page.locator('.log .log-lines li.sys').last().innerText(), /^(Connected to the table|Reconnected)/);
    assert.equal(await turnOf(page), 1);
    const rescueBefore = await distance(page, 'rescue');
    assert.equal(rescueBefore, 14, 'two Hunted: Rescue starts 14 from the star');
    assert.equal(await page.locator('.big-card.hunt').count(), 3, 'the Creature holds 3 Hunt cards');
    await shoot(page, '03-artemia-creature-turn-start');

    // Seed 11 deals the Creature Ascendancy, Phobia and Stasis: this turn it plays Phobia (an
    // A-symbol card) on Hunted 1, puts the Creature token on The River and the Artemia token on
    // The Jungle, and passes everything else.
    const played = { phobia: false, creature: false, artemia: false };
    let revealShot = false;
    for (let moves = 0; moves < 40; moves += 1) {
      await page.waitForFunction(() => document.querySelector('.your-move') || document.querySelector('.a-outcome')
        || !/Turn 1$/.test(document.querySelector('.a-turn')?.textContent ?? ''));
      if ((await turnOf(page)) > 1 || (await page.locator('.a-outcome').count())) break;
      if (!revealShot && (await page.locator('.a-reveal').isVisible())) {
        await shoot(page, '04-artemia-reveal');
        revealShot = true;
      }
      const decision = await page.locator('.a-decision').innerText();
      const phobia = page.locator('button.big-card.hunt[data-card="phobia"]');
      if (!played.phobia && (await phobia.count())) {
        // Phobia can name either Hunted: clicking the card points at those choices.
        await phobia.click();
        await page.waitForSelector('.act-group.flash[data-group="hunt:phobia:false"]');
        await actBy(page, page.locator('.act-group[data-group="hunt:phobia:false"] button', { hasText: 'Hunted 1' }));
        played.phobia = true;
      } else if (/places the Creature token/.test(decision)) {
        await actBy(page, page.locator('button.place.choosable[data-place="river"]'));
        played.creature = true;
        assert.equal(await page.locator('.place[data-place="river"] .t-creature').count(), 1, 'the Creature token stands on The River');
      } else if (/put out the Artemia token/.test(decision)) {
        await actBy(page, page.locator('button.place.choosable[data-place="jungle"]'));
        played.artemia = true;
        assert.equal(await page.locator('.place[data-place="jungle"] .t-artemia').count(), 1, 'the Artemia token stands on The Jungle');
      } else {
        await actBy(page, page.locator('.actions button[data-action="pass"]'));
      }
      if (played.phobia && !played.creature) {
        assert.match(await page.locator('.player.creature .played').innerText(), /Phobia naming Hunted 1 \(bot, random\)/);
      }
    }
    assert.deepEqual(played, { phobia: true, creature: true, artemia: true });
    assert.match(await page.locator('.log').innerText(), /Hunted 1 \(bot, random\) shows the Creature (\d+ cards|The \w+ and The \w+)/);
    assert.equal(await turnOf(page), 2, 'the turn is over');
    const reveal = page.locator('.a-reveal');
    assert.ok(await reveal.isVisible(), 'the reveal stays on show');
    const revealText = await reveal.innerText();
    assert.match(revealText, /Reveal/);
    assert.match(revealText, /Hunted 1 \(bot, random\) → The /);
    assert.match(revealText, /Hunted 2 \(bot, random\) → The /);
    assert.match(await page.locator('.log').innerText(), /Reveal: Hunted 1 \(bot, random\) explored/);
    // We played no Stasis, so the track moved: Rescue advances at least once at the end of a turn.
    const rescueAfter = await distance(page, 'rescue');
    assert.ok(rescueAfter < rescueBefore, `Rescue moved from ${rescueBefore} to ${rescueAfter}`);
    assert.match(await page.locator('.log').innerText(), /Rescue advances/);
    if (!revealShot) await shoot(page, '04-artemia-reveal');
    await shoot(page, '05-artemia-turn-2');

    await page.setViewportSize({ width: 375, height: 800 });
    await page.waitForTimeout(100);
    // The innermost elements that stick out, if any.
    const wide = await page.evaluate(() => {
      const out = (el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5;
      return [...document.querySelectorAll('body *')]
        .filter((el) => out(el) && ![...el.children].some(out))
        .map((el) => `${el.tagName}.${el.className}: ${el.textContent.slice(0, 60)}`);
    });
    assert.deepEqual(wide, [], 'the page fits a 375 px phone');
    await shoot(page, '06-artemia-phone');
    assertNoProblems(page);
    await page.context().close();
  });

  test('a name and a chat line of HTML show as text, to players and spectators, and no dialog fires', async () => {
    const page = await newPage(browser);
    await createInLobby(page, { seed: 12, name: XSS, hunted: 1, roles: { creature: 'bot', 'hunted-1': 'me' } });
    await page.waitForSelector('.conn[data-state="live"]');
    const id = matchIdOf(page);
    const watcher = await newPage(browser);
    await watcher.goto(`${server.url}/#/match/${id}/watch`);
    await watcher.waitForSelector('.conn[data-state="live"]');
    assert.equal(await watcher.locator('.chat-form').count(), 0, 'spectators cannot write');

    await page.fill('.chat-form input', XSS);
    await page.click('.chat-form button');
    for (const p of [page, watcher]) {
      await p.waitForSelector('.chat-text');
      assert.equal(await p.locator('.chat-text').first().textContent(), XSS);
      assert.equal(await p.locator('.chat-from').first().textContent(), `${XSS} (Hunted 1)`);
      assert.equal(await p.locator('.player[data-seat="hunted-1"] h3').first().evaluate((el) => el.firstChild.textContent), `${XSS} (Hunted 1)`);
      assert.equal(await p.locator('img').count(), 0, 'no element was made from the text');
    }
    // The Hunted explores by clicking a Place card in his hand; the spectator sees it live.
    await page.waitForSelector('.your-move');
    const watched = Number(await watcher.getAttribute('.table-root', 'data-seq'));
    await actBy(page, page.locator('button.big-card.place.playable').first());
    assert.match(await page.locator('.player[data-seat="hunted-1"]').innerText(), /(committed 1|1 card) face down/);
    await watcher.waitForFunction((seq) => Number(document.querySelector('.table-root').dataset.seq) > seq, watched);
    assert.match(await watcher.locator('.log').innerText(), /\(Hunted 1\) commits 1 card face down\./);
    assert.equal(await watcher.locator('.actions button').count(), 0, 'a spectator is offered nothing');
    await shoot(page, '07-xss-player');
    await shoot(watcher, '08-xss-spectator');

    const lobby = await newPage(browser);
    await lobby.goto(`${server.url}/#/`);
    await lobby.waitForSelector(`.match-row[data-id="${id}"]`);
    assert.match(await lobby.locator(`.match-row[data-id="${id}"] .match-seats`).innerText(), /<img src=x onerror=alert\(1\)>/);
    assert.equal(await lobby.locator('img').count(), 0);
    for (const p of [page, watcher, lobby]) {
      await p.waitForTimeout(200);
      assertNoProblems(p);
      await p.context().close();
    }
  });

  test('a dropped connection shows its state, reconnects with backoff and resyncs from welcome', async () => {
    const page = await newPage(browser);
    await createInLobby(page, { seed: 13, name: 'Rhea', hunted: 1, roles: { creature: 'me', 'hunted-1': 'bot' } });
    await page.waitForSelector('.your-move');
    await page.fill('.chat-form input', 'said before the crash');
    await page.click('.chat-form button');
    await page.waitForSelector('.chat-text');
    const seqBefore = Number(await page.getAttribute('.table-root', 'data-seq'));

    await server.kill();
    await page.waitForSelector('.conn[data-state="reconnecting"]');
    assert.match(await page.locator('.conn').innerText(), /Reconnecting/);
    await shoot(page, '09-reconnecting');
    await server.start();
    await page.waitForSelector('.conn[data-state="live"]', { timeout: 20000 });
    assert.match(await page.locator('.log').innerText(), /Reconnected: the table is up to date/);
    assert.equal(Number(await page.getAttribute('.table-root', 'data-seq')), seqBefore, 'the welcome brings the same match back');
    assert.deepEqual(await page.locator('.chat-text').allTextContents(), ['said before the crash'], 'the stored chat comes back once');
    // The seat still plays after the resync.
    await page.waitForSelector('.your-move');
    const target = (await page.locator('button.place.choosable').count())
      ? page.locator('button.place.choosable').first()
      : page.locator('.actions button[data-action="pass"]');
    await actBy(page, target);
    assert.ok(Number(await page.getAttribute('.table-root', 'data-seq')) > seqBefore);
    assertNoProblems(page);
    await page.context().close();
  });

  test('joining a seat that is already taken shows the server’s error in words', async () => {
    const host = await newPage(browser);
    await createInLobby(host, { seed: 14, name: 'Ines', hunted: 1, roles: { creature: 'me', 'hunted-1': 'open' } });
    await host.waitForSelector('.waiting h2:has-text("Waiting for the Hunted 1 to join")');
    const link = await host.inputValue('.waiting li[data-seat="hunted-1"] .share-link');

    // Eve opens the link while the seat is still open...
    const late = await newPage(browser);
    await late.goto(link);
    await late.waitForSelector('.join p:has-text("Hunted 1 (open)")');
    assert.ok(await late.locator('.join .notice').isHidden());

    // ...Dana takes it first...
    const first = await newPage(browser);
    await first.goto(link);
    await first.fill('.join-form input', 'Dana');
    await first.click('.join-form button');
    await first.waitForSelector('.conn[data-state="live"]');
    assert.match(first.url(), /#\/match\/[^/]+\/as\/hunted-1$/);
    await host.waitForSelector('.waiting', { state: 'hidden' });
    // The host's table began when Dana took the last seat: that is no reconnection.
    await host.locator('.log li', { hasText: 'the match has begun' }).waitFor();
    assert.doesNotMatch(await host.locator('.log').innerText(), /Reconnected/);
    assert.match(await host.locator('.match-bar .who').innerText(), /^You play Ines \(Creature\) with Dana \(Hunted 1\)$/);

    // ...and Eve's join is refused by the server, in words.
    await late.fill('.join-form input', 'Eve');
    await late.click('.join-form button');
    const notice = late.locator('.join .notice');
    await notice.waitFor();
    assert.match(await notice.innerText(), /Hunted 1 is already taken\./);
    await shoot(late, '10-join-refused');
    for (const p of [host, first, late]) {
      assertNoProblems(p);
      await p.context().close();
    }
  });

  test('a match that does not exist is said so in words, and the page stops trying', async () => {
    const page = await newPage(browser);
    await page.goto(`${server.url}/#/match/00000000-0000-4000-8000-000000000000/watch`);
    await page.waitForSelector('.conn[data-state="gone"]');
    assert.match(await page.locator('.alerts').innerText(), /No such match\./);
    assert.match(await page.locator('.alerts').innerText(), /This match does not exist/);
    await page.goto(`${server.url}/#/replay/00000000-0000-4000-8000-000000000000`);
    await page.waitForSelector('.replay .notice');
    assert.match(await page.locator('.replay .notice').innerText(), /No such match\./);
    assertNoProblems(page);
    await page.context().close();
  });

  test('a whole match played as a Hunted through the offered choices tells every event in words', async () => {
    const page = await newPage(browser);
    // Random clicks take Give up too: its question is turned off, as a player may.
    await askNothing(page);
    await createInLobby(page, { seed: 21, name: 'Hana', hunted: 3, roles: { creature: 'bot', 'hunted-1': 'me', 'hunted-2': 'bot', 'hunted-3': 'bot' } });
    await page.waitForSelector('.conn[data-state="live"]');
    let state = 21;
    const random = (n) => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state % n;
    };
    const kinds = new Set();
    for (let moves = 0; moves < 400; moves += 1) {
      await page.waitForSelector('.your-move, .a-outcome', { timeout: 20000 });
      if (await page.locator('.a-outcome').count()) break;
      // Chosen and clicked in one go inside the page: an update about another seat may redraw
      // the panel at any moment.
      const group = await page.evaluate(([r1, r2]) => {
        const buttons = [...document.querySelectorAll('.actions button.act')];
        const button = buttons[Math.floor(r1 * buttons.length)];
        if (!button) return null;
        const select = button.parentElement.querySelector('select');
        if (select) select.selectedIndex = Math.floor(r2 * select.options.length);
        button.click();
        return button.closest('.act-group').dataset.group;
      }, [random(1000) / 1000, random(1000) / 1000]);
      if (!group) continue;
      kinds.add(group);
      await answered(page);
    }
    await page.waitForSelector('.over');
    assert.match(await page.locator('.over h2').innerText(), /^You (won!|lost\.)$/);
    const lines = await page.locator('.log li').allInnerTexts();
    const raw = lines.filter((line) => /^[a-z_]+$/.test(line));
    assert.deepEqual(raw, [], 'every event has words');
    assert.ok(kinds.size >= 3, `several kinds of choice were made: ${[...kinds].join(', ')}`);
    await shoot(page, '11-artemia-hunted-game-over');
    assertNoProblems(page);
    await page.context().close();
  });

  test('a finished match replays step by step, forward and back, with everything shown', async () => {
    for (let i = 0; ; i += 1) {
      const { body } = await server.api('GET', `/api/matches/${botMatch}`);
      if (body.status === 'finished') break;
      assert.ok(i < 1200, 'the all-bot match never finished');
      await new Promise((ok) => setTimeout(ok, 100));
    }
    const page = await newPage(browser);
    await page.goto(`${server.url}/#/`);
    await page.click(`.match-row[data-id="${botMatch}"] a:has-text("Replay")`);
    await page.waitForSelector('.step-count');
    assert.match(await page.locator('.step-count').innerText(), /^Step 0 of \d+$/);
    assert.match(await page.locator('.step-caption').innerText(), /as dealt/);
    // Omniscient: the Creature's Hunt cards and the Hunted's hand are on show.
    assert.equal(await page.locator('.player.creature .seen-hand .card.hunt').count(), 3);
    assert.equal(await page.locator('.player[data-seat="hunted-1"] .seen-hand .card').count() >= 5, true);
    await page.click('button[aria-label="Step forward"]');
    assert.match(await page.locator('.step-count').innerText(), /^Step 1 of/);
    assert.match(await page.locator('.step-caption').innerText(), /^(Creature|Hunted 1) \(bot, random\): /);
    await page.click('button[aria-label="Last step"]');
    await page.waitForSelector('.a-outcome');
    assert.match(await page.locator('.a-outcome').innerText(), /win/);
    assert.match(await page.locator('.replay-outcome').innerText(), /^Won by (Creature|Hunted 1) \(bot, random\): (the Hunted are rescued|assimilation is complete)\.$/);
    await shoot(page, '12-replay-end');
    await page.keyboard.press('ArrowLeft');
    const total = Number((await page.locator('.step-count').innerText()).split(' of ')[1]);
    assert.equal(await page.locator('.step-count').innerText(), `Step ${total - 1} of ${total}`);
    assert.equal(await page.locator('.a-outcome').count(), 0, 'one step back the game is not over');
    assertNoProblems(page);
    await page.context().close();
  });
});
