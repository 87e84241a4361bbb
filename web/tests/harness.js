// What the browser tests stand on: a real xenotable server (a child process on a free port with
// a temporary SQLite data directory and fast bots) and Debian's Chromium driven by
// playwright-core.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const repo = resolve(here, '..', '..');
export const screenshots = join(here, 'screenshots');
const binary = process.env.XENOTABLE_BIN ?? join(repo, 'target', 'debug', 'xenotable');
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';

/** A port nobody listens on now. */
function freePort() {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.on('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => ok(port));
    });
  });
}

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

/** The server under test. `start()` and `kill()` may be called again to restart it. */
export class Server {
  /** Starts a server; `args` are more command-line options (e.g. `['--admin-token', 't']`). */
  static async create(args = []) {
    const server = new Server(await freePort(), mkdtempSync(join(tmpdir(), 'xenotable-web-')), args);
    await server.start();
    return server;
  }

  constructor(port, dataDir, args = []) {
    this.args = args;
    this.port = port;
    this.dataDir = dataDir;
    this.url = `http://127.0.0.1:${port}`;
    this.child = null;
    this.output = '';
  }

  async start() {
    // The embedded SQLite in the data directory, whatever the environment says.
    const { DATABASE_URL: _unused, ...env } = process.env;
    this.child = spawn(binary, [
      '--bind', `127.0.0.1:${this.port}`,
      '--data-dir', this.dataDir,
      // Fast bots, unless the test asks for its own pace.
      ...(this.args.includes('--bot-delay-ms') ? [] : ['--bot-delay-ms', '50']),
      '--web-dir', join(repo, 'web'),
      // The tests pin seeds and create many matches from one address.
      '--allow-client-seeds',
      '--creations-per-minute', '100000',
      '--joins-per-minute', '100000',
      '--replays-per-minute', '100000',
      ...this.args,
    ], { env: { ...env, RUST_LOG: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk) => { this.output = (this.output + chunk).slice(-20000); };
    this.child.stdout.on('data', keep);
    this.child.stderr.on('data', keep);
    const exited = new Promise((ok) => this.child.once('exit', ok));
    // Never leave a server behind, however the test run ends.
    const child = this.child;
    process.once('exit', () => child.kill('SIGKILL'));
    this.exited = exited;
    for (let i = 0; i < 200; i += 1) {
      if (this.child.exitCode !== null) throw new Error(`the server exited at start:\n${this.output}`);
      try {
        const res = await fetch(`${this.url}/healthz`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(50);
    }
    throw new Error(`the server did not answer /healthz:\n${this.output}`);
  }

  /** Kills the server at once (no graceful shutdown), as a crash would. */
  async kill() {
    if (!this.child || this.child.exitCode !== null) return;
    this.child.kill('SIGKILL');
    await this.exited;
  }

  async stop() {
    await this.kill();
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** A JSON request to the API; returns `{status, body}`. */
  async api(method, path, body) {
    const res = await fetch(this.url + path, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }
}

/** Chromium, headless, as Debian ships it. */
export function launch() {
  mkdirSync(screenshots, { recursive: true });
  return chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/** A desktop screen, and a phone's (with touch, as Chromium emulates a phone). */
export const DESKTOP = { viewport: { width: 1280, height: 800 } };
export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/**
 * A new page in its own context (its own localStorage), with every script error and dialog
 * recorded: `page.problems` lists uncaught errors, `page.dialogs` every alert that fired (and
 * `page.dialogTypes` their kinds: `alert`, `beforeunload`, …). `screen` is a viewport or a
 * context's options (`PHONE`).
 */
export async function newPage(browser, screen = DESKTOP) {
  const context = await browser.newContext(screen.viewport ? screen : { viewport: screen });
  const page = await context.newPage();
  page.problems = [];
  page.dialogs = [];
  page.dialogTypes = [];
  page.on('pageerror', (error) => page.problems.push(String(error)));
  page.on('console', (msg) => { if (msg.type() === 'error') page.problems.push(msg.text()); });
  page.on('dialog', (dialog) => {
    page.dialogs.push(dialog.message());
    page.dialogTypes.push(dialog.type());
    dialog.dismiss().catch(() => {});
  });
  return page;
}

/**
 * What on the page breaks a phone's rules: elements that stick out to the right (the page
 * scrolls sideways), and controls smaller than a finger (32 CSS px either way).
 */
export function phoneFaults(page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const shown = (el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const name = (el) => `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''} "${(el.getAttribute('aria-label') ?? el.textContent).trim().slice(0, 40)}"`;
    const out = (el) => el.getBoundingClientRect().right > width + 0.5;
    const overflow = [...document.querySelectorAll('body *')]
      .filter((el) => shown(el) && out(el) && !el.closest('.zoom-frame, .in-stages-frame, dialog') && ![...el.children].some(out))
      .map(name);
    const controls = 'button, select, input:not([type=hidden]), textarea, [role="button"], a.button, a.back, .site-nav a, .seat-links a, .help-nav a';
    const small = [...document.querySelectorAll(controls)]
      .filter(shown)
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width < 32 - 0.01 || r.height < 32 - 0.01;
      })
      .map((el) => `${name(el)} ${Math.round(el.getBoundingClientRect().width)}×${Math.round(el.getBoundingClientRect().height)}`);
    return { scrolls: document.documentElement.scrollWidth > width + 0.5, overflow, small };
  });
}

/** Turns the questions before final moves off in `page`'s browser, as the settings page does. */
export function askNothing(page) {
  return page.addInitScript(() => localStorage.setItem('xenotable.settings', JSON.stringify({ confirm: false })));
}

/**
 * Saves a screenshot of the whole page as `screenshots/<name>.png`. On a touch screen the
 * viewport is stretched to the page's height for it (Chromium's full-page capture drops the touch
 * emulation, and with it the phone's layout), then set back.
 */
export async function shoot(page, name) {
  const path = join(screenshots, `${name}.png`);
  // Pieces that just moved finish gliding first.
  await page.waitForTimeout(300);
  if (!(await page.evaluate(() => matchMedia('(pointer: coarse)').matches))) return page.screenshot({ path, fullPage: true });
  const viewport = page.viewportSize();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(height, viewport.height) });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path });
  await page.setViewportSize(viewport);
}

/**
 * Pins the seed of every match this page creates through the lobby (which lets the server draw
 * one), so a test plays the same deal on every run.
 */
export async function pinSeed(page, seed) {
  await page.route('**/api/matches', async (route) => {
    const request = route.request();
    if (request.method() !== 'POST') return route.continue();
    const body = { ...JSON.parse(request.postData() ?? '{}'), seed };
    return route.continue({ postData: JSON.stringify(body) });
  });
}

/**
 * Starts a server (with `args`) and Chromium before the tests of a file and stops them after:
 * `ctx.server` and `ctx.browser` are set once the tests run.
 */
export function useServer(args = []) {
  const ctx = { server: null, browser: null };
  before(async () => {
    ctx.server = await Server.create(args);
    ctx.browser = await launch();
  });
  after(async () => {
    await ctx.browser?.close();
    await ctx.server?.stop();
  });
  return ctx;
}

/**
 * Creates a match through the API (`body` as `POST /api/matches` takes it), keeps its seat tokens
 * in `page`'s browser as the lobby would, and opens the table of `seat` (by default the first
 * seat with a token). Returns the match id once the table is connected.
 */
export async function sitAt(page, server, body, seat = null) {
  const created = await server.api('POST', '/api/matches', body);
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const { id, seats } = created.body;
  await page.goto(`${server.url}/#/`);
  await page.evaluate(([match, held]) => localStorage.setItem(`xenotable.seats.${match}`,
    JSON.stringify(Object.fromEntries(held.map((s) => [s.seat, { token: s.token, name: 'Tester' }])))), [id, seats]);
  await page.goto(`${server.url}/#/match/${id}/as/${seat ?? seats[0].seat}`);
  await page.waitForSelector('.conn[data-state="live"]');
  return id;
}

/** Matches the tests play, as `POST /api/matches` takes them (seeds pinned). */
export const CORRIDOR_RUN = {
  game: 'derelict', scenario: 'corridor-run', seed: 11,
  seats: [{ seat: 'marines', name: 'Hicks' }, { seat: 'aliens', bot: true }],
};
export const CRYSTAL_SPIRES = {
  game: 'away-team', scenario: 'crystal-spires', seed: 2024,
  seats: [{ seat: 'away-team', name: 'Kirk' }, { seat: 'aliens', bot: true }],
};

/** Deploys Corridor Run's squad facing east on its start squares by clicking, confirms, and waits for the marine turn. */
export async function deployCorridorRun(page) {
  await page.click('.d-facing button[data-facing="e"]');
  for (const [x, y] of [[1, 3], [1, 1], [2, 1], [1, 2], [2, 2], [1, 4]]) {
    await page.locator(`.d-svg .mark-deploy[data-x="${x}"][data-y="${y}"]`).click();
    await answered(page);
  }
  await page.click('button:has-text("Confirm deployment")');
  await answered(page);
  await page.waitForSelector('.d-duty.mine');
}

/** Waits until the act sent last has its answer (an update with its ref, or an error) and no error is shown. */
export async function answered(page) {
  await page.waitForFunction(() => !document.querySelector('.table-root').dataset.pending);
  assert.equal(await page.locator('.alerts .alert').count(), 0, await page.locator('.alerts').innerText());
}

/**
 * No script error on the page except a refused request's console line (and what `noise` matches:
 * a test that kills the server expects the browser's failed WebSocket lines).
 */
export function assertNoScriptErrors(page, noise = null) {
  const real = page.problems.filter((p) => !/Failed to load resource/.test(p) && !noise?.test(p));
  assert.deepEqual(real, [], 'script errors on the page');
}
