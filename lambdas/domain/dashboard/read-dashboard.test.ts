import { describe, expect, it } from 'vitest';
import { chicagoTimetable } from '../cycles/timetables.test-support';
import type { CounterItem, DashboardCounters } from '../ports/dashboard';
import { DASHBOARD_MEMORY_MS, readDashboard, type DashboardMemory, type DashboardPorts } from './read-dashboard';

const timetable = chicagoTimetable([{ id: 'rd', label: 'Regular Decision', deadline: '2027-01-15', decisionDate: '2027-03-15', replyBy: '2027-05-01' }]);

/** Counters in memory: a cycle's items, a change number, a started count, and how many times each was read. */
function memoryCounters() {
  const state = { version: 0, submitted: 3, started: 10, cycleReads: 0, versionReads: 0 };
  const counters: DashboardCounters = {
    now: async () => {
      state.versionReads += 1;
      return { version: state.version, started: state.started };
    },
    readCycle: async (cycle): Promise<CounterItem[]> => {
      state.cycleReads += 1;
      return cycle === '2027'
        ? [{ item: 'seg#rd#2027FA#BIO', counts: { submitted: state.submitted, status_submitted: state.submitted }, labels: { major_label: 'Biology' } }]
        : [];
    },
    readReaders: async () => [],
  };
  /** A counted change: its ADDs, then the change number, as the adapters write them. */
  const change = () => {
    state.submitted += 1;
    state.version += 1;
  };
  return { state, counters, change };
}

const stage = (key: string) => (reply: Awaited<ReturnType<typeof readDashboard>>) => reply.stages.find((s) => s.key === key)?.count;
const submitted = stage('submitted');
const started = stage('started');

describe('the dashboard read again only when its counters changed', () => {
  it('an unchanged dashboard is answered from the reply kept at the same change number: one small read, no counter item', async () => {
    const { state, counters } = memoryCounters();
    const memory: DashboardMemory = new Map();
    let now = new Date('2026-11-30T15:00:00Z');
    const ports: DashboardPorts = { counters, timetable, now: () => now, memory };
    expect(submitted(await readDashboard(ports, {}))).toBe(3);
    now = new Date(now.getTime() + 1000);
    expect(submitted(await readDashboard(ports, {}))).toBe(3);
    expect(state.versionReads).toBe(2);
    // The cycle's counters and the previous cycle's once, by the first request only.
    expect(state.cycleReads).toBe(1);
  });

  it('a counted change between two requests is in the second: the change number moved', async () => {
    const { counters, change } = memoryCounters();
    const ports: DashboardPorts = { counters, timetable, now: () => new Date('2026-11-30T15:00:00Z'), memory: new Map() };
    expect(submitted(await readDashboard(ports, {}))).toBe(3);
    change();
    expect(submitted(await readDashboard(ports, {}))).toBe(4);
  });

  it('a start does not move the change number, and the started count is always the one read now', async () => {
    const { state, counters } = memoryCounters();
    const ports: DashboardPorts = { counters, timetable, now: () => new Date('2026-11-30T15:00:00Z'), memory: new Map() };
    expect(started(await readDashboard(ports, {}))).toBe(10);
    state.started += 2;
    const again = await readDashboard(ports, {});
    expect(started(again)).toBe(12);
    expect(submitted(again)).toBe(3);
    expect(state.cycleReads).toBe(1);
  });

  it('a kept reply is given for a minute at most, and never on another day or for another cycle', async () => {
    const { state, counters } = memoryCounters();
    let now = new Date('2026-11-30T15:00:00Z');
    const ports: DashboardPorts = { counters, timetable, now: () => now, memory: new Map() };
    await readDashboard(ports, {});
    const reads = () => state.cycleReads;
    const first = reads();
    now = new Date(now.getTime() + DASHBOARD_MEMORY_MS);
    await readDashboard(ports, {});
    expect(reads()).toBe(first + 1);
    // The next day on Chicago's clock (midnight there is 06:00 UTC).
    now = new Date('2026-12-01T06:00:01Z');
    await readDashboard(ports, {});
    expect(reads()).toBe(first + 2);
    await readDashboard(ports, { cycle: '2028' });
    // 2028's counters and its previous cycle's (2027).
    expect(reads()).toBe(first + 4);
    // Only today's replies are kept.
    expect([...ports.memory!.keys()].every((k) => k.endsWith('\n2026-12-01'))).toBe(true);
  });

  it('without a memory every request reads the counters', async () => {
    const { state, counters } = memoryCounters();
    const ports: DashboardPorts = { counters, timetable, now: () => new Date('2026-11-30T15:00:00Z') };
    await readDashboard(ports, {});
    await readDashboard(ports, {});
    expect(state.cycleReads).toBe(2);
  });
});
