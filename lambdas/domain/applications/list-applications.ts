/**
 * GET /api/applications: the account's applications, one per cycle (issue 37), with where each
 * stands, and whether the current cycle's can be started now (the status page's "Start your
 * <cycle> application").
 */
import { closedWindow } from '#form/application-window';
import type { Timetable } from '#form/institution-cycles';
import { currentCycle, cycleById } from '#form/timetable';
import type { ApplicationsReply } from '#form/wire/responses';
import type { ApplicationsIndex } from '../ports/applications';
import { activeOf, applicationsOf } from './account-applications';

export interface ListApplicationsPorts {
  applications: Pick<ApplicationsIndex, 'readApplications'>;
  /** The answers item of each application: whether and when it was submitted, and its reference. */
  submission(key: string): Promise<{ submittedAt?: string; reference?: string }>;
  timetable: Timetable;
}

export async function listApplications(ports: ListApplicationsPorts, sub: string, now: Date): Promise<ApplicationsReply> {
  const t = ports.timetable;
  const applications = applicationsOf(sub, await ports.applications.readApplications(sub), t);
  const active = activeOf(applications);
  const items = await Promise.all(
    applications.map(async (a) => {
      const { submittedAt, reference } = await ports.submission(a.key);
      return {
        cycle: a.cycle,
        label: cycleById(t.cycles, a.cycle)?.label ?? a.cycle,
        active: a.key === active.key,
        submitted_at: submittedAt ?? null,
        reference: reference ?? null,
      };
    }),
  );
  const current = currentCycle(t.cycles, now, t.timeZone);
  const startable =
    current &&
    !applications.some((a) => a.cycle === current.id) &&
    t.cycles.findIndex((c) => c.id === active.cycle) < t.cycles.indexOf(current) &&
    !closedWindow(t, now, current.id);
  return { applications: items, start: startable ? { cycle: current.id, label: current.label } : null };
}
