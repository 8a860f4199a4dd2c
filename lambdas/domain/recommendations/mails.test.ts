import { describe, expect, it } from 'vitest';
import { institution } from '#form/institution';
import type { RecommendationRecord } from '../ports/recommendations';
import { warningMail } from '../retention/mails';
import { applicantNotice, invitationMail } from './mails';

const record = (language?: string): RecommendationRecord =>
  ({
    id: 'r1',
    role: 'teacher',
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@school.example',
    waiver: 'Y',
    expiresAt: '2027-01-16T00:00:00.000Z',
    applicant: { firstName: 'Ada', lastName: 'Lovelace', school: '', email: 'ada@example.com', ...(language ? { language } : {}) },
  }) as RecommendationRecord;

describe('the e-mails in the applicant’s language (issue 41)', () => {
  it('tells the applicant of a recommendation in the language they invited in; the recommender’s invitation stays the institution’s', () => {
    expect(applicantNotice(record('es'), 'submitted', 'https://apply.example.edu').subject).toBe(`Universidad Estatal de Ejemplo: recomendación enviada`);
    expect(applicantNotice(record('es'), 'declined', 'https://apply.example.edu').text).toMatch(/^Estimado\/a Ada:/);
    expect(applicantNotice(record('ar'), 'expired', 'https://apply.example.edu').text).toContain('Grace Hopper');
    expect(applicantNotice(record(), 'submitted', 'https://apply.example.edu').subject).toBe(`${institution.name}: recommendation submitted`);
    expect(invitationMail(record('es'), 'https://apply.example.edu/recommend?t=x').subject).toBe(
      `${institution.name}: a request for a letter of recommendation`,
    );
  });

  it('warns of a deletion in the account’s language, its day through Intl', () => {
    const policy = { unsubmittedDays: 365, submittedDays: 1825, warnDays: 30 };
    const spanish = warningMail('ada@example.com', new Date('2027-01-16T00:00:00Z'), policy, 'https://apply.example.edu', 'es');
    expect(spanish.subject).toBe(`Universidad Estatal de Ejemplo: su cuenta de solicitud se eliminará el 16 de enero de 2027`);
    const arabic = warningMail('ada@example.com', new Date('2027-01-16T00:00:00Z'), policy, 'https://apply.example.edu', 'ar');
    expect(arabic.subject).toBe(`جامعة الولاية النموذجية: سيُحذف حساب طلبك في 16 يناير 2027`);
    expect(warningMail('ada@example.com', new Date('2027-01-16T00:00:00Z'), policy, 'https://apply.example.edu').subject).toContain('January 16, 2027');
  });
});
