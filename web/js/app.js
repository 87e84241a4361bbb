// The client's entry point: hash routes to pages. Each page's mount function returns the
// function that unmounts it.
//   #/                          the lobby
//   #/join/<match>/<seat>       claim an open seat
//   #/match/<match>             play the seat this browser holds (or watch if none)
//   #/match/<match>/as/<seat>   play that seat
//   #/match/<match>/watch       watch as a spectator
//   #/replay/<match>            replay a finished match
//   #/admin                     the admin page: scenarios, upload, delete
//   #/editor[/<scenario>]       the Derelict scenario editor, empty or on a stored scenario
//   #/help[/<game>]             how to play each game
//   #/settings                  the player's settings (questions before final moves, motion)
//   #/api                       the server's API: routes, bodies, codes, WebSocket schemas

import { mountAdmin } from './admin.js';
import { mountApi } from './api-page.js';
import { mountEditor } from './editor.js';
import { mountHelp } from './help/page.js';
import { mountJoin, mountLobby } from './lobby.js';
import { mountMatch } from './match.js';
import { mountReplay } from './replay.js';
import { applySettings } from './settings.js';
import { mountSettings } from './settings-page.js';
import * as tokens from './tokens.js';

const root = document.getElementById('app');
let unmount = () => {};

function route() {
  unmount();
  window.scrollTo(0, 0);
  const parts = location.hash.replace(/^#\/?/, '').split('/').map(decodeURIComponent);
  const [page, id, mode, seat] = parts;
  document.body.dataset.page = page || 'lobby';
  if (page === 'join' && id && mode) unmount = mountJoin(root, id, mode);
  else if (page === 'match' && id && mode === 'as' && seat) unmount = mountMatch(root, id, seat);
  else if (page === 'match' && id && mode === 'watch') unmount = mountMatch(root, id, null);
  else if (page === 'match' && id) unmount = mountMatch(root, id, Object.keys(tokens.seatsOf(id))[0] ?? null);
  else if (page === 'replay' && id) unmount = mountReplay(root, id);
  else if (page === 'admin') unmount = mountAdmin(root);
  else if (page === 'editor') unmount = mountEditor(root, id ?? null);
  else if (page === 'help') unmount = mountHelp(root, id ?? null);
  else if (page === 'settings') unmount = mountSettings(root);
  else if (page === 'api') unmount = mountApi(root);
  else unmount = mountLobby(root);
}

applySettings();
window.addEventListener('hashchange', route);
route();
