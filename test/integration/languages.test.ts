/**
 * The applicant's language on the server (issue 41, item 3), through the real routes on the local
 * stack: the choice saved on the account (PUT /api/language, read back by GET /api/profile on
 * any device), replies' words in the request's Accept-Language, the confirmation e-mail in the
 * saved language and the password reset in the language it was asked in (the dev outbox).
 */
import { describe, expect, inject, it } from 'vitest';
import { ALREADY_SUBMITTED_MESSAGE } from '#form/contract';
import { institution } from '#form/institution';
import { submittedAtInWords } from '#form/print';
import { completeApplication } from '../support/answers';
import { ApiClient, outbox, registeredApplicant } from '../support/client';

const baseUrl = inject('baseUrl');

async function waitForMail(to: string, subject: RegExp) {
  for (let i = 0; i < 100; i++) {
    const [mail] = (await outbox(baseUrl)).filter((m) => m.to === to && subject.test(m.subject));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no e-mail to ${to}`);
}

describe('the applicant’s language on the server', () => {
  it('is saved on the account and read back with the profile; anything else is a 400 in words', async () => {
    const a = await registeredApplicant(baseUrl);
    expect((await a.get<{ language: string | null }>('/api/profile')).body.language).toBeNull();
    const saved = await a.put('/api/language', { language: 'ar' });
    expect(saved.status).toBe(200);
    expect((await a.get<{ language: string }>('/api/profile')).body.language).toBe('ar');
    const bad = await a.put<{ message: string }>('/api/language', { language: 'fr' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('language must be one of: en, es, ar.');
    expect((await a.put('/api/language', { language: 'ar', extra: 1 })).status).toBe(400);
    expect((await a.get<{ language: string }>('/api/profile')).body.language).toBe('ar');
  });

  it('says a 4xx in the request’s language: Spanish, Arabic, English by default', async () => {
    const a = await registeredApplicant(baseUrl);
    const ask = (language?: string) =>
      a.request<{ message: string; errors?: Record<string, string[]> }>(
        'PUT',
        '/api/answer',
        { favourite_colour: 'blue' },
        language ? { headers: { 'accept-language': language } } : {},
      );
    const english = await ask();
    const spanish = await ask('es-MX,es;q=0.9,en;q=0.5');
    const arabic = await ask('ar');
    expect([english.status, spanish.status, arabic.status]).toEqual([400, 400, 400]);
    expect(english.body.message).toMatch(/^Some answers could not be saved: favourite_colour\.$/);
    expect(spanish.body.message).toBe('Algunas respuestas no se pudieron guardar: favourite_colour.');
    expect(arabic.body.message).toBe('تعذّر حفظ بعض الإجابات: favourite_colour.');
    // A 401 before the caller is known, in words too.
    const anonymous = await fetch(`${baseUrl}/api/profile`, { headers: { 'accept-language': 'es' } });
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { message: string }).message).toBe('Su sesión no es válida. Borre las cookies e inicie sesión de nuevo.');
  });

  it('writes a Spanish applicant’s confirmation e-mail in Spanish, and a 409 after submission in their language', async () => {
    const a = await registeredApplicant(baseUrl);
    expect((await a.put('/api/language', { language: 'es' })).status).toBe(200);
    await a.put('/api/answer', completeApplication());
    expect((await a.post('/api/submit')).status).toBe(200);
    const profile = (await a.get('/api/profile')).body as { reference: string; submitted_at: string };
    const mail = await waitForMail(a.username, new RegExp(profile.reference));
    // The institution's name, the signature and the sender's name as the file gives them in Spanish (issue 41).
    expect(mail.subject).toBe(`Universidad Estatal de Ejemplo: solicitud recibida (${profile.reference})`);
    expect(mail.from).toBe('Admisiones de la Universidad Estatal de Ejemplo');
    expect(mail.text).toContain('Oficina de Admisiones de la Universidad Estatal de Ejemplo');
    expect(mail.text).not.toContain(institution.name);
    expect(mail.text).toContain('Estimado/a Ada:');
    expect(mail.text).toContain(`Referencia de la solicitud: ${profile.reference}`);
    expect(mail.text).toContain(`Enviada: ${submittedAtInWords(profile.submitted_at, undefined, 'es')}`);
    expect(mail.text).toContain('Qué sigue');
    const late = await a.request<{ message: string }>('PUT', '/api/answer', { first_name: 'Ana' }, { headers: { 'accept-language': 'es' } });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Su solicitud ya fue enviada, por lo que ya no se puede modificar.');
    const lateEnglish = await a.put<{ message: string }>('/api/answer', { first_name: 'Ana' });
    expect(lateEnglish.body.message).toBe(ALREADY_SUBMITTED_MESSAGE);
    // A choice after submission is still saved (the submitted application's e-mails follow it).
    expect((await a.put('/api/language', { language: 'ar' })).status).toBe(200);
    expect((await a.get<{ language: string }>('/api/profile')).body.language).toBe('ar');
  });

  it('writes the password reset in the language of the page it was asked from: Spanish, Arabic, English by default', async () => {
    const a = await registeredApplicant(baseUrl);
    const anon = new ApiClient(baseUrl);
    const ask = async (language: string | undefined, subject: string) => {
      const headers = language ? { 'accept-language': language } : undefined;
      const asked = await anon.request<{ message: string }>('POST', '/public/forgot-password', { username: a.username }, headers ? { headers } : {});
      expect(asked.status).toBe(200);
      return { reply: asked.body.message, mail: await waitForMail(a.username, new RegExp(`^${subject}$`)) };
    };
    const spanish = await ask('es-MX,es;q=0.9', 'Restablezca su contraseña');
    expect(spanish.reply).toBe('Si existe una cuenta con ese correo electrónico, le enviamos un mensaje con un enlace para restablecer su contraseña.');
    expect(spanish.mail.text).toContain('Recibimos una solicitud para restablecer la contraseña de su cuenta de solicitud');
    expect(new URL(spanish.mail.link!).pathname).toBe('/reset');
    const arabic = await ask('ar', 'أعد تعيين كلمة المرور');
    expect(arabic.mail.text).toContain('تلقّينا طلبًا لإعادة تعيين كلمة مرور حساب طلبك.');
    const english = await ask(undefined, 'Reset your password');
    expect(english.mail.text).toContain('We received a request to reset the password of your application account.');
  });

  it('signs an Arabic applicant’s e-mail in Arabic, from the institution’s name in Arabic', async () => {
    const a = await registeredApplicant(baseUrl);
    expect((await a.put('/api/language', { language: 'ar' })).status).toBe(200);
    await a.put('/api/answer', completeApplication());
    expect((await a.post('/api/submit')).status).toBe(200);
    const profile = (await a.get('/api/profile')).body as { reference: string };
    const mail = await waitForMail(a.username, new RegExp(profile.reference));
    expect(mail.subject.startsWith('جامعة الولاية النموذجية')).toBe(true);
    expect(mail.from).toBe('القبول في جامعة الولاية النموذجية');
    expect(mail.text).toContain('مكتب القبول في جامعة الولاية النموذجية');
    expect(mail.text).not.toContain(institution.name);
  });

  it('shows a browser following a download link after the session ended the signed-out page in its language', async () => {
    const page = async (headers: Record<string, string>) => {
      const res = await fetch(`${baseUrl}/api/pdf/download`, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', ...headers } });
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      return res.text();
    };
    // The language the applicant chose on the site (its cookie), over the browser's.
    const spanish = await page({ cookie: 'language=es', 'accept-language': 'en-US' });
    expect(spanish).toMatch(/<html lang="es" dir="ltr">[\s\S]*<h1>Ha cerrado la sesión<\/h1>[\s\S]*<a href="\/login">Iniciar sesión<\/a>/);
    expect(spanish).toContain('<p>Universidad Estatal de Ejemplo</p>');
    const arabic = await page({ 'accept-language': 'ar' });
    expect(arabic).toMatch(/<html lang="ar" dir="rtl">[\s\S]*<h1>لقد سجّلت الخروج<\/h1>/);
    expect(await page({})).toMatch(/<html lang="en">[\s\S]*<h1>You are signed out<\/h1>/);
    // A script's fetch still gets the JSON, in its Accept-Language.
    const json = await fetch(`${baseUrl}/api/pdf/download`, { headers: { 'accept-language': 'es' } });
    expect(json.status).toBe(401);
    expect(((await json.json()) as { message: string }).message).toBe('Su sesión no es válida. Borre las cookies e inicie sesión de nuevo.');
  });
});
