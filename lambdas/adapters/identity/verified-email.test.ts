import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { HttpRequest } from '@smithy/core/protocols';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { identityErrorName } from '#domain/ports/identity';
import { setConfig } from '#lambdas/config';
import { bodyText, comparedClientConfig, requestLine, sdkRequest } from '../sdk-request.test-support';
import { cognitoRequest, cognitoVerifiedEmail } from './verified-email';

/** The request the Cognito client sends for AdminGetUser, as serialized (before signing). */
function adminGetUserRequest(region: string, sub: string, endpoint = ''): Promise<HttpRequest> {
  const client = new CognitoIdentityProviderClient(comparedClientConfig(region, endpoint));
  return sdkRequest(client, () => client.send(new AdminGetUserCommand({ UserPoolId: 'us-east-1_pool', Username: sub })));
}

describe("Cognito's AdminGetUser sent without the Cognito client", () => {
  it.each([
    ['us-east-1', ''],
    ['eu-west-2', ''],
    // The bundled local stack's cognito-local (AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER).
    ['us-east-1', 'http://127.0.0.1:9229'],
  ])('is the request the client sends (%s, endpoint %s)', async (region, endpoint) => {
    const ours = cognitoRequest(region, 'AdminGetUser', { UserPoolId: 'us-east-1_pool', Username: '7d1c0f7e' }, endpoint);
    const theirs = await adminGetUserRequest(region, '7d1c0f7e', endpoint);
    expect(requestLine(ours)).toEqual(requestLine(theirs));
    for (const h of ['content-type', 'x-amz-target']) expect(ours.headers[h]).toBe(theirs.headers[h]);
    expect(JSON.parse(bodyText(ours.body))).toEqual(JSON.parse(bodyText(theirs.body)));
  });
});

describe('cognitoVerifiedEmail on recorded Cognito answers', () => {
  let server: Server | undefined;
  const seen: Array<{ target: string | undefined; authorization: string | undefined; body: unknown }> = [];
  const ENV_KEYS = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'] as const;
  const saved = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));
  beforeAll(() => {
    process.env.AWS_ACCESS_KEY_ID = 'AKIDEXAMPLE';
    process.env.AWS_SECRET_ACCESS_KEY = 'secret';
  });

  async function cognitoAnswering(status: number, body: unknown): Promise<void> {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({
          target: req.headers['x-amz-target'] as string | undefined,
          authorization: req.headers.authorization,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown,
        });
        res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    setConfig({
      identityProvider: 'cognito',
      region: 'us-east-1',
      userPoolId: 'us-east-1_pool',
      cognitoEndpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    });
  }

  afterEach(async () => {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    server = undefined;
    seen.length = 0;
  });
  afterAll(() => {
    setConfig({});
    for (const k of ENV_KEYS) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  });

  it("answers the email attribute, lower-cased, from AdminGetUser by the sub, signed with the route's role (never the applicant's token)", async () => {
    await cognitoAnswering(200, {
      Username: '7d1c0f7e-0000-4000-8000-000000000000',
      UserAttributes: [
        { Name: 'sub', Value: '7d1c' },
        { Name: 'email', Value: 'Ana@Example.EDU' },
      ],
    });
    expect(await cognitoVerifiedEmail('7d1c0f7e-0000-4000-8000-000000000000')).toBe('ana@example.edu');
    expect(seen).toEqual([
      {
        target: 'AWSCognitoIdentityProviderService.AdminGetUser',
        authorization: expect.stringMatching(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-east-1\/cognito-idp\/aws4_request, /),
        body: { UserPoolId: 'us-east-1_pool', Username: '7d1c0f7e-0000-4000-8000-000000000000' },
      },
    ]);
  });

  it("throws Cognito's exception by its name, as the client does", async () => {
    await cognitoAnswering(400, { __type: 'com.amazonaws.cognito#UserNotFoundException', message: 'User does not exist.' });
    const error = await cognitoVerifiedEmail('7d1c').catch((e: unknown) => e);
    expect(identityErrorName(error)).toBe('UserNotFoundException');
    expect((error as Error).message).toBe('User does not exist.');
  });

  it('refuses a user without an email attribute', async () => {
    await cognitoAnswering(200, { Username: 'u', UserAttributes: [] });
    await expect(cognitoVerifiedEmail('7d1c')).rejects.toThrow('The Cognito user has no email attribute.');
  });
});
