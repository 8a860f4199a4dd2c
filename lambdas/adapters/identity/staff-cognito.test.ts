/**
 * The staff pool's Cognito adapter turns Cognito's answers into sign-in steps. Cognito itself
 * cannot run here (cognito-local refuses AssociateSoftwareToken by session), so the client is
 * replaced by one answering with responses shaped as Cognito documents them; what is checked is
 * the adapter's own logic: which calls it makes, with what, and what it makes of the answers.
 */
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, it } from 'vitest';
import { setConfig } from '#lambdas/config';
import { StaffCognitoIdentity } from './staff-cognito';

interface Sent {
  command: string;
  input: Record<string, unknown>;
}

function fakeClient(answers: Record<string, Array<Record<string, unknown>>>): { client: CognitoIdentityProviderClient; sent: Sent[] } {
  const sent: Sent[] = [];
  const client = {
    send: async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
      const name = command.constructor.name;
      sent.push({ command: name, input: command.input });
      const next = answers[name]?.shift();
      if (!next) throw new Error(`unexpected ${name}`);
      return next;
    },
  } as unknown as CognitoIdentityProviderClient;
  return { client, sent };
}

beforeAll(() => setConfig({ identityProvider: 'cognito', staffUserPoolId: 'us-east-1_staff', staffUserPoolClientId: 'staffclient' }));

describe('the staff Cognito adapter', () => {
  it('passes NEW_PASSWORD_REQUIRED on, then fetches the TOTP secret for MFA_SETUP with the session Cognito gave', async () => {
    const { client, sent } = fakeClient({
      InitiateAuthCommand: [{ ChallengeName: 'NEW_PASSWORD_REQUIRED', Session: 's1' }],
      RespondToAuthChallengeCommand: [{ ChallengeName: 'MFA_SETUP', Session: 's2' }],
      AssociateSoftwareTokenCommand: [{ SecretCode: 'JBSWY3DPEHPK3PXP', Session: 's3' }],
    });
    const idp = new StaffCognitoIdentity(client);
    expect(await idp.initiateAuth('ana@example.edu', 'Temp-1234567890!')).toEqual({ kind: 'challenge', challenge: 'NEW_PASSWORD_REQUIRED', session: 's1' });
    expect(await idp.respondNewPassword('ana@example.edu', 's1', 'New-Password-123!')).toEqual({
      kind: 'challenge',
      challenge: 'MFA_SETUP',
      session: 's3',
      secret: 'JBSWY3DPEHPK3PXP',
    });
    expect(sent[0]).toEqual({
      command: 'InitiateAuthCommand',
      input: { ClientId: 'staffclient', AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: 'ana@example.edu', PASSWORD: 'Temp-1234567890!' } },
    });
    expect(sent[1]!.input).toEqual({
      ClientId: 'staffclient',
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: 's1',
      ChallengeResponses: { USERNAME: 'ana@example.edu', NEW_PASSWORD: 'New-Password-123!' },
    });
    expect(sent[2]).toEqual({ command: 'AssociateSoftwareTokenCommand', input: { Session: 's2' } });
  });

  it('verifies the first code, answers MFA_SETUP and returns the tokens', async () => {
    const { client, sent } = fakeClient({
      VerifySoftwareTokenCommand: [{ Status: 'SUCCESS', Session: 's4' }],
      RespondToAuthChallengeCommand: [{ AuthenticationResult: { AccessToken: 'a', RefreshToken: 'r', ExpiresIn: 900 } }],
    });
    const step = await new StaffCognitoIdentity(client).respondMfaSetup('ana@example.edu', 's3', '123456');
    expect(step).toEqual({ kind: 'tokens', tokens: { accessToken: 'a', refreshToken: 'r', expiresIn: 900 } });
    expect(sent.map((s) => s.command)).toEqual(['VerifySoftwareTokenCommand', 'RespondToAuthChallengeCommand']);
    expect(sent[1]!.input).toMatchObject({ ChallengeName: 'MFA_SETUP', Session: 's4', ChallengeResponses: { USERNAME: 'ana@example.edu' } });
  });

  it('treats a code Cognito does not verify as a wrong code', async () => {
    const { client } = fakeClient({ VerifySoftwareTokenCommand: [{ Status: 'ERROR' }] });
    await expect(new StaffCognitoIdentity(client).respondMfaSetup('ana@example.edu', 's3', '000000')).rejects.toMatchObject({ name: 'CodeMismatchException' });
  });

  it('answers SOFTWARE_TOKEN_MFA with the code', async () => {
    const { client, sent } = fakeClient({
      InitiateAuthCommand: [{ ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: 's5' }],
      RespondToAuthChallengeCommand: [{ AuthenticationResult: { AccessToken: 'a2', ExpiresIn: 900 } }],
    });
    const idp = new StaffCognitoIdentity(client);
    expect(await idp.initiateAuth('ana@example.edu', 'pw')).toEqual({ kind: 'challenge', challenge: 'SOFTWARE_TOKEN_MFA', session: 's5' });
    expect(await idp.respondSoftwareTokenMfa('ana@example.edu', 's5', '654321')).toEqual({ kind: 'tokens', tokens: { accessToken: 'a2', expiresIn: 900 } });
    expect(sent[1]!.input).toMatchObject({
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      ChallengeResponses: { USERNAME: 'ana@example.edu', SOFTWARE_TOKEN_MFA_CODE: '654321' },
    });
  });

  it('refuses a challenge the platform does not answer (SMS, custom)', async () => {
    const { client } = fakeClient({ InitiateAuthCommand: [{ ChallengeName: 'SMS_MFA', Session: 's' }] });
    await expect(new StaffCognitoIdentity(client).initiateAuth('ana@example.edu', 'pw')).rejects.toThrow(/does not answer: SMS_MFA/);
  });
});
