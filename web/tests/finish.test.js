// Issue 16, acceptance 5: a bot-filled match of each game can be finished by a person in the
// browser. Each test seats a person at one seat and bots at every other, then plays the person's
// seat to the end by clicking only what the page offers (enabled buttons of the action panel, an
// option of a drop-down list and its "Do it", the squares, places and compartments the table
// marks as legal, the table's own controls), choosing among them with a seeded pseudo-random
// pick, until the match is over. The end must be told to the person with the winner, the table
// must offer nothing more, and no script may have failed.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { answered, askNothing, assertNoScriptErrors, newPage, pinSeed, shoot, sitAt, useServer } from './harness.js';

const ctx = useServer(['--bot-delay-ms', '10']);

/** The bots' level per game: `normal`, quick yet in the game's terms (`strong` thinks a second a move). */
const LEVEL = { derelict: 'normal', artemia: 'normal', intruder: 'normal', 'away-team': 'normal' };

/** A match not over after this many clicks fails the test. */
const MAX_CLICKS = 2000;
/** A page that offers nothing this long while the match is not over fails the test. */
const STALL_MS = 30000;
/** How long one click may wait for its element before the page is looked at again. */
const CLICK_MS = 3000;

/** How long the table must stay quiet before a look, where bots act at the same time as the person. */
const SETTLE_MS = 150;

/** Each test's own bound, beyond which it fails instead of hanging. */
const BOUND = { timeout: 120000 };

/** How the seats are called on the page. */
const SEAT_WORDS = {
  marines: 'Marines', aliens: 'Aliens', creature: 'Creature', 'hunted-1': 'Hunted 1', crew: 'Crew',
  intruder: 'Intruder', 'away-team': 'Away Team',
};

/** A seeded pick: `below(n)` is in 0..n, the same sequence on every run. */
function chooser(seed) {
  let state = seed;
  return (n) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return Math.floor((state / 2147483648) * n);
  };
}

/** Awaits a step on an element; false when the element did not come up in time (the table was redrawn meanwhile). */
async function inTime(step) {
  try {
    await step;
    return true;
  } catch (error) {
    if (error.name === 'TimeoutError') return false;
    throw error;
  }
}

/** Clicks `locator`, as `inTime` says. */
const press = (locator) => inTime(locator.click({ timeout: CLICK_MS }));

/** A choice per element `selector` finds shown on the page: clicking it. */
async function clicks(page, selector) {
  return (await page.locator(selector).filter({ visible: true }).all()).map((el) => () => press(el));
}

/**
 * The choices of the action panel in `panel`: each enabled button, and for each group listed
 * as a drop-down, one of its options (seeded) then its "Do it".
 */
async function panelChoices(page, panel, below) {
  const buttons = await clicks(page, `${panel} .act-choices:not(:has(select.act-select)) button.act:not([disabled])`);
  const lists = (await page.locator(`${panel} .act-choices:has(select.act-select:not([disabled]))`).all()).map((group) => async () => {
    const select = group.locator('select.act-select');
    const options = await select.locator('option').count();
    return await inTime(select.selectOption({ index: below(options) }, { timeout: CLICK_MS }))
      && press(group.locator('button.act:has-text("Do it")'));
  });
  return [...buttons, ...lists];
}

/** The seq the table has been told last. */
const seqOf = async (page) => Number(await page.getAttribute('.table-root', 'data-seq'));

/** Waits until the table has heard nothing new for `ms`: a bot that acts with the person has acted. */
async function settled(page, ms) {
  for (let seq = await seqOf(page); ; ) {
    await page.waitForTimeout(ms);
    const now = await seqOf(page);
    if (now === seq) return;
    seq = now;
  }
}

/**
 * Plays the person's seat on `page` until the page says the match is over: `offered(page,
 * below)` lists what the page offers now, one is chosen with the seeded `below`, clicked, and its
 * answer awaited. Nothing offered means the bots are playing: the page is looked at again. In a
 * game where bots act at the same time as the person, `settle` (ms) lets them act before each
 * look, so the same seed plays the same match. Returns the number of clicks.
 */
async function playToTheEnd(page, seed, offered, { settle = 0 } = {}) {
  const below = chooser(seed);
  const over = page.locator('section.over:not([hidden])');
  let made = 0;
  let missed = 0;
  let idleSince = Date.now();
  while (!(await over.count())) {
    if (settle) await settled(page, settle);
    const choices = await offered(page, below);
    if (!choices.length) {
      const waited = Date.now() - idleSince;
      assert.ok(waited < STALL_MS, `the page offered nothing for ${waited} ms and the match is not over: ${(await page.locator('.table-root').innerText()).slice(0, 500)}`);
      await page.waitForTimeout(20);
      continue;
    }
    assert.ok(made < MAX_CLICKS, `the match was not over after ${MAX_CLICKS} clicks`);
    if (await choices[below(choices.length)]()) {
      made += 1;
      await answered(page);
    } else {
      missed += 1;
      assert.ok(missed < 50, 'the element chosen was gone 50 times: the table keeps being redrawn');
    }
    idleSince = Date.now();
  }
  return made;
}

/** What the page calls a seat of the summary `match`: `Hicks (Marines)`, `Aliens (bot, normal)`. */
function seatWords(match, seat) {
  const s = match.seats.find((x) => x.seat === seat);
  return s.bot ? `${SEAT_WORDS[seat]} (bot, ${s.level})` : `${s.name} (${SEAT_WORDS[seat]})`;
}

/**
 * The match `id` is over for the person at `seat`: the server says it is finished, the page says
 * so with the headline for this seat and the winners by name, the table offers nothing more,
 * and no script failed. Returns the server's outcome.
 */
async function assertToldTheEnd(page, id, seat) {
  const { body: match } = await ctx.server.api('GET', `/api/matches/${id}`);
  assert.equal(match.status, 'finished');
  const { winners } = match.outcome;
  const over = page.locator('section.over');
  const headline = await over.locator('h2').innerText();
  if (winners.includes(seat)) assert.equal(headline, 'You won!');
  else assert.ok(['You lost.', 'A draw.'].includes(headline), headline);
  const told = await over.locator('> p').first().innerText();
  if (winners.length) assert.ok(told.startsWith(`Won by ${winners.map((w) => seatWords(match, w)).join(', ')}: `), told);
  else assert.match(told, /^(A draw|Nobody won): /);
  await over.locator('a:has-text("Watch the replay")').waitFor();
  const left = await page.locator('.table-root').evaluate((root) => [
    ...root.querySelectorAll('button.act:not([disabled]), select.act-select, select.target:not([disabled]), button.mode:not([disabled])'),
    ...root.querySelectorAll('.d-svg .mark, .in-svg .room.legal, .a-board .choosable, .big-card.playable, .send-draft'),
  ].map((el) => el.outerHTML.slice(0, 120)));
  assert.deepEqual(left, [], 'the finished table offers nothing');
  assert.ok(await page.locator('section.hand-over').isHidden(), 'no seat to hand over once the match is over');
  assertNoScriptErrors(page);
  return match.outcome;
}

test(`Derelict: a person plays the Marines of Sealed Wards against ${LEVEL.derelict} bot Aliens, chosen in the lobby, to the end`, BOUND, async (t) => {
  const page = await newPage(ctx.browser);
  await askNothing(page);
  await pinSeed(page, 7);
  await page.goto(`${ctx.server.url}/#/`);
  await page.selectOption('select[name=game]', 'derelict');
  await page.selectOption('select[aria-label=Scenario]', 'sealed-wards');
  await page.fill('input[name=name]', 'Vasquez');
  await page.selectOption('.seat-row[data-seat="marines"] select', 'me');
  const aliens = page.locator('.seat-row[data-seat="aliens"] select');
  assert.ok((await aliens.locator('option').allInnerTexts()).includes(`Bot (${LEVEL.derelict})`));
  await aliens.selectOption(LEVEL.derelict === 'random' ? 'bot' : `bot-${LEVEL.derelict}`);
  await page.click('button:has-text("Create match")');
  await page.waitForURL(/#\/match\/[^/]+\/as\/marines$/);
  const id = /#\/match\/([^/]+)/.exec(page.url())[1];
  await page.locator('.match-bar .who', { hasText: `with Aliens (bot, ${LEVEL.derelict})` }).waitFor();

  // The highlighted squares, the panel, the facing of the next deployment, the flamer's aim,
  // and another marine who has not acted (clicking him selects him; not one under a mark).
  const clicksMade = await playToTheEnd(page, 7, async (p, below) => {
    if (!(await p.locator('.d-duty.mine').count())) return [];
    const others = await p.locator('.d-svg').evaluate((board) => {
      const marked = new Set([...board.querySelectorAll('.mark')].map((m) => `${m.dataset.x},${m.dataset.y}`));
      return [...board.querySelectorAll('.model.marines:not(.acted):not(.is-selected)')]
        .filter((m) => !marked.has(`${m.dataset.x},${m.dataset.y}`))
        .map((m) => m.dataset.model);
    });
    return [
      ...await clicks(p, '.d-svg .mark'),
      ...await panelChoices(p, '.d-actions', below),
      ...await clicks(p, '.d-facing button.facing:not(.chosen)'),
      ...await clicks(p, '.d-model button.aim'),
      ...others.map((m) => () => press(p.locator(`.d-svg .model[data-model="${m}"]`))),
    ];
  });
  await page.locator('.d-outcome').waitFor();
  const outcome = await assertToldTheEnd(page, id, 'marines');
  assert.match(await page.locator('.d-outcome').innerText(), /^The (marines|aliens) win/);
  assert.ok(await page.locator('.d-keys').isHidden(), 'a finished table offers no keys');
  await shoot(page, 'finish-derelict');
  t.diagnostic(`derelict: ${clicksMade} clicks, won by ${outcome.winners.join(', ') || 'nobody'} (${outcome.reason})`);
  await page.close();
});

test(`Artemia: a person plays Hunted 1 against a ${LEVEL.artemia} bot Creature to the end`, BOUND, async (t) => {
  const page = await newPage(ctx.browser);
  // Random clicks take Give up too: its question is turned off, as a player may.
  await askNothing(page);
  const id = await sitAt(page, ctx.server, {
    game: 'artemia', seed: 16,
    seats: [{ seat: 'creature', bot: true, level: LEVEL.artemia }, { seat: 'hunted-1', name: 'Ann' }],
  }, 'hunted-1');
  // The panel lists every choice; the places and the cards in hand are clicks for some of them.
  const clicksMade = await playToTheEnd(page, 16, async (p, below) => [
    ...await panelChoices(p, '.artemia .actions', below),
    ...await clicks(p, '.a-board button.place.choosable'),
    ...await clicks(p, '.a-mine button.big-card.playable'),
  ], { settle: SETTLE_MS });
  const outcome = await assertToldTheEnd(page, id, 'hunted-1');
  assert.match(await page.locator('.a-outcome').innerText(), /win/);
  await shoot(page, 'finish-artemia');
  t.diagnostic(`artemia: ${clicksMade} clicks, won by ${outcome.winners.join(', ')} (${outcome.reason})`);
  await page.close();
});

/** The crew's choices on an Intruder table: compartments, the panel, another crewman who may act. */
const crewChoices = async (page, below) => [
  ...await clicks(page, '.in-svg .room.legal'),
  ...await panelChoices(page, '.in-actions', below),
  ...await clicks(page, '.in-roster .crew-row.can-act:not(.selected) button.crew-pick'),
];

for (const { scenario, seats, seed } of [
  { scenario: 'solitaire', seats: [{ seat: 'crew', name: 'Ripley' }], seed: 41 },
  { scenario: 'intelligent', seats: [{ seat: 'crew', name: 'Ripley' }, { seat: 'intruder', bot: true, level: LEVEL.intruder }], seed: 42 },
]) {
  const against = seats.length > 1 ? ` against a ${LEVEL.intruder} bot Intruder` : '';
  test(`Intruder (${scenario}): a person plays the crew${against} to the end of a five-turn match`, BOUND, async (t) => {
    const page = await newPage(ctx.browser);
    // Random clicks may start the self-destruct: its question is turned off, as a player may.
    await askNothing(page);
    const id = await sitAt(page, ctx.server, { game: 'intruder', scenario, seed, options: { 'turn-limit': 5 }, seats }, 'crew');
    const clicksMade = await playToTheEnd(page, seed, crewChoices);
    const outcome = await assertToldTheEnd(page, id, 'crew');
    assert.match(await page.locator('.in-prompt').innerText(), /^The match is over: .*\. Final score -?\d+\.$/);
    await shoot(page, `finish-intruder-${scenario}`);
    t.diagnostic(`intruder ${scenario}: ${clicksMade} clicks, won by ${outcome.winners.join(', ') || 'nobody'} (${outcome.reason})`);
    await page.close();
  });
}

test(`Away Team: a person plays the Away Team of the Crystal Spires against ${LEVEL['away-team']} bot Aliens to the end`, BOUND, async (t) => {
  const page = await newPage(ctx.browser);
  const id = await sitAt(page, ctx.server, {
    game: 'away-team', scenario: 'crystal-spires', seed: 5,
    seats: [{ seat: 'away-team', name: 'Kirk' }, { seat: 'aliens', bot: true, level: LEVEL['away-team'] }],
  }, 'away-team');
  // A crew member's target (another than the one chosen), stun or kill, and the panel's
  // retreat and lock.
  const clicksMade = await playToTheEnd(page, 5, async (p, below) => {
    const targets = (await p.locator('.at-crew select.target:not([disabled])').all()).map((select) => async () => {
      const values = await select.evaluate((s) => [...s.options].filter((o) => !o.selected).map((o) => o.value));
      return values.length > 0 && inTime(select.selectOption(values[below(values.length)], { timeout: CLICK_MS }));
    });
    return [
      ...targets,
      ...await clicks(p, '.at-crew button.mode:not([disabled]):not(.chosen)'),
      ...await panelChoices(p, '.at-actions', below),
    ];
  }, { settle: SETTLE_MS });
  const outcome = await assertToldTheEnd(page, id, 'away-team');
  await shoot(page, 'finish-away-team');
  t.diagnostic(`away-team: ${clicksMade} clicks, won by ${outcome.winners.join(', ') || 'nobody'} (${outcome.reason})`);
  await page.close();
});
