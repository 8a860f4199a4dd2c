import { describe, expect, it } from 'vitest';
import { auditedActions } from '#form/wire/audit';
import { staffEndpoints } from '#form/wire/staff-endpoints';
import type { AuditAction, AuditRecord } from '../ports/audit';
import { readAccessRecord } from './access-record';
import { accessInWords, preparedKeysInWords, recordInWords } from './access-wording';

const at = '2026-11-25T18:00:00.000Z';
const record = (action: AuditAction, extra: Partial<AuditRecord> = {}): AuditRecord => ({
  at,
  staff: 'officer@example.edu',
  action,
  ip: '203.0.113.9',
  ...extra,
});
const ada = { reference: 'Y7J347YY', name: 'Ada Lovelace' };

/** Action kinds with records of them and the words the office reads (every value's ways of being said among them). */
const CASES: Partial<Record<AuditAction, readonly [AuditRecord, string, typeof ada?][]>> = {
  list: [
    [record('list'), 'Listed the submitted applications (all)'],
    [record('list', { detail: { major: 'BIO', q: 'ada' } }), 'Listed the submitted applications filtered by major Biology, search “ada”'],
    // The tests' timetable (test/support/test-timetable.ts): this cycle and the next, each with regular decision.
    [
      record('list', { detail: { cycle: 'current', round: 'rd', late: 'true' } }),
      'Listed the submitted applications filtered by cycle This cycle, round Regular Decision, late only',
    ],
    [record('list', { detail: { cycle: 'gone', late: 'false' } }), 'Listed the submitted applications filtered by cycle gone, on time only'],
  ],
  download: [
    [
      record('download', { application: 'd1c2-uuid', detail: { document: 'hs_transcript' } }),
      'Downloaded the high school transcript of the application Y7J347YY (Ada Lovelace)',
      ada,
    ],
    [
      record('download', { application: 'd1c2-uuid', detail: { document: 'application_pdf' } }),
      'Downloaded the PDF of the application Y7J347YY (Ada Lovelace)',
      ada,
    ],
  ],
  read: [
    [record('read', { application: 'd1c2-uuid' }), 'Read the application Y7J347YY (Ada Lovelace)', ada],
    [record('read', { application: 'd1c2-uuid' }), 'Read an application no longer on file (id d1c2-uuid)'],
  ],
  'export.csv': [[record('export.csv', { detail: { major: 'CS' } }), 'Exported the applications as CSV filtered by major Computer Science']],
  'export.json': [[record('export.json'), 'Exported the applications as JSON (all)']],
  'temporary-link': [
    [
      record('temporary-link', { detail: { expires_in_days: '14', keys: 'first_name last_name entry_term entry_term_desc applied_major applied_major_desc' } }),
      'Issued a temporary link (14 days) with: first name, last name, entry term, intended major',
    ],
    [
      record('temporary-link', { detail: { expires_in_days: '1', keys: 'first_name', recipient_name: 'Ada Lovelace', recipient_email: 'ada@example.com' } }),
      'Issued a temporary link (1 day) with: first name for Ada Lovelace (ada@example.com)',
    ],
  ],
  'temporary-link.revoke': [
    [
      record('temporary-link.revoke', { detail: { link: 'abc', issued_by: 'head@example.edu', recipient_email: 'ada@example.com' } }),
      'Revoked a temporary link issued by head@example.edu for ada@example.com',
    ],
  ],
  'temporary-links': [[record('temporary-links'), 'Viewed the temporary links issued']],
  audit: [
    [record('audit'), 'Viewed the office-wide access record'],
    [record('audit', { detail: { application: 'd1c2-uuid' } }), 'Viewed the access record of the application Y7J347YY (Ada Lovelace)', ada],
  ],
  'sign-in': [[record('sign-in'), 'Signed in']],
  'mfa-failed': [[record('mfa-failed'), 'Entered a wrong authenticator code while signing in']],
  'sign-out': [[record('sign-out'), 'Signed out']],
  'staff-role': [
    [record('staff-role', { detail: { email: 'reader@example.edu', role: 'reader', change: 'added' } }), 'Added the staff user reader@example.edu as reader'],
    [record('staff-role', { detail: { email: 'reader@example.edu', role: 'decider', change: 'role' } }), 'Made the staff user reader@example.edu decider'],
  ],
  review: [
    [
      record('review', { application: 'd1c2-uuid', detail: { recommendation: 'admit', change: 'added' } }),
      'Reviewed the application Y7J347YY (Ada Lovelace) (recommends Admit)',
      ada,
    ],
    [
      record('review', { application: 'd1c2-uuid', detail: { recommendation: 'waitlist', change: 'revised' } }),
      'Revised their review of the application Y7J347YY (Ada Lovelace) (recommends Waitlist)',
      ada,
    ],
  ],
  decision: [
    [
      record('decision', { application: 'd1c2-uuid', detail: { decision: 'admit' } }),
      'Recorded the decision Admit on the application Y7J347YY (Ada Lovelace)',
      ada,
    ],
    [
      record('decision', { application: 'd1c2-uuid', detail: { decision: 'deny', bulk: '3' } }),
      'Recorded the decision Deny on the application Y7J347YY (Ada Lovelace) (one of 3 decided together)',
      ada,
    ],
    [
      record('decision', {
        application: 'd1c2-uuid',
        detail: { decision: 'admit', previous: 'deny', released_change: 'true', reason: 'Transcript corrected' },
      }),
      'Changed the released decision of the application Y7J347YY (Ada Lovelace) from Deny to Admit (reason: Transcript corrected)',
      ada,
    ],
  ],
  decisions: [
    [record('decisions', { detail: { decision: 'waitlist', count: '12', ids: 'a b' } }), 'Recorded the decision Waitlist on 12 applications at once'],
  ],
  queue: [[record('queue'), 'Asked for the next application to read']],
  release: [
    [record('release', { detail: { at: 'now', status: 'decided' } }), 'Released the decisions of every decided application'],
    [
      record('release', { detail: { at: '2027-03-15T14:00:00.000Z', ids: 'a b' } }),
      'Scheduled the release, at 2027-03-15T14:00:00.000Z, of 2 named application(s)',
    ],
  ],
  'release.cancel': [[record('release.cancel', { detail: { release: 'abc' } }), 'Cancelled the scheduled release abc']],
  releases: [[record('releases'), 'Viewed the scheduled releases']],
  erase: [
    [
      record('erase', { application: 'sub-1', detail: { reference: 'K7M2Q9XH', reason: 'Asked by the applicant' } }),
      'Erased the application K7M2Q9XH: “Asked by the applicant”',
    ],
  ],
};

describe('the access record in words', () => {
  for (const [action, cases] of Object.entries(CASES)) {
    it.each(cases.map((c) => [c[1], c] as const))(`${action}: %s`, (_words, [r, words, app]) => {
      expect(accessInWords(r, app)).toBe(words);
    });
  }

  it('words every action a route declares by its declaration, and an action several routes record alike', () => {
    const actions = auditedActions(staffEndpoints);
    expect(actions.size).toBeGreaterThan(15);
    for (const [action, { routes, words }] of actions) {
      expect(
        words.map((w) => JSON.stringify(w)),
        `${action}, recorded by ${routes.join(', ')}`,
      ).toEqual(words.map(() => JSON.stringify(words[0])));
      expect(accessInWords(record(action as AuditAction, { application: 'd1c2-uuid' }), ada)).not.toMatch(/^Did “/);
    }
  });

  it('fills a sentence in one pass, says an optional part only with all its values, and falls back to the last sentence', () => {
    const words = [{ when: { change: 'revised' }, words: 'Revised {application}[ (recommends {recommendation})]' }, 'Reviewed {application}'] as const;
    const r = (detail: Record<string, string>) => record('review', { application: 'd1c2-uuid', detail });
    expect(recordInWords(words, r({ change: 'revised', recommendation: '{application}' }), ada)).toBe(
      'Revised the application Y7J347YY (Ada Lovelace) (recommends {application})',
    );
    expect(recordInWords(words, r({ change: 'revised' }), ada)).toBe('Revised the application Y7J347YY (Ada Lovelace)');
    expect(recordInWords(words, r({ change: 'added' }), ada)).toBe('Reviewed the application Y7J347YY (Ada Lovelace)');
    expect(recordInWords('Viewed {application}', record('audit'))).toBe('Viewed');
  });

  it('never shows an internal id for an application that exists', () => {
    expect(accessInWords(record('read', { application: 'd1c2-uuid' }), ada)).not.toContain('d1c2-uuid');
  });

  it('names prepared answers by their questions, each once', () => {
    expect(preparedKeysInWords('applied_major applied_major_desc')).toBe('intended major');
  });

  it('an action it does not know is still shown, quoted', () => {
    expect(accessInWords({ ...record('list'), action: 'something-new' as AuditAction })).toBe('Did “something-new”');
  });

  it('reads each application named on a page once, and keeps the records as they were', async () => {
    const asked: string[] = [];
    const page = await readAccessRecord(
      {
        readAudit: () =>
          Promise.resolve({ items: [record('read', { application: 'a1' }), record('audit', { detail: { application: 'a1' } }), record('sign-in')], next: 'x' }),
        nameApplication: (id) => {
          asked.push(id);
          return Promise.resolve(ada);
        },
      },
      undefined,
      { email: 'admin@example.edu', role: 'admin' },
    );
    expect(asked).toEqual(['a1']);
    expect(page.cursor).toBe('x');
    expect(page.items.map((i) => i.summary)).toEqual([
      'Read the application Y7J347YY (Ada Lovelace)',
      'Viewed the access record of the application Y7J347YY (Ada Lovelace)',
      'Signed in',
    ]);
    expect(page.items[0]).toMatchObject({ application: 'a1', reference: 'Y7J347YY', name: 'Ada Lovelace', staff: 'officer@example.edu' });
  });
});
