/**
 * An account's applications, one per cycle (issue 37, applying again), and which one a request
 * reads or writes. The list is the account's (ports/applications.ts); without one the account
 * holds its first application alone, under its own key, in the first configured cycle: data
 * written before cycles existed is read as that cycle's with no migration. The application a
 * request is about is always resolved here from the verified `sub`, never from a body or a path.
 */
import type { Timetable } from '#form/institution-cycles';
import { cycleById } from '#form/timetable';
import { Invalid, NotFound } from '../errors';
import type { AccountApplication, ApplicationsIndex } from '../ports/applications';

export type { AccountApplication };

/** The account's applications in the order started: the recorded list, or its first application alone. */
export function applicationsOf(sub: string, recorded: readonly AccountApplication[] | undefined, t: Pick<Timetable, 'cycles'>): readonly AccountApplication[] {
  if (recorded && recorded.length > 0) return recorded;
  return [{ cycle: t.cycles[0]?.id ?? '', key: sub }];
}

/** The application the account works on now: the one started last. */
export const activeOf = (applications: readonly AccountApplication[]): AccountApplication => applications[applications.length - 1]!;

/** The application a request is about, and whether it is the active one (the only one anything writes to). */
export interface ResolvedApplication extends AccountApplication {
  readonly active: boolean;
}

/**
 * The application of the request: the active one, or, for a read naming a cycle (`?cycle=`), that
 * cycle's (404 in words when the account holds none). A write always goes to the active one: a
 * write naming a cycle is refused (400), so last year's application cannot be changed through any route.
 */
export async function resolveApplication(
  ports: { applications: Pick<ApplicationsIndex, 'readApplications'>; timetable: Pick<Timetable, 'cycles'> },
  sub: string,
  request: { cycle?: string | undefined; writes: boolean },
): Promise<ResolvedApplication> {
  const applications = applicationsOf(sub, await ports.applications.readApplications(sub), ports.timetable);
  const active = activeOf(applications);
  if (request.cycle === undefined) return { ...active, active: true };
  if (request.writes) throw new Invalid('Changes go to your current application: this request does not take a cycle.');
  const named = applications.find((a) => a.cycle === request.cycle);
  if (!named) {
    const label = cycleById(ports.timetable.cycles, request.cycle)?.label;
    throw new NotFound(label ? `You have no ${label} application.` : 'There is no application of that cycle on your account.');
  }
  return { ...named, active: named.key === active.key };
}
