import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { parseInvitation } from '#form/wire/recommendations';
import { dailyLimitMessage } from '../documents/upload-quota';
import { DomainError } from '../errors';
import { cancelRecommendation, inviteAsApplicant, inviteRecommender, listRecommendations, remindRecommender } from './applicant';
import { convertLetter } from './letter-conversion';
import { MemoryApplicants, MemoryLimiter, MemoryOutbox, MemoryRecommendations } from './memory.test-support';
import { staffRecommendations } from './office';
import { declineRecommendation, grantLetterUpload, readLetterStatus, readRecommendationRequest, submitRecommendation } from './recommender';
import { RECOMMENDATION_LIMITS, RECOMMENDATION_TEXT, slotStatuses } from './rules';
import { endOfDay, sweepRecommendations } from './sweep';

const T0 = new Date('2026-11-01T12:00:00Z');
const at = (days: number) => new Date(T0.getTime() + days * 24 * 60 * 60 * 1000);
const ME = 'me@example.com';

function setup(answers: Record<string, string> = { counselor_waiver_request: 'Y', first_name: 'Ada', last_name: 'Lovelace', hs_name: 'Central High' }) {
  const store = new MemoryRecommendations();
  const applicants = new MemoryApplicants(answers);
  const limits = new MemoryLimiter();
  const outbox = new MemoryOutbox();
  const events: unknown[] = [];
  const uploads = {
    presignUpload: (key: string) => Promise.resolve({ url: 'http://s3/uploads', fields: { key } }),
    presignLetterDownload: (key: string) => Promise.resolve(`http://s3/documents/${key}`),
  };
  const ports = {
    store,
    limits,
    sendMail: outbox.send,
    origin: 'https://apply.example.edu',
    readAnswers: applicants.readAnswers,
    slots: applicants,
    alarm: { siteCapReached: () => undefined },
    // The account open (data-rights/recommendation-links.test.ts closes it during an invitation).
    sessionClosed: () => Promise.resolve(false),
    uploads,
    readReference: () => Promise.resolve({ reference: 'ABCD2345', cycle: 'fall-2027' }),
    publish: (e: unknown) => (events.push(e), Promise.resolve(true)),
  };
  return { store, applicants, limits, outbox, events, ports };
}

const invite = (body: Record<string, string>) =>
  parseInvitation({ role: 'counselor', first_name: 'Grace', last_name: 'Hopper', email: 'grace@school.org', ...body });

async function refusal(
  p: Promise<unknown>,
): Promise<{ status: number; message: string; extra: Record<string, unknown>; inLanguage?: DomainError['inLanguage'] }> {
  try {
    await p;
  } catch (error) {
    if (error instanceof DomainError) return { status: error.status, message: error.message, extra: error.extra, inLanguage: error.inLanguage };
    throw error;
  }
  throw new Error('expected a refusal');
}

/** The letter uploaded and converted under the key the link was granted. */
async function uploadLetter(s: ReturnType<typeof setup>, token: string, now: Date, outcome: 'ok' | 'bad' = 'ok') {
  const post = await grantLetterUpload(s.ports, token, '10.0.0.1', now);
  const key = post.fields.key as string;
  const doc = await PDFDocument.create();
  doc.addPage();
  const pdf = await doc.save();
  const conversion = {
    store: s.store,
    readUpload: () => Promise.resolve(outcome === 'ok' ? { kind: 'ok' as const, bytes: pdf } : { kind: 'tooLarge' as const, size: 2e6 }),
    storePdf: () => Promise.resolve(),
    print: () => Promise.resolve(new Uint8Array()),
    now: () => now,
    // The applicant's account open: nothing to take back (data-rights/erasure.test.ts races it with an erasure).
    lateWrites: {
      sessionClosed: () => Promise.resolve(false),
      readMarker: () => Promise.resolve(undefined),
      deleteItem: () => Promise.reject(new Error('nothing is taken back from an open account')),
      deleteObject: () => Promise.reject(new Error('nothing is taken back from an open account')),
    },
  };
  return { key, conversion };
}

describe('recommendations: the applicant invites', () => {
  it('refuses an invitation before the waiver is answered, in the words of the issue', async () => {
    const s = setup({});
    const r = await refusal(inviteRecommender(s.ports, 'sub-1', ME, invite({}), T0));
    expect(r).toMatchObject({ status: 409, message: 'Answer the question about your right to see letters of recommendation before inviting a recommender.' });
    expect(s.outbox.sent).toHaveLength(0);
  });

  it("refuses the applicant's own address as the identity provider holds it, whatever case it was typed in", async () => {
    const s = setup();
    const ports = { ...s.ports, verifiedEmail: (sub: string) => Promise.resolve(sub === 'sub-grace' ? 'Grace@School.org' : ME) };
    const r = await refusal(inviteAsApplicant(ports, { sub: 'sub-grace' }, invite({})));
    expect(r).toMatchObject({ status: 409 });
    expect((await inviteAsApplicant(ports, { sub: 'sub-1' }, invite({}))).status).toBe('invited');
    expect(s.outbox.sent).toHaveLength(1);
  });

  it('mails the invitation with the waiver in words, the expiry date and a link whose token is stored only hashed', async () => {
    const s = setup();
    const item = await inviteRecommender(s.ports, 'sub-1', ME, invite({}), T0);
    expect(item).toMatchObject({ role: 'counselor', status: 'invited', email: 'grace@school.org', expires_at: at(60).toISOString() });
    const mail = s.outbox.sent[0]!;
    expect(mail.to).toBe('grace@school.org');
    expect(mail.text).toContain('Ada Lovelace (Central High)');
    expect(mail.text).toContain('has waived the right to see this letter');
    expect(mail.text).toContain('December 31, 2026');
    const token = s.outbox.tokenFor('grace@school.org');
    expect(token.length).toBeGreaterThanOrEqual(22);
    expect(JSON.stringify([...s.store.records.values()])).not.toContain(token);
  });

  it('refuses the applicant\u2019s own address, a second counselor, a third teacher and an address already invited', async () => {
    const s = setup();
    expect((await refusal(inviteRecommender(s.ports, 'sub-1', 'Grace@School.org', invite({}), T0))).message).toBe(RECOMMENDATION_TEXT.ownAddress);
    await inviteRecommender(s.ports, 'sub-1', ME, invite({}), T0);
    expect((await refusal(inviteRecommender(s.ports, 'sub-1', ME, invite({ email: 'other@school.org' }), T0))).message).toBe(
      RECOMMENDATION_TEXT.counselorLimit,
    );
    expect((await refusal(inviteRecommender(s.ports, 'sub-1', ME, invite({ role: 'teacher' }), T0))).message).toBe(RECOMMENDATION_TEXT.duplicate);
    await inviteRecommender(s.ports, 'sub-1', ME, invite({ role: 'teacher', email: 't1@school.org' }), T0);
    await inviteRecommender(s.ports, 'sub-1', ME, invite({ role: 'teacher', email: 't2@school.org' }), T0);
    expect((await refusal(inviteRecommender(s.ports, 'sub-1', ME, invite({ role: 'teacher', email: 't3@school.org' }), T0))).message).toBe(
      RECOMMENDATION_TEXT.teacherLimit,
    );
  });

  it('allows at most 10 invitations a day (cancelled ones count)', async () => {
    const s = setup();
    for (let i = 0; i < RECOMMENDATION_LIMITS.invitationsPerDay; i++) {
      const item = await inviteRecommender(s.ports, 'sub-1', ME, invite({ email: `c${i}@school.org` }), T0);
      await cancelRecommendation(s.ports, 'sub-1', item.id, T0);
    }
    const r = await refusal(inviteRecommender(s.ports, 'sub-1', ME, invite({ email: 'late@school.org' }), T0));
    expect(r).toMatchObject({ status: 429, message: RECOMMENDATION_TEXT.dailyLimit });
    await expect(inviteRecommender(s.ports, 'sub-1', ME, invite({ email: 'late@school.org' }), at(1))).resolves.toMatchObject({ status: 'invited' });
  });

  it('reminds at most once every 3 days, answering when the next is allowed; both links work', async () => {
    const s = setup();
    const item = await inviteRecommender(s.ports, 'sub-1', ME, invite({}), T0);
    const first = s.outbox.tokenFor('grace@school.org');
    await remindRecommender(s.ports, 'sub-1', item.id, T0);
    const second = s.outbox.tokenFor('grace@school.org');
    expect(second).not.toBe(first);
    const r = await refusal(remindRecommender(s.ports, 'sub-1', item.id, at(2)));
    expect(r.status).toBe(429);
    expect(r.extra.next_allowed_at).toBe(at(3).toISOString());
    expect(r.message).toContain('November 4, 2026');
    // In another language the day as it writes it, not the English day inside its sentence (issue 41).
    expect(r.inLanguage?.('es')).toBe('Podrá enviar el próximo recordatorio el 4 de noviembre de 2026.');
    await expect(remindRecommender(s.ports, 'sub-1', item.id, at(3))).resolves.toMatchObject({ reminded_at: at(3).toISOString() });
    for (const token of [first, second]) await expect(readRecommendationRequest(s.ports, token, 'ip', at(3))).resolves.toMatchObject({ role: 'counselor' });
  });

  it('cancelling kills the link at once; another applicant cannot touch the recommendation', async () => {
    const s = setup();
    const item = await inviteRecommender(s.ports, 'sub-1', ME, invite({}), T0);
    const token = s.outbox.tokenFor('grace@school.org');
    expect((await refusal(cancelRecommendation(s.ports, 'sub-2', item.id, T0))).status).toBe(404);
    await cancelRecommendation(s.ports, 'sub-1', item.id, T0);
    expect(await refusal(readRecommendationRequest(s.ports, token, 'ip', T0))).toMatchObject({ status: 404, message: RECOMMENDATION_TEXT.linkDead });
    expect((await listRecommendations(s.ports, 'sub-1', T0)).items[0]?.status).toBe('cancelled');
  });
});

describe('recommendations: the recommender', () => {
  it('opens, uploads, waits for the conversion, submits once; the applicant sees the state, never the letter', async () => {
    const s = setup();
    const item = await inviteRecommender(s.ports, 'sub-1', ME, invite({}), T0);
    const token = s.outbox.tokenFor('grace@school.org');
    const view = await readRecommendationRequest(s.ports, token, 'ip', T0);
    expect(view).toEqual({
      applicant: { first_name: 'Ada', last_name: 'Lovelace', school: 'Central High' },
      role: 'counselor',
      waiver: 'Y',
      status: 'opened',
      expires_at: at(60).toISOString(),
      institution: expect.any(String) as string,
    });
    const { key, conversion } = await uploadLetter(s, token, T0);
    expect(key).toMatch(new RegExp(`^recommendations/${item.id}/`));
    const submission = { token, fileKey: key, fileName: 'letter.pdf', relationship: 'Counselor', knownSince: '2023', comments: 'SECRET-COMMENT' };
    expect(
      (await refusal(submitRecommendation(s.ports, { ...submission, fileKey: `recommendations/${item.id}/000000000000-00000000000000000000` }, 'ip', T0)))
        .message,
    ).toBe(RECOMMENDATION_TEXT.letterMissing);
    expect((await refusal(submitRecommendation(s.ports, submission, 'ip', T0))).message).toBe(RECOMMENDATION_TEXT.letterConverting);
    await expect(readLetterStatus(s.ports, token, 'ip', T0)).resolves.toEqual({ status: 'UNPROCESSED' });
    expect(await convertLetter(conversion, key, 20)).toBe('converted');
    expect(await convertLetter(conversion, key, 20)).toBe('skipped');
    await expect(readLetterStatus(s.ports, token, 'ip', T0)).resolves.toEqual({ status: 'COMPLETED' });
    await expect(submitRecommendation(s.ports, submission, 'ip', T0)).resolves.toEqual({ message: RECOMMENDATION_TEXT.submitted });
    expect((await refusal(submitRecommendation(s.ports, submission, 'ip', T0))).status).toBe(409);
    expect(s.events).toEqual([
      { type: 'Recommendation Submitted', detail: { version: 1, cycle: 'fall-2027', id: item.id, reference: 'ABCD2345', role: 'counselor' } },
    ]);
    expect(s.outbox.sent.at(-1)).toMatchObject({ to: ME, subject: expect.stringContaining('submitted') as string });
    const list = await listRecommendations(s.ports, 'sub-1', T0);
    expect(list.items[0]?.status).toBe('submitted');
    expect(JSON.stringify(list) + JSON.stringify(s.outbox.sent.at(-1))).not.toContain('SECRET-COMMENT');
    expect((await refusal(cancelRecommendation(s.ports, 'sub-1', item.id, T0))).message).toBe(RECOMMENDATION_TEXT.submittedCannotCancel);
    // The office reads it all, with the letter's download route.
    const office = await staffRecommendations(s.store, 'sub-1', (id) => `/letter/${id}`, T0);
    expect(office[0]).toMatchObject({ comments: 'SECRET-COMMENT', relationship: 'Counselor', known_since: '2023', download_url: `/letter/${item.id}` });
    // The link shows the confirmation for 24 hours, then dies like any other.
    await expect(readRecommendationRequest(s.ports, token, 'ip', at(0.9))).resolves.toMatchObject({ status: 'submitted' });
    expect((await refusal(readRecommendationRequest(s.ports, token, 'ip', at(1.01)))).status).toBe(404);
  });

  it('refuses to submit a letter whose conversion failed, and says why', async () => {
    const s = setup();
    await inviteRecommender(s.ports, 'sub-1', ME, invite({}), T0);
    const token = s.outbox.tokenFor('grace@school.org');
    const { key, conversion } = await uploadLetter(s, token, T0, 'bad');
    expect(await convertLetter(conversion, key, 2e6)).toBe('failed');
    await expect(readLetterStatus(s.ports, token, 'ip', T0)).resolves.toMatchObject({ status: 'FAILED', message: expect.stringContaining('') as string });
    const r = await refusal(
      submitRecommendation(s.ports, { token, fileKey: key, fileName: 'a.pdf', relationship: 'x', knownSince: '2024', comments: '' }, 'ip', T0),
    );
    expect(r).toMatchObject({ status: 409, message: RECOMMENDATION_TEXT.letterFailed });
  });

  it('declining kills the link and tells the applicant', async () => {
    const s = setup();
    await inviteRecommender(s.ports, 'sub-1', ME, invite({}), T0);
    const token = s.outbox.tokenFor('grace@school.org');
    await declineRecommendation(s.ports, token, 'Too busy', 'ip', T0);
    expect(s.outbox.sent.at(-1)).toMatchObject({ to: ME });
    expect(s.outbox.sent.at(-1)?.text).not.toContain('Too busy');
    expect((await refusal(readRecommendationRequest(s.ports, token, 'ip', T0))).status).toBe(404);
  });

  it('one recommendation\u2019s token never opens or uploads to another', async () => {
    const s = setup();
    await inviteRecommender(s.ports, 'sub-1', ME, invite({}), T0);
    const b = await inviteRecommender(s.ports, 'sub-2', 'b@example.com', invite({ email: 'other@school.org' }), T0);
    const tokenA = s.outbox.tokenFor('grace@school.org');
    const { key } = await uploadLetter(s, tokenA, T0);
    expect(key).not.toContain(b.id);
    const r = await refusal(
      submitRecommendation(
        s.ports,
        { token: s.outbox.tokenFor('other@school.org'), fileKey: key, fileName: 'a.pdf', relationship: 'x', knownSince: '2024', comments: '' },
        'ip',
        T0,
      ),
    );
    expect(r.status).toBe(409);
  });

  it('grants a link at most 20 uploads a UTC day, like the applicant\u2019s own quota, then 429 saying when it may go on', async () => {
    const s = setup();
    await inviteRecommender(s.ports, 'sub-1', ME, invite({}), T0);
    const token = s.outbox.tokenFor('grace@school.org');
    // Each from another address, so neither look-up limit is what refuses.
    for (let i = 0; i < RECOMMENDATION_LIMITS.letterUploadsPerDay; i++) await grantLetterUpload(s.ports, token, `10.0.0.${i}`, T0);
    expect(RECOMMENDATION_LIMITS.letterUploadsPerDay).toBe(20);
    const r = await refusal(grantLetterUpload(s.ports, token, '10.0.1.1', T0));
    expect(r).toEqual({ status: 429, message: dailyLimitMessage(20, T0), extra: {} });
    expect(r.message).toContain('after midnight UTC, in 12 hours');
    // Another link keeps its own count, and the next UTC day this one may upload again.
    await inviteRecommender(s.ports, 'sub-1', ME, invite({ role: 'teacher', email: 't@school.org' }), T0);
    await expect(grantLetterUpload(s.ports, s.outbox.tokenFor('t@school.org'), '10.0.1.2', T0)).resolves.toMatchObject({
      fields: expect.any(Object) as object,
    });
    await expect(grantLetterUpload(s.ports, token, '10.0.1.3', at(0.5))).resolves.toMatchObject({ fields: expect.any(Object) as object });
  });

  it('limits look-ups per link and per address', async () => {
    const s = setup();
    await inviteRecommender(s.ports, 'sub-1', ME, invite({}), T0);
    const token = s.outbox.tokenFor('grace@school.org');
    for (let i = 0; i < RECOMMENDATION_LIMITS.lookupsPerLink; i++) await readRecommendationRequest(s.ports, token, `ip-${i}`, T0);
    expect((await refusal(readRecommendationRequest(s.ports, token, 'fresh', T0))).status).toBe(429);
    const guesser = setup();
    for (let i = 0; i < RECOMMENDATION_LIMITS.lookupsPerAddress; i++)
      expect((await refusal(readRecommendationRequest(guesser.ports, `guess${i}aaaaaaaaaaaaaaaaaaaa`, 'evil', T0))).status).toBe(404);
    expect((await refusal(readRecommendationRequest(guesser.ports, 'another-guess-aaaaaaaaaaaa', 'evil', T0))).status).toBe(429);
  });
});

describe('recommendations: failures on the way', () => {
  it('withdraws an invitation whose e-mail could not be sent', async () => {
    const s = setup();
    const failing = { ...s.ports, sendMail: () => Promise.reject(new Error('SES refused')) };
    await expect(inviteRecommender(failing, 'sub-1', ME, invite({}), T0)).rejects.toThrow('SES refused');
    expect((await listRecommendations(s.ports, 'sub-1', T0)).items.map((i) => i.status)).toEqual(['cancelled']);
    await expect(inviteRecommender(s.ports, 'sub-1', ME, invite({}), T0)).resolves.toMatchObject({ status: 'invited' });
  });

  it('hands an interrupted conversion back for the retry, and records FAILED after the last attempt', async () => {
    const s = setup();
    await inviteRecommender(s.ports, 'sub-1', ME, invite({}), T0);
    const token = s.outbox.tokenFor('grace@school.org');
    const { key, conversion } = await uploadLetter(s, token, T0);
    const broken = { ...conversion, readUpload: () => Promise.reject(new Error('storage unreachable')) };
    await expect(convertLetter(broken, key, 20)).rejects.toThrow('interrupted');
    await expect(readLetterStatus(s.ports, token, 'ip', T0)).resolves.toEqual({ status: 'UNPROCESSED' });
    await expect(convertLetter(broken, key, 20)).rejects.toThrow('interrupted');
    expect(await convertLetter(broken, key, 20)).toBe('failed');
    await expect(readLetterStatus(s.ports, token, 'ip', T0)).resolves.toMatchObject({ status: 'FAILED' });
  });

  it('says a letter just uploaded is still being converted', async () => {
    const s = setup();
    await inviteRecommender(s.ports, 'sub-1', ME, invite({}), T0);
    const token = s.outbox.tokenFor('grace@school.org');
    const { key } = await uploadLetter(s, token, T0);
    const r = await refusal(
      submitRecommendation(s.ports, { token, fileKey: key, fileName: 'a.pdf', relationship: 'x', knownSince: '2024', comments: '' }, 'ip', T0),
    );
    expect(r).toMatchObject({ status: 409, message: RECOMMENDATION_TEXT.letterConverting });
  });
});

describe('recommendations: the sweep', () => {
  it('sends one automatic reminder 7 days before expiry, then expires the link and tells the applicant', async () => {
    const s = setup();
    const item = await inviteRecommender(s.ports, 'sub-1', ME, invite({}), T0);
    expect(await sweepRecommendations(s.ports, at(52))).toEqual({ reminded: [], expired: [], failed: [] });
    expect(await sweepRecommendations(s.ports, endOfDay('2026-12-24'))).toEqual({ reminded: [item.id], expired: [], failed: [] });
    expect(s.outbox.sent.at(-1)?.subject).toContain('reminder');
    expect(await sweepRecommendations(s.ports, at(55))).toEqual({ reminded: [], expired: [], failed: [] });
    const token = s.outbox.tokenFor('grace@school.org');
    expect(await sweepRecommendations(s.ports, endOfDay('2026-12-31'))).toEqual({ reminded: [], expired: [item.id], failed: [] });
    expect(s.outbox.sent.at(-1)).toMatchObject({ to: ME, subject: expect.stringContaining('expired') as string });
    expect((await refusal(readRecommendationRequest(s.ports, token, 'ip', at(59)))).status).toBe(404);
    expect((await listRecommendations(s.ports, 'sub-1', at(59))).items[0]?.status).toBe('expired');
  });

  it('gives the export one status per role slot', async () => {
    const s = setup();
    const c = await inviteRecommender(s.ports, 'sub-1', ME, invite({}), T0);
    await cancelRecommendation(s.ports, 'sub-1', c.id, T0);
    await inviteRecommender(s.ports, 'sub-1', ME, invite({ email: 'c2@school.org' }), at(0.1));
    await inviteRecommender(s.ports, 'sub-1', ME, invite({ role: 'teacher', email: 't1@school.org' }), at(0.2));
    expect(slotStatuses(await s.store.listRecommendations('sub-1'), at(1))).toEqual({ counselor: 'invited', teacher_1: 'invited', teacher_2: '' });
  });
});
