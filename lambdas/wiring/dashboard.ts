/** The dashboard's composition root (issue 39, item 7): its counters and the timetable. */
import { dashboardCounters } from '#adapters/store/dashboard-read';
import type { readDashboard } from '#domain/dashboard/read-dashboard';
import { timetable } from '#form/institution-cycles';
import type { PortsOf } from './ports-of';

export function dashboardPorts(): PortsOf<typeof readDashboard> {
  return { counters: dashboardCounters, timetable, now: () => new Date() };
}
