/**
 * The application as it was submitted, kept for ever (form/snapshot.ts): taken from what the
 * submission locked, once. Every submit asks, so a submit that stopped between the lock and the
 * snapshot is made whole by the next; the first snapshot stored stays.
 */
import { takeSnapshot } from '#form/snapshot';
import type { ApplicantRecord, ApplicantRecordReader, SnapshotWriter } from './ports/answers';
import type { AddAnotherReader, TabsReader } from './ports/tabs';

export interface SnapshotPorts extends ApplicantRecordReader, TabsReader, AddAnotherReader, SnapshotWriter {
  now(): Date;
}

/** Takes and stores the snapshot of a submitted application that has none; answers the record it read (the submit's next step reads it too). */
export async function keepSubmissionSnapshot(ports: SnapshotPorts, sub: string): Promise<ApplicantRecord> {
  const record = await ports.readApplicantRecord(sub);
  // Only what is locked is as submitted; a snapshot stored is never replaced.
  if (!record.submittedAt || record.snapshot) return record;
  const [tabs, addAnother] = await Promise.all([ports.readTabs(sub), ports.readAddAnother(sub)]);
  const documents = Object.fromEntries(record.documents.map((d) => [d.key, d]));
  await ports.writeSnapshot(sub, takeSnapshot({ answers: record.answers, tabs, addAnother, documents }, ports.now()));
  return record;
}
