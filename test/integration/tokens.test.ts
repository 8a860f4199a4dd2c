import { randomUUID } from 'node:crypto';
import {
  CognitoIdentityProviderClient,
  DeleteUserCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  UpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { issueToken } from '#adapters/store/tokens-store';
import { setConfig } from '#lambdas/config';
import { loadOrCreateSigningKey, signJwt } from '#local/identity/keys';
import { ApiClient, PASSWORD, registeredApplicant } from '../support/client';

const baseUrl = inject('baseUrl');

beforeAll(() => {
  // Seed tokens straight into the stack's tables, as the PDF renderer (service) or an office tool (tmp) would.
  setConfig({ dynamodbEndpoint: inject('dynamodbEndpoint'), s3Endpoint: inject('s3Endpoint') });
});

describe('service tokens', () => {
  it("read exactly one applicant's application, read-only", async () => {
    const [a, b] = await Promise.all([registeredApplicant(baseUrl), registeredApplicant(baseUrl)]);
    await a.put('/api/answer', { first_name: 'Ada' });
    await a.put('/api/tabs', { tab_id: 'transcript_source', chosen_tab: 'counselor' });
    await a.put('/api/add-another', { button_id: 'activities', num_components: 2 });
    await b.put('/api/answer', { first_name: 'Bea' });
    const sub = a.subject;
    const token = await issueToken({ kind: 'service', sub }, 60);

    const res = await new ApiClient(baseUrl).get(`/service/tmp-pdf?service_token=${token}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      answer: { first_name: 'Ada' },
      add_another: { activities: 2 },
      document_answer: {},
      tabs: { transcript_source: 'counselor' },
      submitted_at: null,
      reference: null,
      // Not submitted: no snapshot of the application as submitted (form/snapshot.ts).
      snapshot: null,
      // A token without a language prints in the institution's (the office's copy).
      language: null,
    });

    // It opens no applicant route.
    const anon = new ApiClient(baseUrl);
    for (const path of ['/api/profile', '/api/tabs']) expect((await anon.get(`${path}?service_token=${token}`)).status).toBe(401);
    expect((await anon.put(`/api/answer?service_token=${token}`, { first_name: 'Eve' })).status).toBe(401);
    // And a tmp token is not a service token.
    const tmp = await issueToken({ kind: 'tmp', sub: 'prefill', answers: { first_name: 'X' } }, 60);
    expect((await anon.get(`/service/tmp-pdf?service_token=${tmp}`)).status).toBe(401);
  });

  it('stop working once expired', async () => {
    const token = await issueToken({ kind: 'service', sub: 'someone' }, -1);
    expect((await new ApiClient(baseUrl).get(`/service/tmp-pdf?service_token=${token}`)).status).toBe(401);
  });
});

describe('temporary public answers', () => {
  it('are read with their token and no login', async () => {
    const token = await issueToken({ kind: 'tmp', sub: 'prefill', answers: { first_name: 'Prefilled', city: 'Springfield' } }, 60);
    const res = await new ApiClient(baseUrl).get(`/public/tmp?token=${token}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ answer: { first_name: 'Prefilled', city: 'Springfield' } });
  });

  it('refuse expired tokens and service tokens', async () => {
    const expired = await issueToken({ kind: 'tmp', sub: 'prefill', answers: {} }, -1);
    expect((await new ApiClient(baseUrl).get(`/public/tmp?token=${expired}`)).status).toBe(404);
    const service = await issueToken({ kind: 'service', sub: 'x' }, 60);
    expect((await new ApiClient(baseUrl).get(`/public/tmp?token=${service}`)).status).toBe(404);
  });
});

/**
 * A stolen session cookie's access token, taken to Cognito's own API (the local stack's stand-in,
 * POST /_dev/cognito-idp, answers as Cognito does): applicant tokens carry no
 * `aws.cognito.signin.user.admin` scope, so the token-authorised user operations are refused and
 * the thief can neither delete the identity nor change its address behind the password re-check.
 */
describe("a session's access token at Cognito's API", () => {
  const ADMIN_SCOPE = 'aws.cognito.signin.user.admin';
  const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
  const accessTokenOf = (client: ApiClient) => [...client.jar].find(([name]) => name.endsWith('.accessToken'))![1];
  const cognito = () =>
    new CognitoIdentityProviderClient({
      endpoint: `${baseUrl}/_dev/cognito-idp`,
      region: 'us-east-1',
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    });
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => 'accepted',
      (e: Error) => `${e.name}: ${e.message}`,
    );

  it('carries no admin scope, and DeleteUser, UpdateUserAttributes, GetUser and GlobalSignOut refuse it as Cognito does; the account is untouched', async () => {
    const victim = await registeredApplicant(baseUrl);
    expect((await victim.put('/api/answer', { first_name: 'Ada' })).status).toBe(200);
    const stolen = accessTokenOf(victim);
    const scope = claimsOf(stolen).scope;
    expect(typeof scope === 'string' ? scope.split(' ') : []).not.toContain(ADMIN_SCOPE);

    const api = cognito();
    const scopes = 'NotAuthorizedException: Access Token does not have required scopes';
    expect(await refusal(api.send(new DeleteUserCommand({ AccessToken: stolen })))).toBe(scopes);
    expect(
      await refusal(api.send(new UpdateUserAttributesCommand({ AccessToken: stolen, UserAttributes: [{ Name: 'email', Value: 'thief@example.com' }] }))),
    ).toBe(scopes);
    expect(await refusal(api.send(new GetUserCommand({ AccessToken: stolen })))).toBe(scopes);
    expect(await refusal(api.send(new GlobalSignOutCommand({ AccessToken: stolen })))).toBe(scopes);
    // Garbage is no token at all.
    expect(await refusal(api.send(new DeleteUserCommand({ AccessToken: 'x.y.z' })))).toBe('NotAuthorizedException: Invalid Access Token');
    api.destroy();

    // The identity, the session and the data are all still there.
    expect((await victim.get('/api/profile')).body).toMatchObject({ answer: { first_name: 'Ada' }, username: victim.username });
    expect((await new ApiClient(baseUrl).post('/public/login', { username: victim.username, password: PASSWORD })).status).toBe(200);
  });

  it('the same operations do work with a token that has the scope, so the scope is what refuses them', async () => {
    const applicant = await registeredApplicant(baseUrl);
    const claims = claimsOf(accessTokenOf(applicant));
    const scoped = signJwt(loadOrCreateSigningKey(inject('dataDir')), { ...claims, scope: ADMIN_SCOPE, jti: randomUUID() });
    const api = cognito();
    const user = await api.send(new GetUserCommand({ AccessToken: scoped }));
    expect(user.UserAttributes?.find((a) => a.Name === 'email')?.Value).toBe(applicant.username);
    await api.send(new DeleteUserCommand({ AccessToken: scoped }));
    api.destroy();
    expect((await new ApiClient(baseUrl).post('/public/login', { username: applicant.username, password: PASSWORD })).status).toBe(400);
  });
});
