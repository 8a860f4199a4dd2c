/**
 * What keeps invitations from being a channel of their own (issue 42): names that are names and
 * a subject with nothing the applicant typed; bounds per recipient, per applicant and for the
 * whole site; the waiver held once a recommender was told it; and each role's slots taken by a
 * conditional write, so parallel requests cannot pass the limit. In-memory ports that honour the
 * adapters' conditions (memory.test-support.ts).
 */
import { describe, expect, it } from 'vitest';
import { institution } from '#form/institution';
import { MAIL_NAME_MESSAGES } from '#form/mail-names';
import { InputError } from '#form/wire/input';
import { parseInvitation } from '#form/wire/recommendations';
import { DomainError } from '../errors';
import { cancelRecommendation, inviteRecommender, listRecommendations, remindRecommender } from './applicant';
import { MemoryApplicants, MemoryLimiter, MemoryOutbox, MemoryRecommendations } from './memory.test-support';
import { declineRecommendation } from './recommender';
import { INVITATION_COUNTERS, RECOMMENDATION_LIMITS as LIMITS, RECOMMENDATION_TEXT as TEXT } from './rules';

const T0 = new Date('2026-11-01T12:00:00Z');
const at = (days: number) => new Date(T0.getTime() + days * 24 * 60 * 60 * 1000);
const ME = 'me@example.com';
const ADA = { counselor_waiver_request: 'Y', first_name: 'Ada', last_name: 'Lovelace', hs_name: 'Central High' };

function setup(answers: Record<string, string> = ADA) {
  const store = new MemoryRecommendations();
  const applicants = new MemoryApplicants(answers);
  const limits = new MemoryLimiter();
  const outbox = new MemoryOutbox();
  const alarms: string[] = [];
  const ports = {
    store,
    limits,
    slots: applicants,
    readAnswers: applicants.readAnswers,
    sendMail: outbox.send,
    origin: 'https://apply.example.edu',
    alarm: { siteCapReached: () => void alarms.push('site cap reached') },
    // The account open (data-rights/recommendation-links.test.ts closes it during an invitation).
    sessionClosed: () => Promise.resolve(false),
  };
  return { store, applicants, limits, outbox, alarms, ports };
}

const invite = (body: Record<string, string> = {}) =>
  parseInvitation({ role: 'counselor', first_name: 'Grace', last_name: 'Hopper', email: 'grace@school.org', ...body });

async function refusal(p: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await p;
  } catch (error) {
    if (error instanceof DomainError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('an invitation carries no message of the applicant (item 4)', () => {
  it('keeps everything the applicant typed out of the subject of the invitation and the reminder', async () => {
    const s = setup();
    const item = await inviteRecommender(s.ports, 'sub-1', ME, invite(), T0);
    await remindRecommender(s.ports, 'sub-1', item.id, T0);
    expect(s.outbox.sent).toHaveLength(2);
    for (const mail of s.outbox.sent) {
      expect(mail.subject).toContain(institution.name);
      expect(mail.subject).not.toMatch(/Ada|Lovelace|Central|Grace|Hopper/);
    }
    // The body still says whom the letter is for.
    expect(s.outbox.sent[0]!.text).toContain('Ada Lovelace (Central High)');
  });

  it('refuses an invitation while the applicant\u2019s name is not a name, saying what to correct and where, and sends nothing', async () => {
    for (const name of ['Visit https://evil.example now', 'Ada <b>', 'evil.example', 'A'.repeat(51), 'Ada\nClick here']) {
      for (const key of ['first_name', 'last_name']) {
        const s = setup({ ...ADA, [key]: name });
        const r = await refusal(inviteRecommender(s.ports, 'sub-1', ME, invite(), T0));
        expect(r).toEqual({ status: 409, message: MAIL_NAME_MESSAGES.applicantName });
        expect(r.message).toContain('About You');
        expect(s.outbox.sent).toHaveLength(0);
        expect(s.store.records.size).toBe(0);
      }
    }
    // A name not given yet: the invitation could not say whose letter it is.
    const nameless = setup({ ...ADA, last_name: '' });
    expect(await refusal(inviteRecommender(nameless.ports, 'sub-1', ME, invite(), T0))).toEqual({
      status: 409,
      message: MAIL_NAME_MESSAGES.applicantNameMissing,
    });
    for (const name of ['Mary-Jane', 'O\u2019Brien', "D'Angelo", 'Jos\u00e9 Mar\u00eda', 'de la Cruz', '\u674e']) {
      const s = setup({ ...ADA, first_name: name });
      await expect(inviteRecommender(s.ports, 'sub-1', ME, invite(), T0)).resolves.toMatchObject({ status: 'invited' });
    }
  });

  it('refuses an invitation while the school\u2019s name holds a web address or is too long, and takes a school\u2019s usual marks', async () => {
    for (const school of ['https://evil.example', 'Central High, see www.evil.example', 'evil.example/login', 'Central High: call now', 'S'.repeat(101)]) {
      const s = setup({ ...ADA, hs_name: school });
      const r = await refusal(inviteRecommender(s.ports, 'sub-1', ME, invite(), T0));
      expect(r).toEqual({ status: 409, message: MAIL_NAME_MESSAGES.school });
      expect(r.message).toContain('Your Academics');
      expect(s.outbox.sent).toHaveLength(0);
    }
    for (const school of ['St. Mary\u2019s H.S. #2', 'P.S. 187 Hudson Cliffs', 'Maple Grove College of Art & Design', 'Jr./Sr. High (North)', '']) {
      const s = setup({ ...ADA, hs_name: school });
      await expect(inviteRecommender(s.ports, 'sub-1', ME, invite(), T0)).resolves.toMatchObject({ status: 'invited' });
    }
  });

  it('takes the recommender\u2019s name only as letters, spaces, hyphens and apostrophes, in the browser\u2019s words too', () => {
    for (const name of ['Click https://evil.example', 'evil.example', 'Grace!', 'Grace 2']) {
      const error = (() => {
        try {
          parseInvitation({ role: 'teacher', first_name: name, last_name: name, email: 'grace@school.org' });
        } catch (e) {
          return e;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(InputError);
      expect((error as InputError).errors).toEqual({ first_name: [MAIL_NAME_MESSAGES.recommenderName], last_name: [MAIL_NAME_MESSAGES.recommenderName] });
    }
    expect(invite({ first_name: 'Mary-Jane', last_name: 'O\u2019Brien' })).toMatchObject({ firstName: 'Mary-Jane', lastName: 'O\u2019Brien' });
  });
});

describe('how many invitations go out (item 4)', () => {
  it('bounds the invitations one address receives a day from all applicants together, however its owner part is dressed', async () => {
    const s = setup();
    const variants = ['grace@school.org', 'Grace@School.org', 'grace+apply@school.org'];
    for (let i = 0; i < LIMITS.invitationsPerRecipientPerDay; i++) {
      await inviteRecommender(s.ports, `sub-${i}`, ME, invite({ email: variants[i % variants.length]! }), T0);
    }
    const r = await refusal(inviteRecommender(s.ports, 'sub-late', ME, invite({ email: 'grace+again@school.org' }), T0));
    expect(r).toEqual({ status: 429, message: TEXT.recipientLimit });
    // The counter is keyed by the address's hash, never the address.
    expect([...s.limits.counts.keys()].join(' ')).not.toContain('grace');
    await expect(inviteRecommender(s.ports, 'sub-late', ME, invite({ email: 'ada@school.org' }), T0)).resolves.toMatchObject({ status: 'invited' });
    await expect(inviteRecommender(s.ports, 'sub-next-day', ME, invite(), at(1))).resolves.toMatchObject({ status: 'invited' });
  });

  it('bounds the invitations one applicant sends in all, cancel-and-reinvite over many days included', async () => {
    const s = setup();
    for (let i = 0; i < LIMITS.invitationsPerApplicant; i++) {
      const item = await inviteRecommender(s.ports, 'sub-1', ME, invite({ email: `c${i}@school.org` }), at(Math.floor(i / 2)));
      await cancelRecommendation(s.ports, 'sub-1', item.id, at(Math.floor(i / 2)));
    }
    const r = await refusal(inviteRecommender(s.ports, 'sub-1', ME, invite({ email: 'late@school.org' }), at(100)));
    expect(r).toEqual({ status: 429, message: TEXT.applicantTotal });
    expect(r.message).toContain(institution.helpEmail);
    expect(s.outbox.sent).toHaveLength(LIMITS.invitationsPerApplicant);
  });

  it('stops every invitation for the day once the site-wide cap is reached, and raises the alarm', async () => {
    const s = setup();
    s.limits.fill(INVITATION_COUNTERS.site, INVITATION_COUNTERS.siteKey, 24 * 60 * 60, T0, LIMITS.invitationsPerDaySiteWide);
    const r = await refusal(inviteRecommender(s.ports, 'sub-1', ME, invite(), T0));
    expect(r).toEqual({ status: 429, message: TEXT.siteLimit });
    expect(s.alarms).toEqual(['site cap reached']);
    expect(s.outbox.sent).toHaveLength(0);
    expect(s.store.records.size).toBe(0);
    await expect(inviteRecommender(s.ports, 'sub-1', ME, invite(), at(1))).resolves.toMatchObject({ status: 'invited' });
  });
});

describe('the waiver a recommender was told (item 5)', () => {
  it('holds the waiver from the invitation: a waiver changed meanwhile refuses it, and nothing is left behind', async () => {
    const s = setup();
    // The applicant's other tab saves "not waived" after the invitation read the answers.
    const create = s.store.createRecommendation.bind(s.store);
    s.store.createRecommendation = (record) => {
      s.applicants.item('sub-1').answers.counselor_waiver_request = 'N';
      return create(record);
    };
    const r = await refusal(inviteRecommender(s.ports, 'sub-1', ME, invite(), T0));
    expect(r).toEqual({ status: 409, message: TEXT.waiverChanged });
    expect(s.outbox.sent).toHaveLength(0);
    expect(s.store.records.size).toBe(0);
    expect((await s.applicants.readAnswers('sub-1')).slots?.counselor).toEqual([]);
  });

  it('is held while an invitation is open or a letter received, and released when cancelled, declined or expired', async () => {
    const s = setup();
    const held = async () => {
      const slots = (await s.applicants.readAnswers('sub-1')).slots;
      return [...(slots?.counselor ?? []), ...(slots?.teacher ?? [])].sort();
    };
    const a = await inviteRecommender(s.ports, 'sub-1', ME, invite(), T0);
    const b = await inviteRecommender(s.ports, 'sub-1', ME, invite({ role: 'teacher', email: 'b@school.org' }), T0);
    const c = await inviteRecommender(s.ports, 'sub-1', ME, invite({ role: 'teacher', email: 'c@school.org' }), T0);
    expect(await held()).toEqual([a.id, b.id, c.id].sort());
    await cancelRecommendation(s.ports, 'sub-1', a.id, T0);
    expect(await held()).toEqual([b.id, c.id].sort());
    await declineRecommendation({ ...s.ports, sendMail: s.outbox.send }, s.outbox.tokenFor('b@school.org'), '', 'ip', T0);
    // The recommender's side writes no answers item: the applicant's next look frees the slot.
    await listRecommendations(s.ports, 'sub-1', T0);
    expect(await held()).toEqual([c.id]);
    await listRecommendations(s.ports, 'sub-1', at(61));
    expect(await held()).toEqual([]);
  });

  it('takes over the recommendations made before slots were held, so the waiver is held for them too', async () => {
    const s = setup();
    const item = await inviteRecommender(s.ports, 'sub-1', ME, invite(), T0);
    await s.applicants.releaseSlots('sub-1', { counselor: [item.id] });
    await listRecommendations(s.ports, 'sub-1', T0);
    expect((await s.applicants.readAnswers('sub-1')).slots?.counselor).toEqual([item.id]);
  });
});

describe('parallel invitations (item 11)', () => {
  it('give the counselor\u2019s one slot to one of them and refuse the others, leaving no record behind', async () => {
    const s = setup();
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) => inviteRecommender(s.ports, 'sub-1', ME, invite({ email: `c${i}@school.org` }), T0)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((x) => x.status === 'rejected')) expect((r.reason as DomainError).message).toBe(TEXT.counselorLimit);
    expect((await listRecommendations(s.ports, 'sub-1', T0)).items.map((i) => i.status)).toEqual(['invited']);
    expect(s.outbox.sent).toHaveLength(1);
  });

  it('give the teachers\u2019 slots to as many as the institution takes', async () => {
    const s = setup();
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => inviteRecommender(s.ports, 'sub-1', ME, invite({ role: 'teacher', email: `t${i}@school.org` }), T0)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(LIMITS.maxTeachers);
    expect((await listRecommendations(s.ports, 'sub-1', T0)).items).toHaveLength(LIMITS.maxTeachers);
  });

  it('free a slot whose letter was declined for the next invitation', async () => {
    const s = setup();
    await inviteRecommender(s.ports, 'sub-1', ME, invite(), T0);
    await declineRecommendation({ ...s.ports, sendMail: s.outbox.send }, s.outbox.tokenFor('grace@school.org'), '', 'ip', T0);
    await expect(inviteRecommender(s.ports, 'sub-1', ME, invite({ email: 'other@school.org' }), T0)).resolves.toMatchObject({ status: 'invited' });
  });
});
