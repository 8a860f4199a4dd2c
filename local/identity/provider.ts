/**
 * The embedded identity provider of the local stack: Cognito's user-pool operations with
 * Cognito's semantics and error names, so the handlers cannot tell it from the real thing.
 * Users live in a dynalite table; passwords are scrypt-hashed; tokens are RS256 JWTs shaped
 * like Cognito access tokens, without the `aws.cognito.signin.user.admin` scope (as the applicant
 * pool's pre token generation trigger suppresses it in AWS), so the operations Cognito authorises
 * by the user's own token refuse them; e-mails go to the dev outbox.
 */
import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '#adapters/clients';
import { epochSeconds, isConditionalFailure } from '#adapters/store/keys';
import { IdentityError, type IdentityProvider, type Tokens } from '#domain/ports/identity';
import type { ApplicantAccount, ApplicantDirectory } from '#domain/ports/retention';
import { resetMailWords, resetMessage } from '#events/cognito-custom-message';
import { passwordRules } from '#form/account';
import type { LanguageCode } from '#form/i18n/languages';
import { OFFICE_WORDS_READ } from '#lambdas/routes';
import { htmlMailParts } from '../outbox';
import { asFunction } from '../route-grants';
import { CodeAttempts } from './code-attempts';
import { LocalUserPool, type LocalPoolOptions } from './user-pool';
import { hashPassword } from './user-sessions';

/** Cognito's defaults: sign-up codes last 24 hours, reset codes 1 hour. */
const SIGNUP_CODE_TTL = 24 * 60 * 60;
const RESET_CODE_TTL = 60 * 60;
const REFRESH_TTL = 12 * 60 * 60;

interface UserItem {
  pk: string;
  sk: 'user';
  sub: string;
  username: string;
  passwordHash: string;
  status: 'UNCONFIRMED' | 'CONFIRMED';
  /** Sign-up time (ISO 8601), as Cognito's UserCreateDate; absent on users made before it was kept. */
  createdAt?: string;
  signupCode?: string;
  signupCodeExpires?: number;
  resetCode?: string;
  resetCodeExpires?: number;
  failedLogins?: number;
  lockedUntil?: number;
  /** Refresh tokens issued before this instant are revoked (GlobalSignOut). */
  signedOutAt?: number;
}

/** Beside each user, its `sub` → username, as Cognito finds a user by `sub` in the Admin* calls. */
interface SubItem {
  pk: string;
  sk: 'sub';
  sub: string;
  username: string;
}
const subPk = (sub: string) => `user-sub#${sub}`;

const sixDigits = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

function checkPassword(password: string): void {
  const failed = passwordRules.filter((rule) => !rule.test(password));
  if (failed.length > 0) {
    throw new IdentityError('InvalidPasswordException', `Password does not conform to policy: ${failed.map((r) => r.message).join(' ')}`);
  }
}

const codeMismatch = () => new IdentityError('CodeMismatchException', 'Invalid verification code provided, please try again.');

/** Same codes compared in constant time. */
function codeMatches(given: string, expected: string | undefined): boolean {
  if (!expected || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

export class LocalIdentityProvider extends LocalUserPool<UserItem> implements IdentityProvider, ApplicantDirectory {
  private readonly codes: CodeAttempts;

  constructor(private readonly o: LocalPoolOptions) {
    super({ ...o, refreshTtlSeconds: REFRESH_TTL, prefixes: { user: 'user', refresh: 'refresh' } });
    this.codes = new CodeAttempts(o.table);
  }

  private sendSignupCode(username: string, code: string): void {
    const link = `${this.o.origin}/confirm`;
    this.o.outbox.send({
      to: username,
      subject: 'Your confirmation code',
      text: `Your confirmation code is ${code}. Enter it on ${link} to confirm your account. It expires in 24 hours.`,
      code,
      link,
    });
  }

  async signUp(username: string, password: string): Promise<void> {
    checkPassword(password);
    const code = sixDigits();
    const item: UserItem = {
      pk: this.users.userPk(username),
      sk: 'user',
      sub: randomUUID(),
      username: username.trim().toLowerCase(),
      passwordHash: await hashPassword(password),
      status: 'UNCONFIRMED',
      createdAt: new Date().toISOString(),
      signupCode: code,
      signupCodeExpires: epochSeconds() + SIGNUP_CODE_TTL,
    };
    try {
      await dynamoClient().send(new PutCommand({ TableName: this.o.table, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
    } catch (error) {
      if (isConditionalFailure(error)) throw new IdentityError('UsernameExistsException', 'An account with the given email already exists.');
      throw error;
    }
    const bySub: SubItem = { pk: subPk(item.sub), sk: 'sub', sub: item.sub, username: item.username };
    await dynamoClient().send(new PutCommand({ TableName: this.o.table, Item: bySub }));
    await this.codes.reset('confirm', username);
    this.sendSignupCode(item.username, code);
  }

  /** Every applicant account, as Cognito's ListUsers gives them (the retention sweep's directory). */
  async *listAccounts(): AsyncIterable<ApplicantAccount> {
    const prefix = this.users.userPk('');
    let start: Record<string, unknown> | undefined;
    do {
      const out = await dynamoClient().send(
        new ScanCommand({
          TableName: this.o.table,
          FilterExpression: 'sk = :user AND begins_with(pk, :prefix)',
          ExpressionAttributeValues: { ':user': 'user', ':prefix': prefix },
          ...(start ? { ExclusiveStartKey: start } : {}),
        }),
      );
      for (const item of (out.Items ?? []) as UserItem[]) {
        const account: ApplicantAccount = { sub: item.sub, email: item.username, confirmed: item.status === 'CONFIRMED' };
        if (item.createdAt) account.createdAt = item.createdAt;
        yield account;
      }
      start = out.LastEvaluatedKey;
    } while (start);
  }

  /**
   * Every address, with or without an account, confirmed or not, goes through the same steps: the
   * guess is counted first (five per code, and per source), then compared.
   */
  async confirmSignUp(username: string, code: string): Promise<void> {
    await this.codes.countGuess('confirm', username);
    const user = await this.getUser(username);
    if (user?.status !== 'UNCONFIRMED' || !codeMatches(code, user.signupCode)) {
      await this.codes.countWrongFromSource();
      // Cognito with preventUserExistenceErrors answers CodeMismatch for unknown users, NotAuthorized for confirmed ones.
      if (user?.status === 'CONFIRMED') throw new IdentityError('NotAuthorizedException', 'User cannot be confirmed. Current status is CONFIRMED');
      throw codeMismatch();
    }
    await this.codes.reset('confirm', username);
    if ((user.signupCodeExpires ?? 0) < epochSeconds()) throw new IdentityError('ExpiredCodeException', 'Invalid code provided, please request a code again.');
    await this.updateUser(username, 'SET #s = :c REMOVE signupCode, signupCodeExpires', { ':c': 'CONFIRMED' }, { '#s': 'status' });
  }

  async resendConfirmationCode(username: string): Promise<void> {
    // Before looking the address up, so that an address without an account is reset alike.
    await this.codes.reset('confirm', username);
    const user = await this.getUser(username);
    if (!user) return; // preventUserExistenceErrors: a silent success.
    if (user.status === 'CONFIRMED') throw new IdentityError('InvalidParameterException', 'User is already confirmed.');
    const code = sixDigits();
    await this.updateUser(username, 'SET signupCode = :c, signupCodeExpires = :e', { ':c': code, ':e': epochSeconds() + SIGNUP_CODE_TTL });
    this.sendSignupCode(user.username, code);
  }

  async initiateAuth(username: string, password: string): Promise<Tokens> {
    const user = await this.users.passwordSignIn(username, password);
    if (user.status !== 'CONFIRMED') throw new IdentityError('UserNotConfirmedException', 'User is not confirmed.');
    return this.users.issueTokens(user, user.username, randomUUID(), true);
  }

  /**
   * The user whose `sub` this is (Cognito's Admin* calls take it as the username), through the
   * item kept beside each user; a user signed up before that item existed is found by a scan.
   */
  private async userBySub(sub: string): Promise<UserItem | undefined> {
    const out = await dynamoClient().send(new GetCommand({ TableName: this.o.table, Key: { pk: subPk(sub), sk: 'sub' }, ConsistentRead: true }));
    const username = (out.Item as SubItem | undefined)?.username;
    if (username) {
      const user = await this.getUser(username);
      return user?.sub === sub ? user : undefined;
    }
    let start: Record<string, unknown> | undefined;
    do {
      const page = await dynamoClient().send(
        new ScanCommand({
          TableName: this.o.table,
          FilterExpression: 'sk = :user AND #s = :s AND begins_with(pk, :prefix)',
          ExpressionAttributeNames: { '#s': 'sub' },
          ExpressionAttributeValues: { ':user': 'user', ':s': sub, ':prefix': this.users.userPk('') },
          ...(start ? { ExclusiveStartKey: start } : {}),
        }),
      );
      const found = (page.Items ?? [])[0] as UserItem | undefined;
      if (found) return found;
      start = page.LastEvaluatedKey;
    } while (start);
    return undefined;
  }

  private async existingBySub(sub: string): Promise<UserItem> {
    const user = await this.userBySub(sub);
    if (!user) throw new IdentityError('UserNotFoundException', 'User does not exist.');
    return user;
  }

  /** AdminGetUser's `email`: the local pool's usernames are the e-mail addresses the applicants confirmed. */
  async verifiedEmail(sub: string): Promise<string> {
    return (await this.existingBySub(sub)).username;
  }

  /** AdminUserGlobalSignOut: every refresh token issued until now renews nothing. */
  async adminUserGlobalSignOut(sub: string): Promise<void> {
    await this.users.signOutEverywhere((await this.existingBySub(sub)).username);
  }

  /** Whether the account exists (the retention sweep's check of one `sub`). */
  async accountExists(sub: string): Promise<boolean> {
    return (await this.userBySub(sub)) !== undefined;
  }

  async adminDeleteUser(sub: string): Promise<void> {
    await this.deleteUserItems(sub);
  }

  // Cognito's operations authorised by the user's own access token, as the stand-in for its API
  // (local/cognito-api.ts) offers them: each refuses a token without the user-admin scope, which
  // no applicant token carries.

  /** GetUser: the user's attributes. */
  async getUserByToken(accessToken: string): Promise<{ username: string; attributes: Record<string, string> }> {
    const { user } = await this.users.userOfToken(accessToken);
    return { username: user.sub, attributes: { sub: user.sub, email: user.username, email_verified: String(user.status === 'CONFIRMED') } };
  }

  /** DeleteUser: the user and everything the provider keeps of it. */
  async deleteUserByToken(accessToken: string): Promise<void> {
    const { user } = await this.users.userOfToken(accessToken);
    await this.deleteUserItems(user.sub);
  }

  /** UpdateUserAttributes: the token is checked as Cognito checks it; the local pool keeps no attribute but the address, which is the username here. */
  async updateUserAttributesByToken(accessToken: string, names: readonly string[]): Promise<void> {
    await this.users.userOfToken(accessToken);
    throw new IdentityError(
      'InvalidParameterException',
      `The local identity provider cannot change ${names.join(', ') || 'attributes'}: the e-mail address is its username.`,
    );
  }

  /**
   * The user, its refresh tokens and its address's code-guess counters, found by `sub` (a scan:
   * this table is the local stand-in for Cognito, small and local), so the address can sign up
   * afresh and nothing of the user stays.
   */
  private async deleteUserItems(sub: string): Promise<void> {
    let start: Record<string, unknown> | undefined;
    do {
      const out = await dynamoClient().send(
        new ScanCommand({
          TableName: this.o.table,
          FilterExpression: '#s = :s',
          ExpressionAttributeNames: { '#s': 'sub' },
          ExpressionAttributeValues: { ':s': sub },
          ExclusiveStartKey: start,
        }),
      );
      for (const item of (out.Items ?? []) as Array<{ pk: string; sk: string; username?: unknown }>) {
        if (item.sk === 'user' || item.sk === 'refresh' || item.sk === 'sub')
          await dynamoClient().send(new DeleteCommand({ TableName: this.o.table, Key: { pk: item.pk, sk: item.sk } }));
        if (item.sk === 'user' && typeof item.username === 'string') await this.codes.forget(item.username);
      }
      start = out.LastEvaluatedKey;
    } while (start);
  }

  async forgotPassword(username: string, language?: LanguageCode): Promise<void> {
    await this.codes.reset('reset', username);
    const user = await this.getUser(username);
    if (!user) return; // preventUserExistenceErrors.
    const code = sixDigits();
    await this.updateUser(username, 'SET resetCode = :c, resetCodeExpires = :e', { ':c': code, ':e': epochSeconds() + RESET_CODE_TTL });
    // The mail the Cognito trigger writes in AWS, in the office's words of Settings, read with the trigger's grant (lib/auth.ts).
    // In the language the reset was asked in, as Cognito hands the trigger its ClientMetadata.
    const words = await asFunction({ name: 'customMessage', grants: [OFFICE_WORDS_READ] }, () => resetMailWords(language));
    const message = resetMessage(user.username, code, this.o.origin, words, language);
    this.o.outbox.send({ to: user.username, subject: message.emailSubject, ...htmlMailParts(message.emailMessage), code });
  }

  async confirmForgotPassword(username: string, code: string, password: string): Promise<void> {
    await this.codes.countGuess('reset', username);
    const user = await this.getUser(username);
    if (!user || !codeMatches(code, user.resetCode)) {
      await this.codes.countWrongFromSource();
      throw codeMismatch();
    }
    await this.codes.reset('reset', username);
    if ((user.resetCodeExpires ?? 0) < epochSeconds()) throw new IdentityError('ExpiredCodeException', 'Invalid code provided, please request a code again.');
    checkPassword(password);
    // A reset also confirms the address (the code reached it) and ends other sessions.
    await this.updateUser(
      username,
      'SET passwordHash = :h, #s = :c, failedLogins = :z, signedOutAt = :t REMOVE resetCode, resetCodeExpires, lockedUntil',
      { ':h': await hashPassword(password), ':c': 'CONFIRMED', ':z': 0, ':t': Date.now() },
      { '#s': 'status' },
    );
  }
}
