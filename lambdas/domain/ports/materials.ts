/**
 * The office's marks on an application's checklist as the use-cases need them: kept whole on the
 * application's answers item with a version, so one conditional write changes them and a write
 * from a stale read is refused. Adapter: adapters/store/materials-store.ts.
 */
import type { MaterialMark } from '#form/wire/materials';

export type { MaterialMark };

export interface StoredMaterials {
  /** By checklist item id. */
  marks: Readonly<Record<string, MaterialMark>>;
  /** 0 before the first mark; each write adds one. */
  version: number;
}

export interface MaterialsStore {
  /**
   * Replaces the marks and the completeness the staff list filters on, as version `version + 1`;
   * false when the stored version is no longer `version` (someone marked meanwhile) or the
   * application is not submitted.
   */
  writeMarks(id: string, marks: Readonly<Record<string, MaterialMark>>, complete: boolean, version: number): Promise<boolean>;
}
