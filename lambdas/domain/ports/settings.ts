/**
 * Where the office's edits of Settings are kept (adapters/store/settings-store.ts: the status
 * table's `settings` partition, one item per version of a section). A section's current value is
 * its newest version; the file's words stand for a section with none.
 */
import type { OfficeWordSection } from '#form/office-words';

export interface StoredVersion {
  section: OfficeWordSection;
  version: number;
  value: unknown;
  by: string;
  at: string;
  revertedFrom?: number;
}

export interface SettingsStore {
  /** The newest version of each section that has one. */
  readLatest(): Promise<Partial<Record<OfficeWordSection, StoredVersion>>>;
  /** Every version of one section, newest first. */
  readHistory(section: OfficeWordSection): Promise<StoredVersion[]>;
  /** Adds a version; false when that number exists already (another admin saved first). */
  addVersion(version: StoredVersion): Promise<boolean>;
}

export type { OfficeWordSection };
