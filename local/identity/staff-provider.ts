/**
 * The local stack's staff user pool: admin-created users who sign in with a temporary password,
 * must choose a new one, then set up and always use a TOTP authenticator, through Cognito's
 * challenge flow and error names (NEW_PASSWORD_REQUIRED → MFA_SETUP → SOFTWARE_TOKEN_MFA).
 * Kept in the identity table beside the applicants, under their own keys; the tokens carry the
 * staff client id, so an applicant route never accepts them, nor a staff route an applicant's.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '#adapters/clients';
import { STAFF_PASSWORD_MIN_LENGTH, type StaffAuthStep, type StaffIdentityProvider } from '#adapters/identity/staff-types';
import { IdentityError } from '#adapters/identity/types';
import { epochSeconds, isConditionalFailure } from '#adapters/store/keys';
import { passwordRules } from '#form/account';
import { staffInvitation } from '#form/staff-invitation';
import { newTotpSecret, totpStep } from './totp';
import { LocalUserPool, type LocalPoolOptions } from './user-pool';
import { hashPassword } from './user-sessions';

/** Cognito's defaults: a challenge session lasts 3 minutes, a temporary password 7 days. */
const CHALLENGE_TTL = 3 * 60;
const TEMPORARY_PASSWORD_TTL = 7 * 24 * 60 * 60;
const REFRESH_TTL = 8 * 60 * 60;
/** Wrong codes within one challenge session before it is burnt. */
const MAX_CODE_ATTEMPTS = 5;

interface StaffUser {
  pk: string;
  sk: 'user';
  sub: string;
  email: string;
  passwordHash: string;
  status: 'FORCE_CHANGE_PASSWORD' | 'CONFIRMED';
  temporaryPasswordExpires?: number;
  /** Set once MFA_SETUP completes; from then on every sign-in asks for a code. */
  totpSecret?: string;
  /** The last time step whose code was accepted: a code works once. */
  lastTotpStep?: number;
  failedLogins?: number;
  lockedUntil?: number;
  signedOutAt?: number;
  /** The one role group (form/wire/roles.ts); none for users created before roles (admin). */
  groups?: string[];
}

interface ChallengeItem {
  pk: string;
  sk: 'challenge';
  email: string;
  challenge: 'NEW_PASSWORD_REQUIRED' | 'MFA_SETUP' | 'SOFTWARE_TOKEN_MFA';
  /** MFA_SETUP: the secret being set up. */
  secret?: string;
  attempts: number;
  expiresAt: number;
}

const hashed = (token: string) => createHash('sha256').update(token).digest('hex');
const challengePk = (session: string) => `staff-challenge#${hashed(session)}`;

const notAuthorized = () => new IdentityError('NotAuthorizedException', 'Incorrect username or password.');
const sessionExpired = () => new IdentityError('NotAuthorizedException', 'Invalid session for the user, session is expired.');
const codeMismatch = () => new IdentityError('CodeMismatchException', 'Invalid code received for user');

export function checkStaffPassword(password: string): void {
  const failed = passwordRules.filter((rule) => rule.id !== 'length' && !rule.test(password)).map((r) => r.message);
  if (password.length < STAFF_PASSWORD_MIN_LENGTH) failed.unshift(`Password must be at least ${STAFF_PASSWORD_MIN_LENGTH} characters.`);
  if (failed.length > 0) throw new IdentityError('InvalidPasswordException', `Password does not conform to policy: ${failed.join(' ')}`);
}

/** A temporary password that meets the policy: 16 random characters and one of each class. */
function temporaryPassword(): string {
  return `${randomBytes(12).toString('base64url')}Aa1!`;
}

export class LocalStaffIdentityProvider extends LocalUserPool<StaffUser> implements StaffIdentityProvider {
  constructor(private readonly o: LocalPoolOptions) {
    super({ ...o, refreshTtlSeconds: REFRESH_TTL, prefixes: { user: 'staff', refresh: 'staff-refresh' } });
  }

  private async newChallenge(email: string, challenge: ChallengeItem['challenge'], secret?: string): Promise<string> {
    const session = randomBytes(32).toString('base64url');
    const item: ChallengeItem = { pk: challengePk(session), sk: 'challenge', email, challenge, attempts: 0, expiresAt: epochSeconds() + CHALLENGE_TTL };
    if (secret) item.secret = secret;
    await dynamoClient().send(new PutCommand({ TableName: this.o.table, Item: item }));
    return session;
  }

  /** The live challenge of this session for this user, or NotAuthorized (Cognito's answer to a stale session). */
  private async takeChallenge(email: string, session: string, expected: ChallengeItem['challenge']): Promise<ChallengeItem> {
    if (!/^[A-Za-z0-9_-]{20,200}$/.test(session)) throw sessionExpired();
    const out = await dynamoClient().send(
      new GetCommand({ TableName: this.o.table, Key: { pk: challengePk(session), sk: 'challenge' }, ConsistentRead: true }),
    );
    const item = out.Item as ChallengeItem | undefined;
    if (!item || item.expiresAt <= epochSeconds() || item.email !== email.trim().toLowerCase() || item.challenge !== expected) throw sessionExpired();
    return item;
  }

  private async endChallenge(session: string): Promise<void> {
    await dynamoClient().send(new DeleteCommand({ TableName: this.o.table, Key: { pk: challengePk(session), sk: 'challenge' } }));
  }

  /** A wrong code: counted against the session, which is burnt after MAX_CODE_ATTEMPTS. */
  private async wrongCode(session: string, item: ChallengeItem): Promise<never> {
    if (item.attempts + 1 >= MAX_CODE_ATTEMPTS) {
      await this.endChallenge(session);
      throw new IdentityError('TooManyFailedAttemptsException', 'Too many invalid credentials attempts. Start the sign-in again.');
    }
    await dynamoClient().send(
      new UpdateCommand({
        TableName: this.o.table,
        Key: { pk: item.pk, sk: 'challenge' },
        UpdateExpression: 'SET attempts = attempts + :one',
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
    throw codeMismatch();
  }

  /**
   * AdminAddUserToGroup and AdminRemoveUserFromGroup in one: the user's one role group. Like
   * Cognito, tokens already issued keep their groups; the next refresh carries the new one.
   */
  async setGroup(email: string, group: string): Promise<void> {
    const address = email.trim().toLowerCase();
    if (!(await this.getUser(address))) throw new IdentityError('UserNotFoundException', 'User does not exist.');
    await this.updateUser(address, 'SET #g = :g', { ':g': [group] }, { '#g': 'groups' });
  }

  /** The user's groups (AdminListGroupsForUser); UserNotFoundException for an unknown user. */
  async listGroups(email: string): Promise<string[]> {
    const user = await this.getUser(email.trim().toLowerCase());
    if (!user) throw new IdentityError('UserNotFoundException', 'User does not exist.');
    return user.groups ?? [];
  }

  async adminCreateUser(email: string, group?: string): Promise<void> {
    const address = email.trim().toLowerCase();
    const password = temporaryPassword();
    const user: StaffUser = {
      pk: this.users.userPk(address),
      sk: 'user',
      sub: randomUUID(),
      email: address,
      passwordHash: await hashPassword(password),
      status: 'FORCE_CHANGE_PASSWORD',
      temporaryPasswordExpires: epochSeconds() + TEMPORARY_PASSWORD_TTL,
    };
    if (group) user.groups = [group];
    try {
      await dynamoClient().send(new PutCommand({ TableName: this.o.table, Item: user, ConditionExpression: 'attribute_not_exists(pk)' }));
    } catch (error) {
      if (isConditionalFailure(error)) throw new IdentityError('UsernameExistsException', 'User account already exists');
      throw error;
    }
    const link = `${this.o.origin}/staff`;
    const invitation = staffInvitation({ username: address, password, signIn: link });
    this.o.outbox.send({ to: address, subject: invitation.subject, text: invitation.text, html: invitation.html, code: password, link });
  }

  async initiateAuth(email: string, password: string): Promise<StaffAuthStep> {
    const user = await this.users.passwordSignIn(email, password);
    if (user.status === 'FORCE_CHANGE_PASSWORD') {
      if ((user.temporaryPasswordExpires ?? 0) < epochSeconds()) {
        throw new IdentityError('NotAuthorizedException', 'Temporary password has expired and must be reset by an administrator.');
      }
      return { kind: 'challenge', challenge: 'NEW_PASSWORD_REQUIRED', session: await this.newChallenge(user.email, 'NEW_PASSWORD_REQUIRED') };
    }
    if (!user.totpSecret) return this.mfaSetup(user.email);
    return { kind: 'challenge', challenge: 'SOFTWARE_TOKEN_MFA', session: await this.newChallenge(user.email, 'SOFTWARE_TOKEN_MFA') };
  }

  private async mfaSetup(email: string): Promise<StaffAuthStep> {
    const secret = newTotpSecret();
    return { kind: 'challenge', challenge: 'MFA_SETUP', secret, session: await this.newChallenge(email, 'MFA_SETUP', secret) };
  }

  async respondNewPassword(email: string, session: string, newPassword: string): Promise<StaffAuthStep> {
    const item = await this.takeChallenge(email, session, 'NEW_PASSWORD_REQUIRED');
    checkStaffPassword(newPassword);
    await this.endChallenge(session);
    await this.updateUser(
      item.email,
      'SET passwordHash = :h, #s = :c REMOVE temporaryPasswordExpires',
      { ':h': await hashPassword(newPassword), ':c': 'CONFIRMED' },
      { '#s': 'status' },
    );
    // MFA is required: a user without an authenticator sets one up before any session.
    return this.mfaSetup(item.email);
  }

  async respondMfaSetup(email: string, session: string, code: string): Promise<StaffAuthStep> {
    const item = await this.takeChallenge(email, session, 'MFA_SETUP');
    const step = item.secret ? totpStep(item.secret, code) : undefined;
    if (step === undefined) return this.wrongCode(session, item);
    await this.endChallenge(session);
    await this.updateUser(item.email, 'SET totpSecret = :s, lastTotpStep = :t', { ':s': item.secret, ':t': step });
    return this.signedIn(item.email);
  }

  async respondSoftwareTokenMfa(email: string, session: string, code: string): Promise<StaffAuthStep> {
    const item = await this.takeChallenge(email, session, 'SOFTWARE_TOKEN_MFA');
    const user = await this.getUser(item.email);
    if (!user?.totpSecret) throw sessionExpired();
    const step = totpStep(user.totpSecret, code);
    if (step === undefined || step <= (user.lastTotpStep ?? -1)) return this.wrongCode(session, item);
    // Conditional: two requests with the same code cannot both pass.
    try {
      await dynamoClient().send(
        new UpdateCommand({
          TableName: this.o.table,
          Key: { pk: this.users.userPk(item.email), sk: 'user' },
          UpdateExpression: 'SET lastTotpStep = :t',
          ConditionExpression: 'attribute_not_exists(lastTotpStep) OR lastTotpStep < :t',
          ExpressionAttributeValues: { ':t': step },
        }),
      );
    } catch (error) {
      if (isConditionalFailure(error)) return this.wrongCode(session, item);
      throw error;
    }
    await this.endChallenge(session);
    return this.signedIn(item.email);
  }

  private async signedIn(email: string): Promise<StaffAuthStep> {
    const user = await this.getUser(email);
    if (!user) throw notAuthorized();
    return { kind: 'tokens', tokens: await this.users.issueTokens(user, user.email, randomUUID(), true) };
  }
}
