/**
 * Settings (domain/settings/): the office's words kept in the status table's `settings`
 * partition, the Settings routes' ports, and the words every function that says them installs
 * over the file's before its use-case runs (`freshOfficeWords`), read again at most every
 * OFFICE_WORDS_CACHE_SECONDS (60, the most; tests set 0) so an edit reaches applicants within a
 * minute without a deploy or a read on every request.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { settingsStore } from '#adapters/store/settings-store';
import { expiringValue } from '#domain/settings/cache';
import { currentWords, type readSettings, type saveSetting } from '#domain/settings/settings';
import { installOfficeEdits, officeEdits } from '#form/institution';
import { fileOfficeWords } from '#form/office-file-words';
import type { OfficeTextsReply } from '#form/wire/settings';
import { config } from '#lambdas/config';
import type { StaffMember } from '#middleware/staff-session';
import type { PortsOf } from './ports-of';
import { staffAudit } from './staff-audit';

const words = expiringValue(
  async () => currentWords(await settingsStore.readLatest()),
  () => config().officeWordsCacheSeconds * 1000,
);

/** The office's current words laid over the file's (form/institution.ts), read again once the cache has expired. */
export async function freshOfficeWords(): Promise<void> {
  installOfficeEdits(await words.get());
}

/** The same, read now whatever the cache holds: for a job that runs once a day (the reminders' sweep), whose settings an admin may just have saved. */
export async function officeWordsNow(): Promise<void> {
  installOfficeEdits(currentWords(await settingsStore.readLatest()));
}

/** Reading the words and a section's history: the store and the file's words. */
export function settingsReadPorts(): PortsOf<typeof readSettings> {
  return { store: settingsStore, fileWords: fileOfficeWords };
}

export function settingsSavePorts(staff: StaffMember, event: APIGatewayProxyEventV2): PortsOf<typeof saveSetting> {
  return { store: settingsStore, fileWords: fileOfficeWords, audit: staffAudit(staff, event), now: () => new Date() };
}

/** GET /public/office-texts: the words of the applicant's pages now (no route has a decision to make here). */
export async function officeTextsNow(): Promise<OfficeTextsReply> {
  await freshOfficeWords();
  const { promises, submitted, nextSteps, announcements } = { ...fileOfficeWords(), ...officeEdits() };
  return { promises, submitted, nextSteps, announcements };
}
