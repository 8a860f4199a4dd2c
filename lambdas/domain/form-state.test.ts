import { describe, expect, it } from 'vitest';
import { ApplicationLocked } from './errors';
import { chooseTab, showAddAnother } from './form-state';
import type { TabsWriter } from './ports/tabs';

/** The tabs table as a map, each write refused once the item carries the submitted lock. */
function memoryTabs(): TabsWriter & { items: Map<string, string | number>; lock(): void } {
  const items = new Map<string, string | number>();
  let locked = false;
  const write = (key: string, value: string | number) => {
    if (locked) return Promise.resolve(false);
    items.set(key, value);
    return Promise.resolve(true);
  };
  return {
    items,
    lock: () => (locked = true),
    saveTab: (sub, tabId, chosen) => write(`${sub}/tab#${tabId}`, chosen),
    saveAddAnother: (sub, buttonId, count) => write(`${sub}/add#${buttonId}`, count),
  };
}

describe('the form state (tabs chosen, add-another blocks shown)', () => {
  it('writes a tab choice and a count', async () => {
    const tabs = memoryTabs();
    await chooseTab(tabs, 'ada', 'transcript_source', 'counselor');
    await showAddAnother(tabs, 'ada', 'add_school', 2);
    expect([...tabs.items]).toEqual([
      ['ada/tab#transcript_source', 'counselor'],
      ['ada/add#add_school', 2],
    ]);
  });

  it('refuses either write once the store says the application is locked (submitted meanwhile), and writes nothing', async () => {
    const tabs = memoryTabs();
    tabs.lock();
    await expect(chooseTab(tabs, 'ada', 'transcript_source', 'counselor')).rejects.toBeInstanceOf(ApplicationLocked);
    await expect(showAddAnother(tabs, 'ada', 'add_school', 2)).rejects.toBeInstanceOf(ApplicationLocked);
    expect(tabs.items.size).toBe(0);
  });
});
