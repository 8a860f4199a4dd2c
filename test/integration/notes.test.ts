/**
 * Notes between colleagues on the real local stack, over HTTP (issue 39, item 4): a reader and a
 * decider write notes on a submitted application, the reader edits theirs (the earlier text kept),
 * a colleague may not edit it, bad requests are 400s in words with nothing written. The note's text
 * is in no answer of any applicant route nor in the applicant's copy of their data, and the
 * access record says who read, added and edited notes without their words. The office's erasure
 * leaves no note behind.
 */
import { randomUUID } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { applicantEndpoints } from '#form/wire/applicant-endpoints';
import { NOTE_MAX_LENGTH, NOTE_MESSAGES, type NoteSaved, type NotesReply } from '#form/wire/notes';
import { setConfig } from '#lambdas/config';
import { completeApplication } from '../support/answers';
import { registeredApplicant, type ApiClient } from '../support/client';
import { applicantRoutes, exampleRequest } from '../support/route-cases';
import { signedInStaff, type StaffClient } from '../support/staff';
import { traces } from '../support/traces';

const baseUrl = inject('baseUrl');

type Reply<T> = Partial<T> & { message?: string; errors?: Record<string, string[]> };
const notesOf = (who: ApiClient, id: string) => who.get<Reply<NotesReply>>(`/staff/api/applications/${id}/notes`);
const add = (who: ApiClient, id: string, body: unknown) => who.post<Reply<NoteSaved>>(`/staff/api/applications/${id}/notes`, body);
const edit = (who: ApiClient, id: string, noteId: string, body: unknown) => who.put<Reply<NoteSaved>>(`/staff/api/applications/${id}/notes/${noteId}`, body);

/** The applicant's copy of their data, every file's text. */
async function exportedText(a: ApiClient): Promise<string> {
  const res = await fetch(`${baseUrl}/api/account/export`, { headers: { cookie: a.cookieHeader, accept: 'application/json' }, redirect: 'manual' });
  expect(res.status, await res.clone().text()).toBe(303);
  const { url } = (await res.json()) as { url: string };
  const files = unzipSync(new Uint8Array(await (await fetch(url)).arrayBuffer()));
  expect(Object.keys(files)).toContain('answers.json');
  return Object.values(files)
    .map((bytes) => strFromU8(bytes, true))
    .join('\n');
}

describe('notes on an application', () => {
  const secrets = { first: `First${randomUUID()}`, edited: `Edited${randomUUID()}`, theirs: `Theirs${randomUUID()}` };
  let reader: StaffClient;
  let decider: StaffClient;
  let admin: StaffClient;
  let applicant: Awaited<ReturnType<typeof registeredApplicant>>;
  let id: string;
  let noteId: string;

  beforeAll(async () => {
    setConfig({ dynamodbEndpoint: inject('dynamodbEndpoint'), s3Endpoint: inject('s3Endpoint') });
    [reader, decider, admin, applicant] = await Promise.all([
      signedInStaff(baseUrl, undefined, 'reader'),
      signedInStaff(baseUrl, undefined, 'decider'),
      signedInStaff(baseUrl, undefined, 'admin'),
      registeredApplicant(baseUrl),
    ]);
    expect((await applicant.put('/api/answer', { ...completeApplication(), first_name: `Note${randomUUID().slice(0, 6)}` })).status).toBe(200);
    expect((await applicant.post('/api/submit')).status).toBe(200);
    id = applicant.subject;
  }, 120_000);

  it('refuses bad requests in words, an unknown application, and the applicant, with nothing written', async () => {
    const cases: Array<[unknown, string]> = [
      [{ text: '   ' }, NOTE_MESSAGES.required],
      [{}, NOTE_MESSAGES.required],
      [{ text: 'x'.repeat(NOTE_MAX_LENGTH + 1) }, NOTE_MESSAGES.tooLong],
      [{ text: 'hello', author: 'someone' }, 'Unknown field: author.'],
    ];
    for (const [body, message] of cases) {
      const res = await add(reader, id, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const unknown = await add(reader, randomUUID(), { text: 'hello' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('There is no submitted application with this id.');
    expect((await edit(reader, id, 'not-a-note', { text: 'hello' })).status).toBe(400);
    expect((await edit(reader, id, randomUUID(), { text: 'hello' })).status).toBe(404);
    // The applicant's own session is no staff session.
    expect((await add(applicant, id, { text: 'mine' })).status).toBe(401);
    expect((await notesOf(applicant, id)).status).toBe(401);
    expect((await notesOf(reader, id)).body.notes).toEqual([]);
  });

  it('a reader and a decider write notes; the reader edits theirs and keeps its earlier text; a colleague may not edit it', async () => {
    const first = await add(reader, id, { text: `  ${secrets.first}  ` });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.note).toMatchObject({ author: reader.email, text: secrets.first, history: [] });
    noteId = first.body.note!.id;
    expect((await add(decider, id, { text: secrets.theirs })).status).toBe(200);

    const refused = await edit(decider, id, noteId, { text: 'Not mine to change' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(`Only its author (${reader.email}) edits this note: add a note of your own instead.`);

    const edited = await edit(reader, id, noteId, { text: secrets.edited });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const read = await notesOf(decider, id);
    expect(read.status).toBe(200);
    expect(read.body.you).toBe(decider.email);
    expect(read.body.notes?.map((n) => [n.author, n.text, n.history.map((v) => v.text)])).toEqual([
      [reader.email, secrets.edited, [secrets.first]],
      [decider.email, secrets.theirs, []],
    ]);
    expect(read.body.notes?.[0]?.history[0]?.written_at).toBe(first.body.note?.created_at);

    const audit = await admin.get<{ items: Array<{ action: string; staff: string; summary: string }> }>(`/staff/api/audit?application=${id}`);
    const noteRecords = audit.body.items.filter((i) => i.action.startsWith('note')).map(({ action, staff, summary }) => ({ action, staff, summary }));
    expect(noteRecords).toEqual(
      expect.arrayContaining([
        { action: 'note.add', staff: reader.email, summary: expect.stringMatching(/^Added a note to the application /) as unknown },
        { action: 'note.edit', staff: reader.email, summary: expect.stringMatching(/^Edited their note on the application /) as unknown },
        { action: 'notes', staff: decider.email, summary: expect.stringMatching(/^Read the notes on the application /) as unknown },
      ]),
    );
    expect(JSON.stringify(audit.body)).not.toMatch(new RegExp(Object.values(secrets).join('|')));
  }, 60_000);

  it("is in no answer of any applicant route, nor in the applicant's copy of their data", async () => {
    const gets = applicantRoutes(applicantEndpoints).filter((r) => r.method === 'GET' && r.name !== 'logOut' && r.name !== 'exportMyData');
    expect(gets.length).toBeGreaterThan(10);
    const pattern = new RegExp(Object.values(secrets).join('|'));
    for (const route of gets) {
      const { path } = exampleRequest(route);
      const res = await applicant.get<unknown>(path);
      expect(res.status, path).toBeLessThan(500);
      expect(JSON.stringify(res.body) ?? '', path).not.toMatch(pattern);
    }
    expect(await exportedText(applicant)).not.toMatch(pattern);
  }, 120_000);

  it('goes with the application when the office erases it', async () => {
    expect((await traces([id])).filter((t) => t.startsWith(`answers:notes#${id}|`))).toHaveLength(2);
    const erased = await admin.post(`/staff/api/applications/${id}/erase`, { reason: 'Asked by the applicant in writing' });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    // The office's access record stays (it never holds a note's text: above); of the application nothing else.
    expect((await traces([id])).filter((t) => !t.startsWith('audit:') && !/^status:token#/.test(t))).toEqual([]);
    expect((await notesOf(reader, id)).status).toBe(404);
  }, 120_000);
});
