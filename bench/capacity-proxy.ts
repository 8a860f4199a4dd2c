/**
 * Counting proxies for `npm run bench -- capacity`, in front of dynalite and s3rver: every
 * DynamoDB call is sent with ReturnConsumedCapacity=TOTAL added (dynalite computes capacity as
 * DynamoDB does: 4 KB read units, halved for eventually consistent reads; 1 KB write units) and
 * its units are recorded; every S3 request is recorded with its operation and the bytes each
 * way. Each record carries the label the benchmark has set for the moment (the route it is
 * calling), so the figures are per route. Nothing here runs in a deployed function.
 */
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DynamoRecord {
  label: string;
  operation: string;
  table: string;
  /** Read or write units by operation kind. */
  readUnits: number;
  writeUnits: number;
}

export interface S3Record {
  label: string;
  operation: string;
  bytesIn: number;
  bytesOut: number;
}

const READS = new Set(['GetItem', 'Query', 'Scan', 'BatchGetItem', 'TransactGetItems']);
const WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems']);

export class CountingProxies {
  /** What the API side is doing now (the route the benchmark calls). */
  label = 'unlabelled';
  /** What the event functions are doing now (convertUpload, renderPdf). */
  eventsLabel = 'idle';
  readonly dynamoCalls: DynamoRecord[] = [];
  readonly s3Calls: S3Record[] = [];
  private readonly servers: Server[] = [];

  private labelFor(side: string): string {
    return side === 'events' ? this.eventsLabel : this.label;
  }

  /** A proxy to dynalite for one side (api or events). */
  async dynamodbProxy(target: string, side: string): Promise<string> {
    return this.listen(target, (headers, body) => {
      const operation = String(headers['x-amz-target'] ?? '').split('.')[1] ?? 'unknown';
      if (!READS.has(operation) && !WRITES.has(operation)) return { body };
      const parsed = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      parsed.ReturnConsumedCapacity = 'TOTAL';
      const label = this.labelFor(side);
      return {
        body: Buffer.from(JSON.stringify(parsed)),
        onResponse: (status, response) => {
          if (status !== 200) return;
          const out = JSON.parse(response.toString('utf8')) as { ConsumedCapacity?: ConsumedCapacity | ConsumedCapacity[] };
          const consumed = out.ConsumedCapacity === undefined ? [] : Array.isArray(out.ConsumedCapacity) ? out.ConsumedCapacity : [out.ConsumedCapacity];
          for (const c of consumed) {
            const units = c.CapacityUnits ?? 0;
            const isRead = READS.has(operation);
            this.dynamoCalls.push({
              label,
              operation,
              table: c.TableName ?? '?',
              readUnits: c.ReadCapacityUnits ?? (isRead ? units : 0),
              writeUnits: c.WriteCapacityUnits ?? (isRead ? 0 : units),
            });
          }
        },
      };
    });
  }

  /** A proxy to s3rver, passing every header through (signatures name the proxy's host, as signed). */
  async s3Proxy(target: string, side: string): Promise<string> {
    return this.listen(target, (_headers, body, method, path) => ({
      body,
      onResponse: (_status, response) => {
        const query = path.includes('?') ? path.slice(path.indexOf('?') + 1) : '';
        const keyed = path.split('?')[0]!.split('/').filter(Boolean).length > 1;
        const operation =
          method === 'POST' && !keyed
            ? 'POST (presigned upload)'
            : method === 'GET' && query.includes('list-type')
              ? 'LIST'
              : method === 'HEAD'
                ? 'HEAD'
                : method;
        this.s3Calls.push({ label: this.labelFor(side), operation, bytesIn: body.length, bytesOut: response.length });
      },
    }));
  }

  private async listen(
    target: string,
    rewrite: (
      headers: IncomingHttpHeaders,
      body: Buffer,
      method: string,
      path: string,
    ) => { body: Buffer; onResponse?: (status: number, body: Buffer) => void },
  ): Promise<string> {
    const to = new URL(target);
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const { body, onResponse } = rewrite(req.headers, Buffer.concat(chunks), req.method ?? 'GET', req.url ?? '/');
        const headers = { ...req.headers, 'content-length': String(body.length) };
        delete headers['transfer-encoding'];
        const upstream = request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers }, (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (c: Buffer) => parts.push(c));
          answer.on('end', () => {
            const response = Buffer.concat(parts);
            onResponse?.(answer.statusCode ?? 0, response);
            // A HEAD answer names the object's length without a body: keep it.
            const out = req.method === 'HEAD' ? { ...answer.headers } : { ...answer.headers, 'content-length': String(response.length) };
            if (req.method !== 'HEAD') delete out['transfer-encoding'];
            res.writeHead(answer.statusCode ?? 502, out).end(response);
          });
        });
        upstream.on('error', () => res.writeHead(502).end());
        upstream.end(body);
      });
    });
    this.servers.push(server);
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    await Promise.all(
      this.servers.map(
        (s) =>
          new Promise((ok) => {
            s.close(ok);
            s.closeAllConnections();
          }),
      ),
    );
  }
}

interface ConsumedCapacity {
  TableName?: string;
  CapacityUnits?: number;
  ReadCapacityUnits?: number;
  WriteCapacityUnits?: number;
}
