/** docs/events/ is the event contract's schemas as `npm run docs:events` writes them, and they refuse what they should. */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SubmissionEvent, SubmissionEventType } from '#form/wire/events';
import { EVENTS_DIR, eventSchemaFiles } from '../../scripts/docs-events';
import { eventProblems } from '../support/event-schemas';

const ALL_TYPES: Record<SubmissionEventType, true> = {
  'Application Submitted': true,
  'Application PDF Ready': true,
  'Recommendation Submitted': true,
  'Decision Released': true,
  'Offer Accepted': true,
  'Offer Declined': true,
  'Waitlist Joined': true,
  'Offer Expired': true,
  'Application Erased': true,
};

const accepted: SubmissionEvent = {
  type: 'Offer Accepted',
  detail: { version: 1, cycle: '2027', id: 'a', reference: 'ABCD2345', decision: 'admit', reply: 'accept', replied_at: '2027-03-01T12:00:00.000Z' },
};
const asPublished = (e: SubmissionEvent) => ({ 'detail-type': e.type, detail: e.detail as unknown });

describe('the event schemas (docs/events/)', () => {
  let files: Map<string, string>;
  // The TypeScript program behind the generator: seconds on a loaded machine.
  beforeAll(async () => {
    files = await eventSchemaFiles();
  }, 60_000);

  it('are what `npm run docs:events` writes from form/wire/events.ts, one per event type and no other', () => {
    const committed = readdirSync(EVENTS_DIR).filter((f) => f.endsWith('.schema.json'));
    expect(committed.sort()).toEqual([...files.keys()].sort());
    for (const [name, content] of files) expect(readFileSync(resolve(EVENTS_DIR, name), 'utf8'), name).toBe(content);
    expect(files.size).toBe(Object.keys(ALL_TYPES).length);
  });

  it('accept an event as the product publishes it', () => {
    expect(eventProblems([asPublished(accepted)])).toEqual([]);
  });

  it('refuse one without its version or cycle, with another version, a field they do not name, or a malformed time', () => {
    const { cycle: _cycle, ...noCycle } = accepted.detail;
    const cases = [
      noCycle,
      { ...accepted.detail, version: 2 },
      { ...accepted.detail, name: 'Ada Lovelace' },
      { ...accepted.detail, replied_at: 'yesterday' },
      { ...accepted.detail, reply: 'maybe' },
    ];
    for (const detail of cases) expect(eventProblems([{ 'detail-type': 'Offer Accepted', detail }]), JSON.stringify(detail)).toHaveLength(1);
    expect(eventProblems([{ 'detail-type': 'Application Approved', detail: accepted.detail }])).toEqual(['Application Approved: no schema in docs/events/']);
  });
});
