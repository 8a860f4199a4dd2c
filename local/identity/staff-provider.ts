/**
 * The local stack's staff user pool: admin-created users who sign in with a temporary password,
 * must choose a new one, then set up and always use a TOTP authenticator, through Cognito's
 * challenge flow and error names (NEW_PASSWORD_REQUIRED → MFA_SETUP → SOFTWARE_TOKEN_MFA).
 * Kept in the identity table beside the applicants, under their own keys; the tokens carry the
 * staff client id, so an applicant route never accepts them, nor a staff route an applicant's.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '#adapters/clients';
import { epochSeconds, isConditionalFailure } from '#adapters/store/keys';
import { IdentityError } from '#domain/ports/identity';
import { STAFF_PASSWORD_MIN_LENGTH, type StaffAuthStep, type StaffIdentityProvider } from '#domain/ports/staff-identity';
import { passwordRules } from '#form/account';
import { staffInvitation } from '#form/staff-invitation';
import { isStaffRole } from '#form/wire/roles';
import { newTotpSecret, totpStep } from './totp';
import { LocalUserPool, type LocalPoolOptions } from './user-pool';
import { hashPassword, USER_ADMIN_SCOPE } from './user-sessions';

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
  /** The user's groups (the pool's groups are the roles, form/wire/roles.ts); none is no access. */
  groups?: string[];
  /** AdminDisableUser: no sign-in, no refresh. */
  disabled?: boolean;
}

/** AdminGetUser's and ListUsers' view of a user, in Cognito's terms. */
export interface StaffUserView {
  username: string;
  sub: string;
  enabled: boolean;
  status: StaffUser['status'];
  /** UserMFASettingList: SOFTWARE_TOKEN_MFA once an authenticator is set up. */
  mfa: string[];
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
const userDisabled = () => new IdentityError('NotAuthorizedException', 'User is disabled.');
const userNotFound = () => new IdentityError('UserNotFoundException', 'User does not exist.');
const groupNotFound = () => new IdentityError('ResourceNotFoundException', 'Group not found.');

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
    // Staff tokens keep Cognito's user-admin scope (the staff pool has no trigger that removes it).
    super({ ...o, refreshTtlSeconds: REFRESH_TTL, prefixes: { user: 'staff', refresh: 'staff-refresh' }, scope: USER_ADMIN_SCOPE });
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

  /** The user, or Cognito's UserNotFoundException. */
  private async existing(email: string): Promise<StaffUser> {
    const user = await this.getUser(email.trim().toLowerCase());
    if (!user) throw userNotFound();
    return user;
  }

  /** AdminAddUserToGroup: the pool's groups are the roles (lib/staff.ts makes the same three). Like Cognito, tokens already issued keep their groups; the next refresh carries the new one. */
  async adminAddUserToGroup(email: string, group: string): Promise<void> {
    if (!isStaffRole(group)) throw groupNotFound();
    const user = await this.existing(email);
    if (user.groups?.includes(group)) return;
    await this.updateUser(user.email, 'SET #g = :g', { ':g': [...(user.groups ?? []), group] }, { '#g': 'groups' });
  }

  /** AdminRemoveUserFromGroup: succeeds when the user was not in it (as Cognito). */
  async adminRemoveUserFromGroup(email: string, group: string): Promise<void> {
    if (!isStaffRole(group)) throw groupNotFound();
    const user = await this.existing(email);
    await this.updateUser(user.email, 'SET #g = :g', { ':g': (user.groups ?? []).filter((g) => g !== group) }, { '#g': 'groups' });
  }

  /** AdminListGroupsForUser. */
  async adminListGroupsForUser(email: string): Promise<string[]> {
    return (await this.existing(email)).groups ?? [];
  }

  /** AdminDeleteUser: the user goes; its refresh tokens open nothing once it is gone. */
  async adminDeleteUser(email: string): Promise<void> {
    const user = await this.existing(email);
    await dynamoClient().send(new DeleteCommand({ TableName: this.o.table, Key: { pk: this.users.userPk(user.email), sk: 'user' } }));
  }

  private view(user: StaffUser): StaffUserView {
    return { username: user.email, sub: user.sub, enabled: !user.disabled, status: user.status, mfa: user.totpSecret ? ['SOFTWARE_TOKEN_MFA'] : [] };
  }

  /** AdminGetUser. */
  async adminGetUser(email: string): Promise<StaffUserView> {
    return this.view(await this.existing(email));
  }

  /** AdminDisableUser / AdminEnableUser: a disabled user's sign-in and refresh are refused (NotAuthorizedException "User is disabled."). */
  async adminSetEnabled(email: string, enabled: boolean): Promise<void> {
    const user = await this.existing(email);
    await this.updateUser(user.email, 'SET disabled = :d', { ':d': !enabled });
  }

  /** AdminUserGlobalSignOut: the user's refresh tokens renew nothing any more (access tokens run out on their own, as Cognito's). */
  async adminUserGlobalSignOut(email: string): Promise<void> {
    const user = await this.existing(email);
    await this.users.signOutEverywhere(user.email);
  }

  /** ListUsersInGroup: the group's users, in one page. */
  async listUsersInGroup(group: string): Promise<StaffUserView[]> {
    if (!isStaffRole(group)) throw groupNotFound();
    return (await this.allUsers()).filter((u) => u.groups?.includes(group)).map((u) => this.view(u));
  }

  /** ListUsers: every staff user, in one page (this pool is a handful of people). */
  async listUserViews(): Promise<StaffUserView[]> {
    return (await this.allUsers()).map((u) => this.view(u));
  }

  /** ListUsers: every staff user's username. */
  async listUsers(): Promise<string[]> {
    return (await this.allUsers()).map((u) => u.email);
  }

  private async allUsers(): Promise<StaffUser[]> {
    const users: StaffUser[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const out = await dynamoClient().send(
        new ScanCommand({
          TableName: this.o.table,
          FilterExpression: 'sk = :user AND begins_with(pk, :prefix)',
          ExpressionAttributeValues: { ':user': 'user', ':prefix': this.users.userPk('') },
          ...(start ? { ExclusiveStartKey: start } : {}),
        }),
      );
      users.push(...((out.Items ?? []) as StaffUser[]));
      start = out.LastEvaluatedKey;
    } while (start);
    return users.sort((a, b) => a.email.localeCompare(b.email));
  }

  /**
   * AdminCreateUser. Without a message action: the user, and the invitation with a temporary
   * password. SUPPRESS: the user, and no mail (nobody knows its password). RESEND: a user still
   * waiting for their first sign-in gets the invitation again, with a new temporary password and
   * a new week; anyone else is refused as Cognito refuses them.
   */
  async adminCreateUser(email: string, messageAction?: 'SUPPRESS' | 'RESEND'): Promise<void> {
    const address = email.trim().toLowerCase();
    const password = temporaryPassword();
    if (messageAction === 'RESEND') {
      const user = await this.existing(address);
      if (user.status !== 'FORCE_CHANGE_PASSWORD')
        throw new IdentityError('UnsupportedUserStateException', `Resend not possible. ${address} status is not FORCE_CHANGE_PASSWORD.`);
      await this.updateUser(address, 'SET passwordHash = :h, temporaryPasswordExpires = :e', {
        ':h': await hashPassword(password),
        ':e': epochSeconds() + TEMPORARY_PASSWORD_TTL,
      });
      this.sendInvitation(address, password);
      return;
    }
    const user: StaffUser = {
      pk: this.users.userPk(address),
      sk: 'user',
      sub: randomUUID(),
      email: address,
      passwordHash: await hashPassword(password),
      status: 'FORCE_CHANGE_PASSWORD',
      temporaryPasswordExpires: epochSeconds() + TEMPORARY_PASSWORD_TTL,
    };
    try {
      await dynamoClient().send(new PutCommand({ TableName: this.o.table, Item: user, ConditionExpression: 'attribute_not_exists(pk)' }));
    } catch (error) {
      if (isConditionalFailure(error)) throw new IdentityError('UsernameExistsException', 'User account already exists');
      throw error;
    }
    if (messageAction !== 'SUPPRESS') this.sendInvitation(address, password);
  }

  private sendInvitation(address: string, password: string): void {
    const link = `${this.o.origin}/staff`;
    const invitation = staffInvitation({ username: address, password, signIn: link });
    this.o.outbox.send({ to: address, subject: invitation.subject, text: invitation.text, html: invitation.html, code: password, link });
  }

  async initiateAuth(email: string, password: string): Promise<StaffAuthStep> {
    const user = await this.users.passwordSignIn(email, password);
    if (user.disabled) throw userDisabled();
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
    // Disabled during the challenge: no session.
    if (user.disabled) throw userDisabled();
    return { kind: 'tokens', tokens: await this.users.issueTokens(user, user.email, randomUUID(), true) };
  }
}
