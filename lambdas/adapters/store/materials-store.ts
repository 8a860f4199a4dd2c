/**
 * The office's marks on an application's checklist (domain/materials/mark.ts): attributes of its
 * answers item (MATERIALS_ATTRIBUTES), written whole with the next version and the completeness
 * the staff list filters on, in one update conditional on the version read; only on a submitted
 * application, so no write creates the item of one erased meanwhile.
 */
import type { MaterialsStore } from '#domain/ports/materials';
import { submittedItemUpdate } from './change-stamp';
import { sendCounted } from './dashboard-counters';
import { MATERIALS_ATTRIBUTES, conditional } from './keys';

export const materialsStore: MaterialsStore = {
  async writeMarks(id, marks, complete, version) {
    const done = await conditional(() =>
      sendCounted(
        submittedItemUpdate(id, {
          UpdateExpression: 'SET #m = :m, #v = :next, #c = :c',
          ConditionExpression: `attribute_exists(submittedAt) AND ${version === 0 ? 'attribute_not_exists(#v)' : '#v = :v'}`,
          ExpressionAttributeNames: { '#m': MATERIALS_ATTRIBUTES.marks, '#v': MATERIALS_ATTRIBUTES.version, '#c': MATERIALS_ATTRIBUTES.complete },
          ExpressionAttributeValues: { ':m': marks, ':next': version + 1, ':c': complete, ...(version === 0 ? {} : { ':v': version }) },
        }),
      ),
    );
    return done !== undefined;
  },
};
