/**
 * The Cognito adapter (the code that runs in AWS) against cognito-local, an independent
 * implementation of Cognito's user-pool API: real requests, real wire format, real exception
 * names, through the same account flows the handlers call, so each error the emulator returns
 * is checked against the message our mapping gives the applicant.
 *
 * What cognito-local 5.3 does not implement, covered instead by unit tests on recorded Cognito
 * responses (test/unit/cognito-adapter.test.ts):
 * - ResendConfirmationCode (refused as unsupported; asserted below so an upgrade shows it)
 * - AdminUserGlobalSignOut (likewise)
 * - LimitExceededException, TooManyRequestsException, TooManyFailedAttemptsException (no rate limits)
 * - InvalidPasswordException on sign-up (no password policy) and ExpiredCodeException for a late code
 *
 * Where it differs from Cognito, the test says so: a wrong password is InvalidPasswordException
 * there (Cognito: NotAuthorizedException), and confirming twice is ExpiredCodeException
 * (Cognito: NotAuthorizedException). Our mapping must hold for both.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AdminCreateUserCommand, RespondToAuthChallengeCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { identityErrorName, verifyAccessToken } from '#adapters/identity';
import { CognitoIdentity, IdentityOperationUnavailable } from '#adapters/identity/cognito';
import { ACCOUNT_TEXT, confirmSignUp, forgotPassword, logIn, resetPassword, signUp } from '#domain/accounts';
import { setConfig } from '#lambdas/config';
import { startCognitoLocal, type CognitoLocal } from '#local/cognito-local';

const PASSWORD = 'Correct-horse-9';
let emulator: CognitoLocal;
let dir: string;
let idp: CognitoIdentity;
const saved = { ...process.env };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cognito-local-'));
  emulator = await startCognitoLocal(dir);
  process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER = emulator.endpoint;
  process.env.AWS_ACCESS_KEY_ID = 'local';
  process.env.AWS_SECRET_ACCESS_KEY = 'local';
  setConfig({ identityProvider: 'cognito', region: 'us-east-1', userPoolId: emulator.userPoolId, userPoolClientId: emulator.clientId });
  idp = new CognitoIdentity();
});

afterAll(async () => {
  await emulator?.stop();
  rmSync(dir, { recursive: true, force: true });
  process.env = saved;
  setConfig({});
});

let n = 0;
const newUser = () => `applicant${++n}-${Date.now()}@example.edu`;

/** The error a call fails with (the test fails if it succeeds). */
async function failure(call: Promise<unknown>): Promise<Error> {
  try {
    await call;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to fail');
}

async function confirmed(username: string): Promise<void> {
  await signUp(idp, { username, password: PASSWORD });
  await confirmSignUp(idp, { username, code: emulator.lastCode(username)! });
}

describe('the Cognito adapter against cognito-local', () => {
  it('signs up, confirms and logs in; the access token passes our verifier', async () => {
    const username = newUser();
    expect(await signUp(idp, { username, password: PASSWORD })).toBe(ACCOUNT_TEXT.signedUp);
    const code = emulator.lastCode(username);
    expect(code).toMatch(/^\d+$/);
    expect(await confirmSignUp(idp, { username, code: code! })).toBe(ACCOUNT_TEXT.confirmed);

    const tokens = await logIn(idp, { username, password: PASSWORD });
    expect(tokens.refreshToken).toBeTruthy();
    const verified = await verifyAccessToken(tokens.accessToken);
    expect(verified.ok).toBe(true);
    if (verified.ok) expect(verified.claims.username).toBeTruthy();
  });

  it("reads the applicant's e-mail from the verified identity: the access token's username is no e-mail", async () => {
    const username = newUser();
    await confirmed(username);
    const tokens = await logIn(idp, { username, password: PASSWORD });
    const verified = await verifyAccessToken(tokens.accessToken);
    if (!verified.ok) throw new Error('the access token did not verify');
    // E-mail is the pool's username attribute: as in Cognito, the token names the user by a UUID.
    expect(verified.claims.username).not.toBe(username);
    expect(verified.claims.username).toMatch(/^[0-9a-f-]{36}$/);
    // What submit records for the office's list, search and exports: AdminGetUser by the verified token's sub.
    expect(await idp.verifiedEmail(verified.claims.sub)).toBe(username);
    // Someone else's sub names someone else; a sub of nobody is UserNotFoundException.
    const other = newUser();
    await confirmed(other);
    const theirs = await verifyAccessToken((await logIn(idp, { username: other, password: PASSWORD })).accessToken);
    if (!theirs.ok) throw new Error('the access token did not verify');
    expect(await idp.verifiedEmail(theirs.claims.sub)).toBe(other);
    expect(identityErrorName(await failure(idp.verifiedEmail('00000000-0000-4000-8000-000000000000')))).toBe('UserNotFoundException');
  });

  it('SignUp of a taken address: UsernameExistsException, answered as a new sign-up', async () => {
    const username = newUser();
    await idp.signUp(username, PASSWORD);
    expect(identityErrorName(await failure(idp.signUp(username, PASSWORD)))).toBe('UsernameExistsException');
    // The flow then tries ResendConfirmationCode (refused here) and still answers the same.
    expect(await signUp(idp, { username, password: PASSWORD })).toBe(ACCOUNT_TEXT.signedUp);
  });

  it('ConfirmSignUp: a wrong code, an unknown address and a second confirmation get the code messages', async () => {
    const username = newUser();
    await idp.signUp(username, PASSWORD);
    const wrong = await failure(idp.confirmSignUp(username, '000000x'));
    expect(identityErrorName(wrong)).toBe('CodeMismatchException');
    await expect(confirmSignUp(idp, { username, code: '000000x' })).rejects.toThrow(ACCOUNT_TEXT.codeMismatch);

    const unknown = await failure(idp.confirmSignUp(newUser(), '123456'));
    expect(identityErrorName(unknown)).toBe('NotAuthorizedException');
    await expect(confirmSignUp(idp, { username: newUser(), code: '123456' })).rejects.toThrow(ACCOUNT_TEXT.codeMismatch);

    await idp.confirmSignUp(username, emulator.lastCode(username)!);
    // cognito-local: ExpiredCodeException (Cognito: NotAuthorizedException, mapped like a wrong code).
    const again = await failure(idp.confirmSignUp(username, '123456'));
    expect(identityErrorName(again)).toBe('ExpiredCodeException');
    await expect(confirmSignUp(idp, { username, code: '123456' })).rejects.toThrow(ACCOUNT_TEXT.codeExpired);
  });

  it('InitiateAuth USER_PASSWORD_AUTH: unconfirmed, unknown and wrong password', async () => {
    const username = newUser();
    await idp.signUp(username, PASSWORD);
    expect(identityErrorName(await failure(idp.initiateAuth(username, PASSWORD)))).toBe('UserNotConfirmedException');
    await expect(logIn(idp, { username, password: PASSWORD })).rejects.toThrow(ACCOUNT_TEXT.notConfirmed);

    expect(identityErrorName(await failure(idp.initiateAuth(newUser(), PASSWORD)))).toBe('NotAuthorizedException');
    await expect(logIn(idp, { username: newUser(), password: PASSWORD })).rejects.toThrow(ACCOUNT_TEXT.loginFailed);

    const other = newUser();
    await confirmed(other);
    // cognito-local: InvalidPasswordException (Cognito: NotAuthorizedException). Either way the
    // applicant must read "incorrect username or password", never "the password does not meet the
    // requirements", which would tell that the account exists.
    expect(identityErrorName(await failure(idp.initiateAuth(other, 'Wrong-password-1')))).toBe('InvalidPasswordException');
    await expect(logIn(idp, { username: other, password: 'Wrong-password-1' })).rejects.toThrow(ACCOUNT_TEXT.loginFailed);
  });

  it('InitiateAuth REFRESH_TOKEN_AUTH: a refresh token gives a new access token; a forged one is refused', async () => {
    const username = newUser();
    await confirmed(username);
    const tokens = await idp.initiateAuth(username, PASSWORD);
    const refreshed = await idp.refresh(tokens.refreshToken!);

    expect((await verifyAccessToken(refreshed.accessToken)).ok).toBe(true);
    expect(identityErrorName(await failure(idp.refresh('not-a-refresh-token')))).toBe('NotAuthorizedException');
  });

  it('ForgotPassword and ConfirmForgotPassword: unknown address, wrong code, then a new password', async () => {
    const username = newUser();
    await confirmed(username);
    expect(identityErrorName(await failure(idp.forgotPassword(newUser())))).toBe('UserNotFoundException');
    expect(await forgotPassword(idp, { username: newUser() })).toBe(ACCOUNT_TEXT.forgot);

    expect(await forgotPassword(idp, { username })).toBe(ACCOUNT_TEXT.forgot);
    const code = emulator.lastCode(username)!;
    expect(identityErrorName(await failure(idp.confirmForgotPassword(username, `${code}9`, 'New-password-2')))).toBe('CodeMismatchException');
    await expect(resetPassword(idp, { username, id: `${code}9`, password: 'New-password-2' })).rejects.toThrow(ACCOUNT_TEXT.resetLinkInvalid);
    expect(identityErrorName(await failure(idp.confirmForgotPassword(newUser(), code, 'New-password-2')))).toBe('UserNotFoundException');

    expect(await resetPassword(idp, { username, id: code, password: 'New-password-2' })).toBe(ACCOUNT_TEXT.reset);
    await expect(logIn(idp, { username, password: 'New-password-2' })).resolves.toMatchObject({ accessToken: expect.any(String) });
  });

  it('AdminCreateUser: the first sign-in is a NEW_PASSWORD_REQUIRED challenge, which the adapter refuses to treat as a session', async () => {
    const username = newUser();
    await emulator
      .client()
      .send(
        new AdminCreateUserCommand({ UserPoolId: emulator.userPoolId, Username: username, TemporaryPassword: 'Temporary-pass-1', MessageAction: 'SUPPRESS' }),
      );
    await expect(idp.initiateAuth(username, 'Temporary-pass-1')).rejects.toThrow(/no tokens/);
    // The challenge answered (as the staff sign-in will): then the adapter signs in normally.
    const challenge = await emulator.client().send(
      new InitiateAuthCommand({
        ClientId: emulator.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: username, PASSWORD: 'Temporary-pass-1' },
      }),
    );
    expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    await emulator.client().send(
      new RespondToAuthChallengeCommand({
        ClientId: emulator.clientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: challenge.Session,
        ChallengeResponses: { USERNAME: username, NEW_PASSWORD: PASSWORD },
      }),
    );
    await expect(idp.initiateAuth(username, PASSWORD)).resolves.toMatchObject({ accessToken: expect.any(String) });
  });

  it('cognito-local still lacks ResendConfirmationCode and AdminUserGlobalSignOut: the adapter answers each with a 503 saying so (covered by unit tests otherwise)', async () => {
    const username = newUser();
    await idp.signUp(username, PASSWORD);
    const resend = await failure(idp.resendConfirmationCode(username));
    expect(resend).toBeInstanceOf(IdentityOperationUnavailable);
    expect(resend).toMatchObject({ status: 503, message: expect.stringContaining('not available from this identity service') });
    await confirmSignUp(idp, { username, code: emulator.lastCode(username)! });
    const verified = await verifyAccessToken((await idp.initiateAuth(username, PASSWORD)).accessToken);
    if (!verified.ok) throw new Error('the access token did not verify');
    expect(await failure(idp.adminUserGlobalSignOut(verified.claims.sub))).toBeInstanceOf(IdentityOperationUnavailable);
  });
});
