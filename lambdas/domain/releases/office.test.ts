import { describe, expect, it } from 'vitest';
import { memoryAudit } from '../memory-audit.test-support';
import { memoryReleasePorts } from './memory.test-support';
import { cancelScheduledRelease, listPendingReleases, releaseAuditDetail, releaseDecisions } from './office';

const LATER = '2099-01-01T12:00:00.000Z';

describe("the office's release routes", () => {
  it('records a release request (when, and which applications) before anything is written, even one refused', async () => {
    const world = memoryReleasePorts(['a']);
    const { audit, records } = memoryAudit();
    await expect(releaseDecisions({ ...world.ports, audit }, { target: { ids: ['a'] } }, 'admin@example.edu')).rejects.toMatchObject({ status: 409 });
    expect(records).toEqual([{ action: 'release', detail: { at: 'now', ids: 'a' } }]);
    expect(world.releases.releases.size).toBe(0);
  });

  it('records the scheduled release, lists it after recording the read, and records its cancellation', async () => {
    const world = memoryReleasePorts([]);
    const { audit, records } = memoryAudit();
    const summary = await releaseDecisions({ ...world.ports, audit }, { target: { status: 'decided' }, at: LATER }, 'admin@example.edu');
    expect((await listPendingReleases({ ...world.ports, audit })).items.map((r) => r.id)).toEqual([summary.id]);
    expect(await cancelScheduledRelease({ ...world.ports, audit }, summary.id)).toEqual({ message: 'The release is cancelled.' });
    expect(records).toEqual([
      { action: 'release', detail: { at: LATER, status: 'decided' } },
      { action: 'releases' },
      { action: 'release.cancel', detail: { release: summary.id } },
    ]);
  });

  it('says how many applications are decided now beside the pending releases: what "every decided application" takes', async () => {
    const world = memoryReleasePorts(['a', 'b', 'c']);
    const { audit } = memoryAudit();
    for (const id of ['a', 'c'])
      await world.office.appendHistory(id, { seq: 1, at: LATER, staff: 'decider@example.edu', from: 'submitted', to: 'decided', what: 'Decision: Admit' });
    expect(await listPendingReleases({ ...world.ports, audit })).toEqual({ items: [], decided: 2 });
  });

  it('names the ids of a release by ids, space-separated', () => {
    expect(releaseAuditDetail({ target: { ids: ['a', 'b'] }, at: LATER })).toEqual({ at: LATER, ids: 'a b' });
  });
});
