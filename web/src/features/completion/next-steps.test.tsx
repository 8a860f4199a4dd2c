import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { institution } from '#form/institution';
import { activateLanguage, loadPart } from '#web/lib/i18n';
import { createQueryClient } from '#web/lib/query-client';
import type { ReleasedDecision } from './api/decision-api';
import { NextSteps, nextStepsText } from './components/NextSteps';

const released = (decision: ReleasedDecision['decision'], reply: Partial<ReleasedDecision['reply']> = {}): ReleasedDecision => ({
  status: 'released',
  decision,
  released_at: '2026-12-01T15:00:00.000Z',
  letter: { title: 'Letter', paragraphs: ['Dear Ada,'], download_url: '/api/decision/letter/download' },
  reply: { options: decision === 'admit' ? ['accept', 'decline'] : decision === 'waitlist' ? ['join_waitlist', 'decline'] : [], ...reply },
});

describe('“What happens next” follows the application’s state', () => {
  it('once submitted: the status page has the decision, never an e-mail', () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <NextSteps released={undefined} />
      </QueryClientProvider>,
    );
    const region = screen.getByRole('region', { name: 'What happens next' });
    expect(region.textContent).not.toMatch(/decision by e-mail/i);
    expect(region).toHaveTextContent(/status page/);
  });

  it('with an offer released: the reply and its day', () => {
    expect(nextStepsText(released('admit', { by: '2026-12-31' }))).toBe(
      'Tell us by December 31, 2026 whether you accept the offer, under “Your reply” above. After your reply we confirm it by e-mail and tell you what comes next.',
    );
    expect(nextStepsText(released('waitlist', { by: '2027-05-01' }))).toContain('by May 1, 2027 whether you wish to join the waitlist');
  });

  it('once replied: what the institution does next', () => {
    expect(nextStepsText(released('admit', { chosen: 'accept', replied_at: '2026-12-02T15:00:00.000Z', next_steps: 'The enrolment deposit is due.' }))).toBe(
      'The enrolment deposit is due.',
    );
  });

  it('with a decision that needs no reply: nothing to do, and whom to ask', () => {
    expect(nextStepsText(released('deny'))).toBe(`You do not need to reply. Questions about your decision? Write to ${institution.helpEmail}.`);
    expect(nextStepsText(released('defer'))).toMatch(/^You do not need to do anything now/);
  });

  it('with an offer that expired: in the page’s language, the day as it writes it (not the server’s English sentence)', async () => {
    const expired = released('admit', {
      by: '2027-05-01',
      chosen: 'decline',
      replied_at: '2027-05-02T05:15:00.000Z',
      expired: true,
      next_steps: 'Your offer expired.',
    });
    expect(nextStepsText(expired)).toBe(
      `Your offer expired: no reply was received by May 1, 2027. Write to ${institution.helpEmail} if you still wish to reply.`,
    );
    try {
      await Promise.all([activateLanguage('es'), loadPart('status')]);
      expect(nextStepsText(expired)).toBe(
        `Su oferta venció: no se recibió ninguna respuesta antes del 1 de mayo de 2027. Escriba a ${institution.helpEmail} si aún desea responder.`,
      );
      const { by: _by, ...noDay } = expired.reply;
      expect(nextStepsText({ ...expired, reply: noDay })).toMatch(/^Su oferta venció: no se recibió ninguna respuesta\. Escriba a /);
    } finally {
      await activateLanguage('en');
    }
  });
});
