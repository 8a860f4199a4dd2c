/**
 * What cognito-local cannot answer (see test/integration/cognito-adapter.test.ts), checked on
 * Cognito's own responses: each recorded HTTP response (status, x-amzn-errortype, JSON body as
 * Cognito sends them) is handed to the real SDK client in place of the network, so the SDK's
 * deserializer builds the exception and the adapter and our mapping see exactly what they
 * would see in AWS.
 */
import { ACCOUNT_TEXT, confirmSignUp, logIn, resendConfirmation, signUp } from '#domain/accounts';
import { setConfig } from '#lambdas/config';
import { CognitoIdentity } from './cognito';
import { identityErrorName } from '.';

interface Recorded {
  status: number;
  body: Record<string, unknown>;
}

const error = (type: string, message: string): Recorded => ({ status: 400, body: { __type: type, message } });

/** Recorded Cognito answers (messages as Cognito words them). */
const COGNITO = {
  ok: { status: 200, body: {} },
  resendOk: { status: 200, body: { CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'a***@e***' } } },
  limitExceeded: error('LimitExceededException', 'Attempt limit exceeded, please try after some time.'),
  tooManyRequests: error('TooManyRequestsException', 'Too many requests'),
  tooManyFailed: error('TooManyFailedAttemptsException', 'Too many failed attempts.'),
  invalidPassword: error('InvalidPasswordException', 'Password did not conform with policy: Password must have symbol characters'),
  expiredCode: error('ExpiredCodeException', 'Invalid code provided, please request a code again.'),
  alreadyConfirmed: error('InvalidParameterException', 'User is already confirmed.'),
  usernameExists: error('UsernameExistsException', 'An account with the given email already exists.'),
  userNotFound: error('UserNotFoundException', 'User does not exist.'),
  deliveryFailed: error('CodeDeliveryFailureException', 'Unable to deliver code.'),
  passwordResetRequired: error('PasswordResetRequiredException', 'Password reset required for the user'),
} satisfies Record<string, Recorded>;

/** The adapter, with its SDK client answering from `replies` (in order) instead of the network. */
function adapterAnswering(...replies: Recorded[]): { idp: CognitoIdentity; targets: string[] } {
  setConfig({ identityProvider: 'cognito', region: 'us-east-1', userPoolId: 'us-east-1_pool', userPoolClientId: 'client' });
  const idp = new CognitoIdentity();
  const targets: string[] = [];
  const client = (idp as unknown as { client: { middlewareStack: { add: (mw: unknown, options: object) => void } } }).client;
  client.middlewareStack.add(
    () => async (args: { request: { headers: Record<string, string> } }) => {
      targets.push(args.request.headers['x-amz-target'] ?? '');
      const reply = replies.shift();
      if (!reply) throw new Error('no recorded reply left');
      const body = Buffer.from(JSON.stringify(reply.body));
      const headers: Record<string, string> = { 'content-type': 'application/x-amz-json-1.1', 'content-length': String(body.length) };
      if (reply.status >= 400)
        headers['x-amzn-errortype'] = `${String(reply.body.__type)}:http://internal.amazon.com/coral/com.amazonaws.cognito.identity.idp.model/`;
      return { response: { statusCode: reply.status, headers, body: new Uint8Array(body) }, output: undefined };
    },
    // Innermost, after the deserializer: the SDK parses the recorded response as it would a real one.
    { step: 'deserialize', priority: 'low', name: 'recordedCognito' },
  );
  return { idp, targets };
}

beforeAll(() => {
  process.env.AWS_ACCESS_KEY_ID = 'test';
  process.env.AWS_SECRET_ACCESS_KEY = 'test';
});
afterAll(() => setConfig({}));

describe('Cognito adapter on recorded Cognito responses', () => {
  it('ResendConfirmationCode is sent as Cognito expects and its success is the resent message', async () => {
    const { idp, targets } = adapterAnswering(COGNITO.resendOk);
    expect(await resendConfirmation(idp, { username: 'ana@example.edu' })).toBe(ACCOUNT_TEXT.resent);
    expect(targets).toEqual(['AWSCognitoIdentityProviderService.ResendConfirmationCode']);
  });

  it('ResendConfirmationCode for a confirmed account (InvalidParameterException) answers as a resend', async () => {
    const { idp } = adapterAnswering(COGNITO.alreadyConfirmed);
    expect(await resendConfirmation(idp, { username: 'ana@example.edu' })).toBe(ACCOUNT_TEXT.resent);
  });

  it('ResendConfirmationCode over its limit is "too many attempts", after the SDK has tried three times', async () => {
    // The SDK treats LimitExceeded and TooManyRequests as throttling and retries them itself.
    const { idp, targets } = adapterAnswering(COGNITO.limitExceeded, COGNITO.limitExceeded, COGNITO.limitExceeded);
    await expect(resendConfirmation(idp, { username: 'ana@example.edu' })).rejects.toThrow(ACCOUNT_TEXT.tooMany);
    expect(targets).toHaveLength(3);
  });

  it('ResendConfirmationCode that cannot deliver is a fault, not a silent success', async () => {
    const { idp } = adapterAnswering(COGNITO.deliveryFailed);
    const failure = await resendConfirmation(idp, { username: 'ana@example.edu' }).catch((e: unknown) => e);
    expect(identityErrorName(failure)).toBe('CodeDeliveryFailureException');
  });

  it('SignUp of a taken address resends the code (UsernameExists, then ResendConfirmationCode)', async () => {
    const { idp, targets } = adapterAnswering(COGNITO.usernameExists, COGNITO.resendOk);
    expect(await signUp(idp, { username: 'ana@example.edu', password: 'Correct-horse-9' })).toBe(ACCOUNT_TEXT.signedUp);
    expect(targets.map((t) => t.split('.')[1])).toEqual(['SignUp', 'ResendConfirmationCode']);
  });

  it("signs a user out everywhere by the sub with the route's role (AdminUserGlobalSignOut), never with the applicant's token; an unknown user is UserNotFoundException", async () => {
    const { idp, targets } = adapterAnswering(COGNITO.ok, COGNITO.userNotFound);
    await idp.adminUserGlobalSignOut('7d1c0f7e');
    expect(targets).toEqual(['AWSCognitoIdentityProviderService.AdminUserGlobalSignOut']);
    expect(identityErrorName(await idp.adminUserGlobalSignOut('7d1c0f7e').catch((e: unknown) => e))).toBe('UserNotFoundException');
  });

  it.each([
    ['LimitExceededException', COGNITO.limitExceeded],
    ['TooManyRequestsException', COGNITO.tooManyRequests],
    ['TooManyFailedAttemptsException', COGNITO.tooManyFailed],
  ])('%s on sign-in is "too many attempts"', async (_name, reply) => {
    const { idp } = adapterAnswering(reply, reply, reply);
    await expect(logIn(idp, { username: 'ana@example.edu', password: 'Correct-horse-9' })).rejects.toThrow(ACCOUNT_TEXT.tooMany);
  });

  it("a sign-up password Cognito's policy refuses is named on the password field", async () => {
    const { idp } = adapterAnswering(COGNITO.invalidPassword);
    await expect(signUp(idp, { username: 'ana@example.edu', password: 'Correct-horse-9' })).rejects.toThrow(ACCOUNT_TEXT.passwordRejected);
  });

  it('a late confirmation code is "expired"', async () => {
    const { idp } = adapterAnswering(COGNITO.expiredCode);
    await expect(confirmSignUp(idp, { username: 'ana@example.edu', code: '123456' })).rejects.toThrow(ACCOUNT_TEXT.codeExpired);
  });

  it('a pool that requires a password reset (PasswordResetRequiredException) is not mistaken for a wrong password', async () => {
    const { idp } = adapterAnswering(COGNITO.passwordResetRequired);
    const failure = await logIn(idp, { username: 'ana@example.edu', password: 'Correct-horse-9' }).catch((e: unknown) => e);
    expect((failure as Error).name).toBe('PasswordResetRequiredException');
  });
});
