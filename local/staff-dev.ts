/**
 * The local stack's share of the admissions office's side: the staff user pool (in the embedded
 * identity provider), the tables and index the staff API reads, the submission events file, and
 * the development-only endpoints beside the outbox:
 *   POST /_dev/staff-users {email, role?}   a staff user in the role's group, invited (the tests' shortcut;
 *                                          without a role, a user in no group, as the Cognito console makes one)
 *   GET  /_dev/events, /_dev/events.json   the events the stack would have put on the bus
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  PutItemCommand,
  ScanCommand,
  type AttributeValue,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import { registerLocalStaffDirectory } from '#adapters/identity/registered-local';
import { registerLocalStaffIdentity } from '#adapters/identity/staff';
import { StaffRolesCognito } from '#adapters/identity/staff-roles-cognito';
import { AUDIT_TRAIL_INDEX, AUDIT_TRAIL_INDEX_KEYS } from '#adapters/store/audit-store';
import { SUBMISSIONS_INDEX } from '#adapters/store/submissions-index';
import { identityErrorName } from '#domain/ports/identity';
import { IN_PROGRESS_INDEX } from '#domain/ports/in-progress';
import { ANSWERS_INDEXES, CHANGES_INDEX, SCORE_INDEX } from '#domain/ports/submissions';
import { EMAIL_PATTERN } from '#form/account';
import { isStaffRole, STAFF_ROLES } from '#form/wire/roles';
import type { Config } from '#lambdas/config';
import { localCognitoClient } from './cognito-api';
import type { PublishedEvent } from './dev-events';
import type { SigningKey } from './identity/keys';
import { LocalStaffIdentityProvider } from './identity/staff-provider';
import type { Outbox } from './outbox';
import { SITE_HEADERS } from './static-site';

export const eventsFile = (dataDir: string) => join(dataDir, 'events.jsonl');

/** A table keyed pk/sk with one global secondary index (projection ALL), as lib/ declares it. */
type IndexKeys = { partition: string; sort: string };

function indexedTable(name: string, indexes: Record<string, IndexKeys>): CreateTableCommandInput {
  const attributes = [...new Set(['pk', 'sk', ...Object.values(indexes).flatMap((keys) => [keys.partition, keys.sort])])];
  return {
    TableName: name,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: attributes.map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: Object.entries(indexes).map(([IndexName, keys]) => ({
      IndexName,
      KeySchema: [
        { AttributeName: keys.partition, KeyType: 'HASH' },
        { AttributeName: keys.sort, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
  };
}

async function createActive(client: DynamoDBClient, table: CreateTableCommandInput): Promise<void> {
  await client.send(new CreateTableCommand(table));
  for (let attempt = 0; attempt < 50; attempt++) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: table.TableName }));
    if (Table?.TableStatus === 'ACTIVE') break;
    await new Promise((ok) => setTimeout(ok, 20));
  }
}

async function allItems(client: DynamoDBClient, table: string): Promise<Array<Record<string, AttributeValue>>> {
  const items: Array<Record<string, AttributeValue>> = [];
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: table, ...(start ? { ExclusiveStartKey: start } : {}) }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/**
 * The audit table with the trail's index. dynalite cannot add an index to a table, so a table from
 * before the index is rebuilt once: its records are copied to `audit-before-trail-index.json` in
 * the data directory, the table is made again with the index and the records put back unchanged
 * (every record has the index's keys, action and sk, so all of them are in the office-wide view,
 * as DynamoDB indexes existing items when the index is added in AWS).
 */
async function ensureAuditTable(client: DynamoDBClient, cfg: Config, dataDir: string): Promise<void> {
  const table = indexedTable(cfg.auditTable, { [AUDIT_TRAIL_INDEX]: AUDIT_TRAIL_INDEX_KEYS });
  const existing = await client.send(new DescribeTableCommand({ TableName: cfg.auditTable })).catch(() => undefined);
  if (existing?.Table?.GlobalSecondaryIndexes?.some((i) => i.IndexName === AUDIT_TRAIL_INDEX)) return;
  if (!existing) return createActive(client, table);
  const items = await allItems(client, cfg.auditTable);
  const copy = join(dataDir, 'audit-before-trail-index.json');
  writeFileSync(copy, JSON.stringify(items));
  await client.send(new DeleteTableCommand({ TableName: cfg.auditTable }));
  await createActive(client, table);
  for (const item of items) await client.send(new PutItemCommand({ TableName: cfg.auditTable, Item: item }));
  process.stderr.write(`The audit table gained the office-wide view's index: ${items.length} records copied back (a copy is in ${copy}).\n`);
}

/**
 * Creates the answers table with the submissions index and the audit table with the trail's index
 * when they do not exist yet (before the generic table set-up, which would create them without).
 * A data directory from before the submissions index keeps its answers table: dynalite cannot add
 * an index later, so the staff list stays empty there; the audit table is rebuilt with its index.
 */
export async function ensureStaffTables(endpoint: string, cfg: Config, dataDir: string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  try {
    await ensureAuditTable(client, cfg, dataDir);
    const existing = await client.send(new DescribeTableCommand({ TableName: cfg.answersTable })).catch(() => undefined);
    if (existing) {
      const indexes = existing.Table?.GlobalSecondaryIndexes ?? [];
      if (!indexes.some((i) => i.IndexName === SUBMISSIONS_INDEX)) {
        process.stderr.write(`The answers table in this data directory predates the staff console's index: start with a fresh DATA_DIR to list submissions.\n`);
      } else if (!indexes.some((i) => i.IndexName === CHANGES_INDEX)) {
        process.stderr.write(`The answers table in this data directory predates the change index: start with a fresh DATA_DIR for GET /sis/v1/applications.\n`);
      } else if (!indexes.some((i) => i.IndexName === IN_PROGRESS_INDEX)) {
        process.stderr.write(
          `The answers table in this data directory predates the index of applications in progress: start with a fresh DATA_DIR for /staff/in-progress.\n`,
        );
      } else if (!indexes.some((i) => i.IndexName === SCORE_INDEX)) {
        process.stderr.write(
          `The answers table in this data directory predates the list's name and score orders: start with a fresh DATA_DIR to sort by them.\n`,
        );
      }
      return;
    }
    await createActive(
      client,
      // Every index CDK creates (lib/data.ts), from the same list.
      indexedTable(cfg.answersTable, Object.fromEntries(ANSWERS_INDEXES.map(([name, keys]): [string, IndexKeys] => [name, keys]))),
    );
  } finally {
    client.destroy();
  }
}

export function registerLocalStaff(o: {
  table: string;
  issuer: string;
  key: SigningKey;
  outbox: Outbox;
  origin: string;
  cfg: Config;
}): LocalStaffIdentityProvider {
  const provider = new LocalStaffIdentityProvider({
    table: o.table,
    issuer: o.issuer,
    clientId: o.cfg.staffUserPoolClientId,
    key: o.key,
    outbox: o.outbox,
    origin: o.origin,
    accessTokenTtlSeconds: o.cfg.accessTokenTtlSeconds,
  });
  registerLocalStaffIdentity({ provider, issuer: o.issuer, jwks: o.key.jwks });
  // The console's staff-user routes call Cognito's admin API as in AWS, here answered by this stack's stand-in for it.
  registerLocalStaffDirectory(new StaffRolesCognito(localCognitoClient(o.origin, o.cfg.region)));
  return provider;
}

export function readEvents(dataDir: string): PublishedEvent[] {
  const file = eventsFile(dataDir);
  if (!existsSync(file)) return [];
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return []; // unreadable (the fault tests make it a directory): nothing to list
  }
  const events: PublishedEvent[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      events.push(JSON.parse(line) as PublishedEvent);
    } catch {
      /* a line cut by a crash: skipped */
    }
  }
  return events;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function eventsHtml(events: readonly PublishedEvent[]): string {
  const rows = [...events]
    .reverse()
    .map(
      (e) =>
        `<article><h2>${escapeHtml(e['detail-type'])}</h2><p class="meta">${escapeHtml(e.source)} · ${escapeHtml(e.time)}</p><pre>${escapeHtml(JSON.stringify(e.detail, null, 2))}</pre></article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev events</title><style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}
article{border:1px solid #ccc;border-radius:.5rem;padding:1rem;margin:1rem 0}.meta{color:#555}pre{white-space:pre-wrap}</style></head>
<body><main><h1>Dev events</h1><p>Submission events the local stack would have put on the EventBridge bus, newest first. Also as <a href="/_dev/events.json">JSON</a>.</p>
${rows || '<p>No events yet.</p>'}</main></body></html>`;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 4096) throw new Error('too large');
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** Answers the staff development endpoints; false when the path is not one of them. */
export function handleStaffDevRequest(req: IncomingMessage, res: ServerResponse, path: string, dataDir: string, staff: LocalStaffIdentityProvider): boolean {
  if (path === '/_dev/events.json') {
    json(res, 200, readEvents(dataDir));
    return true;
  }
  if (path === '/_dev/events') {
    res.writeHead(200, { ...SITE_HEADERS, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(eventsHtml(readEvents(dataDir)));
    return true;
  }
  if (path === '/_dev/staff-users') {
    handleStaffUsers(req, res, staff);
    return true;
  }
  return false;
}

/**
 * A staff user as `npm run staff -- add` makes one (created uninvited, put in the role's group,
 * then invited), in one request for the tests; without a role, in no group.
 */
function handleStaffUsers(req: IncomingMessage, res: ServerResponse, staff: LocalStaffIdentityProvider): void {
  const usage = 'Use POST with {"email": "…", "role": "reader"}.';
  if (req.method !== 'POST') {
    res.setHeader('allow', 'POST');
    return json(res, 405, { message: usage });
  }
  // JSON only: a cross-site page cannot send it without a CORS preflight, which is never granted.
  if (!/^application\/json\b/.test(String(req.headers['content-type'] ?? '')))
    return json(res, 415, { message: 'Send {"email": "…", "role": "reader"} as application/json.' });
  void (async () => {
    let body: unknown;
    try {
      body = await readJson(req);
    } catch {
      return json(res, 400, { message: 'Send {"email": "…"} as JSON.' });
    }
    const { email, role } = (body ?? {}) as { email?: unknown; role?: unknown };
    if (typeof email !== 'string' || !EMAIL_PATTERN.test(email.trim())) return json(res, 400, { message: 'That is not an e-mail address.' });
    if (role !== undefined && !isStaffRole(role)) return json(res, 400, { message: `The role is one of ${STAFF_ROLES.join(', ')}.` });
    const address = email.trim().toLowerCase();
    try {
      await staff.adminCreateUser(address, 'SUPPRESS');
      if (role !== undefined) await staff.adminAddUserToGroup(address, role);
      await staff.adminCreateUser(address, 'RESEND');
      json(res, 200, { email: address, message: 'Staff user created; the invitation is in the dev outbox (/_dev/mail).' });
    } catch (error) {
      if (identityErrorName(error) === 'UsernameExistsException') return json(res, 409, { message: 'A staff user with this e-mail already exists.' });
      json(res, 500, { message: String(error) });
    }
  })();
}
