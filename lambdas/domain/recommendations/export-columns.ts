/**
 * The exports' recommendation columns: one status per role slot (counselor, teacher_1, …), empty
 * where nobody was invited. Statuses only: a letter's content never goes into an export.
 */
import type { RecommendationStore } from '../ports/recommendations';
import type { ExportExtension } from '../staff/export';
import { RECOMMENDATION_SLOTS, slotStatuses } from './rules';

export const RECOMMENDATION_COLUMNS: readonly string[] = RECOMMENDATION_SLOTS.map((slot) => `recommendation_${slot}`);

export function recommendationColumns(store: Pick<RecommendationStore, 'listRecommendations'>, now: Date = new Date()): ExportExtension {
  return {
    columns: RECOMMENDATION_COLUMNS,
    rowsFor: (page) =>
      Promise.all(
        page.map(async (app) => {
          const slots = slotStatuses(await store.listRecommendations(app.id), now);
          return Object.fromEntries(RECOMMENDATION_SLOTS.map((slot) => [`recommendation_${slot}`, slots[slot] ?? '']));
        }),
      ),
  };
}
