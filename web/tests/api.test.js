// Issue 19: the API documented from the code. The #/api page renders the server's own OpenAPI
// document (routes, bodies, answers, error codes) and lists the WebSocket schemas of every game,
// with nothing but this server's files and answers.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PHONE, assertNoScriptErrors, newPage, shoot, useServer } from './harness.js';

const ctx = useServer();

test('the API page renders every route of the served document, its codes and the schemas', async () => {
  const page = await newPage(ctx.browser);
  const requests = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(`${ctx.server.url}/#/api`);
  await page.waitForSelector('.api-route');
  const doc = await (await fetch(`${ctx.server.url}/api/openapi.json`)).json();
  const expected = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m} ${path}`));
  const shown = await page.locator('.api-route').evaluateAll((els) => els.map((e) => `${e.dataset.method} ${e.dataset.path}`));
  assert.deepEqual([...shown].sort(), [...expected].sort(), 'every route of the document, once');
  // A route's body, answers and error codes.
  const create = page.locator('.api-route[data-method=post][data-path="/api/matches"]');
  assert.match(await create.innerText(), /CreateMatch/);
  assert.match(await create.locator('.api-response[data-status="201"]').innerText(), /MatchCreated/);
  const refused = await create.locator('.api-response[data-status="400"]').innerText();
  for (const code of ['bad_json', 'unknown_game', 'seed_not_allowed']) assert.match(refused, new RegExp(code));
  assert.match(await page.locator('.api-route[data-path="/ws/matches/{id}"]').innerText(), /not_websocket/);
  // The bodies, and the WebSocket schemas of each game.
  assert.ok(await page.locator('#api-schema-MatchSummary').count() === 1);
  const frames = await page.locator('.api-frames').innerText();
  for (const t of ['act', 'chat', 'ping', 'welcome', 'update', 'error', 'pong']) assert.match(frames, new RegExp(`\\b${t}\\b`));
  for (const game of ['artemia', 'derelict', 'away-team', 'intruder']) {
    const section = await page.locator(`.api-game[data-game="${game}"]`).innerText();
    assert.match(section, /Actions: \S/, `${game} lists its actions`);
    assert.match(section, /View fields: .*to_act/, `${game} lists its view`);
  }
  assert.match(await page.locator('.api-game[data-game=artemia]').innerText(), /play-hunt/);
  // Nothing from another site.
  const origin = new URL(ctx.server.url).origin;
  assert.deepEqual(requests.filter((u) => !u.startsWith(origin) && !u.startsWith('data:')), []);
  await page.setViewportSize(PHONE.viewport);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px on a phone`);
  await shoot(page, 'api');
  assertNoScriptErrors(page);
  await page.context().close();
});
