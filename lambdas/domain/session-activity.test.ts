import { describe, expect, it } from 'vitest';
import { Unauthorized } from './errors';
import type { AccessClaims } from './ports/identity';
import {
  keepSessionAlive,
  markInterval,
  sessionVerdict,
  SessionActivity,
  type SessionActivityStore,
  type SessionLimits,
  type SessionRef,
} from './session-activity';

const LIMITS: SessionLimits = { idleSeconds: 900, lifetimeSeconds: 12 * 60 * 60 };
const SIGN_IN = 1_700_000_000; // epoch s
const at = (seconds: number) => (SIGN_IN + seconds) * 1000;

/** The table as a map, with the same conditional write; counts reads and writes. */
function memoryStore(): SessionActivityStore & { marks: Map<string, number>; reads: number; writes: number } {
  const marks = new Map<string, number>();
  const id = (s: SessionRef) => `${s.owner}/${s.id}`;
  return {
    marks,
    reads: 0,
    writes: 0,
    readMark(s) {
      this.reads += 1;
      return Promise.resolve(marks.get(id(s)));
    },
    moveMark(s, now, notBefore) {
      this.writes += 1;
      const mark = marks.get(id(s));
      if (mark !== undefined && mark < notBefore) return Promise.resolve(false);
      marks.set(id(s), now);
      return Promise.resolve(true);
    },
  };
}

const session: SessionRef = { owner: 'ada', id: 'sign-in-1' };

describe('the idle and lifetime rule', () => {
  it('keeps a session whose last mark is within the timeout (plus the interval the mark may lag by)', () => {
    expect(markInterval(LIMITS)).toBe(60_000);
    expect(sessionVerdict(LIMITS, at(900), SIGN_IN, undefined)).toBe('active');
    expect(sessionVerdict(LIMITS, at(960), SIGN_IN, at(0))).toBe('active');
    expect(sessionVerdict(LIMITS, at(961), SIGN_IN, at(0))).toBe('idle');
    expect(sessionVerdict(LIMITS, at(5000), SIGN_IN, at(4500))).toBe('active');
  });

  it('counts the sign-in as the last activity of a session with no mark yet', () => {
    expect(sessionVerdict(LIMITS, at(961), SIGN_IN, undefined)).toBe('idle');
  });

  it('ends any session past its lifetime, however recent its mark', () => {
    expect(sessionVerdict(LIMITS, at(12 * 3600), SIGN_IN, at(12 * 3600 - 1))).toBe('active');
    expect(sessionVerdict(LIMITS, at(12 * 3600 + 1), SIGN_IN, at(12 * 3600))).toBe('expired');
  });

  it('scales the interval down for short timeouts (tests use seconds)', () => {
    expect(markInterval({ idleSeconds: 3, lifetimeSeconds: 60 })).toBe(200);
    expect(sessionVerdict({ idleSeconds: 3, lifetimeSeconds: 60 }, at(3) + 201, SIGN_IN, at(0))).toBe('idle');
  });
});

describe('keeping a session alive', () => {
  it('writes the mark at most once a minute while the session is used, and reads nothing in between', async () => {
    const store = memoryStore();
    const activity = new SessionActivity(store);
    for (let s = 0; s <= 600; s += 10) expect(await activity.touch(session, SIGN_IN, LIMITS, at(s))).toBe('active');
    expect(store.writes).toBe(11); // at 0, 60, 120 … 600
    expect(store.reads).toBe(11);
    expect(store.marks.get('ada/sign-in-1')).toBe(at(600));
  });

  it('stays alive across many timeouts when used within each, and ends after one without requests', async () => {
    const activity = new SessionActivity(memoryStore());
    for (let s = 0; s <= 3600; s += 800) expect(await activity.touch(session, SIGN_IN, LIMITS, at(s))).toBe('active');
    expect(await activity.touch(session, SIGN_IN, LIMITS, at(3200 + 961))).toBe('idle');
    // And stays ended: a later request revives nothing.
    expect(await activity.touch(session, SIGN_IN, LIMITS, at(3200 + 962))).toBe('idle');
  });

  it('sees the mark another container wrote before calling the session idle', async () => {
    const store = memoryStore();
    const mine = new SessionActivity(store);
    const other = new SessionActivity(store);
    await mine.touch(session, SIGN_IN, LIMITS, at(0));
    await other.touch(session, SIGN_IN, LIMITS, at(800));
    expect(await mine.touch(session, SIGN_IN, LIMITS, at(1500))).toBe('active');
  });

  it('refuses to revive a session another container found idle, even from a stale copy', async () => {
    const store = memoryStore();
    const activity = new SessionActivity(store);
    store.marks.set('ada/sign-in-1', at(0));
    // Between this container's read and its write, nothing can bring an old mark back.
    expect(await activity.touch(session, SIGN_IN, LIMITS, at(1000))).toBe('idle');
    expect(store.marks.get('ada/sign-in-1')).toBe(at(0));
  });

  it('ends a session past its lifetime without touching the table', async () => {
    const store = memoryStore();
    const activity = new SessionActivity(store);
    expect(await activity.touch(session, SIGN_IN, LIMITS, at(12 * 3600 + 1))).toBe('expired');
    expect(store.reads + store.writes).toBe(0);
  });

  it('keeps each sign-in session apart', async () => {
    const activity = new SessionActivity(memoryStore());
    await activity.touch(session, SIGN_IN, LIMITS, at(0));
    expect(await activity.touch({ owner: 'ada', id: 'sign-in-2' }, SIGN_IN, LIMITS, at(1000))).toBe('idle');
    expect(await activity.touch(session, SIGN_IN, LIMITS, at(950))).toBe('active');
  });
});

describe('the request check', () => {
  const claims = (extra: Partial<AccessClaims>): AccessClaims => ({
    sub: 'ada',
    username: 'ada',
    iat: SIGN_IN,
    exp: SIGN_IN + 900,
    origin_jti: 'sign-in-1',
    ...extra,
  });
  const messages = { idle: 'idle message', expired: 'expired message' };

  it('answers 401 with the inactivity message for an idle session and the pool message for an old or unbounded one', async () => {
    const activity = new SessionActivity(memoryStore());
    // Signed in 20 minutes ago, never used since.
    const idle = claims({ auth_time: Math.floor(Date.now() / 1000) - 1200 });
    await expect(keepSessionAlive(activity, idle, 'ada', LIMITS, messages)).rejects.toEqual(new Unauthorized('idle message'));
    const old = claims({ auth_time: Math.floor(Date.now() / 1000) - 13 * 3600 });
    await expect(keepSessionAlive(activity, old, 'ada', LIMITS, messages)).rejects.toEqual(new Unauthorized('expired message'));
    await expect(keepSessionAlive(activity, claims({}), 'ada', LIMITS, messages)).rejects.toEqual(new Unauthorized('expired message'));
    await expect(keepSessionAlive(activity, claims({ auth_time: Math.floor(Date.now() / 1000) }), 'ada', LIMITS, messages)).resolves.toBeUndefined();
  });
});
