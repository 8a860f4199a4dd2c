import { describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_WORDS } from '#form/mail-words';
import type { OfficeWords, OfficeWordSection } from '#form/office-words';
import { memoryAudit } from '../memory-audit.test-support';
import type { SettingsStore, StoredVersion } from '../ports/settings';
import { expiringValue } from './cache';
import { currentWords, readSettingHistory, readSettings, SAVED_MEANWHILE, saveSetting, type SettingsSavePorts } from './settings';

const LETTER = { title: 'Hello', text: 'Dear {first_name},\n\nWelcome to {institution}.' };
const FILE: OfficeWords = {
  announcements: [{ id: 'jan-15', text: 'Apply by January 15', from: '12-18', until: '01-16', urgent: false }],
  letters: { admit: LETTER, deny: LETTER, waitlist: LETTER, defer: LETTER },
  promises: 'No fee.',
  submitted: 'Send your transcripts.',
  nextSteps: 'We read every application.',
  emails: DEFAULT_EMAIL_WORDS,
  reminders: { deadline: 7, materials: 14, reply: 5 },
};

function memoryStore(): SettingsStore & { versions: StoredVersion[]; refuseNext?: boolean } {
  const store = {
    versions: [] as StoredVersion[],
    refuseNext: false,
    readLatest: async () => {
      const latest: Partial<Record<OfficeWordSection, StoredVersion>> = {};
      for (const v of store.versions) if ((latest[v.section]?.version ?? 0) < v.version) latest[v.section] = v;
      return latest;
    },
    readHistory: async (section: OfficeWordSection) => store.versions.filter((v) => v.section === section).sort((a, b) => b.version - a.version),
    addVersion: async (v: StoredVersion) => {
      if (store.refuseNext || store.versions.some((s) => s.section === v.section && s.version === v.version)) return false;
      store.versions.push(v);
      return true;
    },
  };
  return store;
}

function ports(): SettingsSavePorts & { store: ReturnType<typeof memoryStore>; records: ReturnType<typeof memoryAudit>['records'] } {
  const audit = memoryAudit();
  let t = Date.parse('2026-11-01T10:00:00Z');
  return { store: memoryStore(), fileWords: () => FILE, audit: audit.audit, records: audit.records, now: () => new Date((t += 60_000)) };
}

const ADMIN = { email: 'admin@example.edu' };

describe('Settings', () => {
  it('answers the file’s words for a section never edited, and the newest version once edited, with who and when', async () => {
    const p = ports();
    expect((await readSettings(p)).promises).toEqual({ value: 'No fee.' });
    const saved = await saveSetting(p, 'promises', { value: '  No fee, no essay.  ' }, ADMIN);
    expect(saved.message).toBe('Saved the welcome page’s promises (version 1). Applicants see them within a minute.');
    const now = await readSettings(p);
    expect(now.promises).toEqual({ value: 'No fee, no essay.', current: { version: 1, by: ADMIN.email, at: '2026-11-01T10:01:00.000Z' } });
    expect(now.nextSteps).toEqual({ value: FILE.nextSteps });
    expect(p.records).toEqual([expect.objectContaining({ action: 'setting', detail: { section: 'promises', version: '1' } })]);
  });

  it('refuses an unknown placeholder, an empty text and until before from with a 400 in words, saving and recording nothing', async () => {
    const p = ports();
    const badLetter = { ...FILE.letters, admit: { title: 'Hi', text: 'Dear {frist_name},' } };
    await expect(saveSetting(p, 'letters', { value: badLetter }, ADMIN)).rejects.toMatchObject({
      status: 400,
      message:
        'Nothing was saved. Admit letter, text: {frist_name} is not a placeholder a letter knows. Write {first_name}, or one of {first_name}, {entry_term}, {major}, {reply_by}, {institution}.',
    });
    await expect(saveSetting(p, 'nextSteps', { value: '   ' }, ADMIN)).rejects.toMatchObject({
      status: 400,
      message: 'Nothing was saved. The text is empty. Write the text.',
    });
    const backwards = [{ id: 'x', text: 'Apply now', from: '2027-01-10', until: '2027-01-01', urgent: true }];
    await expect(saveSetting(p, 'announcements', { value: backwards }, ADMIN)).rejects.toMatchObject({
      status: 400,
      message:
        'Nothing was saved. Announcement 1, until: 2027-01-01 is not after from (2027-01-10): the announcement would never show. Write a day after 2027-01-10.',
    });
    await expect(saveSetting(p, 'letters', { value: { ...FILE.letters, admit: { title: '', text: 'x' } } }, ADMIN)).rejects.toThrow(
      'Admit letter, title: The letter’s title is empty.',
    );
    await expect(saveSetting(p, 'letters', { value: { ...FILE.letters, maybe: LETTER } }, ADMIN)).rejects.toThrow('maybe is not a decision.');
    expect(p.store.versions).toEqual([]);
    expect(p.records).toEqual([]);
  });

  it('saves the reminders’ days (one turned off by leaving it out), refusing days that are not 1 to 365 in words', async () => {
    const p = ports();
    expect((await readSettings(p)).reminders).toEqual({ value: { deadline: 7, materials: 14, reply: 5 } });
    for (const [value, message] of [
      [{ deadline: 0 }, 'Deadline reminder: 0 is not a number of days from 1 to 365.'],
      [{ materials: 2.5 }, 'Missing materials reminder: 2.5 is not a number of days from 1 to 365.'],
      [{ reply: '5' }, 'Reply reminder: "5" is not a number of days from 1 to 365.'],
      [{ deadline: 400 }, 'Deadline reminder: 400 is not a number of days from 1 to 365.'],
      [{ weekly: 3 }, 'weekly is not a reminder.'],
      ['7', 'The reminders’ days are missing.'],
    ] as const)
      await expect(saveSetting(p, 'reminders', { value }, ADMIN)).rejects.toMatchObject({ status: 400, message: expect.stringContaining(message) });
    expect(p.store.versions).toEqual([]);
    const saved = await saveSetting(p, 'reminders', { value: { deadline: 3, materials: null, reply: 10 } }, ADMIN);
    expect(saved.message).toBe('Saved the reminders’ days (version 1). The next daily reminders use them.');
    expect((await readSettings(p)).reminders.value).toEqual({ deadline: 3, reply: 10 });
  });

  it('keeps every version, newest first, and reverts to an earlier one (or the file’s) as a new version, recorded as a revert', async () => {
    const p = ports();
    await saveSetting(p, 'nextSteps', { value: 'First edit.' }, ADMIN);
    await saveSetting(p, 'nextSteps', { value: 'Second edit.' }, { email: 'other@example.edu' });
    const reverted = await saveSetting(p, 'nextSteps', { revertedFrom: 1 }, ADMIN);
    expect(reverted.message).toBe('Put back what happens next as they were in version 1 (now version 3). Applicants see them within a minute.');
    const history = await readSettingHistory(p, 'nextSteps');
    expect(history.versions.map((v) => [v.version, v.value, v.by, v.revertedFrom])).toEqual([
      [3, 'First edit.', ADMIN.email, 1],
      [2, 'Second edit.', 'other@example.edu', undefined],
      [1, 'First edit.', ADMIN.email, undefined],
    ]);
    await saveSetting(p, 'nextSteps', { revertedFrom: 0 }, ADMIN);
    expect((await readSettings(p)).nextSteps.value).toBe(FILE.nextSteps);
    expect(p.records.at(-1)).toMatchObject({ action: 'setting.revert', detail: { section: 'nextSteps', version: '4', revertedFrom: '0' } });
    await expect(saveSetting(p, 'nextSteps', { revertedFrom: 9 }, ADMIN)).rejects.toMatchObject({ status: 404 });
  });

  it('tells the second of two admins saving at once to reload (409)', async () => {
    const p = ports();
    p.store.refuseNext = true;
    await expect(saveSetting(p, 'promises', { value: 'Mine.' }, ADMIN)).rejects.toMatchObject({ status: 409, message: SAVED_MEANWHILE });
  });

  it('lays only the stored sections that still pass the checks over the file', async () => {
    const latest = {
      promises: { section: 'promises', version: 2, value: 'Edited.', by: 'a', at: 'x' },
      nextSteps: { section: 'nextSteps', version: 1, value: '', by: 'a', at: 'x' },
    } as const;
    expect(currentWords(latest)).toEqual({ promises: 'Edited.' });
  });

  it('keeps e-mails saved before the product wrote the password reset, which reads in the product’s words', async () => {
    const { passwordReset: _later, ...before } = DEFAULT_EMAIL_WORDS;
    const release = { subject: 'News', body: 'Read it: {link}' };
    const p = ports();
    p.store.versions.push({ section: 'emails', version: 1, value: { ...before, release }, by: 'a', at: 'x' });
    const expected = { ...DEFAULT_EMAIL_WORDS, release };
    expect(currentWords(await p.store.readLatest())).toEqual({ emails: expected });
    expect((await readSettings(p)).emails.value).toEqual(expected);
    expect((await readSettingHistory(p, 'emails')).versions[0]?.value).toEqual(expected);
    expect((await saveSetting(p, 'emails', { revertedFrom: 1 }, ADMIN)).setting.value).toEqual(expected);
    // An edit sent now names every e-mail.
    await expect(saveSetting(p, 'emails', { value: before }, ADMIN)).rejects.toMatchObject({ status: 400 });
  });
});

describe('the words’ cache', () => {
  it('reads again once the time to live has passed, not before; a TTL of 0 reads every time; a failed read is not kept', async () => {
    let clock = 0;
    let reads = 0;
    let fail = false;
    let ttl = 60_000;
    const cache = expiringValue(
      async () => {
        reads++;
        if (fail) throw new Error('table unavailable');
        return reads;
      },
      () => ttl,
      () => clock,
    );
    expect(await cache.get()).toBe(1);
    clock = 59_999;
    expect(await cache.get()).toBe(1);
    clock = 60_000;
    expect(await cache.get()).toBe(2);
    fail = true;
    clock = 200_000;
    await expect(cache.get()).rejects.toThrow('table unavailable');
    fail = false;
    expect(await cache.get()).toBe(4);
    ttl = 0;
    expect(await cache.get()).toBe(5);
    expect(await cache.get()).toBe(6);
  });
});
