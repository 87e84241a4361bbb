// The API page (#/api): the server's own OpenAPI document rendered here (every route, its
// parameters, body, answers and error codes) and the JSON Schemas of the match WebSocket
// (frames, and each game's actions, views and events). Nothing is fetched but this server's
// /api/openapi.json and /api/schema/...; docs/api.md in the repository walks through a match.

import { h, replace } from './dom.js';

/** The name a `$ref` points at (`#/components/schemas/MatchSummary` → `MatchSummary`). */
const refName = (ref) => ref.split('/').pop();

/** A schema in a few words: its component name, `[T]` for arrays, or its type. */
function typeOf(schema) {
  if (!schema) return '—';
  if (schema.$ref) return refName(schema.$ref);
  if (schema.allOf && schema.allOf.length === 1) return typeOf(schema.allOf[0]);
  if (schema.type === 'array') return `[${typeOf(schema.items)}]`;
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  return schema.type ?? 'any JSON';
}

/** The content of a body or an answer: its media types and their schemas. */
function content(body) {
  return Object.entries(body?.content ?? {}).map(([type, media]) =>
    h('span', { class: 'api-content' }, h('code', {}, type), ' ', typeOf(media.schema)));
}

/** One response line: status, description, body and the error codes it may carry. */
function response(status, answer) {
  const codes = answer.content?.['application/json']?.schema?.properties?.code?.enum ?? [];
  return h('li', { class: 'api-response', dataset: { status } },
    // A refusal's description lists its codes, which follow anyway.
    h('strong', {}, status), ' ', codes.length ? 'refused' : (answer.description ?? ''), ' ', content(answer),
    codes.length ? h('span', { class: 'api-codes' }, ' codes: ', codes.map((c, i) => [i ? ', ' : '', h('code', {}, c)])) : null);
}

/** One operation: method and path, what it does, its parameters, body and answers. */
function operation(path, method, op) {
  const params = op.parameters ?? [];
  return h('section', { class: 'api-route panel', dataset: { method, path } },
    h('h3', {}, h('span', { class: `api-method api-${method}` }, method.toUpperCase()), ' ', h('code', {}, path)),
    op.description ? h('p', {}, op.description) : (op.summary ? h('p', {}, op.summary) : null),
    params.length ? h('div', {}, h('h4', {}, 'Parameters'), h('ul', {}, params.map((p) =>
      h('li', {}, h('code', {}, p.name), ` (${p.in}${p.required ? ', required' : ''}) `, p.description ?? '')))) : null,
    op.requestBody ? h('div', {}, h('h4', {}, 'Body'), h('p', {}, op.requestBody.description ?? '', ' ', content(op.requestBody))) : null,
    h('h4', {}, 'Answers'),
    h('ul', {}, Object.entries(op.responses ?? {}).map(([status, answer]) => response(status, answer))));
}

/** A component schema: its fields with their types, required ones marked. */
function component(name, schema) {
  const required = new Set(schema.required ?? []);
  const fields = Object.entries(schema.properties ?? {});
  return h('details', { class: 'api-schema', id: `api-schema-${name}` },
    h('summary', {}, h('code', {}, name), schema.description ? ` — ${schema.description}` : ''),
    fields.length
      ? h('ul', {}, fields.map(([field, s]) => h('li', {}, h('code', {}, field), required.has(field) ? ' (required) ' : ' ', typeOf(s), s.description ? ` — ${s.description}` : '')))
      : h('p', {}, typeOf(schema)));
}

/** The tags (`t`, `type`) of the variants of a JSON Schema `oneOf`. */
function variants(schema, tag) {
  return (schema?.oneOf ?? []).map((v) => v.properties?.[tag]?.const).filter(Boolean);
}

/** A list of an enum's variant names, or a note when the schema has none. */
function names(list) {
  return list.length ? list.map((n, i) => [i ? ', ' : '', h('code', {}, n)]) : '(see the schema)';
}

async function json(path) {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}

/** Mounts the API page in `root`; returns its unmount. */
export function mountApi(root) {
  let live = true;
  replace(root, h('div', { class: 'api' }, h('h1', {}, 'The API'), h('p', { class: 'hint' }, 'Loading the server’s description…')));
  (async () => {
    const [doc, frames, games] = await Promise.all([json('/api/openapi.json'), json('/api/schema/frames'), json('/api/games')]);
    const schemas = await Promise.all(games.map((g) => json(`/api/schema/${encodeURIComponent(g.id)}`)));
    if (!live) return;
    const routes = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));
    const tags = (doc.tags ?? []).map((t) => t.name);
    replace(root, h('div', { class: 'api' },
      h('h1', {}, 'The API'),
      h('p', {}, doc.info?.description ?? ''),
      h('p', { class: 'hint' },
        'Served by this server: ', h('a', { href: '/api/openapi.json' }, 'OpenAPI document'), ' (version ', doc.info?.version ?? '?', ', OpenAPI ', doc.openapi, '), ',
        h('a', { href: '/api/schema/frames' }, 'WebSocket frames'), ', and each game’s schemas below.'),
      h('nav', { class: 'api-toc', 'aria-label': 'API sections' }, tags.map((t) => h('a', { href: `#/api`, onclick: (e) => { e.preventDefault(); document.getElementById(`api-tag-${t}`)?.scrollIntoView(); } }, t))),
      h('h2', {}, 'Routes'),
      tags.map((tag) => h('div', { id: `api-tag-${tag}` },
        h('h2', { class: 'api-tag' }, tag, ' — ', (doc.tags.find((t) => t.name === tag)?.description ?? '')),
        routes.filter((r) => (r.op.tags ?? []).includes(tag)).map((r) => operation(r.path, r.method, r.op)))),
      h('h2', {}, 'Bodies'),
      h('div', { class: 'api-schemas' }, Object.entries(doc.components?.schemas ?? {}).map(([name, s]) => component(name, s))),
      h('h2', {}, 'The match WebSocket'),
      h('section', { class: 'panel api-frames' },
        h('p', {}, 'Frames a client sends: ', names(variants(frames.client, 't'))),
        h('p', {}, 'Frames the server sends: ', names(variants(frames.server, 't'))),
        h('p', { class: 'hint' }, 'Each is a JSON text frame; its schema: ', h('a', { href: '/api/schema/frames' }, '/api/schema/frames'), '.')),
      schemas.map((s, i) => h('section', { class: 'panel api-game', dataset: { game: s.game } },
        h('h3', {}, games[i].name, ' ', h('a', { href: `/api/schema/${encodeURIComponent(s.game)}` }, h('code', {}, `/api/schema/${s.game}`))),
        h('p', {}, 'Actions: ', names(variants(s.action, 'type'))),
        h('p', {}, 'Events: ', names(variants(s.event, 'type'))),
        h('p', {}, 'View fields: ', names(Object.keys(s.view.properties ?? {})))))));
  })().catch((e) => {
    if (live) replace(root, h('div', { class: 'api' }, h('h1', {}, 'The API'), h('p', { class: 'error', role: 'alert' }, `The server’s description could not be read (${e.message}).`)));
  });
  return () => { live = false; };
}
