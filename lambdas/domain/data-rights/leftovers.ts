/**
 * What a late writer killed between its write and its check leaves behind (late-writes.ts): a
 * document's conversion, the application PDF's render or a decision letter's print stopped at its
 * Lambda's timeout after it stored its result and before it read that the account was closed.
 * Nothing else would ever find it: the applicant's identity and status items are gone. The
 * retention sweep finds the closed session record the erasure keeps, and once no late writer can
 * still be running for that applicant, this pass lists the applicant's items and objects again,
 * as the erasure does, and deletes what it finds, the closed record aside. A letter conversion's
 * PDF (`recommendations/<id>/`) is found by the recommendations' ids the erasure kept on the
 * closed record: the recommendation's records, which tied the id to the applicant, are gone.
 * Idempotent: a second pass finds nothing.
 */
import type { ErasurePorts } from '../ports/erasure';
import { deleteApplicantData, ownItems } from './erasure';

/**
 * Deletes the applicant's leftovers (or, in a dry run, counts them) and answers how many items and
 * objects that was. An erasure still under way (its marker) is left to itself: its next run lists
 * after the closure too, and its marker must stay for that run.
 */
export async function removeLeftovers(
  ports: Pick<ErasurePorts, 'tables' | 'related' | 'objects'>,
  sub: string,
  options: { dryRun?: boolean } = {},
): Promise<number> {
  if (await ports.tables.readMarker(sub)) return 0;
  const [own, recommendations] = await Promise.all([ownItems(ports, sub), ports.tables.closedRecommendations(sub)]);
  const { items, objects } = await deleteApplicantData(ports, sub, own, { ...options, recommendations });
  return items + objects;
}
