/**
 * The office's side of possible duplicates: the applications flagged with one (each with its
 * reference, name, submission time and the rules that matched), and a verdict on a flag, kept on
 * both sides: "same person" links the two, "not a duplicate" closes the flag for good. The staff
 * list's mark (an open flag) follows the verdicts. Nothing here is on any applicant's route.
 */
import { DUPLICATE_MESSAGES, type DuplicateMarked, type DuplicateVerdict, type DuplicatesReply, type PossibleDuplicate } from '#form/wire/duplicates';
import { NotFound } from '../errors';
import { NO_SUBMITTED_APPLICATION } from '../lifecycle/history';
import type { StaffAudit } from '../ports/audit';
import type { DuplicatePair, DuplicateStore } from '../ports/duplicates';
import type { SubmittedApplication } from '../ports/submissions';

export interface ReadDuplicatesPorts {
  duplicates: Pick<DuplicateStore, 'pairsOf' | 'markOpen'>;
  readSubmitted(id: string): Promise<SubmittedApplication | undefined>;
  audit: StaffAudit;
}

export interface MarkDuplicatePorts extends ReadDuplicatesPorts {
  duplicates: Pick<DuplicateStore, 'pairsOf' | 'markOpen' | 'judge'>;
  now(): Date;
}

const nameOf = (app: SubmittedApplication): string => [app.answers.first_name, app.answers.last_name].filter(Boolean).join(' ');

/**
 * The flags of an application, each with the other application as it is now; a flag whose other
 * application is gone (erased) is left out, and the list's mark is corrected when no open flag
 * is left (an erasure removes the flags of the erased side only).
 */
async function possibleDuplicates(ports: ReadDuplicatesPorts, id: string): Promise<PossibleDuplicate[]> {
  const pairs = await ports.duplicates.pairsOf(id);
  const shown = await Promise.all(pairs.map(async (pair) => ({ pair, other: await ports.readSubmitted(pair.other) })));
  return shown.flatMap(({ pair, other }) => (other ? [view(pair, other)] : []));
}

function view(pair: DuplicatePair, other: SubmittedApplication): PossibleDuplicate {
  return {
    id: other.id,
    reference: other.reference,
    name: nameOf(other),
    submitted_at: other.submittedAt,
    rules: pair.rules,
    state: pair.state,
    ...(pair.by ? { by: pair.by } : {}),
    ...(pair.at ? { at: pair.at } : {}),
  };
}

async function submitted(ports: ReadDuplicatesPorts, id: string): Promise<SubmittedApplication> {
  const app = await ports.readSubmitted(id);
  if (!app) throw new NotFound(NO_SUBMITTED_APPLICATION);
  return app;
}

/** GET /staff/api/applications/{id}/duplicates. */
export async function readDuplicates(ports: ReadDuplicatesPorts, id: string): Promise<DuplicatesReply> {
  const app = await submitted(ports, id);
  await ports.audit({ action: 'duplicates', application: id });
  const items = await possibleDuplicates(ports, id);
  // A mark left by a flag whose other side was erased since.
  if (app.duplicate && !items.some((i) => i.state === 'open')) await ports.duplicates.markOpen(id, false);
  return { items };
}

const VERDICT_WORDS: Record<DuplicateVerdict, (other: string) => string> = {
  same: (other) => `Marked as the same person as ${other}: the two applications are linked.`,
  not: (other) => `Marked as not a duplicate of ${other}: the flag will not come back.`,
};

/** PUT /staff/api/applications/{id}/duplicates/{other} {verdict}. */
export async function markDuplicate(
  ports: MarkDuplicatePorts,
  id: string,
  otherId: string,
  verdict: DuplicateVerdict,
  staff: string,
): Promise<DuplicateMarked> {
  const [, other] = await Promise.all([submitted(ports, id), submitted(ports, otherId)]);
  const pair = (await ports.duplicates.pairsOf(id)).find((p) => p.other === otherId);
  if (!pair) throw new NotFound(DUPLICATE_MESSAGES.notFlagged);
  const message = VERDICT_WORDS[verdict](other.reference);
  if (pair.state === verdict) return { message: `${message} Nothing changed.`, items: await possibleDuplicates(ports, id) };
  await ports.audit({ action: 'duplicate', application: id, detail: { verdict, other: other.reference } });
  if (!(await ports.duplicates.judge(id, otherId, verdict, staff, ports.now()))) throw new NotFound(DUPLICATE_MESSAGES.notFlagged);
  // Each side keeps its mark while another of its flags is open.
  await Promise.all(
    [id, otherId].map(async (side) =>
      ports.duplicates.markOpen(
        side,
        (await ports.duplicates.pairsOf(side)).some((p) => p.state === 'open'),
      ),
    ),
  );
  return { message, items: await possibleDuplicates(ports, id) };
}
