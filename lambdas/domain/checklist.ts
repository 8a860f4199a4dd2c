/** GET /api/checklist: the status page's materials, each received (with date), awaited or not required, then the letters asked for. */
import type { ChecklistEntry } from '#form/checklist';
import type { RecommendationStore } from './ports/recommendations';
import { recommendationChecklist } from './recommendations/rules';
import { statusChecklist, type StatusChecklistItem } from './status-page';
import type { ChecklistReader } from './supplements';

export interface ChecklistPorts extends ChecklistReader {
  recommendations: Pick<RecommendationStore, 'listRecommendations'>;
}

export async function readChecklist(
  ports: ChecklistPorts,
  sub: string,
  now: () => Date = () => new Date(),
): Promise<{ items: Array<StatusChecklistItem | ChecklistEntry> }> {
  const [record, tabs, recommendations] = await Promise.all([
    ports.readApplicantRecord(sub),
    ports.readTabs(sub),
    ports.recommendations.listRecommendations(sub),
  ]);
  return { items: [...statusChecklist(record, tabs), ...recommendationChecklist(recommendations, now())] };
}
