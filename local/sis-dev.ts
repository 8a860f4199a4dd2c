/**
 * The local stack's control of the student information system's machine clients, what
 * `npm run sis` calls (in AWS the command makes Cognito app clients instead, scripts/sis.ts):
 *   GET  /_dev/sis-clients                                   every client: name, scopes, expiry, last use, revoked
 *   POST /_dev/sis-clients {name, scopes: [...], expires?}  a new client, with its id and its secret (shown once)
 *   POST /_dev/sis-clients/revoke {name}                    revokes it: its next token request and its tokens are refused
 * JSON only (a cross-site page cannot send it without a CORS preflight, which is never granted).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sisClientStore } from '#adapters/store/sis-clients-store';
import { DomainError } from '#domain/errors';
import { addSisClient, listSisClients, revokeSisClient } from '#domain/sis/clients';
import { localCredentials } from '#wiring/sis-clients';
import { json, readBody } from './recommendations-dev';

/** The local token endpoint's clients: records with secrets made here (AWS makes app clients instead). */
const ports = { clients: sisClientStore, issuer: localCredentials };

export const SIS_CLIENTS_PATH = '/_dev/sis-clients';
export const SIS_REVOKE_PATH = '/_dev/sis-clients/revoke';

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const body: unknown = JSON.parse((await readBody(req, 4096)) || '{}');
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('not an object');
  return body as Record<string, unknown>;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

async function answerControl(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  const now = new Date();
  if (path === SIS_CLIENTS_PATH && req.method === 'GET') return json(res, 200, { clients: await listSisClients(sisClientStore) });
  if (req.method !== 'POST') {
    res.setHeader('allow', path === SIS_CLIENTS_PATH ? 'GET, POST' : 'POST');
    return json(res, 405, { message: 'Use POST with a JSON body (or GET to list the clients).' });
  }
  if (!/^application\/json\b/.test(String(req.headers['content-type'] ?? ''))) return json(res, 415, { message: 'Send the request as application/json.' });
  let body: Record<string, unknown>;
  try {
    body = await readJson(req);
  } catch {
    return json(res, 400, { message: 'Send a JSON object.' });
  }
  try {
    if (path === SIS_REVOKE_PATH) return json(res, 200, { client: await revokeSisClient(ports, { name: text(body.name) ?? '' }, now) });
    const scopes = Array.isArray(body.scopes) ? body.scopes.filter((s): s is string => typeof s === 'string') : [];
    const expires = text(body.expires);
    const made = await addSisClient(ports, { name: text(body.name) ?? '', scopes, ...(expires !== undefined ? { expires } : {}) }, now);
    json(res, 200, made);
  } catch (error) {
    if (error instanceof DomainError) return json(res, error.status, { message: error.message });
    throw error;
  }
}

/** Answers the clients' control; false when the path is not one of it. */
export function handleSisDevRequest(req: IncomingMessage, res: ServerResponse, path: string): boolean {
  if (path !== SIS_CLIENTS_PATH && path !== SIS_REVOKE_PATH) return false;
  answerControl(req, res, path).catch((error: unknown) => {
    if (!res.headersSent) json(res, 500, { message: String(error) });
  });
  return true;
}
