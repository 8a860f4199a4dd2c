/**
 * The office's notes on an application (domain/ports/notes.ts): one item each in the answers
 * table under pk=notes#<application id>, sk=note#<note id>, beside nothing of the applicant's
 * (their partition is pk=<id>, which their routes read whole). A new note is put only where none
 * is; an edit replaces the item only at the version read. The erasure deletes the partition with
 * the application (erasure-store.ts, findRelatedItems).
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { NotesStore, StoredNote } from '#domain/ports/notes';
import type { NoteVersion } from '#form/wire/notes';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { conditional, notesPk } from './keys';
import { readAllItems } from './pages';

const NOTE_PREFIX = 'note#';
const keyOf = (application: string, id: string) => ({ pk: notesPk(application), sk: `${NOTE_PREFIX}${id}` });

function versionsOf(raw: unknown): NoteVersion[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((v: Partial<NoteVersion> | undefined) =>
    typeof v?.text === 'string' && typeof v.written_at === 'string' ? [{ text: v.text, written_at: v.written_at }] : [],
  );
}

function noteOf(item: Record<string, unknown> | undefined): StoredNote | undefined {
  if (!item) return undefined;
  const { id, author, text, created_at, updated_at, version } = item;
  if (typeof id !== 'string' || typeof author !== 'string' || typeof text !== 'string' || typeof created_at !== 'string' || typeof version !== 'number')
    return undefined;
  return { id, author, text, created_at, ...(typeof updated_at === 'string' ? { updated_at } : {}), history: versionsOf(item.history), version };
}

export const notesStore: NotesStore = {
  listNotes: (application) =>
    readAllItems(
      (from) =>
        dynamoClient().send(
          new QueryCommand({
            TableName: config().answersTable,
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :n)',
            ExpressionAttributeValues: { ':pk': notesPk(application), ':n': NOTE_PREFIX },
            ConsistentRead: true,
            ...from,
          }),
        ),
      noteOf,
    ),

  async readNote(application, id) {
    const out = await dynamoClient().send(new GetCommand({ TableName: config().answersTable, Key: keyOf(application, id), ConsistentRead: true }));
    return noteOf(out.Item);
  },

  async addNote(application, note) {
    const done = await conditional(() =>
      dynamoClient().send(
        new PutCommand({
          TableName: config().answersTable,
          Item: { ...keyOf(application, note.id), ...note },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    );
    return done !== undefined;
  },

  async replaceNote(application, note, version) {
    const done = await conditional(() =>
      dynamoClient().send(
        new PutCommand({
          TableName: config().answersTable,
          Item: { ...keyOf(application, note.id), ...note },
          ConditionExpression: '#v = :v',
          ExpressionAttributeNames: { '#v': 'version' },
          ExpressionAttributeValues: { ':v': version },
        }),
      ),
    );
    return done !== undefined;
  },

  async deleteNote(application, id) {
    await dynamoClient().send(new DeleteCommand({ TableName: config().answersTable, Key: keyOf(application, id) }));
  },
};
