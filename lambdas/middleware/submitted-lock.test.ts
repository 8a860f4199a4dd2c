import { describe, expect, it } from 'vitest';
import { route } from '#lambdas/routes';
import { handlerBuilder, reply } from './http';
import { lockedAfterSubmit } from './submitted-lock';

describe('the submitted lock', () => {
  it("comes only with a locked route's row, which does not build without it", () => {
    const httpHandler = handlerBuilder<'applicant'>(() => []);
    expect(lockedAfterSubmit(route('deleteDocument')).submittedLock.before).toBeTypeOf('function');
    expect(httpHandler(lockedAfterSubmit(route('deleteDocument')), () => reply(204, {}))).toBeTypeOf('function');
    // @ts-expect-error: the table locks deleting a document after submit, so its row needs the lock.
    expect(httpHandler(route('deleteDocument'), () => reply(204, {}))).toBeTypeOf('function');
  });

  it('refuses a route without an applicant (it reads whose application is submitted)', async () => {
    const request = { context: {} } as Parameters<NonNullable<ReturnType<typeof lockedAfterSubmit>['submittedLock']['before']>>[0];
    await expect(lockedAfterSubmit(route('deleteDocument')).submittedLock.before!(request)).rejects.toThrow('the submitted lock needs an applicant route');
  });
});
