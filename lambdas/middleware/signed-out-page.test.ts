import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { checkExportLimit } from '#domain/data-rights/export';
import { Unauthorized, NotFound, TooManyRequests } from '#domain/errors';
import { route } from '#lambdas/routes';
import { errorMapper } from './errors';
import { handlerBuilder, reply } from './http';
import { linkPages, openedByLink, pageLanguage, signedOutHtml, wantsPage } from './signed-out-page';

const event = (accept?: string, more: Record<string, string> = {}, cookies?: string[]) =>
  ({ headers: { ...(accept ? { accept } : {}), ...more }, ...(cookies ? { cookies } : {}) }) as unknown as APIGatewayProxyEventV2;
type Request = Parameters<NonNullable<ReturnType<typeof errorMapper>['onError']>>[0];
const request = (error: Error, accept?: string, more: Record<string, string> = {}, cookies?: string[]) =>
  ({ event: event(accept, more, cookies), error, response: undefined, context: {}, internal: {} }) as unknown as Request;
const bodyOf = (r: Request) => String((r.response as { body: string }).body);
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

  it('is in the language the applicant chose on the site (the cookie), else the browser’s, Arabic right to left', () => {
    expect(pageLanguage(event(NAVIGATION, { 'accept-language': 'es-MX,es;q=0.9' }))).toBe('es');
    // API Gateway v2 hands the cookies apart; the switcher's choice wins over the browser's languages.
    expect(pageLanguage(event(NAVIGATION, { 'accept-language': 'es' }, ['a=1', 'language=ar']))).toBe('ar');
    expect(pageLanguage(event(NAVIGATION, { cookie: 'language=es' }))).toBe('es');
    expect(pageLanguage(event(NAVIGATION))).toBe('en');

    const link = errorMapper(linkPages('applicant'));
    const spanish = request(new Unauthorized(), NAVIGATION, { 'accept-language': 'es' });
    void link.onError!(spanish);
    expect(spanish.response).toMatchObject({ statusCode: 401, headers: { 'content-type': 'text/html; charset=utf-8' } });
    expect(bodyOf(spanish)).toMatch(/<html lang="es" dir="ltr">[\s\S]*<h1>Ha cerrado la sesión<\/h1>[\s\S]*<a href="\/login">Iniciar sesión<\/a>/);
    // The institution's name as its file gives it in Spanish, not marked as English.
    expect(bodyOf(spanish)).toContain('<p>Universidad Estatal de Ejemplo</p>');
    const arabic = request(new Unauthorized(), NAVIGATION, {}, ['language=ar']);
    void link.onError!(arabic);
    expect(bodyOf(arabic)).toMatch(/<html lang="ar" dir="rtl">[\s\S]*<h1>لقد سجّلت الخروج<\/h1>[\s\S]*<a href="\/login">تسجيل الدخول<\/a>/);
    expect(
      bodyOf(arabic)
        .replace(/<style>[^<]*<\/style>/, '')
        .replace(/<[^>]*>/g, ''),
    ).not.toMatch(/[A-Za-z]{3,}/);
  });

  it('stays English for the staff, whatever the browser asks', () => {
    const link = errorMapper(linkPages('staff'));
    const page = request(new Unauthorized(), NAVIGATION, { 'accept-language': 'ar' }, ['language=ar']);
    void link.onError!(page);
    expect(bodyOf(page)).toMatch(/<html lang="en">[\s\S]*<h1>You are signed out<\/h1>[\s\S]*staff session[\s\S]*<a href="\/staff\/login">Sign in<\/a>/);
  });

  it('says a data copy asked again too soon in Spanish, the moment as Spanish writes it', async () => {
    const limited = checkExportLimit(() => Promise.resolve({ allowed: false, retryAt: '2026-11-25T18:01:00.000Z' }), 'sub', new Date('2026-11-25T18:00:30Z'));
    const error = await limited.then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    const page = request(error!, NAVIGATION, { 'accept-language': 'es' });
    void errorMapper(linkPages('applicant')).onError!(page);
    expect(page.response).toMatchObject({ statusCode: 429 });
    const html = bodyOf(page);
    expect(html).toMatch(
      /<h1>Espere un momento, por favor<\/h1>[\s\S]*Sus datos se empaquetaron hace menos de un minuto[\s\S]*<a href="\/">Volver a su solicitud<\/a>/,
    );
    // On the institution's clock (Chicago), in Spanish's words: no ISO instant, no English month.
    expect(html).toContain('25 de noviembre de 2026');
    expect(html).not.toMatch(/2026-11-25T|November/);
  });
});
