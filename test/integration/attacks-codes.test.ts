/**
 * Guessing attacks on the account codes and the password lock, against the real local stack:
 * - wrong confirmation and reset codes answer alike for a pending account, a confirmed account
 *   and an address without an account (statuses, bodies, timing class), limits included;
 * - a third party burning someone's codes is itself limited per source, after which the owner's
 *   new code works;
 * - wrong passwords sent at once lock the account, and a locked account answers in the time an
 *   unlocked one does.
 * Each attacker here sends from an address of its own on the loopback network (127.x.y.z), as
 * the per-source limit tells callers apart by address; the rest of the suite sends from 127.0.0.1.
 */
import { randomInt } from 'node:crypto';
import { request } from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { MAX_WRONG_CODES_PER_SOURCE } from '#local/identity/code-attempts';
import { median } from '../../bench/stats';
import { ApiClient, PASSWORD, latestMail, registeredApplicant, uniqueEmail } from '../support/client';

const baseUrl = inject('baseUrl');
const TOO_MANY = { message: 'Too many attempts. Please wait a few minutes and try again.' };

interface Answer {
  status: number;
  body: unknown;
  ms: number;
}

/** A caller at its own loopback address. */
function source(): (path: string, body: unknown) => Promise<Answer> {
  const localAddress = `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(2, 255)}`;
  const url = new URL(baseUrl);
  return (path, body) =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const req = request({ host: '127.0.0.1', port: url.port, path, method: 'POST', localAddress, headers: { 'content-type': 'application/json' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown, ms: performance.now() - started }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(JSON.stringify(body));
    });
}

const NEW_PASSWORD = 'Another-Horse-43!';
const confirmBody = (username: string, code: string) => ({ username, code });
const resetBody = (username: string, id: string) => ({ username, id, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD });
const wrongCode = (right?: string) => {
  for (;;) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    if (code !== right) return code;
  }
};

async function pendingAccount(): Promise<{ username: string; code: string }> {
  const username = uniqueEmail('pending');
  expect((await new ApiClient(baseUrl).post('/public/signup', { username, password: PASSWORD })).status).toBe(200);
  return { username, code: (await latestMail(baseUrl, username)).code! };
}

describe('confirmation and reset codes reveal no account', () => {
  it.each([
    ['confirmation', '/public/confirm', confirmBody],
    ['reset', '/public/reset-password', resetBody],
  ] as const)('six wrong %s codes answer 400 ×5 then 429 for a pending account, a confirmed one and an unknown address alike', async (_kind, path, body) => {
    const pending = await pendingAccount();
    const confirmed = await registeredApplicant(baseUrl);
    const addresses = { pending: pending.username, confirmed: confirmed.username, unknown: uniqueEmail('nobody') };
    const answers: Record<string, Answer[]> = { pending: [], confirmed: [], unknown: [] };
    // One source per address: the per-source limit is another test's subject.
    const senders = { pending: source(), confirmed: source(), unknown: source() };
    for (let i = 0; i < 6; i++) {
      // Interleaved, so that the three kinds meet the same load on the machine.
      for (const kind of ['pending', 'confirmed', 'unknown'] as const) {
        answers[kind]!.push(await senders[kind](path, body(addresses[kind], wrongCode(pending.code))));
      }
    }
    const shapes = (kind: string) => answers[kind]!.map((a) => ({ status: a.status, body: a.body }));
    expect(shapes('unknown').map((a) => a.status)).toEqual([400, 400, 400, 400, 400, 429]);
    expect(shapes('unknown')[5]!.body).toEqual(TOO_MANY);
    expect(shapes('pending')).toEqual(shapes('unknown'));
    expect(shapes('confirmed')).toEqual(shapes('unknown'));
    // The same reads and writes on every path: the same class of time (a found account is not slower or faster).
    const unknownMs = median(answers.unknown!.map((a) => a.ms));
    for (const kind of ['pending', 'confirmed']) {
      const ratio = median(answers[kind]!.map((a) => a.ms)) / unknownMs;
      expect(ratio, kind).toBeGreaterThan(0.25);
      expect(ratio, kind).toBeLessThan(4);
    }
  });

  it('guesses sent at once are counted one by one: at most five of twelve reach the code', async () => {
    const pending = await pendingAccount();
    const send = source();
    const answers = await Promise.all(Array.from({ length: 12 }, () => send('/public/confirm', confirmBody(pending.username, wrongCode(pending.code)))));
    expect(answers.filter((a) => a.status === 400)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(7);
    // Even the right code is refused now, until a new one is asked for.
    expect((await send('/public/confirm', confirmBody(pending.username, pending.code))).status).toBe(429);
  });

  it('asking for a new code starts the guesses again, for an unknown address as for an account', async () => {
    const owner = await registeredApplicant(baseUrl);
    const unknown = uniqueEmail('nobody');
    const send = source();
    for (const username of [owner.username, unknown]) {
      for (let i = 0; i < 5; i++) expect((await send('/public/reset-password', resetBody(username, wrongCode()))).status).toBe(400);
      expect((await send('/public/reset-password', resetBody(username, wrongCode()))).status).toBe(429);
      expect((await send('/public/forgot-password', { username })).status).toBe(200);
    }
    expect((await send('/public/reset-password', resetBody(unknown, wrongCode()))).status).toBe(400);
    const { code } = await latestMail(baseUrl, owner.username);
    expect((await send('/public/reset-password', resetBody(owner.username, code!))).status).toBe(200);
    expect((await new ApiClient(baseUrl).post('/public/login', { username: owner.username, password: NEW_PASSWORD })).status).toBe(200);
  });

  it("a third party burning someone's reset codes is limited per source, and the owner's new code then works", async () => {
    const victim = await registeredApplicant(baseUrl);
    const attacker = source();
    const owner = source();
    // The attack blocks the victim's current code...
    let wrong = 0;
    for (let i = 0; i < 5; i++, wrong++) expect((await attacker('/public/reset-password', resetBody(victim.username, wrongCode()))).status).toBe(400);
    expect((await attacker('/public/reset-password', resetBody(victim.username, wrongCode()))).status).toBe(429);
    wrong++;
    // ...the victim asks for a new link...
    expect((await owner('/public/forgot-password', { username: victim.username })).status).toBe(200);
    const { code } = await latestMail(baseUrl, victim.username);
    // ...and the attacker, spreading guesses over many addresses, is soon refused everywhere.
    let limited = false;
    while (!limited && wrong < MAX_WRONG_CODES_PER_SOURCE + 5) {
      const address = uniqueEmail('spray');
      for (let i = 0; i < 4 && !limited; i++, wrong++) {
        const answer = await attacker('/public/reset-password', resetBody(address, wrongCode()));
        limited = answer.status === 429;
        if (limited) expect(answer.body).toEqual(TOO_MANY);
      }
    }
    expect(limited).toBe(true);
    expect(wrong).toBeLessThanOrEqual(MAX_WRONG_CODES_PER_SOURCE + 1);
    // A limited source burns nothing: the victim's new code survives six more tries.
    for (let i = 0; i < 6; i++) expect((await attacker('/public/reset-password', resetBody(victim.username, wrongCode(code)))).status).toBe(429);
    expect((await owner('/public/reset-password', resetBody(victim.username, code!))).status).toBe(200);
  });
});

describe('the password lock', () => {
  it('twelve wrong passwords sent at once lock the account', async () => {
    const applicant = await registeredApplicant(baseUrl);
    const login = (password: string) => new ApiClient(baseUrl).post('/public/login', { username: applicant.username, password });
    const answers = await Promise.all(Array.from({ length: 12 }, () => login('Wrong-Password-123!')));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(400));
    const right = await login(PASSWORD);
    expect(right.status).toBe(400);
    expect(right.body).toEqual({ message: 'Incorrect e-mail or password.' });
  });

  it('right passwords sent at once (several tabs signing in) all sign in: only wrong ones count', async () => {
    const applicant = await registeredApplicant(baseUrl);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => new ApiClient(baseUrl).post('/public/login', { username: applicant.username, password: PASSWORD })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
  });

  // A locked account's answer in time: login-timing.test.ts, at the real scrypt cost.
});
