/**
 * The answers table as the use-cases need it: the applicant's answers, document answers and
 * submission lock. Adapter: adapters/store/answers-store.ts.
 */

import type { ApplicationSnapshot } from '#form/snapshot';
import type { AnswerSave, Answers } from '#form/wire/answers';
import type { ProgressMark } from './in-progress';
import type { StoredMaterials } from './materials';

export { SUPPLEMENT_PREFIX } from './keys';
export type { AnswerSave, Answers };

export interface DocumentItem {
  key: string;
  file_key: string;
  file_name: string;
  file_size: number;
  status: string;
  message?: string;
  /** Key of the converted PDF in the documents bucket, once COMPLETED. */
  converted_key?: string;
  updatedAt: string;
}

export interface ApplicantRecord {
  answers: Answers;
  submittedAt?: string;
  /** The application's reference, assigned with submittedAt. */
  reference?: string;
  /** The application's document answers (what is submitted and printed). */
  documents: DocumentItem[];
  /** Materials added after submission (document#supplement_<key>), kept apart. */
  supplements: DocumentItem[];
  /** The application as printed at submission (form/snapshot.ts); absent before, and for one submitted before snapshots existed. */
  snapshot?: ApplicationSnapshot;
  /** The office's marks on its checklist (ports/materials.ts); absent until the first. */
  materials?: StoredMaterials;
}

/**
 * Where a submission went in the timetable (issue 37): its cycle, its round and whether it came
 * inside the round's late window, recorded with the lock. A round the applicant was not asked
 * for (only one was open) is recorded as their answer too, so the PDF and the office read it.
 */
export interface SubmissionPlacement {
  cycle: string;
  round: string;
  late: boolean;
  /** The round's label, stored as the round answer's label when the answer is written here. */
  roundLabel: string;
  /** True when the applicant's answers hold no round: the lock writes it as their answer. */
  answerRound: boolean;
}

export interface StoredAnswers {
  answers: Answers;
  submittedAt?: string;
  /** What the answers item records of the applicant's recommendations (absent before the first invitation). */
  slots?: RecommendationSlotState;
}

/**
 * The recommendations' slots as the answers item keeps them (ports/recommendations.ts,
 * RecommendationSlots): while any id is held, a save may not change the waiver.
 */
export interface RecommendationSlotState {
  /** The recommendations holding a slot of each role: an invitation open or a letter received (one no longer holding is released when seen). */
  counselor: readonly string[];
  teacher: readonly string[];
  /** Invitations sent so far: the bound of the whole application. */
  invitations: number;
}

export interface ApplicantRecordReader {
  /** Answers, document answers and supplements, one consistent read. */
  readApplicantRecord(sub: string): Promise<ApplicantRecord>;
}

export interface AnswersReader {
  readAnswers(sub: string): Promise<StoredAnswers>;
}

export interface AnswersStore extends AnswersReader {
  /**
   * One conditional write of the save: every key merged (an empty string removes the answer),
   * each checked key only if it still holds its base or the new value, and nothing once
   * submitted. False when the condition refused it (nothing was written).
   */
  /** `progress`: the in-progress list's mark, written in the same write where absent (ports/in-progress.ts). */
  mergeAnswers(sub: string, save: AnswerSave, now: Date, progress?: ProgressMark): Promise<boolean>;
}

export interface SubmissionLockStore {
  /** Claims a reference; false when another application holds it. */
  reserveReference(reference: string, sub: string, at: Date): Promise<boolean>;
  /** Locks the answers with time and reference; false when already locked. */
  markSubmitted(sub: string, at: Date, reference: string, placement?: SubmissionPlacement): Promise<boolean>;
  /** Gives back a reference this applicant reserved and did not use. */
  releaseReference(reference: string, sub: string): Promise<void>;
}

/** The application as it was submitted (form/snapshot.ts), an item of its own beside the answers. */
export interface SnapshotReader {
  readSnapshot(sub: string): Promise<ApplicationSnapshot | undefined>;
}

export interface SnapshotWriter {
  /** Stores the snapshot unless one is stored already (the first stays); false when one was. */
  writeSnapshot(sub: string, snapshot: ApplicationSnapshot): Promise<boolean>;
}
