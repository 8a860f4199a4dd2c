/**
 * Whether a machine's verified token may make this call: its client still exists, is neither
 * revoked nor expired (read from a cache of at most a minute, so a revocation takes effect within
 * it), the token holds the route's scope, and the client is within its requests a minute. The
 * client's last use is recorded at most once a minute.
 */
import { tokenScope, type SisScope } from '#form/wire/sis';
import { Forbidden, TooManyRequests, Unauthorized } from '../errors';
import type { RateLimiter } from '../ports/recommendations';
import { SIS_RATE_SCOPE, type MachineClaims, type SisClientRecord, type SisClientStore } from '../ports/sis-clients';
import { clientRefusal } from './clients';

const MINUTE = 60;
const LAST_USE_EVERY_MS = 60_000;

export interface MachineCallPorts {
  /** The client's record, as recently as the cache window allows. */
  readClient(id: string): Promise<SisClientRecord | undefined>;
  markUsed: SisClientStore['markUsed'];
  rateLimiter: RateLimiter;
  requestsPerMinute: number;
}

/** 429 with the seconds to wait, which the response also says in `Retry-After`. */
export class RateLimited extends TooManyRequests {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
    this.headers['retry-after'] = String(retryAfterSeconds);
  }
}

export async function admitMachineCall(ports: MachineCallPorts, claims: MachineClaims, scope: SisScope, now: Date): Promise<SisClientRecord> {
  const client = await ports.readClient(claims.client_id);
  const refusal = clientRefusal(client, now);
  if (refusal || !client) throw new Unauthorized(refusal);
  const needed = tokenScope(scope);
  if (!claims.scopes.includes(needed)) throw new Forbidden(`This route needs the scope ${needed}, which this token does not hold.`);
  const { allowed, retryAt } = await ports.rateLimiter.hit(SIS_RATE_SCOPE, client.id, MINUTE, ports.requestsPerMinute, now);
  if (!allowed) {
    const seconds = Math.max(1, Math.ceil((Date.parse(retryAt) - now.getTime()) / 1000));
    throw new RateLimited(`Too many requests: a client may make ${ports.requestsPerMinute} a minute. Try again in ${seconds} seconds.`, seconds);
  }
  if (!client.lastUsedAt || now.getTime() - Date.parse(client.lastUsedAt) >= LAST_USE_EVERY_MS) {
    await ports.markUsed(client.id, now.toISOString());
    // The cached record carries it too, so the cache's next reads do not write it again.
    client.lastUsedAt = now.toISOString();
  }
  return client;
}
