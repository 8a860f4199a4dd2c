import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CognitoIdentityProviderClient, GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { HttpRequest } from '@smithy/core/protocols';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { identityErrorName } from '#domain/ports/identity';
import { setConfig } from '#lambdas/config';
import { bodyText, requestLine, sdkRequest } from '../sdk-request.test-support';
import { cognitoRequest, cognitoVerifiedEmail } from './verified-email';

/** The request the Cognito client sends for GetUser, as serialized (before its auth step). */
function getUserRequest(region: string, accessToken: string, endpoint = ''): Promise<HttpRequest> {
  const client = new CognitoIdentityProviderClient({ region, ...(endpoint ? { endpoint } : {}) });
  return sdkRequest(client, () => client.send(new GetUserCommand({ AccessToken: accessToken })));
}

describe("Cognito's GetUser sent without the Cognito client", () => {
  it.each([
    ['us-east-1', ''],
    ['eu-west-2', ''],
    // The bundled local stack's cognito-local (AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER).
    ['us-east-1', 'http://127.0.0.1:9229'],
  ])('is the request the client sends (%s, endpoint %s)', async (region, endpoint) => {
    const ours = cognitoRequest(region, 'GetUser', { AccessToken: 'eyJ.token' }, endpoint);
    const theirs = await getUserRequest(region, 'eyJ.token', endpoint);
    expect(requestLine(ours)).toEqual(requestLine(theirs));
    for (const h of ['content-type', 'x-amz-target']) expect(ours.headers[h]).toBe(theirs.headers[h]);
    expect(JSON.parse(bodyText(ours.body))).toEqual(JSON.parse(bodyText(theirs.body)));
  });
});

describe('cognitoVerifiedEmail on recorded Cognito answers', () => {
  let server: Server | undefined;
  const seen: Array<{ target: string | undefined; authorization: string | undefined }> = [];

  async function cognitoAnswering(status: number, body: unknown): Promise<void> {
    server = createServer((req, res) => {
      seen.push({ target: req.headers['x-amz-target'] as string | undefined, authorization: req.headers.authorization });
      req.resume();
      req.on('end', () => res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify(body)));
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    setConfig({ identityProvider: 'cognito', region: 'us-east-1', cognitoEndpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  }

  afterEach(async () => {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    server = undefined;
    seen.length = 0;
  });
  afterAll(() => setConfig({}));

  it('answers the email attribute, lower-cased, from an unsigned GetUser', async () => {
    await cognitoAnswering(200, {
      Username: '7d1c0f7e-0000-4000-8000-000000000000',
      UserAttributes: [
        { Name: 'sub', Value: '7d1c' },
        { Name: 'email', Value: 'Ana@Example.EDU' },
      ],
    });
    expect(await cognitoVerifiedEmail('eyJ.token')).toBe('ana@example.edu');
    expect(seen).toEqual([{ target: 'AWSCognitoIdentityProviderService.GetUser', authorization: undefined }]);
  });

  it("throws Cognito's exception by its name, as the client does", async () => {
    await cognitoAnswering(400, { __type: 'NotAuthorizedException', message: 'Access Token has been revoked' });
    const error = await cognitoVerifiedEmail('eyJ.token').catch((e: unknown) => e);
    expect(identityErrorName(error)).toBe('NotAuthorizedException');
    expect((error as Error).message).toBe('Access Token has been revoked');
  });

  it('refuses a user without an email attribute', async () => {
    await cognitoAnswering(200, { Username: 'u', UserAttributes: [] });
    await expect(cognitoVerifiedEmail('eyJ.token')).rejects.toThrow('The Cognito user has no email attribute.');
  });
});
