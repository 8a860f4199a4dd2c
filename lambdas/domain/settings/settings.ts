/**
 * Settings: the words the office edits in the console without a deploy (form/office-words.ts).
 * Each save is one new version of its section, with who saved it and when; the section's value is
 * its newest version, or the file's words while it has none. An edit is checked as the file's
 * value is (the same rules, the same words): refused with a 400 that says every problem, nothing
 * saved. A revert saves an earlier version's value again as a new version. The access record gets
 * the change before the write; the write is conditional on the version number, so two admins
 * saving at once cannot overwrite each other (the second is told to reload).
 */
import {
  checkSection,
  findingInWords,
  OFFICE_WORD_SECTION_LABELS,
  OFFICE_WORD_SECTIONS,
  storedSectionValue,
  type OfficeWords,
  type OfficeWordSection,
} from '#form/office-words';
import type { SaveSettingRequest, SettingHistory, SettingSaved, SettingsReply, SettingState, SettingVersion } from '#form/wire/settings';
import { Conflict, Invalid, NotFound } from '../errors';
import type { StaffAudit } from '../ports/audit';
import type { SettingsStore, StoredVersion } from '../ports/settings';

export interface SettingsReadPorts {
  store: SettingsStore;
  /** The configuration file's words: what a section never edited says. */
  fileWords(): OfficeWords;
}

export interface SettingsSavePorts extends SettingsReadPorts {
  audit: StaffAudit;
  now(): Date;
}

export const SAVED_MEANWHILE = 'Another admin saved these words at the same moment. Reload Settings to see theirs, then make your change again.';

const valueOf = (v: StoredVersion): unknown => storedSectionValue(v.section, v.value);

const versionOf = (v: StoredVersion): Omit<SettingVersion, 'value'> => ({
  version: v.version,
  by: v.by,
  at: v.at,
  ...(v.revertedFrom !== undefined ? { revertedFrom: v.revertedFrom } : {}),
});

/**
 * The office's current words, section by section: a stored value is used only if it still passes
 * the checks (a rule made stricter by an upgrade falls back to the file rather than show what it refuses).
 */
export function currentWords(latest: Partial<Record<OfficeWordSection, StoredVersion>>): Partial<OfficeWords> {
  const words: Partial<Record<OfficeWordSection, unknown>> = {};
  for (const section of OFFICE_WORD_SECTIONS) {
    const stored = latest[section];
    if (!stored) continue;
    const checked = checkSection(section, valueOf(stored));
    if (checked.ok) words[section] = checked.value;
  }
  return words as Partial<OfficeWords>;
}

function stateOf<S extends OfficeWordSection>(section: S, file: OfficeWords, stored: StoredVersion | undefined): SettingState<S> {
  const checked = stored ? checkSection(section, valueOf(stored)) : undefined;
  if (!stored || !checked?.ok) return { value: file[section] };
  return { value: checked.value, current: versionOf(stored) };
}

/** GET /staff/api/settings: every section's words now, and the version each is. */
export async function readSettings(ports: SettingsReadPorts): Promise<SettingsReply> {
  const [file, latest] = [ports.fileWords(), await ports.store.readLatest()];
  return Object.fromEntries(OFFICE_WORD_SECTIONS.map((s) => [s, stateOf(s, file, latest[s])])) as SettingsReply;
}

/** GET /staff/api/settings/{section}/history: every version, newest first. */
export async function readSettingHistory(ports: SettingsReadPorts, section: OfficeWordSection): Promise<SettingHistory> {
  const versions = await ports.store.readHistory(section);
  return { section, versions: versions.map((v) => ({ ...versionOf(v), value: valueOf(v) as OfficeWords[typeof section] })) };
}

/** The value a request saves: the edit as sent, or the earlier version's (0: the file's). */
function requested(ports: SettingsSavePorts, section: OfficeWordSection, request: SaveSettingRequest, history: StoredVersion[]): unknown {
  if ('value' in request) return request.value;
  if (request.revertedFrom === 0) return ports.fileWords()[section];
  const earlier = history.find((v) => v.version === request.revertedFrom);
  if (!earlier) throw new NotFound(`There is no version ${request.revertedFrom} of ${OFFICE_WORD_SECTION_LABELS[section]} to go back to.`);
  return valueOf(earlier);
}

/** PUT /staff/api/settings/{section}: an admin's edit or revert of one section. */
export async function saveSetting(
  ports: SettingsSavePorts,
  section: OfficeWordSection,
  request: SaveSettingRequest,
  staff: { email: string },
): Promise<SettingSaved> {
  const history = await ports.store.readHistory(section);
  const raw = requested(ports, section, request, history);
  const checked = checkSection(section, raw);
  if (!checked.ok) {
    const problems = checked.findings.map((f) => findingInWords(section, f));
    throw new Invalid(`Nothing was saved. ${problems.join(' ')}`, { value: problems });
  }
  const version = (history[0]?.version ?? 0) + 1;
  const revertedFrom = 'revertedFrom' in request ? request.revertedFrom : undefined;
  const stored: StoredVersion = {
    section,
    version,
    value: checked.value,
    by: staff.email,
    at: ports.now().toISOString(),
    ...(revertedFrom !== undefined ? { revertedFrom } : {}),
  };
  await ports.audit(
    revertedFrom === undefined
      ? { action: 'setting', detail: { section, version: String(version) } }
      : { action: 'setting.revert', detail: { section, version: String(version), revertedFrom: String(revertedFrom) } },
  );
  if (!(await ports.store.addVersion(stored))) throw new Conflict(SAVED_MEANWHILE);
  const what = OFFICE_WORD_SECTION_LABELS[section];
  // The reminders' days are no words applicants read: the next daily sweep uses them.
  const when = section === 'reminders' ? 'The next daily reminders use them.' : 'Applicants see them within a minute.';
  return {
    message:
      revertedFrom === undefined
        ? `Saved ${what} (version ${version}). ${when}`
        : `Put back ${what} as they were in ${revertedFrom === 0 ? 'the configuration file' : `version ${revertedFrom}`} (now version ${version}). ${when}`,
    setting: { value: checked.value, current: versionOf(stored) },
  };
}
