/**
 * `npm run bench -- messages [--recipients=N]` (issue 40): one mailing to N submitted applicants
 * (5,000 by default) on a local stack, sent through its mailing queue (local/mailing-queue.ts:
 * the sender's functions as SQS runs them in AWS, two jobs at once). The applications are seeded
 * as the office benchmark seeds them (bench/office.ts: the first through the store adapters and
 * use-cases, the rest built and written 25 to a BatchWriteItem, and a check that both leave items
 * of the same shape). The mailing is written, then sent over HTTP as an admin (with the typed
 * count the pre-send check asks for above 500), and the queue left to finish.
 *
 * Printed: the time from the send to the last delivery (and per recipient); the DynamoDB writes
 * the sending made per recipient (recorded as the stack's code sent them, in this process), by
 * kind, and their write units (each written item's size as stored, rounded up to a whole KB, a
 * unit each); then the proof: each recipient's address in the dev outbox once (0 duplicates),
 * every ledger row sent and every applicant's message kept (0 lost).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import pLimit from 'p-limit';
import { applicantMessages, sendLedger } from '#adapters/store/messages-store';
import type { MailingDetail, MailingSaved, MailingSent } from '#form/wire/messages';
import { startStack } from '#local/stack';
import { signedInStaff } from '#test/support/staff';
import { rawClients, startRecording, stopRecording, type Recorded } from './dynamo-calls';
import { sameShape, seed } from './office';

const ADMIN = 'bench.mailer@example.edu';
const WRITES = new Set(['PutCommand', 'UpdateCommand', 'PutItemCommand', 'UpdateItemCommand', 'DeleteCommand', 'DeleteItemCommand']);

function numberArg(argv: readonly string[], name: string, fallback: number): number {
  const at = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (at < 0) return fallback;
  const value = Number(argv[at]!.includes('=') ? argv[at]!.split('=')[1] : argv[at + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} is a whole number`);
  return value;
}

/** An item's size as DynamoDB counts it, near enough: each attribute's name and its value's bytes. */
function itemSize(value: unknown): number {
  if (value === null || value === undefined) return 1;
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (typeof value === 'number') return 21;
  if (typeof value === 'boolean') return 1;
  if (value instanceof Set) return [...(value as Set<unknown>)].reduce<number>((n, v) => n + itemSize(v), 3);
  if (Array.isArray(value)) return value.reduce<number>((n, v) => n + 1 + itemSize(v), 3);
  if (typeof value === 'object') return Object.entries(value).reduce((n, [k, v]) => n + Buffer.byteLength(k) + 1 + itemSize(v), 3);
  return 1;
}

const keyOf = (call: Recorded): { table: string; pk: string; sk: string } | undefined => {
  const input = call.input as { TableName?: string; Item?: { pk?: string; sk?: string }; Key?: { pk?: string; sk?: string } };
  const key = input.Item ?? input.Key;
  return input.TableName && typeof key?.pk === 'string' && typeof key.sk === 'string' ? { table: input.TableName, pk: key.pk, sk: key.sk } : undefined;
};

/** What a write was, for the table: the partition's family (mailing#<id> rows, messages#<app>, …) and the call. */
const kindOf = (call: Recorded): string => {
  const key = keyOf(call);
  const family = key ? key.pk.replace(/#.*$/, '#…').replace(/^[0-9a-f-]{36}$/, '<application>') : '?';
  return `${call.command.replace(/Command$/, '')} ${family}${key ? ` / ${key.sk.replace(/#.*$/, '#…')}` : ''}`;
};

export async function run(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  const n = numberArg(argv, 'recipients', Number(process.env.BENCH_MESSAGES_N ?? 5_000));
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-messages-'));
  const stack = await startStack({ port: 0, dataDir, quiet: true });
  const db = rawClients(stack.dynamodbEndpoint);
  try {
    console.log(`\n== a mailing to ${n} applicants, sent once each through the local mailing queue ==`);
    const seedStart = Date.now();
    const seeded = await seed(n, () => undefined);
    console.log(
      `  seeded ${seeded.submitted} submitted applications in ${((Date.now() - seedStart) / 1000).toFixed(1)} s (${seeded.throughAdapters} through the adapters, the rest by BatchWriteItem); shape: ${await sameShape(seeded.ids)}`,
    );
    const admin = await signedInStaff(stack.url, ADMIN, 'admin');
    const saved = await admin.post<MailingSaved>('/staff/api/mailings', {
      subject: '{institution}: a word from the office',
      body: 'Dear {first_name},\n\nYour status page: {status_link}',
      kind: 'transactional',
      recipients: { source: 'submitted', filters: {} },
    });
    if (saved.status !== 200) throw new Error(`the mailing was refused: ${JSON.stringify(saved.body)}`);
    const id = saved.body.mailing.id;
    const count = saved.body.recipient_count;

    // Every mail counted as it leaves: the dev outbox keeps only its last 5,000.
    const perAddress = new Map<string, number>();
    const send = stack.outbox.send.bind(stack.outbox);
    stack.outbox.send = (mail) => {
      perAddress.set(mail.to, (perAddress.get(mail.to) ?? 0) + 1);
      return send(mail);
    };
    startRecording();
    const started = Date.now();
    const sent = await admin.post<MailingSent>(`/staff/api/mailings/${id}/send`, { confirm: count });
    if (sent.status !== 200) throw new Error(`the send was refused: ${JSON.stringify(sent.body)}`);
    const settled = await fetch(`${stack.url}/_dev/mailings/settle`, { method: 'POST' });
    if (settled.status !== 200) throw new Error(`the queue did not settle: ${settled.status}`);
    const seconds = (Date.now() - started) / 1000;
    const calls = stopRecording();

    const writes = calls.filter((c) => WRITES.has(c.command));
    const byKind = new Map<string, number>();
    for (const w of writes) byKind.set(kindOf(w), (byKind.get(kindOf(w)) ?? 0) + 1);
    // Units: each write of an item counts its size as stored now (the ledger row's last update is its largest).
    const sizes = new Map<string, number>();
    const limit = pLimit(8);
    const keys = [...new Map(writes.flatMap((w) => (keyOf(w) ? [[JSON.stringify(keyOf(w)), keyOf(w)!] as const] : []))).values()];
    await Promise.all(
      keys.map((k) =>
        limit(async () => {
          const out = await db.doc.send(new GetCommand({ TableName: k.table, Key: { pk: k.pk, sk: k.sk } }));
          sizes.set(JSON.stringify(k), itemSize(out.Item ?? {}));
        }),
      ),
    );
    const units = writes.reduce((u, w) => u + Math.max(1, Math.ceil((sizes.get(JSON.stringify(keyOf(w))) ?? 1) / 1024)), 0);
    const largest = Math.max(...sizes.values());

    const mails = [...perAddress.values()].reduce((a, b) => a + b, 0);
    const duplicates = [...perAddress.values()].reduce((d, k) => d + (k - 1), 0);
    const rows = await sendLedger.listRows(id);
    const notSent = rows.filter((r) => r.state !== 'sent').length;
    const missingAddress = rows.filter((r) => !perAddress.has(r.email)).length;
    let kept = 0;
    await Promise.all(rows.map((r) => limit(async () => void ((await applicantMessages.hasMessage(r.application, id)) && (kept += 1)))));
    const detail = await admin.get<MailingDetail>(`/staff/api/mailings/${id}`);

    console.log(`  recipients resolved when sending started: ${count}; ledger rows ${rows.length}; the mailing's state ${detail.body.state}`);
    console.log(
      `  time from the send to the last delivery: ${seconds.toFixed(1)} s (${((seconds * 1000) / count).toFixed(1)} ms a recipient, ${(count / seconds).toFixed(0)} a second)`,
    );
    console.log(
      `  DynamoDB writes: ${writes.length} (${(writes.length / count).toFixed(2)} a recipient), ${units} write units (${(units / count).toFixed(2)} a recipient; largest item ${largest} bytes); reads: ${calls.length - writes.length} (${((calls.length - writes.length) / count).toFixed(2)} a recipient)`,
    );
    for (const [kind, k] of [...byKind].sort((a, b) => b[1] - a[1])) console.log(`    ${String(k).padStart(7)}  ${kind}`);
    console.log(`  duplicates (an address in the outbox more than once): ${duplicates}`);
    console.log(
      `  lost: ${notSent} ledger rows not sent, ${missingAddress} recipients without their mail in the outbox, ${rows.length - kept} without their message kept (outbox: ${mails} mails)`,
    );
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
