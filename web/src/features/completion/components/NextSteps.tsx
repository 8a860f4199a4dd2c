import { institution, officeTexts } from '#form/institution';
import { dateInWords } from '#form/print';
import { useOfficeTexts } from '#web/lib/office-texts';
import type { ReleasedDecision } from '../api/decision-api';

/** What happens next, in words, for where the application stands. */
/** `beforeDecision`: the office's words for an application not yet decided (Settings' “what happens next”). */
export function nextStepsText(released: ReleasedDecision | undefined, beforeDecision: string = officeTexts.nextSteps()): string {
  if (!released) return beforeDecision;
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
  const { nextSteps } = useOfficeTexts();
  return (
    <section className="completion__next" aria-labelledby="next-steps-title">
      <h2 id="next-steps-title">What happens next</h2>
      <p>{nextStepsText(released, nextSteps)}</p>
    </section>
  );
}
