/**
 * POST /api/applications: a returning applicant starts the current cycle's application (issue 37,
 * applying again). The new application starts with what does not change from one year to the next
 * (form/carry-over.ts) and becomes the one every write goes to; the earlier ones stay as they are,
 * read-only. An account's first sign-in under cycles names its first application's cycle
 * (`claimFirstApplication`), so a new account in a later cycle does not start in a closed one.
 */
import { closedWindow, windowInWords, type ClosedWindow } from '#form/application-window';
import { carriedOver } from '#form/carry-over';
import { serverWording } from '#form/i18n/server-words';
import type { Timetable } from '#form/institution-cycles';
import { currentCycle, cycleById } from '#form/timetable';
import { Conflict } from '../errors';
import type { AnswersStore } from '../ports/answers';
import type { ApplicationsIndex } from '../ports/applications';
import { laterApplicationKey } from '../ports/keys';
import { activeOf, applicationsOf } from './account-applications';

export interface StartApplicationPorts {
  applications: ApplicationsIndex;
  answers: Pick<AnswersStore, 'readAnswers' | 'mergeAnswers'>;
  timetable: Timetable;
}

/** What the start answers: the new application's cycle and its label ("Your 2027–28 application"). */
export interface StartedApplication {
  cycle: string;
  label: string;
}

/**
 * Starts the current cycle's application for the account `sub`. Refused in words (409) when no
 * cycle is open, when the current cycle's application is started already, or when the current
 * cycle takes no more applications. The previous application need not be submitted: one left
 * unsubmitted in a closed cycle stays as it was.
 */
export async function startApplication(ports: StartApplicationPorts, sub: string, now: Date): Promise<StartedApplication> {
  const t = ports.timetable;
  const current = currentCycle(t.cycles, now, t.timeZone);
  const refused = (closed: ClosedWindow) => new Conflict((language) => windowInWords(closed, t.timeZone, serverWording(language)));
  if (!current) throw refused(closedWindow(t, now) ?? { id: 'window.notOpen' });
  const recorded = await ports.applications.readApplications(sub);
  const applications = applicationsOf(sub, recorded, t);
  const started = { cycle: current.id, label: current.label };
  if (applications.some((a) => a.cycle === current.id)) throw new Conflict(`Your ${current.label} application is started already.`);
  const closed = closedWindow(t, now, current.id);
  if (closed) throw refused(closed);
  const active = activeOf(applications);
  const previous = cycleById(t.cycles, active.cycle);
  if (previous && t.cycles.indexOf(previous) > t.cycles.indexOf(current)) throw new Conflict(`Your ${previous.label} application is your current one.`);

  const key = laterApplicationKey(sub, current.id);
  // The answers first, the list last: a start stopped in between is started again whole, and a
  // second copy of the same answers changes nothing.
  const carried = carriedOver((await ports.answers.readAnswers(active.key)).answers);
  if (Object.keys(carried).length > 0) await ports.answers.mergeAnswers(key, { answers: carried, base: {} }, now);
  // The first application is written out with its cycle: a later file without that cycle does not make its data another's.
  if (await ports.applications.writeApplications(sub, recorded, [...applications, { cycle: current.id, key }])) return started;
  // Another request changed the list first: a start racing this one for the same cycle is this start.
  const now2 = applicationsOf(sub, await ports.applications.readApplications(sub), t);
  if (now2.some((a) => a.cycle === current.id)) return started;
  throw new Conflict('Your applications changed while this one was being started. Reload the page and try again.');
}

/**
 * On an account's first sign-in ever: its first application belongs to the cycle open then. An
 * account that signed in before (under any version) keeps no list, so its data stays the first
 * cycle's. Nothing is written before any cycle opens, nor when a list exists.
 */
export async function claimFirstApplication(ports: { applications: ApplicationsIndex; timetable: Timetable }, sub: string, now: Date): Promise<void> {
  const t = ports.timetable;
  const current = currentCycle(t.cycles, now, t.timeZone);
  if (!current || current.id === t.cycles[0]?.id) return;
  await ports.applications.writeApplications(sub, undefined, [{ cycle: current.id, key: sub }]);
}
