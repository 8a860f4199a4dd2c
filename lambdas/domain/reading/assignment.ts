/**
 * Which readers a submitted application is assigned to (issue 39, item 1): the configuration's
 * rules in order, the first that matches (by major, by the applicant's state or territory, by the
 * first letter of the last name, or every application), each giving as many readers as reads are
 * required, taken in turn from its list. Written once at submission: a repeated submit finds the
 * readers written and only puts back the pointers of those who have not read it yet.
 */
import type { AssignmentRule, ReadingConfig } from '#form/types';
import type { Answers } from '../ports/answers';
import { STILL_READ, type Pointer, type ReadingStore } from '../ports/reading';

/** What the rules look at, from the answers. */
export interface Applicant {
  major?: string;
  state?: string;
  lastName?: string;
}

export function applicantOf(answers: Answers): Applicant {
  return { major: answers.applied_major, state: answers.state, lastName: answers.last_name };
}

/** The letter a last-name range compares: the first letter, accents removed (É → E), upper case. */
export function initialOf(lastName: string | undefined): string | undefined {
  const letter = (lastName ?? '')
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .charAt(0)
    .toUpperCase();
  return letter || undefined;
}

export function ruleMatches(rule: AssignmentRule, applicant: Applicant): boolean {
  switch (rule.by) {
    case 'major':
      return !!applicant.major && rule.majors.includes(applicant.major);
    case 'state':
      return !!applicant.state && rule.states.includes(applicant.state.trim().toUpperCase());
    case 'lastName': {
      const initial = initialOf(applicant.lastName);
      return !!initial && initial >= rule.from && initial <= rule.to;
    }
    case 'roundRobin':
      return true;
  }
}

/** The index of the first rule the applicant matches, or -1. */
export function firstMatch(rules: readonly AssignmentRule[], applicant: Applicant): number {
  return rules.findIndex((rule) => ruleMatches(rule, applicant));
}

/** `count` readers of the list from position `turn` on, wrapping round; never one twice (a short list gives them all). */
export function readersAt(list: readonly string[], turn: number, count: number): string[] {
  const n = Math.min(count, list.length);
  return Array.from({ length: n }, (_, i) => list[(turn + i) % list.length]!.toLowerCase());
}

/** The readers the rules give this applicant, advancing the matching rule's turn when its list is longer than the reads required. */
export async function readersFor(ports: { reading: Pick<ReadingStore, 'nextTurn'> }, config: ReadingConfig, applicant: Applicant): Promise<string[]> {
  const index = firstMatch(config.assignments, applicant);
  const rule = config.assignments[index];
  if (!rule) return [];
  if (rule.readers.length <= config.readsRequired) return readersAt(rule.readers, 0, config.readsRequired);
  // The next application starts after these readers: each rule's list is read in turn.
  const turn = await ports.reading.nextTurn(index, config.readsRequired);
  return readersAt(rule.readers, turn, config.readsRequired);
}

export interface SubmittedForReading {
  id: string;
  reference: string;
  submittedAt: string;
  answers: Answers;
}

export const pointerOf = (app: { id: string; reference: string; submittedAt: string; name: string }): Pointer => ({
  id: app.id,
  reference: app.reference,
  name: app.name,
  submittedAt: app.submittedAt,
});

const nameOf = (answers: Answers): string => [answers.first_name, answers.last_name].filter(Boolean).join(' ');

/**
 * Assigns a submitted application: its readers written once on the application, then a pointer
 * in each reader's queue, and one in the open pool when fewer readers than reads required were
 * found. Repeated (a retried submit), it keeps the readers written first and puts their pointers again.
 */
export async function assignApplication(
  ports: { reading: Pick<ReadingStore, 'nextTurn' | 'writeReaders' | 'readReading' | 'putPointer'> },
  config: ReadingConfig,
  app: SubmittedForReading,
): Promise<string[]> {
  let readers = await readersFor(ports, config, applicantOf(app.answers));
  let reviewed: readonly string[] = [];
  if (!(await ports.reading.writeReaders(app.id, readers, false))) {
    // Assigned before (a repeated submit, maybe long after): its pointers back, none for what is read or decided.
    const stored = await ports.reading.readReading(app.id);
    if (!stored || !STILL_READ.includes(stored.officeStatus)) return stored?.readers ?? [];
    readers = stored.readers;
    reviewed = stored.reviewedBy;
  }
  const pointer = pointerOf({ ...app, name: nameOf(app.answers) });
  for (const reader of readers.filter((r) => !reviewed.includes(r))) await ports.reading.putPointer({ kind: 'assigned', reader }, pointer);
  if (readers.length < config.readsRequired && reviewed.length < config.readsRequired) await ports.reading.putPointer({ kind: 'open' }, pointer);
  return readers;
}
