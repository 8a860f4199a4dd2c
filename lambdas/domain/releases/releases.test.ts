import { describe, expect, it } from 'vitest';
import { institution } from '#form/institution';
import { timetable } from '#form/institution-cycles';
import { policies } from '#form/institution-policies';
import { fillTemplate } from '#form/office-words';
import { DECISION_LABELS, type Decision } from '#form/wire/decision-words';
import { chicagoTimetable } from '../cycles/timetables.test-support';
import { recordDecision, recordDecisions, type DecisionPorts } from '../decisions/decide';
import { changeOfficeStatus } from '../lifecycle/history';
import type { DecisionRecord } from '../ports/decisions';
import type { OutgoingMail } from '../ports/mail';
import type { SubmittedApplication } from '../ports/submissions';
import {
  applicantView,
  printDecisionLetter,
  readApplicantDecision,
  replyToDecision,
  type DecisionSettings,
  type LetterPrintPorts,
  type ReplyPorts,
} from './applicant';
import { calendarDayInWords, decisionLetter, letterHtml, replyDeadline } from './letter';
import { MemoryDecisions, memoryReleasePorts } from './memory.test-support';
import { cancelRelease, listReleases, RELEASE_MESSAGES, RETRY_AFTER_MS, runRelease, scheduleRelease } from './release';
import { offerReplyBy, replyByFor } from './reply-by';

/** Events name the application's cycle: these applications were placed in none, so the first configured one (domain/events/common.ts). */
const FIRST_CYCLE = timetable.cycles[0]!.id;

const settings: DecisionSettings = {
  institution: 'Example State University',
  majors: institution.majors,
  letters: policies.decisions.letters,
  afterReply: policies.decisions.afterReply,
  replyBy: '2027-05-01',
  timeZone: 'America/Chicago',
  helpEmail: 'help@example.edu',
  address: ['100 University Avenue'],
  signature: policies.decisions.signature,
};

const NOW = new Date('2027-03-01T15:00:00.000Z');

function staged(decision: Decision, extra: Partial<DecisionRecord> = {}): DecisionRecord {
  return { decision, note: 'secret committee note', decided_by: 'decider@example.edu', decided_at: '2027-02-01T00:00:00.000Z', version: 1, ...extra };
}

/** Stages decisions the way the decision slice does: the record, then the office status. */
async function stage(world: ReturnType<typeof memoryReleasePorts>, id: string, decision: Decision): Promise<void> {
  const current = await world.decisions.readDecision(id);
  await world.decisions.writeDecision(
    id,
    staged(decision, {
      version: (current?.version ?? 0) + 1,
      ...(current?.released ? { released: current.released } : {}),
      ...(current?.reply ? { reply: current.reply } : {}),
    }),
    current?.version ?? 0,
  );
  const office = world.office;
  const ports = {
    readHistory: office.readHistory.bind(office),
    appendHistory: office.appendHistory.bind(office),
    markStatus: office.markStatus.bind(office),
    readSubmitted: (id: string) => world.ports.readSubmitted(id),
  };
  await changeOfficeStatus(ports, { id, to: 'decided', staff: 'decider@example.edu', what: `Decision: ${DECISION_LABELS[decision]}` }, NOW);
}

describe('the decision letter', () => {
  const answers = { first_name: 'Ada', entry_term: '2027FA', entry_term_desc: 'Fall 2027', applied_major: 'CS', applied_major_desc: 'Computer Science' };

  it('fills every placeholder with the labels and the reply-by date in words, a paragraph per blank line', () => {
    const letter = decisionLetter('admit', answers, settings);
    expect(letter.title).toBe('Congratulations!');
    expect(letter.paragraphs).toEqual([
      'Dear Ada,',
      'Congratulations! It is our pleasure to offer you admission to Example State University for Fall 2027, to study Computer Science.',
      'Please tell us whether you accept the offer by May 1, 2027, on this page.',
    ]);
  });

  it('reads the labels from the codes when the answers carry no label', () => {
    const letter = decisionLetter('waitlist', { first_name: 'Ada', entry_term: '2028SP', applied_major: 'NURS' }, settings);
    expect(letter.paragraphs.join(' ')).toContain('for Spring 2028 yet, but we would like to offer you a place on our waitlist for Nursing.');
  });

  it('fills in one pass: an answer that looks like a placeholder stays as written', () => {
    expect(fillTemplate('Dear {first_name}, {institution}', { first_name: '{institution}', institution: 'ESU' })).toBe('Dear {institution}, ESU');
    expect(fillTemplate('{unknown} stays', {})).toBe('{unknown} stays');
  });

  it('prints as a self-contained page with the answers escaped', () => {
    const html = letterHtml(decisionLetter('deny', { first_name: '<script>x</script>' }, settings), {
      institution: 'ESU',
      address: ['1 Road'],
      date: 'March 1, 2027',
    });
    expect(html).toContain('Dear &lt;script&gt;x&lt;/script&gt;,');
    expect(html).not.toMatch(/<script|src=|href=/i);
  });

  it('heads the letter with the inlined logo and ends it with the signature block, and inlines nothing but an image', () => {
    const frame = {
      institution: 'ESU',
      address: ['1 Road'],
      date: 'March 1, 2027',
      signature: { closing: 'Sincerely,', name: 'Morgan Ellis', title: 'Dean of Admissions' },
    };
    const html = letterHtml(decisionLetter('admit', answers, settings), { ...frame, logo: 'data:image/svg+xml;base64,PHN2Zy8+' });
    expect(html).toMatch(/<header><img class="logo" src="data:image\/svg\+xml;base64,PHN2Zy8\+" alt="">/);
    expect(html).toMatch(/<div class="signature"><p>Sincerely,<\/p><p class="signer">Morgan Ellis<br>Dean of Admissions<br>ESU<\/p><\/div>\s*<\/body>/);
    expect(html.match(/src=/g)).toHaveLength(1);
    expect(letterHtml(decisionLetter('admit', answers, settings), { ...frame, logo: 'https://elsewhere.example/logo.png' })).not.toMatch(/src=/);
  });

  it('says a calendar day in words without moving it by a time zone', () => {
    expect(calendarDayInWords('2027-05-01')).toBe('May 1, 2027');
    expect(calendarDayInWords('2027-12-31')).toBe('December 31, 2027');
  });

  it("accepts replies until the end of the reply-by day on the institution's clock", () => {
    expect(replyDeadline('2027-05-01', 'America/Chicago').toISOString()).toBe('2027-05-02T05:00:00.000Z');
    expect(replyDeadline('2027-01-15', 'America/Chicago').toISOString()).toBe('2027-01-16T06:00:00.000Z');
    expect(replyDeadline('2027-05-01', 'Asia/Tokyo').toISOString()).toBe('2027-05-01T15:00:00.000Z');
  });
});

describe('the reply-by date follows the entry term', () => {
  it('is the configured day when the term begins after it', () => {
    expect(replyByFor('2027-05-01', '2027-08-01')).toBe('2027-05-01');
    expect(replyByFor('2027-05-01', '2027-05-02')).toBe('2027-05-01');
  });

  it('is the day before the term begins when the term begins on or before the configured day', () => {
    expect(replyByFor('2027-05-01', '2027-01-01')).toBe('2026-12-31');
    expect(replyByFor('2027-05-01', '2027-05-01')).toBe('2027-04-30');
    expect(replyByFor('2028-03-15', '2028-03-01')).toBe('2028-02-29');
  });

  it('is the configured day for a term whose start is unknown, and none when none is configured', () => {
    expect(replyByFor('2027-05-01', undefined)).toBe('2027-05-01');
    expect(replyByFor(undefined, '2027-01-01')).toBeUndefined();
  });

  it("of an offer reads the application's entry term: Spring 2027 replies by December 31, 2026, Fall 2027 by May 1, 2027", () => {
    expect(offerReplyBy(settings, { entry_term: '2027SP' })).toBe('2026-12-31');
    expect(offerReplyBy(settings, { entry_term: '2027FA' })).toBe('2027-05-01');
    expect(offerReplyBy(settings, {})).toBe('2027-05-01');
    const letter = decisionLetter('admit', { first_name: 'Ada', entry_term: '2027SP' }, settings);
    expect(letter.paragraphs.at(-1)).toBe('Please tell us whether you accept the offer by December 31, 2026, on this page.');
  });
});

describe("the reply-by date comes from the application's round", () => {
  const rounds = [
    { id: 'ea', label: 'Early Action', deadline: '2026-11-01', decisionDate: '2026-12-15', replyBy: '2027-01-15' },
    { id: 'rd', label: 'Regular Decision', deadline: '2027-01-15', decisionDate: '2027-03-15', replyBy: '2027-05-03' },
  ];
  const withCycles: DecisionSettings = { ...settings, cycles: chicagoTimetable(rounds).cycles };
  const fall = { first_name: 'Ada', entry_term: '2027FA' };

  it("takes the round's day for an application placed in it, the configured day without a placement or for a round no longer in the timetable", () => {
    expect(offerReplyBy(withCycles, fall, { cycle: '2027', round: 'ea' })).toBe('2027-01-15');
    expect(offerReplyBy(withCycles, fall, { cycle: '2027', round: 'rd' })).toBe('2027-05-03');
    expect(offerReplyBy(withCycles, { entry_term: '2028FA' }, { cycle: '2028', round: 'rd' })).toBe('2028-05-01');
    expect(offerReplyBy(withCycles, fall)).toBe('2027-05-01');
    expect(offerReplyBy(withCycles, fall, { cycle: '2027', round: 'gone' })).toBe('2027-05-01');
    expect(offerReplyBy(withCycles, fall, { cycle: 'gone', round: 'rd' })).toBe('2027-05-01');
  });

  it("keeps the term-start clamp, and the deployment's override replaces every day", () => {
    // Spring 2027 begins January 1: an Early Action offer (January 15) answers by December 31.
    expect(offerReplyBy(withCycles, { entry_term: '2027SP' }, { cycle: '2027', round: 'ea' })).toBe('2026-12-31');
    expect(offerReplyBy({ ...withCycles, replyByOverride: '2020-05-01' }, fall, { cycle: '2027', round: 'rd' })).toBe('2020-05-01');
  });

  it("is what the letter, the status page and the reply's deadline check use", async () => {
    const placed: SubmittedApplication = {
      id: 's1',
      reference: 'REF1',
      email: 'a@example.com',
      submittedAt: '2026-10-20T00:00:00.000Z',
      answers: fall,
      officeStatus: 'released',
      placement: { cycle: '2027', round: 'ea', late: false },
    };
    const record = staged('admit', { released: { decision: 'admit', at: '2026-12-15T12:00:00.000Z', release_id: 'r1' } });
    const view = applicantView(record, placed, withCycles) as { reply: { by?: string }; letter: { paragraphs: string[] } };
    expect(view.reply.by).toBe('2027-01-15');
    expect(view.letter.paragraphs.join(' ')).toContain('by January 15, 2027');
    const decisions = new MemoryDecisions();
    decisions.records.set('s1', record);
    const ports: ReplyPorts = {
      decisions,
      readSubmitted: () => Promise.resolve(placed),
      settings: withCycles,
      publish: () => Promise.resolve(true),
      sendMail: () => Promise.resolve('m1'),
      origin: 'https://apply.example.edu',
      requestLetter: () => Promise.resolve(),
      log: { error: () => undefined },
    };
    // January 16 in Chicago: past the round's day, though the configured May 1 is far off.
    await expect(replyToDecision(ports, 's1', 'accept', new Date('2027-01-16T06:00:00.000Z'))).rejects.toThrow('Replies were accepted until January 15, 2027.');
    expect((await replyToDecision(ports, 's1', 'accept', new Date('2027-01-16T05:59:59.000Z'))).status).toBe('released');
  });
});

describe('the letter once the applicant has replied', () => {
  const answers = { first_name: 'Ada', entry_term: '2027FA', entry_term_desc: 'Fall 2027', applied_major: 'CS' };

  it('no longer asks for the reply: the paragraph naming the reply-by date gives way to the reply made and its day', () => {
    const letter = decisionLetter('admit', answers, settings, { choice: 'accept', at: '2027-03-02T04:30:00.000Z' });
    expect(letter.paragraphs).toEqual([
      'Dear Ada,',
      'Congratulations! It is our pleasure to offer you admission to Example State University for Fall 2027, to study Computer Science.',
      // The reply's day on the institution's calendar: 04:30 UTC on March 2 is still March 1 in Chicago.
      'You accepted the offer of admission on March 1, 2027.',
    ]);
    expect(letter.paragraphs.join(' ')).not.toMatch(/on this page|tell us/i);
    const waitlist = decisionLetter('waitlist', answers, settings, { choice: 'decline', at: '2027-03-02T15:00:00.000Z' });
    expect(waitlist.paragraphs.at(-1)).toBe('You declined the place on the waitlist on March 2, 2027.');
  });
});

describe("the letter in the applicant's language (issue 41)", () => {
  const answers = { first_name: 'Ada', entry_term: '2027FA', entry_term_desc: 'Fall 2027', applied_major: 'CS', applied_major_desc: 'Computer Science' };
  const translated = { ...settings, translations: globalThis.__INSTITUTION__.translations };

  it('is filled in each language the file writes it in, with the labels, the name and the day in that language', () => {
    const letter = decisionLetter('admit', answers, translated);
    expect(letter.title).toBe('Congratulations!');
    expect(letter.in?.es).toEqual({
      title: '¡Felicitaciones!',
      paragraphs: [
        'Estimado(a) Ada:',
        '¡Felicitaciones! Nos complace ofrecerle la admisión a Universidad Estatal de Ejemplo para Otoño 2027, para estudiar Ciencias de la Computación.',
        'Por favor, indíquenos en esta página, a más tardar el 1 de mayo de 2027, si acepta la oferta.',
      ],
    });
    expect(letter.in?.ar?.paragraphs[1]).toBe(
      'تهانينا! يسعدنا أن نعرض عليك القبول في جامعة الولاية النموذجية للالتحاق في فصل الخريف 2027 لدراسة علوم الحاسوب.',
    );
  });

  it("leaves out the reply's sentence once replied (the status page says the reply in its own words)", () => {
    const letter = decisionLetter('admit', answers, translated, { choice: 'accept', at: '2027-03-02T04:30:00.000Z' });
    expect(letter.paragraphs.at(-1)).toBe('You accepted the offer of admission on March 1, 2027.');
    expect(letter.in?.es?.paragraphs).toHaveLength(2);
  });

  it("is only the institution's when the office has edited the letter in Settings (its words are not in the tables)", () => {
    const edited = { ...translated, letters: { ...translated.letters, admit: { title: 'Welcome!', text: 'Dear {first_name}, welcome.' } } };
    expect(decisionLetter('admit', answers, edited)).toEqual({ title: 'Welcome!', paragraphs: ['Dear Ada, welcome.'] });
  });
});

describe("the applicant's view and reply", () => {
  const app: SubmittedApplication = {
    id: 's1',
    reference: 'REF1',
    email: 'a@example.com',
    submittedAt: '2027-01-01T00:00:00.000Z',
    answers: { first_name: 'Ada' },
    officeStatus: 'released',
  };
  const released = (decision: Decision, extra: Partial<DecisionRecord> = {}) =>
    staged(decision, { released: { decision, at: '2027-03-01T12:00:00.000Z', release_id: 'r1' }, ...extra });

  function replyPorts(
    record: DecisionRecord | undefined,
    answers: SubmittedApplication['answers'] = app.answers,
  ): ReplyPorts & { decisions: MemoryDecisions; published: unknown[]; mails: OutgoingMail[]; printed: string[]; logged: string[] } {
    const decisions = new MemoryDecisions();
    if (record) decisions.records.set('s1', record);
    const published: unknown[] = [];
    const mails: OutgoingMail[] = [];
    const printed: string[] = [];
    const logged: string[] = [];
    return {
      decisions,
      readSubmitted: () => Promise.resolve({ ...app, answers }),
      settings,
      published,
      publish: (e) => (published.push(e), Promise.resolve(true)),
      mails,
      sendMail: (mail) => (mails.push(mail), Promise.resolve(`m${mails.length}`)),
      origin: 'https://apply.example.edu',
      printed,
      requestLetter: (sub) => (printed.push(sub), Promise.resolve()),
      logged,
      log: { error: (message) => void logged.push(message) },
    };
  }

  it('is pending while the decision is only staged, and shows nothing of it', async () => {
    expect(await readApplicantDecision(replyPorts(staged('admit')), 's1')).toEqual({ status: 'pending' });
    expect(await readApplicantDecision(replyPorts(undefined), 's1')).toEqual({ status: 'pending' });
  });

  it('shows the released decision, not a newer staged one, and never the note', () => {
    const view = applicantView(released('admit', { decision: 'deny' }), app, settings);
    expect(view).toMatchObject({
      status: 'released',
      decision: 'admit',
      released_at: '2027-03-01T12:00:00.000Z',
      reply: { options: ['accept', 'decline'], by: '2027-05-01' },
    });
    expect(JSON.stringify(view)).not.toContain('secret committee note');
    expect(JSON.stringify(view)).not.toContain('decider@example.edu');
  });

  it('a deny or a deferral offers no reply and no date', () => {
    expect(applicantView(released('deny'), app, settings)).toMatchObject({ reply: { options: [] } });
    expect((applicantView(released('defer'), app, settings) as { reply: { by?: string } }).reply.by).toBeUndefined();
  });

  it('takes one reply the decision offers, publishes its event, and refuses a second', async () => {
    const ports = replyPorts(released('admit'));
    await expect(replyToDecision(ports, 's1', 'join_waitlist', NOW)).rejects.toMatchObject({ status: 409 });
    const view = await replyToDecision(ports, 's1', 'accept', NOW);
    expect(view).toMatchObject({ reply: { chosen: 'accept', replied_at: NOW.toISOString() } });
    expect(ports.decisions.records.get('s1')).toMatchObject({ reply: { choice: 'accept', at: NOW.toISOString() }, version: 2, note: 'secret committee note' });
    expect(ports.published).toEqual([
      {
        type: 'Offer Accepted',
        detail: { version: 1, cycle: FIRST_CYCLE, id: 's1', reference: 'REF1', decision: 'admit', reply: 'accept', replied_at: NOW.toISOString() },
      },
    ]);
    await expect(replyToDecision(ports, 's1', 'decline', NOW)).rejects.toThrow('You have already replied (Accept the offer, 2027-03-01).');
    expect(ports.published).toHaveLength(1);
  });

  it("asks for the reply by the offer's own day: before its term begins", () => {
    const spring = applicantView(released('admit'), { ...app, answers: { first_name: 'Ada', entry_term: '2027SP' } }, settings);
    expect(spring).toMatchObject({ reply: { by: '2026-12-31' } });
    expect((spring as { letter: { paragraphs: string[] } }).letter.paragraphs.join(' ')).toContain('by December 31, 2026');
  });

  it('once replied, the letter no longer asks for it and the view says what happens next', () => {
    const view = applicantView(released('admit', { reply: { choice: 'accept', at: '2027-03-01T15:00:00.000Z' } }), app, settings);
    expect(view).toMatchObject({ reply: { chosen: 'accept', next_steps: policies.decisions.afterReply.accept } });
    const words = (view as { letter: { paragraphs: string[] } }).letter.paragraphs.join(' ');
    expect(words).not.toMatch(/on this page/);
    expect(words).toContain('You accepted the offer of admission on March 1, 2027.');
    expect(applicantView(released('admit'), app, settings)).not.toHaveProperty('reply.next_steps');
  });

  it('confirms the reply by e-mail with what happens next, and asks for the answered letter to be printed', async () => {
    const ports = replyPorts(released('admit'));
    await replyToDecision(ports, 's1', 'accept', NOW);
    expect(ports.mails).toHaveLength(1);
    const [mail] = ports.mails;
    expect(mail).toMatchObject({
      to: 'a@example.com',
      subject: `${institution.name}: your reply has been received`,
      link: 'https://apply.example.edu/completion',
    });
    expect(mail!.text).toContain('Dear Ada,');
    expect(mail!.text).toContain('You accepted the offer of admission on March 1, 2027.');
    expect(mail!.text).toContain(policies.decisions.afterReply.accept);
    expect(mail!.text).toContain(settings.helpEmail);
    expect(ports.printed).toEqual(['s1']);

    const declined = replyPorts(released('waitlist'));
    await replyToDecision(declined, 's1', 'decline', NOW);
    expect(declined.mails[0]!.text).toContain('You declined the place on the waitlist');
    expect(declined.mails[0]!.text).toContain(policies.decisions.afterReply.decline);
  });

  it('keeps the reply when the confirmation cannot be sent: the page shows it, the failure is logged', async () => {
    const ports = replyPorts(released('admit'));
    ports.sendMail = () => Promise.reject(new Error('SES refused'));
    ports.requestLetter = () => Promise.reject(new Error('renderer away'));
    await expect(replyToDecision(ports, 's1', 'accept', NOW)).resolves.toMatchObject({ reply: { chosen: 'accept' } });
    expect(ports.decisions.records.get('s1')?.reply?.choice).toBe('accept');
    expect(ports.logged.sort()).toEqual(['answered letter not requested', 'reply confirmation not sent']);
  });

  it("refuses a reply after the offer's own day, though the configured day is later", async () => {
    const late = replyPorts(released('admit'), { first_name: 'Ada', entry_term: '2027SP' });
    await expect(replyToDecision(late, 's1', 'accept', new Date('2027-01-01T12:00:00.000Z'))).rejects.toThrow(
      'Replies were accepted until December 31, 2026. Write to help@example.edu if you still wish to reply.',
    );
    expect(late.decisions.writes).toBe(0);
    expect(late.mails).toEqual([]);
  });

  it('a waitlist is joined or declined', async () => {
    const ports = replyPorts(released('waitlist'));
    await replyToDecision(ports, 's1', 'join_waitlist', NOW);
    expect(ports.published).toMatchObject([{ type: 'Waitlist Joined' }]);
    const declined = replyPorts(released('admit'));
    await replyToDecision(declined, 's1', 'decline', NOW);
    expect(declined.published).toMatchObject([{ type: 'Offer Declined' }]);
  });

  it("accepts a reply on the last day until its midnight in the institution's zone, not after", async () => {
    const lastMinute = new Date('2027-05-02T04:59:59.000Z');
    await expect(replyToDecision(replyPorts(released('admit')), 's1', 'accept', lastMinute)).resolves.toMatchObject({ status: 'released' });
    const late = replyPorts(released('admit'));
    await expect(replyToDecision(late, 's1', 'accept', new Date('2027-05-02T05:00:00.000Z'))).rejects.toThrow(
      'Replies were accepted until May 1, 2027. Write to help@example.edu if you still wish to reply.',
    );
    expect(late.decisions.writes).toBe(0);
  });

  it('refuses a reply before release, to a decision that needs none, and one that crossed another write', async () => {
    await expect(replyToDecision(replyPorts(staged('admit')), 's1', 'accept', NOW)).rejects.toMatchObject({ status: 404 });
    await expect(replyToDecision(replyPorts(released('deny')), 's1', 'accept', NOW)).rejects.toThrow('Your decision does not ask for a reply.');
    const crossed = replyPorts(released('admit'));
    const write = crossed.decisions.writeDecision.bind(crossed.decisions);
    crossed.decisions.writeDecision = (id, record) => write(id, record, 99);
    await expect(replyToDecision(crossed, 's1', 'accept', NOW)).rejects.toMatchObject({ status: 409, message: expect.stringContaining('crossed') });
    expect(crossed.published).toEqual([]);
  });
});

describe('releasing', () => {
  it('releases now: the record shows the decision, the status becomes released, one mail without the decision, the event, the letter asked for', async () => {
    const world = memoryReleasePorts(['a', 'b']);
    await stage(world, 'a', 'admit');
    await stage(world, 'b', 'deny');
    const summary = await scheduleRelease(world.ports, { target: { ids: ['a', 'b'] } }, 'admin@example.edu', NOW);
    expect(summary).toMatchObject({ state: 'released', released: 2, ids: ['a', 'b'], created_by: 'admin@example.edu', at: NOW.toISOString() });
    expect(world.decisions.records.get('a')?.released).toEqual({ decision: 'admit', at: NOW.toISOString(), release_id: summary.id });
    expect(world.office.histories.get('a')?.at(-1)).toMatchObject({ from: 'decided', to: 'released', staff: 'admin@example.edu', what: 'Released' });
    expect(world.mail.sent.map((m) => m.to)).toEqual(['a@example.com', 'b@example.com']);
    for (const m of world.mail.sent) expect(`${m.subject} ${m.text}`).not.toMatch(/admit|deny|denied|congratulations|sorry/i);
    expect(world.published).toEqual([
      { type: 'Decision Released', detail: { version: 1, cycle: FIRST_CYCLE, id: 'a', reference: 'REF0', decision: 'admit' } },
      { type: 'Decision Released', detail: { version: 1, cycle: FIRST_CYCLE, id: 'b', reference: 'REF1', decision: 'deny' } },
    ]);
    expect(world.letters).toEqual(['a', 'b']);
    expect(await listReleases(world.ports)).toEqual([]);
  });

  it('is all or nothing: one application named that is not decided refuses it, naming it, and nothing is written', async () => {
    const world = memoryReleasePorts(['a', 'b', 'c']);
    await stage(world, 'a', 'admit');
    const writes = world.decisions.writes;
    const refused = scheduleRelease(world.ports, { target: { ids: ['a', 'b', 'c'] } }, 'admin@example.edu', NOW);
    await expect(refused).rejects.toMatchObject({ status: 409, message: RELEASE_MESSAGES.notDecided(['b', 'c']), extra: { ids: ['b', 'c'] } });
    expect(world.decisions.writes).toBe(writes);
    expect(world.office.status('a')).toBe('decided');
    expect(world.mail.sent).toEqual([]);
    expect(world.published).toEqual([]);
    expect(world.releases.releases.size).toBe(0);
  });

  it('a run that fails midway is retried a minute later and finishes only what is left: one mail each', async () => {
    const world = memoryReleasePorts(['a', 'b']);
    await stage(world, 'a', 'admit');
    await stage(world, 'b', 'waitlist');
    world.mail.failNext.add('a@example.com');
    const summary = await scheduleRelease(world.ports, { target: { ids: ['a', 'b'] } }, 'admin@example.edu', NOW);
    expect(summary.state).toBe('scheduled');
    expect(world.scheduler.schedules.get(summary.id)).toBe(new Date(NOW.getTime() + RETRY_AFTER_MS).toISOString());
    // a: the decision is shown, its mail failed and its status is still decided; b is done.
    expect(world.decisions.records.get('a')?.released?.release_id).toBe(summary.id);
    expect(world.office.status('a')).toBe('decided');
    expect(world.office.status('b')).toBe('released');
    expect(await cancelRelease(world.ports, summary.id).catch((e: Error) => e.message)).toBe(RELEASE_MESSAGES.alreadyRun);

    const rerun = await runRelease(world.ports, summary.id, new Date(NOW.getTime() + RETRY_AFTER_MS));
    expect(rerun).toMatchObject({ release: { state: 'released', released: 2 }, failed: [] });
    expect(world.office.status('a')).toBe('released');
    expect(world.mail.sent.map((m) => m.to).sort()).toEqual(['a@example.com', 'b@example.com']);
    expect(world.office.histories.get('b')?.filter((c) => c.to === 'released')).toHaveLength(1);
    // A third run changes nothing.
    const writes = world.decisions.writes;
    await runRelease(world.ports, summary.id, NOW);
    expect(world.decisions.writes).toBe(writes);
    expect(world.mail.sent).toHaveLength(2);
  });

  it('a changed decision released again drops the earlier reply; the same decision keeps it', async () => {
    const world = memoryReleasePorts(['a', 'b']);
    for (const id of ['a', 'b']) await stage(world, id, 'waitlist');
    await scheduleRelease(world.ports, { target: { ids: ['a', 'b'] } }, 'admin@example.edu', NOW);
    for (const id of ['a', 'b']) {
      const r = world.decisions.records.get(id)!;
      world.decisions.records.set(id, { ...r, reply: { choice: 'join_waitlist', at: NOW.toISOString() }, version: r.version + 1 });
    }
    await stage(world, 'a', 'admit');
    await stage(world, 'b', 'waitlist');
    const again = await scheduleRelease(world.ports, { target: { ids: ['a', 'b'] } }, 'admin@example.edu', new Date(NOW.getTime() + 1000));
    expect(world.decisions.records.get('a')).toMatchObject({ released: { decision: 'admit', release_id: again.id } });
    expect(world.decisions.records.get('a')?.reply).toBeUndefined();
    expect(world.decisions.records.get('b')?.reply?.choice).toBe('join_waitlist');
    expect(world.mail.sent.filter((m) => m.to === 'a@example.com')).toHaveLength(2);
  });

  it('a scheduled release is stored and scheduled, listed until it runs, and can be cancelled before', async () => {
    const world = memoryReleasePorts(['a']);
    await stage(world, 'a', 'admit');
    const at = '2027-03-02T14:00:00.000Z';
    const summary = await scheduleRelease(world.ports, { target: { status: 'decided' }, at }, 'admin@example.edu', NOW);
    expect(summary).toMatchObject({ state: 'scheduled', at, status: 'decided' });
    expect(world.scheduler.schedules.get(summary.id)).toBe(at);
    expect((await listReleases(world.ports)).map((r) => r.id)).toEqual([summary.id]);
    expect(world.decisions.records.get('a')?.released).toBeUndefined();
    expect(await cancelRelease(world.ports, summary.id)).toEqual({ message: 'The release is cancelled.' });
    expect(world.scheduler.schedules.has(summary.id)).toBe(false);
    expect(await runRelease(world.ports, summary.id)).toMatchObject({ release: { state: 'cancelled' } });
    expect(world.decisions.records.get('a')?.released).toBeUndefined();
    await expect(cancelRelease(world.ports, 'nope')).rejects.toMatchObject({ status: 404 });
  });

  it('a release of every decided application takes those decided when it runs', async () => {
    const world = memoryReleasePorts(['a', 'b', 'c']);
    await stage(world, 'a', 'admit');
    const summary = await scheduleRelease(world.ports, { target: { status: 'decided' }, at: '2027-03-02T14:00:00.000Z' }, 'admin@example.edu', NOW);
    await stage(world, 'c', 'defer');
    const run = await runRelease(world.ports, summary.id, new Date('2027-03-02T14:00:00.000Z'));
    expect(run.release).toMatchObject({ state: 'released', released: 2 });
    expect(['a', 'b', 'c'].map((id) => world.office.status(id))).toEqual(['released', 'submitted', 'released']);
    await expect(scheduleRelease(world.ports, { target: { status: 'decided' } }, 'admin@example.edu', NOW)).rejects.toThrow(RELEASE_MESSAGES.nothingDecided);
  });

  it('a scheduled release whose application is no longer decided when it runs releases nothing', async () => {
    const world = memoryReleasePorts(['a', 'b']);
    await stage(world, 'a', 'admit');
    await stage(world, 'b', 'admit');
    const summary = await scheduleRelease(world.ports, { target: { ids: ['a', 'b'] }, at: '2027-03-02T14:00:00.000Z' }, 'admin@example.edu', NOW);
    await scheduleRelease(world.ports, { target: { ids: ['b'] } }, 'admin@example.edu', NOW);
    await expect(runRelease(world.ports, summary.id)).rejects.toMatchObject({ status: 409, extra: { ids: ['b'] } });
    expect(world.office.status('a')).toBe('decided');
    expect((await world.releases.readRelease(summary.id))?.started_at).toBeUndefined();
  });
});

/** The decision use-cases over the same in-memory stores as the release. */
function decisionPorts(world: ReturnType<typeof memoryReleasePorts>): DecisionPorts {
  const office = world.office;
  return {
    decisions: world.decisions,
    status: {
      readHistory: office.readHistory.bind(office),
      appendHistory: office.appendHistory.bind(office),
      markStatus: office.markStatus.bind(office),
      readSubmitted: (id: string) => world.ports.readSubmitted(id),
    },
    audit: () => Promise.resolve(),
  };
}

const decider = { email: 'decider@example.edu', role: 'decider' as const };
const admin = { email: 'admin@example.edu', role: 'admin' as const };
const LATER = new Date(NOW.getTime() + RETRY_AFTER_MS);

describe('a release and decisions changed meanwhile (the office and the applicant never split)', () => {
  it('refuses a decision change while a release that showed the decision is unfinished; its retry releases what the applicant saw', async () => {
    const world = memoryReleasePorts(['a']);
    await stage(world, 'a', 'admit');
    world.mail.failNext.add('a@example.com');
    const first = await scheduleRelease(world.ports, { target: { ids: ['a'] } }, admin.email, NOW);
    expect(first.state).toBe('scheduled');
    expect(world.decisions.records.get('a')?.released?.decision).toBe('admit');

    const ports = decisionPorts(world);
    await expect(recordDecision(ports, 'a', { decision: 'deny', note: '', reason: '' }, decider, NOW)).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/release/),
    });
    await expect(recordDecisions(ports, { ids: ['a'], decision: 'deny', note: '' }, decider, NOW)).rejects.toMatchObject({
      status: 409,
      extra: { ids: ['a'] },
    });
    expect(world.decisions.records.get('a')?.decision).toBe('admit');

    await runRelease(world.ports, first.id, LATER);
    expect(world.office.status('a')).toBe('released');
    expect(world.decisions.records.get('a')).toMatchObject({ decision: 'admit', released: { decision: 'admit', release_id: first.id } });
    // Finished: the decision changes again the ordinary way (a released one by an admin, with a reason).
    await recordDecision(ports, 'a', { decision: 'deny', note: '', reason: 'Transcript corrected' }, admin, LATER);
    expect(world.decisions.records.get('a')).toMatchObject({ decision: 'deny', released: { decision: 'admit' } });
  });

  it('a run that died after the status change and before clearing its mark finishes on its retry; decisions wait for it', async () => {
    const world = memoryReleasePorts(['a']);
    await stage(world, 'a', 'admit');
    const write = world.decisions.writeDecision.bind(world.decisions);
    let dies = true;
    world.decisions.writeDecision = (id, record, expected) => {
      if (dies && !record.releasing && world.decisions.records.get(id)?.releasing) {
        dies = false;
        return Promise.reject(new Error('the process died'));
      }
      return write(id, record, expected);
    };
    const first = await scheduleRelease(world.ports, { target: { ids: ['a'] } }, admin.email, NOW);
    expect(first.state).toBe('scheduled');
    expect(world.office.status('a')).toBe('released');
    const ports = decisionPorts(world);
    await expect(recordDecision(ports, 'a', { decision: 'deny', note: '', reason: 'Transcript corrected' }, admin, NOW)).rejects.toMatchObject({ status: 409 });

    expect((await runRelease(world.ports, first.id, LATER)).release).toMatchObject({ state: 'released', released: 1 });
    expect(world.decisions.records.get('a')?.releasing).toBeUndefined();
    expect(world.office.histories.get('a')?.filter((c) => c.to === 'released')).toHaveLength(1);
    expect(world.mail.sent).toHaveLength(1);
    await recordDecision(ports, 'a', { decision: 'deny', note: '', reason: 'Transcript corrected' }, admin, LATER);
    expect(world.decisions.records.get('a')).toMatchObject({ decision: 'deny', released: { decision: 'admit' } });
  });

  it('a retry leaves alone an application it finished whose released decision an admin changed since', async () => {
    const world = memoryReleasePorts(['a', 'b']);
    await stage(world, 'a', 'admit');
    await stage(world, 'b', 'admit');
    world.mail.failNext.add('b@example.com');
    const first = await scheduleRelease(world.ports, { target: { ids: ['a', 'b'] } }, admin.email, NOW);
    expect([first.state, world.office.status('a'), world.office.status('b')]).toEqual(['scheduled', 'released', 'decided']);
    await recordDecision(decisionPorts(world), 'a', { decision: 'deny', note: '', reason: 'Transcript corrected' }, admin, LATER);

    const rerun = await runRelease(world.ports, first.id, LATER);
    expect(rerun).toMatchObject({ release: { state: 'released', released: 2 }, failed: [], skipped: [] });
    expect(world.office.status('a')).toBe('decided');
    expect(world.decisions.records.get('a')).toMatchObject({ decision: 'deny', released: { decision: 'admit', release_id: first.id } });
    expect(world.office.status('b')).toBe('released');
  });

  it('a decision changed behind an unfinished release fails its resume loudly: nothing is marked released', async () => {
    const world = memoryReleasePorts(['a']);
    await stage(world, 'a', 'admit');
    world.mail.failNext.add('a@example.com');
    const first = await scheduleRelease(world.ports, { target: { ids: ['a'] } }, admin.email, NOW);
    const record = world.decisions.records.get('a')!;
    world.decisions.records.set('a', { ...record, decision: 'deny', version: record.version + 1 });

    const rerun = await runRelease(world.ports, first.id, LATER);
    expect(rerun.failed).toEqual([{ id: 'a', error: expect.stringMatching(/changed/) }]);
    expect(rerun.release.state).toBe('scheduled');
    expect(world.office.status('a')).toBe('decided');
    expect(world.published).toEqual([]);
  });

  it('a scheduled release releases the decisions it was asked for and skips (and reports) one changed since', async () => {
    const world = memoryReleasePorts(['a', 'b']);
    await stage(world, 'a', 'admit');
    await stage(world, 'b', 'admit');
    const at = '2027-03-02T14:00:00.000Z';
    const summary = await scheduleRelease(world.ports, { target: { ids: ['a', 'b'] }, at }, admin.email, NOW);
    await recordDecision(decisionPorts(world), 'b', { decision: 'deny', note: '', reason: '' }, decider, LATER);

    const run = await runRelease(world.ports, summary.id, new Date(at));
    expect(run.release).toMatchObject({ state: 'released', released: 1, skipped: ['b'] });
    expect(world.office.status('a')).toBe('released');
    expect(world.office.status('b')).toBe('decided');
    expect(world.decisions.records.get('b')?.released).toBeUndefined();
    expect(world.mail.sent.map((m) => m.to)).toEqual(['a@example.com']);
  });

  it('a scheduled release of every decided application skips one decided or changed after it was asked for', async () => {
    const world = memoryReleasePorts(['a', 'b']);
    await stage(world, 'a', 'admit');
    const at = '2027-03-02T14:00:00.000Z';
    const summary = await scheduleRelease(world.ports, { target: { status: 'decided' }, at }, admin.email, NOW);
    await recordDecision(decisionPorts(world), 'b', { decision: 'deny', note: '', reason: '' }, decider, LATER);

    const run = await runRelease(world.ports, summary.id, new Date(at));
    expect(run.release).toMatchObject({ state: 'released', released: 1, skipped: ['b'] });
    expect(['a', 'b'].map((id) => world.office.status(id))).toEqual(['released', 'decided']);
  });
});

describe('printDecisionLetter (the print job of a released letter)', () => {
  async function released() {
    const world = memoryReleasePorts(['a']);
    await stage(world, 'a', 'admit');
    await scheduleRelease(world.ports, { target: { ids: ['a'] } }, 'admin@example.edu', NOW);
    const stored = new Map<string, Uint8Array>();
    const closed = new Set<string>();
    const ports: LetterPrintPorts = {
      decisions: world.decisions,
      readSubmitted: (id) => world.ports.readSubmitted(id),
      settings,
      letterSize: async (key) => stored.get(key)?.length,
      print: async (html) => new TextEncoder().encode(html),
      store: async (key, pdf) => {
        stored.set(key, pdf);
      },
      lateWrites: {
        sessionClosed: async (sub) => closed.has(sub),
        readMarker: async () => undefined,
        deleteItem: async () => undefined,
        deleteObject: async (_bucket, key) => {
          stored.delete(key);
        },
      },
      logo: () => 'data:image/png;base64,iVBORw0KGgo=',
    };
    return { ports, stored, closed };
  }

  it('prints the released letter once', async () => {
    const { ports, stored } = await released();
    expect(await printDecisionLetter(ports, 'a')).toBe('printed');
    expect([...stored.keys()]).toEqual([expect.stringMatching(/^decision-letters\/a\//)]);
    expect(await printDecisionLetter(ports, 'a')).toBe('exists');
  });

  it('prints the answered letter apart once the applicant has replied: it no longer asks for the reply', async () => {
    const { ports, stored } = await released();
    expect(await printDecisionLetter(ports, 'a')).toBe('printed');
    const record = (await ports.decisions.readDecision('a'))!;
    await (ports.decisions as MemoryDecisions).writeDecision(
      'a',
      { ...record, reply: { choice: 'accept', at: NOW.toISOString() }, version: record.version + 1 },
      record.version,
    );
    expect(await printDecisionLetter(ports, 'a')).toBe('printed');
    const keys = [...stored.keys()];
    expect(keys).toHaveLength(2);
    const answered = new TextDecoder().decode(stored.get(keys.find((k) => k.endsWith('-replied.pdf'))!));
    expect(answered).toContain('You accepted the offer of admission on March 1, 2027.');
    expect(answered).not.toContain('on this page');
    expect(await printDecisionLetter(ports, 'a')).toBe('exists');
  });

  it('takes the letter back when the account was closed while it printed', async () => {
    const { ports, stored, closed } = await released();
    closed.add('a');
    expect(await printDecisionLetter(ports, 'a')).toBe('withdrawn');
    expect(stored.size).toBe(0);
  });
});
