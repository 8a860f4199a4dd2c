import { institution, officeTexts } from '#form/institution';
import { dateInWords } from '#form/print';
import type { ReleasedDecision } from '../api/decision-api';

/** What happens next, in words, for where the application stands. */
export function nextStepsText(released: ReleasedDecision | undefined): string {
  if (!released) return officeTexts.nextSteps();
  const { options, by, chosen, next_steps } = released.reply;
  if (chosen) return next_steps ?? `Thank you for your reply. Questions? Write to ${institution.helpEmail}.`;
  if (options.length > 0) {
    const when = by ? ` by ${dateInWords(by)}` : '';
    const what = released.decision === 'waitlist' ? 'whether you wish to join the waitlist' : 'whether you accept the offer';
    return `Tell us${when} ${what}, under “Your reply” above. After your reply we confirm it by e-mail and tell you what comes next.`;
  }
  if (released.decision === 'defer')
    return `You do not need to do anything now: we will write to you when there is an update. Questions? Write to ${institution.helpEmail}.`;
  return `You do not need to reply. Questions about your decision? Write to ${institution.helpEmail}.`;
}

/** "What happens next": follows the application's state (submitted, decided and released, replied). */
export function NextSteps({ released }: { released: ReleasedDecision | undefined }) {
  return (
    <section className="completion__next" aria-labelledby="next-steps-title">
      <h2 id="next-steps-title">What happens next</h2>
      <p>{nextStepsText(released)}</p>
    </section>
  );
}
