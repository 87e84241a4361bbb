// The Artemia table has words for everything the protocol can send: every event, action,
// decision, card and place named in protocol/src/artemia/. A variant added there without words
// here fails this test instead of showing a raw name to players. The Derelict, Away Team and
// Intruder tables are held to the same for their events and actions.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { repo } from './harness.js';
import { HUNT, PLACES, SURVIVAL } from '../js/tables/artemia/words.js';

const protocol = (file) => readFileSync(join(repo, 'protocol', 'src', 'artemia', file), 'utf8');
const words = readFileSync(join(repo, 'web', 'js', 'tables', 'artemia', 'words.js'), 'utf8');

/** The variants of `pub enum <name>` in Rust source, as their kebab-case wire names. */
function variants(source, name) {
  const body = source.slice(source.indexOf(`pub enum ${name} {`));
  const block = body.slice(body.indexOf('{') + 1, body.indexOf('\n}'));
  return [...block.matchAll(/^ {4}([A-Z][A-Za-z]*)\b/gm)]
    .map(([, variant]) => variant.replace(/(?<!^)([A-Z])/g, '-$1').toLowerCase());
}

/** The `case '<name>'` labels of the switch in the function `fn` of words.js. */
function cases(fn) {
  const body = words.slice(words.indexOf(`export function ${fn}(`));
  const end = body.indexOf('\n}\n');
  return new Set([...body.slice(0, end).matchAll(/case '([a-z-]+)'/g)].map(([, c]) => c));
}

test('every Artemia event has words in the log', () => {
  const events = variants(protocol('event.rs'), 'Event');
  assert.ok(events.length > 30, `events read: ${events}`);
  const known = cases('eventWords');
  assert.deepEqual(events.filter((e) => !known.has(e)), []);
});

test('every Artemia action has a label and a group', () => {
  const actions = variants(protocol('action.rs'), 'Action');
  assert.ok(actions.length > 20, `actions read: ${actions}`);
  for (const fn of ['actionLabel', 'actionGroup']) {
    const known = cases(fn);
    assert.deepEqual(actions.filter((a) => !known.has(a)), [], fn);
  }
});

test('every Artemia decision is said in words', () => {
  const decisions = variants(protocol('view.rs'), 'Decision');
  assert.ok(decisions.length > 10, `decisions read: ${decisions}`);
  const known = cases('decisionWords');
  assert.deepEqual(decisions.filter((d) => !known.has(d)), []);
});

test('every Hunt card, Survival card and place has its name and text', () => {
  const cards = protocol('cards.rs');
  assert.deepEqual(variants(cards, 'HuntCard').sort(), Object.keys(HUNT).sort());
  assert.deepEqual(variants(cards, 'SurvivalCard').sort(), Object.keys(SURVIVAL).sort());
  assert.deepEqual(variants(cards, 'Place'), PLACES.map((p) => p.id));
});

/** The wire names of `pub enum <name>` in `game`'s protocol file. */
function kebabVariants(game, file, name) {
  return variants(readFileSync(join(repo, 'protocol', 'src', game, file), 'utf8'), name);
}

/** The `case '<name>'` labels of the function `fn` in a table's words.js. */
function tableCases(dir, fn) {
  const source = readFileSync(join(repo, 'web', 'js', 'tables', dir, 'words.js'), 'utf8');
  const body = source.slice(source.indexOf(`export function ${fn}(`));
  return new Set([...body.slice(0, body.indexOf('\n}\n')).matchAll(/case '([a-z-]+)'/g)].map(([, c]) => c));
}

for (const [game, dir] of [['derelict', 'derelict'], ['away_team', 'away-team']]) {
  for (const [file, name, fn] of [['event.rs', 'Event', 'describeEvent'], ['action.rs', 'Action', 'describeAction']]) {
    test(`every ${dir} ${name.toLowerCase()} has words`, () => {
      const wire = kebabVariants(game, file, name);
      assert.ok(wire.length > 4, `read: ${wire}`);
      const known = tableCases(dir, fn);
      assert.deepEqual(wire.filter((v) => !known.has(v)), []);
    });
  }
}

test('every Intruder event, action and prompt has words', () => {
  const source = readFileSync(join(repo, 'protocol', 'src', 'intruder', 'mod.rs'), 'utf8');
  for (const [name, fn] of [['Event', 'describeEvent'], ['Action', 'describeAction'], ['Prompt', 'promptWords']]) {
    const wire = variants(source, name);
    assert.ok(wire.length > 5, `read: ${wire}`);
    const known = tableCases('intruder', fn);
    assert.deepEqual(wire.filter((v) => !known.has(v)), [], name);
  }
});
