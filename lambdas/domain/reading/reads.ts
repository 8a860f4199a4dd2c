/**
 * What a submitted review does to the reading (issue 39, item 1): the reader's pointer leaves
 * their queue and their checkout ends; with the reads required in, the open pool lets it go; reads
 * that disagree send it to the committee.
 */
import type { ReadingConfig } from '#form/types';
import type { Review } from '../ports/decisions';
import type { ReadingStore } from '../ports/reading';
import { pointerOf } from './assignment';
import { disagreement } from './committee';

export type ReadDonePorts = Pick<ReadingStore, 'readReading' | 'deletePointer' | 'putPointer' | 'releaseCheckout' | 'markCommittee'>;

export async function noteRead(reading: ReadDonePorts, config: ReadingConfig, id: string, reviewer: string, reviews: readonly Review[]): Promise<void> {
  const record = await reading.readReading(id);
  if (!record) return;
  const pointer = pointerOf(record);
  await reading.deletePointer({ kind: 'assigned', reader: reviewer }, pointer);
  if (record.checkout?.by === reviewer) {
    await reading.releaseCheckout(id, reviewer);
    await reading.deletePointer({ kind: 'checkout', reader: reviewer }, pointer);
  }
  if (reviews.length >= config.readsRequired) await reading.deletePointer({ kind: 'open' }, pointer);
  if (!record.committee && disagreement(reviews, config)) {
    await reading.markCommittee(id);
    await reading.putPointer({ kind: 'committee' }, pointer);
  }
}
