/**
 * The local stack's share of the admissions office's side: the staff user pool (in the embedded
 * identity provider), the tables and index the staff API reads, the submission events file, and
 * the development-only endpoints beside the outbox:
 *   POST /_dev/staff-users {email, role?}   AdminCreateUser in the role's group (`npm run staff -- add`)
 *   POST /_dev/staff-users/role {email, role}   the user's one role group (`npm run staff -- role`)
 *   GET  /_dev/events, /_dev/events.json   the events the stack would have put on the bus
 */
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { registerLocalStaffIdentity } from '#adapters/identity/staff';
import { identityErrorName } from '#adapters/identity/types';
import { SUBMISSIONS_INDEX, SUBMISSIONS_INDEX_KEYS } from '#adapters/store/submissions-index';
import { EMAIL_PATTERN } from '#form/account';
import { isStaffRole, STAFF_ROLES } from '#form/wire/roles';
import type { Config } from '#lambdas/config';
import type { PublishedEvent } from './dev-events';
import type { SigningKey } from './identity/keys';
import { LocalStaffIdentityProvider } from './identity/staff-provider';
import type { Outbox } from './outbox';
import { SITE_HEADERS } from './static-site';

export const eventsFile = (dataDir: string) => join(dataDir, 'events.jsonl');

/**
 * Creates the answers table with the submissions index when it does not exist yet (before the
 * generic table set-up, which would create it without). A data directory from before the index
 * keeps its table: dynalite cannot add an index later, so the staff list stays empty there.
 */
export async function ensureStaffTables(endpoint: string, cfg: Config): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  try {
    const existing = await client.send(new DescribeTableCommand({ TableName: cfg.answersTable })).catch(() => undefined);
    if (existing) {
      if (!existing.Table?.GlobalSecondaryIndexes?.some((i) => i.IndexName === SUBMISSIONS_INDEX)) {
        process.stderr.write(`The answers table in this data directory predates the staff console's index: start with a fresh DATA_DIR to list submissions.\n`);
      }
      return;
    }
    await client.send(
      new CreateTableCommand({
        TableName: cfg.answersTable,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'sk', AttributeType: 'S' },
          { AttributeName: SUBMISSIONS_INDEX_KEYS.partition, AttributeType: 'S' },
          { AttributeName: SUBMISSIONS_INDEX_KEYS.sort, AttributeType: 'S' },
        ],
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: [
          {
            IndexName: SUBMISSIONS_INDEX,
            KeySchema: [
              { AttributeName: SUBMISSIONS_INDEX_KEYS.partition, KeyType: 'HASH' },
              { AttributeName: SUBMISSIONS_INDEX_KEYS.sort, KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          },
        ],
      }),
    );
    for (let attempt = 0; attempt < 50; attempt++) {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: cfg.answersTable }));
      if (Table?.TableStatus === 'ACTIVE') break;
      await new Promise((ok) => setTimeout(ok, 20));
    }
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
  if (path === '/_dev/staff-users' || path === '/_dev/staff-users/role') {
    handleStaffUsers(req, res, path === '/_dev/staff-users' ? 'add' : 'role', staff);
    return true;
  }
  return false;
}

/**
 * `add` creates a user (in a role's group when one is given); `role` gives an existing user
 * one role group. What the CLI calls; the CLI records the change in the audit trail first.
 */
function handleStaffUsers(req: IncomingMessage, res: ServerResponse, command: 'add' | 'role', staff: LocalStaffIdentityProvider): void {
  const usage = command === 'add' ? 'Use POST with {"email": "…", "role": "reader"}.' : 'Use POST with {"email": "…", "role": "decider"}.';
  if (req.method !== 'POST') {
    res.setHeader('allow', 'POST');
    return json(res, 405, { message: usage });
  }
  // JSON only: a cross-site page cannot send it without a CORS preflight, which is never granted.
  if (!/^application\/json\b/.test(String(req.headers['content-type'] ?? '')))
    return json(res, 415, { message: `${usage.replace('Use POST with', 'Send')} as application/json.` });
  void (async () => {
    let body: unknown;
    try {
      body = await readJson(req);
    } catch {
      return json(res, 400, { message: 'Send {"email": "…"} as JSON.' });
    }
    const { email, role } = (body ?? {}) as { email?: unknown; role?: unknown };
    if (typeof email !== 'string' || !EMAIL_PATTERN.test(email.trim())) return json(res, 400, { message: 'That is not an e-mail address.' });
    const chosen = isStaffRole(role) ? role : undefined;
    if ((command === 'role' || role !== undefined) && !chosen) return json(res, 400, { message: `The role is one of ${STAFF_ROLES.join(', ')}.` });
    const address = email.trim().toLowerCase();
    try {
      if (command === 'add') {
        await staff.adminCreateUser(address, chosen);
        return json(res, 200, { email: address, message: 'Staff user created; the invitation is in the dev outbox (/_dev/mail).' });
      }
      if (!chosen) return json(res, 400, { message: `The role is one of ${STAFF_ROLES.join(', ')}.` });
      await staff.setGroup(address, chosen);
      json(res, 200, { email: address, role: chosen, message: `${address} is now ${chosen}.` });
    } catch (error) {
      const name = identityErrorName(error);
      if (name === 'UsernameExistsException') return json(res, 409, { message: 'A staff user with this e-mail already exists.' });
      if (name === 'UserNotFoundException') return json(res, 404, { message: 'There is no staff user with this e-mail.' });
      json(res, 500, { message: String(error) });
    }
  })();
}
