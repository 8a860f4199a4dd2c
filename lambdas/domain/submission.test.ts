import { describe, expect, it } from 'vitest';
import { printApplication } from '#form/print';
import type { ApplicationSnapshot } from '#form/snapshot';
import type { SubmissionEvent } from '#form/wire/events';
import { completeApplication } from '#test/support/answers';
import { ALWAYS_OPEN } from './cycles/timetables.test-support';
import { MemoryDuplicates } from './duplicates/memory.test-support';
import { SubmissionProblems } from './errors';
import type { Answers } from './ports/answers';
import type { SubmittedApplication } from './ports/submissions';
import { submitApplication, type SubmitPorts } from './submission';

/**
 * The stores a submit touches, in memory: the answers item with its lock (a `racer` locks it
 * first, as a second tab's submit would), the reservations, the web status; `journal` lists
 * every write and request in order.
 */
function memory(answers: Answers, opts: { submittedAt?: string; racer?: boolean; status?: string[]; snapshot?: ApplicationSnapshot } = {}) {
  const journal: string[] = [];
  let snapshot = opts.snapshot;
  let submittedAt = opts.submittedAt;
  const reserved = new Map<string, string>();
  const status = [...(opts.status ?? [])];
  const events: SubmissionEvent[] = [];
  const completeness: Array<{ marks: unknown; complete: boolean }> = [];
  const ports: SubmitPorts = {
    answers: {
      readAnswers: () => Promise.resolve({ answers, ...(submittedAt ? { submittedAt } : {}) }),
      reserveReference: (reference, sub) => {
        if (reserved.has(reference)) return Promise.resolve(false);
        reserved.set(reference, sub);
        journal.push('reserve');
        return Promise.resolve(true);
      },
      markSubmitted: (_sub, at) => {
        if (opts.racer) submittedAt ??= '2026-11-26T00:00:00.000Z';
        if (submittedAt) return Promise.resolve(false);
        submittedAt = at.toISOString();
        journal.push('lock');
        return Promise.resolve(true);
      },
      releaseReference: (reference) => {
        reserved.delete(reference);
        journal.push('release');
        return Promise.resolve();
      },
    },
    tabs: {
      readTabs: () => Promise.resolve({}),
      readAddAnother: () => Promise.resolve({}),
      lockTabsAndCounts: () => {
        journal.push('lock-tabs');
        return Promise.resolve();
      },
    },
    // The identity provider's address of the applicant, by their sub.
    verifiedEmail: (sub) => Promise.resolve(sub === 'sub-1' ? 'ada@example.edu' : `${sub}@example.edu`),
    outputs: {
      index: {
        indexSubmission: (id, email) => {
          journal.push(`index:${email}`);
          const app: SubmittedApplication = { id, reference: 'REF12345', email, submittedAt: submittedAt ?? '', answers, officeStatus: 'submitted' };
          return Promise.resolve(submittedAt ? app : undefined);
        },
        readSubmitted: () => Promise.resolve(undefined),
      },
      duplicates: new MemoryDuplicates(),
      publish: (event) => {
        events.push(event);
        journal.push(`event:${event.type}`);
        return Promise.resolve(true);
      },
      assign: (app) => {
        journal.push(`assign:${app.id}`);
        return Promise.resolve();
      },
    },
    status: {
      readStatus: () => Promise.resolve({ web_status: [...status], successful_login: [] }),
      appendWebStatus: (_sub, next, expected) => {
        if (status.length !== expected) return Promise.resolve(false);
        status.push(...(typeof next === 'string' ? [next] : next));
        journal.push('status');
        return Promise.resolve(true);
      },
    },
    requestApplicationPdf: () => {
      journal.push('pdf');
      return Promise.resolve(true);
    },
    requestConfirmationMail: () => {
      journal.push('mail');
      return Promise.resolve();
    },
    timetable: ALWAYS_OPEN,
    materials: {
      writeMarks: (_id, marks, complete, version) => {
        if (version !== completeness.length) return Promise.resolve(false);
        completeness.push({ marks, complete });
        return Promise.resolve(true);
      },
    },
    snapshot: {
      readApplicantRecord: () =>
        Promise.resolve({ answers, documents: [], supplements: [], ...(submittedAt ? { submittedAt } : {}), ...(snapshot ? { snapshot } : {}) }),
      readTabs: () => Promise.resolve({}),
      readAddAnother: () => Promise.resolve({}),
      writeSnapshot: (_sub, taken) => {
        if (snapshot) return Promise.resolve(false);
        snapshot = taken;
        journal.push('snapshot');
        return Promise.resolve(true);
      },
      now: () => new Date('2027-01-15T18:00:00.000Z'),
    },
  };
  return { ports, journal, status, events, submitted: () => submittedAt, snapshot: () => snapshot, completeness };
}

const applicant = { sub: 'sub-1' };

describe('submitting an application', () => {
  it('refuses an incomplete application with its problems, and locks, records and requests nothing', async () => {
    const m = memory({ first_name: 'Ada' });
    await expect(submitApplication(m.ports, applicant)).rejects.toBeInstanceOf(SubmissionProblems);
    expect(m.journal).toEqual([]);
    expect(m.submitted()).toBeUndefined();
  });

  it('locks a complete application, then the tabs, then records it for the office before the PDF and the mail are asked for', async () => {
    const m = memory(completeApplication());
    await submitApplication(m.ports, applicant);
    expect(m.submitted()).toBeDefined();
    expect(m.journal.slice(0, 7)).toEqual(['reserve', 'lock', 'lock-tabs', 'snapshot', 'index:ada@example.edu', 'assign:sub-1', 'event:Application Submitted']);
    expect(m.journal.slice(7).sort()).toEqual(['mail', 'pdf', 'status']);
    expect(m.status).toEqual(['started', 'validating', 'submitted']);
  });

  it('writes once whether the materials are complete, from what was sent: the transcript not uploaded is awaited, so not yet', async () => {
    const m = memory(completeApplication());
    await submitApplication(m.ports, applicant);
    expect(m.completeness).toEqual([{ marks: {}, complete: false }]);
    await submitApplication(m.ports, applicant);
    expect(m.completeness).toHaveLength(1);
  });

  it('completes a submit that lost the race to the lock: the reference goes back, no second event, the rest still done', async () => {
    const m = memory(completeApplication(), { racer: true });
    await submitApplication(m.ports, applicant);
    expect(m.journal).toContain('release');
    expect(m.events).toEqual([]);
    expect(m.journal).toEqual(expect.arrayContaining(['lock-tabs', 'index:ada@example.edu', 'pdf', 'mail', 'status']));
  });

  it('does not check or lock an application already submitted again, and finishes what a submit leads to', async () => {
    const m = memory({}, { submittedAt: '2026-11-01T00:00:00.000Z', status: ['started', 'validating', 'submitted'] });
    await submitApplication(m.ports, applicant);
    expect(m.submitted()).toBe('2026-11-01T00:00:00.000Z');
    expect(m.journal.filter((w) => ['reserve', 'lock', 'release', 'status'].includes(w))).toEqual([]);
    expect(m.events).toEqual([]);
    expect(m.journal).toEqual(expect.arrayContaining(['lock-tabs', 'index:ada@example.edu', 'pdf', 'mail']));
  });

  it('keeps the application as printed when submitted, once: a later submit neither replaces it nor needs it taken again', async () => {
    const m = memory(completeApplication());
    await submitApplication(m.ports, applicant);
    const kept = m.snapshot();
    expect(kept?.takenAt).toBe('2027-01-15T18:00:00.000Z');
    expect(kept?.pages.map((p) => p.title)).toEqual(printApplication({ answers: completeApplication() }).map((p) => p.title));
    await submitApplication(m.ports, applicant);
    expect(m.snapshot()).toBe(kept);
    expect(m.journal.filter((w) => w === 'snapshot')).toHaveLength(1);
  });

  it('takes the snapshot a submit that stopped after its lock did not, when the applicant submits again', async () => {
    const m = memory(completeApplication(), { submittedAt: '2026-11-01T00:00:00.000Z', status: ['started', 'validating', 'submitted'] });
    await submitApplication(m.ports, applicant);
    expect(m.journal.indexOf('snapshot')).toBeLessThan(m.journal.indexOf('pdf'));
    expect(m.snapshot()).toBeDefined();
  });

  it('takes no snapshot of an application it refuses', async () => {
    const m = memory({ first_name: 'Ada' });
    await expect(submitApplication(m.ports, applicant)).rejects.toBeInstanceOf(SubmissionProblems);
    expect(m.snapshot()).toBeUndefined();
  });
});
