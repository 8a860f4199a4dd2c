/**
 * The unsubscribe page in the language of the link (issue 41): a Spanish or Arabic message's link
 * carries `&lang=`, and the page, its title and button, the route's words and the form it posts
 * keep that language, whatever the browser asks for; a link without one follows Accept-Language.
 */
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { SUPPRESSION_TEXT } from '#domain/messages/suppression';
import { requestLanguage, translateReply } from './language';
import { jsonResponse } from './response';
import { unsubscribeHandler } from './unsubscribe-page';

const TOKEN = 'a'.repeat(43);

/** The GET route as the pipeline answers it: whose link, said in the request's language by the reply's middleware. */
const route = (event: APIGatewayProxyEventV2) =>
  Promise.resolve(
    translateReply(jsonResponse(200, { message: SUPPRESSION_TEXT.view('a•••@example.com', false), unsubscribed: false }), requestLanguage(event)),
  );

async function page(query: Record<string, string>, acceptLanguage = 'en-US') {
  const event = {
    headers: { accept: 'text/html', 'accept-language': acceptLanguage },
    queryStringParameters: query,
    requestContext: { http: { method: 'GET' } },
  } as unknown as APIGatewayProxyEventV2;
  const result = await unsubscribeHandler(route)(event, {} as Context);
  return result.body as string;
}

describe('the unsubscribe page', () => {
  it('is in the language of the link, whatever the browser asks for, and its button posts the same language', async () => {
    const html = await page({ t: TOKEN, lang: 'es' }, 'en-US');
    expect(html).toContain('<html lang="es" dir="ltr">');
    expect(html).toContain('<h1>Darse de baja de los envíos</h1>');
    expect(html).toMatch(/¿Desea dar de baja a•••@example\.com de los envíos de .+\?/);
    expect(html).toContain(`action="/unsubscribe?t=${TOKEN}&amp;lang=es"`);
    expect(html).toContain('<button type="submit">Darme de baja</button>');
  });

  it('is right to left in Arabic, the institution’s name as its file gives it in Arabic', async () => {
    const html = await page({ t: TOKEN, lang: 'ar' });
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('<h1>إلغاء الاشتراك في الرسائل</h1>');
    // The sample institution names itself in Arabic: in the frame and inside the route's sentence.
    expect(html).toContain('<p>جامعة الولاية النموذجية</p>');
    expect(html).not.toContain('Example State University');
    // No English word in what the page shows (the form's field name is RFC 8058's).
    expect(html.replace(/<[^>]*>/g, '')).not.toMatch(/Unsubscribe|unsubscribe/);
  });

  it('follows the browser without a language in the link, and stays English for an English one', async () => {
    expect(await page({ t: TOKEN }, 'es-MX,es;q=0.9')).toContain('<html lang="es" dir="ltr">');
    const english = await page({ t: TOKEN, lang: 'xx' });
    expect(english).toContain('<html lang="en">');
    expect(english).toContain('<h1>Unsubscribe from mailings</h1>');
    expect(english).toContain(`action="/unsubscribe?t=${TOKEN}"`);
  });
});
