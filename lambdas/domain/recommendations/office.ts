/**
 * The office's side: every recommendation of a submitted application, letter details included,
 * and a letter's download (a short-lived signed link, asked for afresh each time, the read
 * recorded first).
 */
import type { StaffRecommendation } from '#form/wire/recommendations';
import { NotFound } from '../errors';
import type { StaffAudit } from '../ports/audit';
import type { LetterUploads, RecommendationStore } from '../ports/recommendations';
import { staffItem } from './rules';

export const NO_LETTER = 'There is no submitted letter for this recommendation.';

export async function staffRecommendations(
  store: RecommendationStore,
  sub: string,
  downloadPath: (id: string) => string,
  now: Date = new Date(),
): Promise<StaffRecommendation[]> {
  const records = await store.listRecommendations(sub);
  return records.map((r) => staffItem(r, now, downloadPath(r.id)));
}

/** The signed link of a submitted letter of this application. */
export async function letterDownloadUrl(ports: { store: RecommendationStore; uploads: LetterUploads }, sub: string, id: string): Promise<string> {
  const record = await ports.store.readRecommendation(sub, id);
  const key = record?.status === 'submitted' ? record.letter?.convertedKey : undefined;
  if (!record || !key) throw new NotFound(NO_LETTER);
  return ports.uploads.presignLetterDownload(key, `recommendation-${record.role}-${record.lastName}.pdf`);
}

/** GET /staff/api/applications/{id}/recommendations/{recommendationId}/letter: the read is recorded before the link is made. */
export async function staffLetterDownload(
  ports: { store: RecommendationStore; uploads: LetterUploads; audit: StaffAudit },
  id: string,
  recommendationId: string,
): Promise<string> {
  await ports.audit({ action: 'read', application: id, detail: { recommendation: recommendationId, what: 'letter' } });
  return letterDownloadUrl(ports, id, recommendationId);
}
