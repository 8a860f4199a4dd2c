/**
 * Inputs and answers of Settings: the words the office edits in the console without a deploy
 * (form/office-words.ts says which and checks them), and the public read of those the applicant's
 * pages show.
 */
import { isOfficeWordSection, OFFICE_WORD_SECTIONS, type AnnouncementWords, type OfficeWords, type OfficeWordSection } from '../office-words';
import { bodyInput, InputError, rejectUnknownFields, requireObject } from './input';

export type { OfficeWords, OfficeWordSection };

/** The section of the path, or a 400 naming those there are. */
export function parseSettingsSection(raw: string | undefined): OfficeWordSection {
  if (isOfficeWordSection(raw)) return raw;
  throw new InputError(`There is no section of Settings called “${raw ?? ''}”. The sections are ${OFFICE_WORD_SECTIONS.join(', ')}.`);
}

/**
 * An edit: the section's new value, checked by the use-case as the file's would be
 * (office-words.ts). A revert: the earlier version to restore (0: the file's words), whose value
 * the server takes from the history itself.
 */
export type SaveSettingRequest = { value: unknown } | { revertedFrom: number };

const REVERT_MESSAGE = 'revertedFrom is the number of an earlier version (0 for the configuration file’s words).';

/** `{value}` or `{revertedFrom}`: the value's shape depends on the section, so the use-case checks it. */
export const saveSettingInput = bodyInput<SaveSettingRequest>()((raw): SaveSettingRequest => {
  const body = requireObject(raw);
  rejectUnknownFields(body, ['value', 'revertedFrom']);
  const { value, revertedFrom } = body;
  if (revertedFrom === undefined) {
    if (value === undefined) throw new InputError('Send the new words as value.', { value: ['Send the new words as value.'] });
    return { value };
  }
  if (value !== undefined) throw new InputError('Send either new words (value) or the version to revert to (revertedFrom), not both.');
  if (typeof revertedFrom !== 'number' || !Number.isInteger(revertedFrom) || revertedFrom < 0 || revertedFrom > 1_000_000)
    throw new InputError(REVERT_MESSAGE, { revertedFrom: [REVERT_MESSAGE] });
  return { revertedFrom };
});

/** Who saved a version of a section, and when. */
export interface SettingVersion<S extends OfficeWordSection = OfficeWordSection> {
  /** 1 for the first edit, counted per section. */
  version: number;
  value: OfficeWords[S];
  /** The admin's e-mail address. */
  by: string;
  /** ISO time. */
  at: string;
  /** A revert: the version whose value this restored. */
  revertedFrom?: number;
}

/** One section as Settings shows it: its value now, and the version it is (none: the file's, never edited). */
export interface SettingState<S extends OfficeWordSection = OfficeWordSection> {
  value: OfficeWords[S];
  current?: Omit<SettingVersion<S>, 'value'>;
}

export type SettingsReply = { [S in OfficeWordSection]: SettingState<S> };

export interface SettingSaved {
  message: string;
  setting: SettingState;
}

export interface SettingHistory {
  section: OfficeWordSection;
  /** Newest first. */
  versions: SettingVersion[];
}

/** The words of the applicant's pages that the office may have edited: no personal data, the same for everyone. */
export interface OfficeTextsReply {
  promises: string;
  submitted: string;
  nextSteps: string;
  announcements: readonly AnnouncementWords[];
}
