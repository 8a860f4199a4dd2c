import { describe, expect, it } from 'vitest';
import { institution } from '#form/institution';
import { senderNameIn } from '#form/institution-mail';
import { releaseMail, offerExpiredMail, replyMail } from './mails';

const origin = 'https://apply.example.edu';

describe('the decision e-mails in the application’s language (issue 41)', () => {
  it('the release notice in Spanish and Arabic, English without a language; never the decision', () => {
    const es = releaseMail('ana@example.edu', 'Ana', origin, 'es');
    expect(es.subject).toBe(`Universidad Estatal de Ejemplo: una novedad sobre su solicitud`);
    expect(es.text).toContain('Estimado/a Ana:');
    expect(es.text).toContain(`${origin}/completion`);
    const ar = releaseMail('ana@example.edu', '', origin, 'ar');
    expect(ar.subject).toBe(`جامعة الولاية النموذجية: تحديث بشأن طلبك`);
    expect(ar.text).toContain('عزيزي/عزيزتي المتقدّم،');
    // Signed, and sent from the institution's name, in the mail's language (the file's mail.signature and senderName).
    expect(es.text).toContain('Oficina de Admisiones de la Universidad Estatal de Ejemplo');
    expect(es.text).not.toContain('Example State University');
    expect(ar.text).toContain('مكتب القبول في جامعة الولاية النموذجية');
    expect([es.language, ar.language]).toEqual(['es', 'ar']);
    expect([senderNameIn(es.language), senderNameIn(ar.language), senderNameIn()]).toEqual([
      'Admisiones de la Universidad Estatal de Ejemplo',
      'القبول في جامعة الولاية النموذجية',
      'Example State University Admissions',
    ]);
    expect(releaseMail('ana@example.edu', 'Ana', origin).subject).toBe(`${institution.name}: an update to your application`);
    expect(releaseMail('ana@example.edu', 'Ana', origin, 'fr').text).toContain('Dear Ana,');
  });

  it('the reply confirmation and the expired offer follow it too', () => {
    const reply = replyMail({
      to: 'ana@example.edu',
      firstName: 'Ana',
      decision: 'admit',
      reply: 'accept',
      day: 'May 1, 2027',
      next: 'Next.',
      helpEmail: institution.helpEmail,
      origin,
      language: 'es',
    });
    expect(reply.subject).toBe(`Universidad Estatal de Ejemplo: recibimos su respuesta`);
    expect(reply.text).toContain('Gracias por informarnos.');
    expect(offerExpiredMail('ana@example.edu', 'Ana', origin, 'ar').text).toContain('سجّل الدخول إلى صفحة حالتك');
  });
});
