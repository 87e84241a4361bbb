// The match WebSocket: connects as a seat (with its token) or as a spectator, reconnects with
// backoff when the connection drops, and resyncs from each `welcome`. It only carries frames;
// it never decides anything about the game.

import * as api from './api.js';

/** Delays before each reconnection attempt, in milliseconds; the last one repeats. */
const BACKOFF_MS = [300, 1000, 2000, 4000, 8000];
/** A ping is sent after this long without any frame from the server... */
const QUIET_MS = 15000;
/** ...and the connection is given up as dead if nothing answers within this. */
const PONG_MS = 5000;

/**
 * One match connection. Callbacks (all optional): `onState({state, detail})` with state one of
 * `connecting`, `live`, `reconnecting`, `gone`; `onWelcome(frame, kind)` with kind `first`,
 * `reconnected` or `begun` (the last seat was taken); `onUpdate(frame)`, `onError(frame)`,
 * `onChat(frame)`, `onStandIn(frame)` (a seat changed hands between its player and a bot).
 */
export class MatchSocket {
  constructor(matchId, token, callbacks) {
    this.matchId = matchId;
    this.token = token;
    this.cb = callbacks;
    this.seq = 0;
    this.you = null;
    this.ws = null;
    this.everWelcomed = false;
    this.attempt = 0;
    this.stopped = false;
    this.nextRef = 1;
    this.timer = null;
    this.watchdog = null;
    this.connect();
  }

  url() {
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const query = this.token ? `?token=${encodeURIComponent(this.token)}` : '';
    return `${scheme}//${location.host}/ws/matches/${encodeURIComponent(this.matchId)}${query}`;
  }

  state(state, detail = '') {
    this.current = state;
    this.cb.onState?.({ state, detail });
  }

  connect() {
    clearTimeout(this.timer);
    if (this.stopped) return;
    this.state(this.attempt === 0 ? 'connecting' : 'reconnecting', 'connecting…');
    const ws = new WebSocket(this.url());
    this.ws = ws;
    let welcomed = false;
    ws.addEventListener('message', (event) => {
      if (ws !== this.ws) return;
      this.heard();
      let frame;
      try {
        frame = JSON.parse(event.data);
      } catch {
        return;
      }
      if (frame.t === 'welcome') {
        // The server welcomes a connection once, and again on it when the match begins or
        // moves to another server of a cluster.
        const kind = welcomed ? 'begun' : this.everWelcomed ? 'reconnected' : 'first';
        welcomed = true;
        this.everWelcomed = true;
        this.attempt = 0;
        this.you = frame.you;
        this.seq = frame.seq;
        this.state('live');
        this.cb.onWelcome?.(frame, kind);
      } else if (frame.t === 'update') {
        this.seq = frame.seq;
        this.cb.onUpdate?.(frame);
      } else if (frame.t === 'error') {
        this.cb.onError?.(frame);
      } else if (frame.t === 'chat') {
        this.cb.onChat?.(frame);
      } else if (frame.t === 'stand_in') {
        this.seq = frame.seq;
        this.cb.onStandIn?.(frame);
      }
    });
    ws.addEventListener('close', () => {
      if (ws !== this.ws) return;
      clearTimeout(this.watchdog);
      if (this.stopped) return;
      this.retry(welcomed);
    });
  }

  /** Any frame proves the connection alive: re-arm the ping watchdog. */
  heard() {
    clearTimeout(this.watchdog);
    this.watchdog = setTimeout(() => {
      this.send({ t: 'ping' });
      this.watchdog = setTimeout(() => this.ws?.close(), PONG_MS);
    }, QUIET_MS);
  }

  async retry(wasWelcomed) {
    this.attempt += 1;
    let why = 'connection lost';
    if (!wasWelcomed && this.attempt >= 2) {
      // A connection refused before its welcome: ask the REST API why, and say it in words.
      // Unreachable, the server is down (or the network); answering, it is up and refuses
      // this socket: the seat's token, or a limit.
      try {
        await api.match(this.matchId);
        why = this.token ? 'the server is up but refuses this seat’s token' : 'the server is up but refuses the connection';
      } catch (error) {
        if (error.code === 'not_found') {
          this.stopped = true;
          this.state('gone', 'This match does not exist (any more).');
          return;
        }
        why = error.code === 'network' ? 'the server cannot be reached' : 'the server answers with an error';
      }
    }
    if (this.stopped) return;
    const delay = BACKOFF_MS[Math.min(this.attempt - 1, BACKOFF_MS.length - 1)];
    this.state('reconnecting', `${why}; retrying in ${Math.round(delay / 100) / 10} s`);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  /** Sends a frame if the socket is open; returns whether it was sent. */
  send(frame) {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  /** Sends an action chosen from the view's `legal` list; returns its `ref`, or null if offline. */
  act(action) {
    const ref = `c${this.nextRef++}`;
    return this.send({ t: 'act', seq: this.seq, ref, action }) ? ref : null;
  }

  /** Sends a chat line; returns whether it left. */
  chat(text) {
    return this.send({ t: 'chat', text });
  }

  /** Lets a bot of `level` play this seat (the best on offer when null); returns whether it left. */
  handOver(level) {
    return this.send(level ? { t: 'hand_over', level } : { t: 'hand_over' });
  }

  /** Takes this seat back from the bot that plays it; returns whether it left. */
  takeBack() {
    return this.send({ t: 'take_back' });
  }

  /** Closes for good (leaving the page). */
  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    clearTimeout(this.watchdog);
    this.ws?.close();
  }
}
