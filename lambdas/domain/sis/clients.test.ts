import { describe, expect, it } from 'vitest';
import { Conflict, Forbidden, Invalid, NotFound, Unauthorized } from '../errors';
import { memoryClients } from '../memory-sis-clients.test-support';
import type { RateLimiter } from '../ports/recommendations';
import type { SisClientStore, SisCredentialIssuer } from '../ports/sis-clients';
import { clientSecretMatches } from './client-secret';
import { addSisClient, clientRefusal, listSisClients, revokeSisClient } from './clients';
import { admitMachineCall, RateLimited } from './machine-call';
import { decideTokenRequest } from './token-request';

const NOW = new Date('2026-11-29T12:00:00Z');

/** Credentials as the local stack issues them; `withdrawn` lists what AWS would have deleted. */
function memoryIssuer(): SisCredentialIssuer & { issued: string[]; withdrawn: string[] } {
  let n = 0;
  const issued: string[] = [];
  const withdrawn: string[] = [];
  return {
    issued,
    withdrawn,
    issue: async () => {
      const id = `client${++n}`;
      issued.push(id);
      return { id, secret: `secret-${n}` };
    },
    withdraw: async (id) => {
      withdrawn.push(id);
    },
  };
}

const issuer = memoryIssuer();
const add = (clients: SisClientStore, name: string, scopes: string[], expires?: string, credentials: SisCredentialIssuer = issuer) =>
  addSisClient({ clients, issuer: credentials }, { name, scopes, ...(expires ? { expires } : {}) }, NOW);

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const grant = form({ grant_type: 'client_credentials' });

describe('machine clients', () => {
  it('keeps only a hash of the secret, which it shows once', async () => {
    const clients = memoryClients();
    const made = await add(clients, 'banner', ['decisions.write', 'applications.read'], '2027-06-30');
    const stored = clients.records.get(made.client.id)!;
    expect(stored.secretHash).not.toContain(made.secret);
    expect(await clientSecretMatches(made.secret, stored.secretHash)).toBe(true);
    expect(await clientSecretMatches(`${made.secret}!`, stored.secretHash)).toBe(false);
    // The scopes in the API's order, whatever order they were given in.
    expect(made.client).toEqual({
      id: made.client.id,
      name: 'banner',
      scopes: ['applications.read', 'decisions.write'],
      expires: '2027-06-30',
      createdAt: NOW.toISOString(),
    });
    expect((await listSisClients(clients))[0]).not.toHaveProperty('secretHash');
  });

  it('refuses a bad name, no scope, an unknown scope, a day that is no day or is past, and a name taken', async () => {
    const clients = memoryClients();
    await add(clients, 'slate', ['applications.read']);
    const cases: Array<[string, string[], string | undefined, string]> = [
      ['has space', ['applications.read'], undefined, 'A client name is 1 to 64 letters'],
      ['ok', [], undefined, 'at least one scope'],
      ['ok', ['applications.write'], undefined, 'applications.write is not a scope of this API'],
      ['ok', ['applications.read'], '2026-02-30', 'YYYY-MM-DD'],
      ['ok', ['applications.read'], '2026-11-28', 'already past'],
    ];
    const credentials = memoryIssuer();
    for (const [name, scopes, expires, words] of cases) {
      const refused = add(clients, name, scopes, expires, credentials);
      await expect(refused).rejects.toBeInstanceOf(Invalid);
      await expect(refused).rejects.toThrow(words);
    }
    // A name taken is a conflict, found before any credentials are issued.
    const taken = add(clients, 'slate', ['applications.read'], undefined, credentials);
    await expect(taken).rejects.toBeInstanceOf(Conflict);
    await expect(taken).rejects.toThrow('A client named slate already exists.');
    expect(credentials.issued).toEqual([]);
    // The expiry day itself is still a day of use.
    await expect(add(clients, 'today', ['applications.read'], '2026-11-29')).resolves.toBeDefined();
  });

  it('revokes by name or id, once (its credentials withdrawn once), and says so for one it does not know', async () => {
    const clients = memoryClients();
    const credentials = memoryIssuer();
    const made = await add(clients, 'workday', ['applications.read'], undefined, credentials);
    const ports = { clients, issuer: credentials };
    expect((await revokeSisClient(ports, { name: 'workday' }, NOW)).revokedAt).toBe(NOW.toISOString());
    const later = new Date(NOW.getTime() + 60_000);
    expect((await revokeSisClient(ports, { id: made.client.id }, later)).revokedAt).toBe(NOW.toISOString());
    expect(credentials.withdrawn).toEqual([made.client.id]);
    await expect(revokeSisClient(ports, { name: 'nobody' }, NOW)).rejects.toBeInstanceOf(NotFound);
    await expect(revokeSisClient(ports, { id: 'nosuchclient' }, NOW)).rejects.toThrow('There is no client with that id.');
    expect(clientRefusal(clients.records.get(made.client.id), NOW)).toBe('The client workday was revoked: its tokens are no longer accepted.');
  });

  it('withdraws the credentials it issued when the record cannot be kept (a name taken meanwhile, or a failed write)', async () => {
    const credentials = memoryIssuer();
    const racing: SisClientStore = { ...memoryClients(), createClient: async () => false };
    await expect(add(racing, 'banner', ['applications.read'], undefined, credentials)).rejects.toBeInstanceOf(Conflict);
    const failing: SisClientStore = {
      ...memoryClients(),
      createClient: async () => {
        throw new Error('throttled');
      },
    };
    await expect(add(failing, 'slate', ['applications.read'], undefined, credentials)).rejects.toThrow('throttled');
    expect(credentials.withdrawn).toEqual(credentials.issued);
    expect(credentials.issued).toHaveLength(2);
  });

  it('is refused once its expiry day has ended (UTC)', async () => {
    const clients = memoryClients();
    const made = await add(clients, 'peoplesoft', ['applications.read'], '2026-11-30');
    const record = clients.records.get(made.client.id);
    expect(clientRefusal(record, new Date('2026-11-30T23:59:59Z'))).toBeUndefined();
    expect(clientRefusal(record, new Date('2026-12-01T00:00:00Z'))).toBe('The client peoplesoft expired on 2026-11-30: its tokens are no longer accepted.');
  });
});

describe('the token request', () => {
  it('grants the scopes asked of those held, or every one held when none is asked', async () => {
    const clients = memoryClients();
    const { client, secret } = await add(clients, 'a', ['applications.read', 'materials.write']);
    const all = await decideTokenRequest(clients, { authorization: basic(client.id, secret), form: grant }, NOW);
    expect(all).toMatchObject({ ok: true, scope: 'sis/applications.read sis/materials.write' });
    const one = await decideTokenRequest(
      clients,
      { authorization: basic(client.id, secret), form: form({ grant_type: 'client_credentials', scope: 'sis/materials.write' }) },
      NOW,
    );
    expect(one).toMatchObject({ ok: true, scope: 'sis/materials.write' });
  });

  it("answers OAuth's errors: the same invalid_client for every bad credential, the grant and the scope apart", async () => {
    const clients = memoryClients();
    const { client, secret } = await add(clients, 'b', ['applications.read']);
    const revoked = await add(clients, 'c', ['applications.read']);
    await clients.revokeClient(revoked.client.id, NOW.toISOString());
    const decide = (authorization: string | undefined, fields: URLSearchParams = grant) =>
      decideTokenRequest(clients, { ...(authorization ? { authorization } : {}), form: fields }, NOW);
    const invalidClient = { ok: false, status: 401, error: 'invalid_client' };
    expect(await decide(basic(client.id, 'wrong'))).toEqual(invalidClient);
    expect(await decide(basic('nobody', secret))).toEqual(invalidClient);
    expect(await decide(basic(revoked.client.id, revoked.secret))).toEqual(invalidClient);
    expect(await decide(undefined)).toEqual(invalidClient);
    expect(await decide('Bearer abc')).toEqual(invalidClient);
    expect(await decide(basic(client.id, secret), form({}))).toEqual({ ok: false, status: 400, error: 'invalid_request' });
    expect(await decide(basic(client.id, secret), form({ grant_type: 'authorization_code' }))).toEqual({
      ok: false,
      status: 400,
      error: 'unsupported_grant_type',
    });
    for (const scope of ['sis/decisions.write', 'other/applications.read', 'applications.read'])
      expect(await decide(basic(client.id, secret), form({ grant_type: 'client_credentials', scope }))).toEqual({
        ok: false,
        status: 400,
        error: 'invalid_scope',
      });
  });
});

describe('a machine call', () => {
  const counter = (limit: number): RateLimiter & { hits: number } => {
    const state = { hits: 0 };
    return Object.assign(state, {
      hit: async (_scope: string, _key: string, windowSeconds: number, max: number, now: Date) => {
        state.hits++;
        const start = Math.floor(now.getTime() / 1000 / windowSeconds) * windowSeconds;
        return { allowed: state.hits <= Math.min(max, limit), retryAt: new Date((start + windowSeconds) * 1000).toISOString() };
      },
    });
  };

  async function setUp(scopes: string[]) {
    const clients = memoryClients();
    const { client } = await add(clients, `m${issuer.issued.length}`, scopes);
    const ports = {
      readClient: (id: string) => clients.readClient(id),
      markUsed: (id: string, at: string) => clients.markUsed(id, at),
      rateLimiter: counter(120),
      requestsPerMinute: 120,
    };
    return { clients, client, ports, claims: { client_id: client.id, scopes: scopes.map((s) => `sis/${s}`), exp: 0 } };
  }

  it('admits a token holding the scope, and records the last use at most once a minute', async () => {
    const { clients, ports, claims } = await setUp(['applications.read']);
    await admitMachineCall(ports, claims, 'applications.read', NOW);
    await admitMachineCall(ports, claims, 'applications.read', new Date(NOW.getTime() + 30_000));
    await admitMachineCall(ports, claims, 'applications.read', new Date(NOW.getTime() + 61_000));
    expect(clients.used).toEqual([NOW.toISOString(), new Date(NOW.getTime() + 61_000).toISOString()]);
  });

  it('refuses a token without the route scope, naming it, and one of a client revoked or unknown', async () => {
    const { clients, client, ports, claims } = await setUp(['decisions.write']);
    await expect(admitMachineCall(ports, claims, 'applications.read', NOW)).rejects.toThrow(
      new Forbidden('This route needs the scope sis/applications.read, which this token does not hold.'),
    );
    await expect(admitMachineCall(ports, { ...claims, client_id: 'nobody' }, 'decisions.write', NOW)).rejects.toBeInstanceOf(Unauthorized);
    await clients.revokeClient(client.id, NOW.toISOString());
    await expect(admitMachineCall(ports, claims, 'decisions.write', NOW)).rejects.toBeInstanceOf(Unauthorized);
    expect(ports.rateLimiter.hits).toBe(0);
  });

  it('refuses the request past the limit with the seconds until the next minute', async () => {
    const { ports, claims } = await setUp(['applications.read']);
    const at = new Date('2026-11-29T12:00:45Z');
    for (let i = 0; i < 120; i++) await admitMachineCall(ports, claims, 'applications.read', at);
    const refused = admitMachineCall(ports, claims, 'applications.read', at);
    await expect(refused).rejects.toBeInstanceOf(RateLimited);
    await expect(refused).rejects.toMatchObject({ status: 429, retryAfterSeconds: 15, headers: { 'retry-after': '15' } });
  });
});
