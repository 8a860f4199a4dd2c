import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { Unauthorized, NotFound, TooManyRequests } from '#domain/errors';
import { route } from '#lambdas/routes';
import { errorMapper } from './errors';
import { handlerBuilder, reply } from './http';
import { linkPages, openedByLink, signedOutHtml, wantsPage } from './signed-out-page';

const event = (accept?: string) => ({ headers: accept ? { accept } : {} }) as unknown as APIGatewayProxyEventV2;
type Request = Parameters<NonNullable<ReturnType<typeof errorMapper>['onError']>>[0];
const request = (error: Error, accept?: string) => ({ event: event(accept), error, response: undefined, context: {}, internal: {} }) as unknown as Request;
const NAVIGATION = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('the signed-out page of a link', () => {
  it('is what a browser navigation asks for, not a fetch', () => {
    expect(wantsPage(event(NAVIGATION))).toBe(true);
    expect(wantsPage(event('application/json'))).toBe(false);
    expect(wantsPage(event('*/*'))).toBe(false);
    expect(wantsPage(event())).toBe(false);
  });

  it('says so in words and links to the right sign-in', () => {
    expect(signedOutHtml('applicant')).toMatch(/<html lang="en">[\s\S]*<h1>You are signed out<\/h1>[\s\S]*<a href="\/login">Sign in<\/a>/);
    expect(signedOutHtml('staff')).toContain('<a href="/staff/login">Sign in</a>');
  });

  it('answers a lost session on a link route with the page, and everything else as JSON', () => {
    const link = errorMapper(linkPages('staff'));
    const page = request(new Unauthorized(), NAVIGATION);
    void link.onError!(page);
    expect(page.response).toMatchObject({ statusCode: 401, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
    const script = request(new Unauthorized(), 'application/json');
    void link.onError!(script);
    expect(script.response).toMatchObject({ statusCode: 401, headers: { 'content-type': 'application/json; charset=utf-8' } });
    const missing = request(new NotFound('No such file.'), NAVIGATION);
    void link.onError!(missing);
    expect(missing.response).toMatchObject({ statusCode: 404, body: JSON.stringify({ message: 'No such file.' }) });
    const other = request(new Unauthorized(), NAVIGATION);
    void errorMapper().onError!(other);
    expect(other.response).toMatchObject({ statusCode: 401, headers: { 'content-type': 'application/json; charset=utf-8' } });
  });

  it('answers a link opened again too soon with a page that says when, and a fetch with the JSON', () => {
    const link = errorMapper(linkPages('applicant'));
    const error = new TooManyRequests('Your data was packed less than a minute ago. You can download a new copy after 2026-11-25T12:01:00.000Z.');
    error.extra.next_allowed_at = '2026-11-25T12:01:00.000Z';
    const page = request(error, NAVIGATION);
    void link.onError!(page);
    expect(page.response).toMatchObject({ statusCode: 429, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
    expect(String((page.response as { body: string }).body)).toMatch(
      /<h1>Please wait a moment<\/h1>[\s\S]*less than a minute ago[\s\S]*<a href="\/">Back to your application<\/a>/,
    );
    const script = request(error, 'application/json');
    void link.onError!(script);
    expect(script.response).toMatchObject({ statusCode: 429, body: JSON.stringify({ message: error.message, next_allowed_at: '2026-11-25T12:01:00.000Z' }) });
  });

  it("comes only with a link route's row, which does not build without it", () => {
    const httpHandler = handlerBuilder<'applicant'>(() => []);
    expect(openedByLink(route('exportMyData')).errorPage).toBeTypeOf('function');
    expect(httpHandler(openedByLink(route('exportMyData')), () => reply(204, {}))).toBeTypeOf('function');
    // @ts-expect-error: the table marks the export `openedByLink`, so its row needs its error pages.
    expect(httpHandler(route('exportMyData'), () => reply(204, {}))).toBeTypeOf('function');
    // A route not opened from a link takes no pages (its Lambda does not bundle them).
    expect(httpHandler(route('readAddAnother'), () => reply(204, {}))).toBeTypeOf('function');
  });
});
