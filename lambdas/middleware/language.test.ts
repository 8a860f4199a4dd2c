import { describe, expect, it } from 'vitest';
import { ACCOUNT_TEXT } from '#domain/accounts';
import { Conflict } from '#domain/errors';
import { ALREADY_SUBMITTED_MESSAGE } from '#form/contract';
import { messages as en } from '#form/i18n/compiled/server/en';
import { languageOfHeader, translateServerMessage } from '#form/i18n/server-words';
import { errorResponse } from './errors';
import { replyLanguage, translateReply } from './language';
import type { HttpMiddleware } from './pipeline';
import { jsonResponse } from './response';

describe('the language of a reply', () => {
  it('follows Accept-Language by quality, English without one we have', () => {
    expect(languageOfHeader('es-MX,es;q=0.9,en;q=0.5')).toBe('es');
    expect(languageOfHeader('fr, ar;q=0.8, en;q=0.9')).toBe('en');
    expect(languageOfHeader('fr, ar;q=0.8')).toBe('ar');
    expect(languageOfHeader(undefined)).toBe('en');
    expect(languageOfHeader('de')).toBe('en');
  });

  it('says a message the server throws in English in Spanish and Arabic, placeholders kept', () => {
    expect(translateServerMessage('es', ALREADY_SUBMITTED_MESSAGE)).toBe('Su solicitud ya fue enviada, por lo que ya no se puede modificar.');
    expect(translateServerMessage('ar', ACCOUNT_TEXT.loginFailed)).toBe('البريد الإلكتروني أو كلمة المرور غير صحيحة.');
    expect(translateServerMessage('es', 'Unknown question: favourite_colour.')).toBe('Pregunta desconocida: favourite_colour.');
    expect(translateServerMessage('en', ACCOUNT_TEXT.loginFailed)).toBe(ACCOUNT_TEXT.loginFailed);
    // Words the catalog does not know stay as they are, in English.
    expect(translateServerMessage('es', 'Something the catalog never heard.')).toBe('Something the catalog never heard.');
  });

  it('the English catalog is the words the server throws: every English server message reads back as itself', () => {
    for (const [id, message] of Object.entries(en)) {
      if (!id.startsWith('server.') || typeof message !== 'string') continue;
      expect(translateServerMessage('en', message)).toBe(message);
      expect(translateServerMessage('es', message), id).not.toBe(message);
    }
  });

  it('translates a JSON reply’s message and field errors, and leaves other replies alone', () => {
    const reply = jsonResponse(400, { message: ACCOUNT_TEXT.passwordRejected, errors: { password: [ACCOUNT_TEXT.passwordRejected] } });
    const body = JSON.parse(translateReply(reply, 'es').body as string) as { message: string; errors: { password: string[] } };
    expect(body.message).toBe('Esa contraseña no cumple los requisitos.');
    expect(body.errors.password).toEqual(['Esa contraseña no cumple los requisitos.']);
    const page = { statusCode: 401, headers: { 'content-type': 'text/html' }, body: '<p>Signed out</p>' };
    expect(translateReply(page, 'ar')).toBe(page);
  });

  it('says a refusal built from values (a date) by its own words in the request’s language, the English thrown', () => {
    const refusal = new Conflict((language) => ({ en: 'Closed on January 15.', es: 'Cerrada el 15 de enero.', ar: 'أُغلق في 15 يناير.' })[language]);
    expect(refusal.message).toBe('Closed on January 15.');
    const replyIn = (acceptLanguage: string) => {
      const request = { event: { headers: { 'accept-language': acceptLanguage } }, error: refusal, response: errorResponse(refusal) };
      replyLanguage().onError!(request as unknown as Parameters<NonNullable<HttpMiddleware['onError']>>[0]);
      return (JSON.parse(request.response.body as string) as { message: string }).message;
    };
    expect(replyIn('es-MX')).toBe('Cerrada el 15 de enero.');
    expect(replyIn('ar')).toBe('أُغلق في 15 يناير.');
    expect(replyIn('en-US')).toBe('Closed on January 15.');
  });
});
