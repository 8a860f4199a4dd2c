/**
 * Prototype pollution, proved on the server's side: this file runs the stack in its own worker
 * process, so after every polluting body has gone through HTTP to every route, the handlers'
 * own Object.prototype can be inspected. Each row: a route, a raw JSON body, the expected answer.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '#lambdas/routes';
import { startStack, type RunningStack } from '#local/stack';
import { PASSWORD, registeredApplicant, type ApiClient } from '../support/client';

const CANARY = 'polluted-canary';
const generic = [
  `{"__proto__": {"polluted": "${CANARY}", "isAdmin": true, "submittedAt": "x"}}`,
  `{"constructor": {"prototype": {"polluted": "${CANARY}"}}}`,
  `{"prototype": {"polluted": "${CANARY}"}}`,
  `{"__proto__": [], "constructor": null}`,
];

/** Bodies that put the magic names where each route looks up a key: the real hazard is `table[key]`. */
const specific: Record<string, string[]> = {
  saveAnswers: [
    '{"__proto__": "x"}',
    '{"constructor": "x"}',
    '{"toString": "x"}',
    '{"hasOwnProperty": "x"}',
    `{"first_name": "ok", "__proto__": {"polluted": "${CANARY}"}}`,
  ],
  putTabs: [
    '{"tab_id": "__proto__", "chosen_tab": "polluted"}',
    '{"tab_id": "constructor", "chosen_tab": "prototype"}',
    '{"tab_id": "transcript_source", "chosen_tab": "__proto__"}',
    '{"tab_id": "toString", "chosen_tab": "valueOf"}',
  ],
  putAddAnother: [
    '{"button_id": "__proto__", "num_components": 2}',
    '{"button_id": "constructor", "num_components": 2}',
    '{"button_id": "hasOwnProperty", "num_components": 1}',
  ],
  lastPage: ['{"last_page": "__proto__"}', '{"last_page": "constructor"}'],
  webStatus: ['{"web_status": "__proto__"}', '{"web_status": "constructor"}', '{"web_status": "toString"}'],
  saveValidations: ['{"__proto__": ["x"]}', '{"constructor": ["x"]}', '{"toString": ["x"]}', '{"valueOf": ["x"]}'],
  grantUpload: ['{"answer_key": "__proto__"}', '{"answer_key": "constructor"}', '{"answer_key": "toString"}'],
  attachUpload: ['{"file_key": "__proto__", "file_name": "constructor.pdf"}', '{"file_key": "constructor", "file_name": "__proto__.pdf"}'],
  logIn: [
    `{"__proto__": {"username": "someone@example.edu"}, "password": "${PASSWORD}"}`,
    `{"username": "__proto__", "password": "${PASSWORD}"}`,
    `{"username": "constructor@example.edu", "password": "${PASSWORD}", "__proto__": {"admin": true}}`,
  ],
  signUp: [`{"__proto__": {"username": "someone@example.edu"}, "password": "${PASSWORD}"}`],
};

/**
 * Accepted as plain data (200): the validations audit records any lower-case question-like key
 * the client reported, and these names are just strings there.
 */
const acceptedAsData: Record<string, string[]> = {
  saveValidations: ['{"prototype": ["x"]}'],
};

let stack: RunningStack;
let dataDir: string;
let attacker: ApiClient;
const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();
const arrayPrototypeBefore = Object.getOwnPropertyNames(Array.prototype).sort();

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'attacks-proto-'));
  stack = await startStack({ port: 0, dataDir, quiet: true });
  attacker = await registeredApplicant(stack.url);
});

afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

// Staff routes need a staff session for their body to be read: staff-hostile-input.test.ts.
// Machine routes with a machine's token: sis-auth.test.ts.
const bodyRoutes = routes.filter((r) => (r.method === 'POST' || r.method === 'PUT') && r.access !== 'staff' && r.access !== 'machine');
const rows = bodyRoutes.flatMap((route) => [
  ...[...generic, ...(specific[route.name] ?? [])].map((body) => [`${route.method} ${route.path}`, body, [400, 403, 404], route] as const),
  ...(acceptedAsData[route.name] ?? []).map((body) => [`${route.method} ${route.path}`, body, [200], route] as const),
]);

describe('prototype-pollution keys in every body', () => {
  it.each(rows)('%s %s → %j', async (_label, body, expected, route) => {
    const path = route.path.replace('{key}', 'hs_transcript');
    const res = await fetch(stack.url + path, { method: route.method, headers: { 'content-type': 'application/json', cookie: attacker.cookieHeader }, body });
    const text = await res.text();
    // 400 for a bad shape or value; 403/404 where a key names nothing of the caller's.
    expect(expected, `${res.status} ${text}`).toContain(res.status);
    expect(text).not.toContain(CANARY);
  });

  it.each([['__proto__'], ['constructor'], ['prototype'], ['toString']])('GET /lookup/find with category %s → 400', async (category) => {
    const res = await fetch(`${stack.url}/lookup/find?category=${category}&text=spring&max_results=5`);
    expect(res.status).toBe(400);
  });

  it("left the server process's prototypes untouched", () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
    expect(Object.getOwnPropertyNames(Array.prototype).sort()).toEqual(arrayPrototypeBefore);
    const probe: Record<string, unknown> = {};
    for (const name of ['polluted', 'isAdmin', 'submittedAt', 'admin', 'username']) expect(probe[name], name).toBeUndefined();
  });

  it('stored nothing for the attacker, and a newcomer starts clean', async () => {
    const profile = await attacker.get('/api/profile');
    expect(profile.body.answer).toEqual({});
    expect(profile.body.last_page).toBeNull();
    expect(profile.body.web_status).toEqual([]);
    expect(profile.body.document_answer).toEqual({});
    expect((await attacker.get('/api/tabs')).body).toEqual({});
    expect((await attacker.get('/api/add-another')).body).toEqual({});
    const newcomer = await registeredApplicant(stack.url);
    const fresh = await newcomer.get('/api/profile');
    expect(JSON.stringify(fresh.body)).not.toContain(CANARY);
    expect(fresh.body.answer).toEqual({});
  });
});
