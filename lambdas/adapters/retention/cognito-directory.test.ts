/**
 * The applicants' accounts through Cognito's ListUsers (Cognito cannot run here): the pages it
 * asks for and what it makes of each user.
 */
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, it } from 'vitest';
import { setConfig } from '#lambdas/config';
import { CognitoApplicantDirectory } from './cognito-directory';

const user = (sub: string, status: string, email: string | null = `${sub}@example.edu`) => ({
  Username: sub,
  UserStatus: status,
  UserCreateDate: new Date('2026-01-10T12:00:00Z'),
  Attributes: [{ Name: 'sub', Value: sub }, ...(email ? [{ Name: 'email', Value: email }] : [])],
});

beforeAll(() => setConfig({ identityProvider: 'cognito', userPoolId: 'us-east-1_applicants' }));

describe('the applicants in Cognito', () => {
  it('are listed page by page, 60 at a time, with their sub, address, sign-up date and whether they confirmed', async () => {
    const sent: Array<Record<string, unknown>> = [];
    const pages = [
      { Users: [user('a', 'CONFIRMED'), user('b', 'UNCONFIRMED')], PaginationToken: 'next' },
      { Users: [user('c', 'RESET_REQUIRED'), user('d', 'CONFIRMED', null)] },
    ];
    const client = {
      send: (command: { input: Record<string, unknown> }) => {
        sent.push(command.input);
        return Promise.resolve(pages[sent.length - 1]);
      },
    } as unknown as CognitoIdentityProviderClient;
    const listed = [];
    for await (const account of new CognitoApplicantDirectory(client).listAccounts()) listed.push(account);
    expect(sent).toEqual([
      { UserPoolId: 'us-east-1_applicants', Limit: 60, AttributesToGet: ['sub', 'email'] },
      { UserPoolId: 'us-east-1_applicants', Limit: 60, AttributesToGet: ['sub', 'email'], PaginationToken: 'next' },
    ]);
    const created = '2026-01-10T12:00:00.000Z';
    expect(listed).toEqual([
      { sub: 'a', email: 'a@example.edu', createdAt: created, confirmed: true },
      { sub: 'b', email: 'b@example.edu', createdAt: created, confirmed: false },
      { sub: 'c', email: 'c@example.edu', createdAt: created, confirmed: true },
    ]);
  });

  it('tells whether one account exists by its sub, with a filtered ListUsers; a value that is no sub counts as existing', async () => {
    const sent: Array<Record<string, unknown>> = [];
    const answers = [{ Users: [user('a', 'CONFIRMED')] }, { Users: [] }];
    const client = {
      send: (command: { input: Record<string, unknown> }) => {
        sent.push(command.input);
        return Promise.resolve(answers[sent.length - 1]);
      },
    } as unknown as CognitoIdentityProviderClient;
    const directory = new CognitoApplicantDirectory(client);
    expect(await directory.accountExists('4f1c-aa')).toBe(true);
    expect(await directory.accountExists('9e2d-bb')).toBe(false);
    expect(await directory.accountExists('x" or sub ^= "')).toBe(true);
    expect(sent).toEqual([
      { UserPoolId: 'us-east-1_applicants', Limit: 1, AttributesToGet: ['sub'], Filter: 'sub = "4f1c-aa"' },
      { UserPoolId: 'us-east-1_applicants', Limit: 1, AttributesToGet: ['sub'], Filter: 'sub = "9e2d-bb"' },
    ]);
  });
});
