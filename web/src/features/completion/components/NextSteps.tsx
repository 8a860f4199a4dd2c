import { institution, officeTexts } from '#form/institution';
import { dayInWords } from '#web/lib/dates';
import { institutionText, translate, useT } from '#web/lib/i18n';
import { useOfficeTexts } from '#web/lib/office-texts';
import type { ReleasedDecision } from '../api/decision-api';

/** What happens next, in words, for where the application stands. */
/** `beforeDecision`: the office's words for an application not yet decided (Settings' “what happens next”). */
export function nextStepsText(released: ReleasedDecision | undefined, beforeDecision: string = officeTexts.nextSteps()): string {
  if (!released) return institutionText(beforeDecision);
  const { options, by, chosen, next_steps, expired } = released.reply;
  const email = institution.helpEmail;
  // An expired offer: the server's sentence is the institution's language's; the page says it in its own, the day through Intl.
  if (expired) return by ? translate('status.next.expiredBy', { day: dayInWords(by), email }) : translate('status.next.expired', { email });
  // The file's afterReply in the page's language where it gives one (the server sends the institution's words).
  if (chosen) return next_steps ? institutionText(next_steps) : translate('status.next.replied', { email });
  if (options.length > 0) {
    const what = released.decision === 'waitlist' ? 'waitlist' : 'offer';
    return by ? translate(`status.next.reply.${what}By`, { day: dayInWords(by) }) : translate(`status.next.reply.${what}`);
  }
  if (released.decision === 'defer') return translate('status.next.deferred', { email });
  return translate('status.next.noReply', { email });
}

/** "What happens next": follows the application's state (submitted, decided and released, replied). */
export function NextSteps({ released }: { released: ReleasedDecision | undefined }) {
  const t = useT();
  const { nextSteps } = useOfficeTexts();
  return (
    <section className="completion__next" aria-labelledby="next-steps-title">
      <h2 id="next-steps-title">{t('status.next.title')}</h2>
      <p>{nextStepsText(released, nextSteps)}</p>
    </section>
  );
}
