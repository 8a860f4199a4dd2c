/**
 * GET /sis/v1/openapi.json on the local stack: the committed OpenAPI document (docs/sis/), public
 * like the rest of the docs, so no token is needed and none is looked at.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');
const committed = JSON.parse(readFileSync(resolve(import.meta.dirname, '..', '..', 'docs', 'sis', 'openapi.json'), 'utf8')) as unknown;

describe('GET /sis/v1/openapi.json', () => {
  it('answers the committed document as JSON, with no token and with any', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }] as Record<string, string>[]) {
      const res = await fetch(`${baseUrl}/sis/v1/openapi.json`, { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual(committed);
    }
  });

  it('is read-only: another method is not a route', async () => {
    const res = await fetch(`${baseUrl}/sis/v1/openapi.json`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
