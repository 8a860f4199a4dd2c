/**
 * What the form shows besides the answers: the tab chosen in each tab group and how many blocks
 * each add-another button shows. Locked with the application: a write the store refused because
 * the application was submitted meanwhile (its lock mirrored into the tabs table) is refused here.
 */
import { ApplicationLocked } from './errors';
import type { TabsWriter } from './ports/tabs';

export async function chooseTab(store: Pick<TabsWriter, 'saveTab'>, sub: string, tabId: string, chosen: string): Promise<void> {
  if (!(await store.saveTab(sub, tabId, chosen))) throw new ApplicationLocked();
}

export async function showAddAnother(store: Pick<TabsWriter, 'saveAddAnother'>, sub: string, buttonId: string, count: number): Promise<void> {
  if (!(await store.saveAddAnother(sub, buttonId, count))) throw new ApplicationLocked();
}
