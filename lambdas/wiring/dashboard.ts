/** The dashboard's composition root (issue 39, item 7): its counters, the timetable, and the replies this process keeps. */
import { dashboardCounters } from '#adapters/store/dashboard-read';
import type { DashboardMemory, readDashboard } from '#domain/dashboard/read-dashboard';
import { timetable } from '#form/institution-cycles';
import type { PortsOf } from './ports-of';

// One per Lambda instance (per process locally): a warm instance answers an unchanged dashboard from it.
const memory: DashboardMemory = new Map();

export function dashboardPorts(): PortsOf<typeof readDashboard> {
  return { counters: dashboardCounters, timetable, now: () => new Date(), memory };
}
