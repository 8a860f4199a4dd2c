/**
 * A snapshot as a later form finds it (tests only): taken with the form's words of that time, some
 * since reworded, and questions since removed. The model cannot be changed under a test, so the
 * earlier form is written into the snapshot: the first section's rows with their keys' words
 * replaced by `reworded`, and the rows of `removed` after them.
 */
import type { ApplicationSnapshot, SnapshotRow } from './snapshot';

export function asAnEarlierForm(snapshot: ApplicationSnapshot, change: { reworded?: Record<string, string>; removed?: SnapshotRow[] }): ApplicationSnapshot {
  const [page, ...pages] = snapshot.pages;
  const [section, ...sections] = page!.sections;
  const rows = [...section!.rows.map((r) => ({ ...r, label: change.reworded?.[r.key] ?? r.label })), ...(change.removed ?? [])];
  return { ...snapshot, pages: [{ ...page!, sections: [{ ...section!, rows }, ...sections] }, ...pages] };
}
