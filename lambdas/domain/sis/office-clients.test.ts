import { describe, expect, it } from 'vitest';
import { Conflict, Invalid, NotFound } from '../errors';
import { memoryClients } from '../memory-sis-clients.test-support';
import type { SisCredentialIssuer } from '../ports/sis-clients';
import { addClientForOffice, listClientsForOffice, revokeClientForOffice } from './office-clients';

const NOW = new Date('2026-11-29T12:00:00Z');

function ports() {
  const clients = memoryClients();
  const audit: Array<{ action: string; detail?: Record<string, string> }> = [];
  const withdrawn: string[] = [];
  let n = 0;
  const issuer: SisCredentialIssuer = {
    issue: async () => ({ id: `c${++n}`, secret: `s${n}` }),
    withdraw: async (id) => {
      withdrawn.push(id);
    },
  };
  return {
    clients,
    issuer,
    audit: async (r: { action: string; detail?: Record<string, string> }) => audit.push(r),
    tokenEndpoint: 'https://example.edu/oauth2/token',
    log: audit,
    withdrawn,
  };
}

describe("the console's machine clients", () => {
  it('makes a client, recorded first with its name and scopes and never its secret, and answers the secret once with the token endpoint', async () => {
    const p = ports();
    const made = await addClientForOffice(p, { name: 'banner', scopes: ['materials.write', 'applications.read'], expires: '2027-06-30' }, NOW);
    expect(made).toMatchObject({
      secret: 's1',
      token_endpoint: 'https://example.edu/oauth2/token',
      client: { id: 'c1', name: 'banner', scopes: ['applications.read', 'materials.write'] },
    });
    expect(p.log).toEqual([{ action: 'sis-client', detail: { name: 'banner', scopes: 'applications.read, materials.write', expires: '2027-06-30' } }]);
    expect(JSON.stringify(p.log)).not.toContain('s1');
    expect((await listClientsForOffice(p)).clients.map((c) => c.name)).toEqual(['banner']);
  });

  it('records nothing for a refused client: bad fields are answered per field, a name taken as a conflict', async () => {
    const p = ports();
    await addClientForOffice(p, { name: 'slate', scopes: ['applications.read'] }, NOW);
    p.log.length = 0;
    const bad = addClientForOffice(p, { name: 'has space', scopes: [] }, NOW);
    await expect(bad).rejects.toBeInstanceOf(Invalid);
    await expect(bad).rejects.toMatchObject({ errors: { name: [expect.stringContaining('letters, digits')] } });
    await expect(addClientForOffice(p, { name: 'ok', scopes: ['nope'] }, NOW)).rejects.toMatchObject({
      errors: { scopes: [expect.stringContaining('nope is not a scope')] },
    });
    await expect(addClientForOffice(p, { name: 'ok', scopes: ['applications.read'], expires: '2020-01-01' }, NOW)).rejects.toMatchObject({
      errors: { expires: [expect.stringContaining('already past')] },
    });
    expect(p.log).toEqual([]);
    await expect(addClientForOffice(p, { name: 'slate', scopes: ['applications.read'] }, NOW)).rejects.toBeInstanceOf(Conflict);
  });

  it('revokes by id once, recorded with the name, its credentials withdrawn; an unknown id is a 404', async () => {
    const p = ports();
    const { client } = await addClientForOffice(p, { name: 'workday', scopes: ['decisions.write'] }, NOW);
    p.log.length = 0;
    expect((await revokeClientForOffice(p, client.id, NOW)).client.revokedAt).toBe(NOW.toISOString());
    expect((await revokeClientForOffice(p, client.id, new Date(NOW.getTime() + 1000))).client.revokedAt).toBe(NOW.toISOString());
    expect(p.log).toEqual([{ action: 'sis-client.revoke', detail: { name: 'workday' } }]);
    expect(p.withdrawn).toEqual([client.id]);
    await expect(revokeClientForOffice(p, 'nosuch', NOW)).rejects.toBeInstanceOf(NotFound);
  });
});
