// Browser test of the Intruder table's Shuttles (rules 15.2) and of what only a viewer who sees
// identities is told, from made-up views: Shuttle 2 docked at DK2, Shuttle 1 gone with its crew,
// an object lying aboard and its stowaway, the hatches prepared, the fight aboard offered in the
// action panel; escaped and dead crewmen in the roster; the Caged Lab Animals and Frozen boxes;
// counters face down to the crew drawn veiled on the Intruder seat's map.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertNoScriptErrors, newPage, shoot, useServer } from './harness.js';

const ctx = useServer();

const CREW = ['c1', 'c2', 'c3', 'e1', 'e2', 'e3', 's1', 's2', 's3'];

/** The crew's view aboard Shuttle 1, fighting Intruder 201 (its crew action segment). */
function shuttleView() {
  const crew = CREW.map((crewman) => ({ crewman, room: 'cm', alive: true, mp: 0, acted: false }));
  const at = (crewman, extra) => Object.assign(crew.find((c) => c.crewman === crewman), extra);
  at('c1', { room: 'dk1', aboard: 1 });
  at('e2', { room: 'dk1', aboard: 1, acted: true });
  at('s3', { room: 'dk1', aboard: 1, alive: false });
  at('s1', { room: 'dk2' });
  at('c3', { alive: false });
  return {
    scenario: 'solitaire', turn: 9, turn_limit: 15, phase: 'second-interaction', prompt: { type: 'shuttle-actions', shuttle: 1 },
    stage: 4, known_powers: ['fast-reflexes'], unknown_powers: 3, crew,
    objects: [
      { id: 0, kind: 'blaster', place: { at: 'carried', crewman: 'c1' } },
      { id: 9, kind: 'gas-canister', place: { at: 'aboard', shuttle: 1 } },
      { id: 10, kind: 'cage', place: { at: 'room', room: 'dk2' } },
    ],
    counters: [
      { id: 201, identity: 'intruder', shuttle: 1 },
      { id: 202, room: 'sb1' },
      { id: 203, room: 'lab', identity: 'intruder' },
      { id: 204, identity: 'lab-animal' },
      { id: 205, identity: 'intruder' },
    ],
    not_used: 2, dummies_discovered: 1, clones_not_yet_in_play: 0, intruders_killed: 1, intruders_captured: 2,
    caged_lab_animals: 1, frozen: 1, unlocked: [], self_destruct: { state: 'active', turn: 3, box: 3 },
    shuttles: [
      { shuttle: 1, left: true, crew: ['c1', 'e2', 's3'], objects: [0, 9], intruder: 201, prepared: true },
      { shuttle: 2, left: false, crew: [], objects: [] },
    ],
    score: -3,
    legal: [
      { type: 'attack', crewman: 'c1', intruder: 201, object: 0 },
      { type: 'attack', crewman: 'c1', intruder: 201 },
      { type: 'open-hatches', crewman: 'c1' },
      { type: 'end-actions' },
    ],
    to_act: ['crew'],
  };
}

/** Mounts the Intruder table in a blank page and shows `view`; the actions sent are kept in `window.sent`. */
async function showTable(page, view, you) {
  await page.goto(`${ctx.server.url}/#/`);
  await page.evaluate(async ([shown, seat]) => {
    const { mount } = await import('/js/tables/intruder/table.js');
    const root = document.createElement('div');
    root.className = 'table-root';
    document.querySelector('main, body').replaceChildren(root);
    window.sent = [];
    const act = seat === 'omniscient' ? undefined : (action) => window.sent.push(action) && `c${window.sent.length}`;
    mount(root, { you: seat, names: {}, act }).show(shown, []);
  }, [view, you]);
}

test('Intruder: Shuttle 1 gone with its crew, stowaway and hatches prepared; the fight aboard in the action panel; Shuttle 2 docked', async () => {
  const page = await newPage(ctx.browser);
  await showTable(page, shuttleView(), 'crew');
  const hull = page.locator('.in-svg .shuttle[data-shuttle="1"]');
  // Only a Shuttle that left has a hull; the docks say whether theirs is there.
  assert.equal(await page.locator('.in-svg .shuttle').count(), 1);
  assert.match(await page.locator('.in-svg .room[data-room="dk2"] > title').textContent(), /Shuttle 2 docked/);
  assert.equal(await page.locator('.in-svg .room[data-room="dk1"] .dock-mark').textContent(), 'gone');
  // Aboard: the crewmen (not in DK1 any more), the dead one crossed out, the stowaway, the object lying aboard.
  assert.equal(await page.locator('.in-svg .room[data-room="dk1"] .crewman').count(), 0);
  assert.deepEqual(await hull.locator('.crewman').evaluateAll((gs) => gs.map((g) => g.dataset.crewman)), ['c1', 'e2', 's3']);
  assert.match(await hull.locator('.crewman[data-crewman="s3"]').getAttribute('class'), /dead/);
  assert.equal(await hull.locator('.counter.id-intruder[data-counter="201"]').count(), 1);
  assert.match(await hull.locator('.object title').textContent(), /Gas Canister \(#9\), aboard Shuttle 1/);
  assert.equal(await hull.locator('.hatches').textContent(), 'hatches prepared');
  assert.match(await hull.getAttribute('class'), /fighting/);
  // The prompt names the Shuttle; the crewman aboard who may act is selected, his actions are buttons.
  assert.match(await page.locator('.in-prompt').innerText(), /^Your move\. Aboard Shuttle 1, fighting its stowaway/);
  assert.match(await page.locator('.in-selected').innerText(), /Command Officer C1 aboard Shuttle 1/);
  const buttons = await page.locator('.in-actions button').allInnerTexts();
  assert.ok(buttons.includes('Open the hatches'), buttons.join(' | '));
  // In words: the Intruder and the Blaster, not `Intruder 5L` and `(#0)`.
  assert.ok(buttons.includes('Attack the Intruder with the Blaster'), buttons.join(' | '));
  await page.click('.in-actions button:has-text("Open the hatches")');
  assert.deepEqual(await page.evaluate(() => window.sent), [{ type: 'open-hatches', crewman: 'c1' }]);
  // The roster: aboard and fighting, dead aboard, dead on the station.
  const where = async (c) => page.locator(`.in-roster tr[data-crewman="${c}"] td:nth-child(2)`).innerText();
  assert.equal(await where('c1'), 'Shuttle 1, fighting');
  assert.equal(await where('s3'), 'dead (Shuttle 1)');
  assert.equal(await where('c3'), 'dead');
  assert.equal(await where('s1'), 'DK2');
  // The boxes, the two new ones among them.
  const boxes = await page.locator('.in-boxes').innerText();
  assert.match(boxes, /Caged Lab Animals\s+1/);
  assert.match(boxes, /Frozen\s+1/);
  await shoot(page, 'intruder-shuttle-fight');
  assertNoScriptErrors(page);
});

test('Intruder: a Shuttle that escaped; counters face down to the crew are veiled in the replay only', async () => {
  const view = shuttleView();
  view.prompt = { type: 'crew-movement' };
  view.legal = [];
  view.counters = view.counters.filter((c) => c.id !== 201);
  view.shuttles[0] = { ...view.shuttles[0], intruder: undefined, prepared: false };
  const page = await newPage(ctx.browser);
  await showTable(page, view, 'spectator');
  assert.equal(await page.locator('.in-roster tr[data-crewman="c1"] td:nth-child(2)').innerText(), 'escaped (Shuttle 1)');
  assert.match(await page.locator('.in-svg .shuttle-state').textContent(), /escaped with 2/);
  assert.equal(await page.locator('.in-svg .counter.face-down').count(), 0);

  // The replay sees identities, and which counters the crew still sees face down.
  view.counters = view.counters.map((c) => (c.id === 202 ? { ...c, identity: 'dummy', face_down: true } : c));
  const replay = await newPage(ctx.browser);
  await showTable(replay, view, 'omniscient');
  const veiled = replay.locator('.in-svg .counter[data-counter="202"]');
  assert.match(await veiled.getAttribute('class'), /id-dummy face-down/);
  assert.equal(await veiled.locator('.veil').count(), 1);
  assert.match(await veiled.locator('title').textContent(), /Dummy 5M \(face down to the crew\)/);
  assert.equal(await replay.locator('.in-svg .counter[data-counter="203"].face-down').count(), 0);
  assert.equal(await replay.locator('.in-legend .key-veiled').count(), 1);
  await shoot(replay, 'intruder-shuttle-escaped-replay');
  assertNoScriptErrors(page);
  assertNoScriptErrors(replay);
});
