/**
 * The office's edits of Settings (domain/ports/settings.ts) in the status table's one `settings`
 * partition: pk=settings sk=<section>#<version, 6 digits>, an item per version with its value,
 * who saved it and when. A section's newest version is its current value (one Query, newest
 * first, limit 1); a new version is a Put on condition that its number is free, so two admins
 * saving at once cannot both take it.
 */
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { SettingsStore, StoredVersion } from '#domain/ports/settings';
import { OFFICE_WORD_SECTIONS, isOfficeWordSection, type OfficeWordSection } from '#form/office-words';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { conditional, SETTINGS_PK } from './keys';
import { readAllItems, type PageStart } from './pages';

const versionSk = (section: OfficeWordSection, version: number) => `${section}#${String(version).padStart(6, '0')}`;

function fromItem(item: Record<string, unknown>): StoredVersion | undefined {
  const { section, version, value, by, at, revertedFrom } = item;
  if (!isOfficeWordSection(section) || typeof version !== 'number' || typeof by !== 'string' || typeof at !== 'string') return undefined;
  return { section, version, value, by, at, ...(typeof revertedFrom === 'number' ? { revertedFrom } : {}) };
}

const query = (section: OfficeWordSection, limit?: number, from: PageStart = {}) =>
  new QueryCommand({
    TableName: config().statusTable,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :section)',
    ExpressionAttributeValues: { ':pk': SETTINGS_PK, ':section': `${section}#` },
    ScanIndexForward: false,
    ...(limit ? { Limit: limit } : {}),
    ...from,
  });

export const settingsStore: SettingsStore = {
  async readLatest() {
    const newest = await Promise.all(
      OFFICE_WORD_SECTIONS.map(async (section) => {
        const out = await dynamoClient().send(query(section, 1));
        const item = out.Items?.[0];
        return item ? fromItem(item) : undefined;
      }),
    );
    return Object.fromEntries(newest.filter((v) => v !== undefined).map((v) => [v.section, v]));
  },
  async readHistory(section) {
    return readAllItems((from) => dynamoClient().send(query(section, undefined, from)), fromItem);
  },
  async addVersion(v) {
    const done = await conditional(() =>
      dynamoClient().send(
        new PutCommand({
          TableName: config().statusTable,
          Item: { pk: SETTINGS_PK, sk: versionSk(v.section, v.version), ...v },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    );
    return done !== undefined;
  },
};
