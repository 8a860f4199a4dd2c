import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { institution } from '#form/institution';
import type { Decision, ReplyChoice } from '#form/wire/decision-words';
import type { ApplicantDecision } from '#form/wire/decisions';
import { DownloadLink } from '#web/components/DownloadLink';
import { ErrorSummary, prefixedFieldId } from '#web/components/ErrorSummary';
import { RadioGroup } from '#web/components/RadioGroup';
import { ApiError, urlOf } from '#web/lib/api-client';
import { dayOrMomentInWords, momentInWords } from '#web/lib/dates';
import { T, translate, useLanguage, useT } from '#web/lib/i18n';
import { useSnapshot } from '#web/lib/session';
import { decisionQueryOptions, replyToDecision, useDecision } from '../api/decision-api';
import './decision.css';

type Released = Extract<ApplicantDecision, { status: 'released' }>;
const PREFIX = 'decision';
/** A reply's button label, in the active language. */
const replyLabel = (reply: ReplyChoice): string => translate(`status.reply.choice.${reply}`);

/** What the applicant is about to say, and that it is final. */
export function replyInWords(decision: Decision, reply: ReplyChoice): string {
  const what = reply === 'accept' ? 'accept' : reply === 'join_waitlist' ? 'joinWaitlist' : decision === 'waitlist' ? 'declineWaitlist' : 'declineOffer';
  return `${translate(`status.reply.about.${what}`)} ${translate('status.reply.final')}`;
}

/** The reply: choose, confirm (the reply is final), then the reply made and when. */
function Reply({ decision }: { decision: Released }) {
  const t = useT();
  const chooseMessage = t('status.reply.choose');
  const queryClient = useQueryClient();
  const { options, by, chosen, replied_at } = decision.reply;
  const [choice, setChoice] = useState<ReplyChoice | ''>('');
  const [step, setStep] = useState<'choose' | 'confirm'>('choose');
  const [attempt, setAttempt] = useState(0);
  const [missing, setMissing] = useState(false);
  const [justSent, setJustSent] = useState(false);
  const confirmRef = useRef<HTMLHeadingElement>(null);
  const resultRef = useRef<HTMLParagraphElement>(null);
  const refusalRef = useRef<HTMLDivElement>(null);
  const send = useMutation({
    mutationKey: ['decision-reply'],
    mutationFn: replyToDecision,
    meta: { inlineErrors: true },
    onSuccess: (next) => {
      queryClient.setQueryData(decisionQueryOptions().queryKey, next);
      setJustSent(true);
    },
  });

  useEffect(() => {
    if (step === 'confirm') confirmRef.current?.focus();
  }, [step]);
  // The cache's new answer may render after the flag: focus once both are there.
  useEffect(() => {
    if (justSent && chosen) resultRef.current?.focus();
  }, [justSent, chosen]);
  useEffect(() => {
    if (send.error) refusalRef.current?.focus();
  }, [send.error]);

  if (chosen && decision.reply.expired) {
    // The daily sweep declined the offer: nobody replied by its reply-by date.
    return (
      <section aria-labelledby="decision-reply-title" className="decision__reply">
        <h2 id="decision-reply-title">{t('status.reply.title')}</h2>
        <p className="decision__replied">
          <T
            id={by ? 'status.reply.expiredBy' : 'status.reply.expired'}
            values={{
              by: by ? dayOrMomentInWords(by) : '',
              what: t(decision.decision === 'waitlist' ? 'status.reply.expiredWaitlist' : 'status.reply.expiredOffer'),
            }}
            components={[<strong />]}
          />
        </p>
      </section>
    );
  }
  if (chosen) {
    return (
      <section aria-labelledby="decision-reply-title" className="decision__reply">
        <h2 id="decision-reply-title">{t('status.reply.title')}</h2>
        <p ref={resultRef} tabIndex={-1} role={justSent ? 'status' : undefined} className="decision__replied">
          <T
            id={`status.reply.${justSent ? 'sent' : 'replied'}${replied_at ? 'On' : ''}`}
            values={{ when: replied_at ? momentInWords(replied_at) : '', reply: replyLabel(chosen) }}
            components={[<strong />]}
          />
        </p>
      </section>
    );
  }
  if (options.length === 0) return null;

  const refused = send.error && (send.error instanceof ApiError ? send.error.status !== 401 : true);
  return (
    <section aria-labelledby="decision-reply-title" className="decision__reply">
      <h2 id="decision-reply-title">{t('status.reply.title')}</h2>
      {refused && (
        <div ref={refusalRef} tabIndex={-1} role="alert" className="decision__refused">
          <p>
            <strong>{t('status.reply.notSent')}</strong> {send.error.message}
          </p>
          <p>
            <T
              id="status.questions"
              values={{ email: institution.helpEmail }}
              components={[<a href={`mailto:${institution.helpEmail}`}>{institution.helpEmail}</a>]}
            />
          </p>
        </div>
      )}
      {step === 'choose' ? (
        <form
          noValidate
          aria-labelledby="decision-reply-title"
          onSubmit={(e) => {
            e.preventDefault();
            setAttempt((n) => n + 1);
            setMissing(choice === '');
            if (choice !== '') setStep('confirm');
          }}
        >
          <ErrorSummary items={missing ? [{ field: 'reply', message: chooseMessage }] : []} attempt={attempt} prefix={PREFIX} headingLevel={3} />
          <RadioGroup
            id={prefixedFieldId(PREFIX, 'reply')}
            name="reply"
            legend={t('status.reply.legend')}
            hint={by ? t('status.reply.by', { by: dayOrMomentInWords(by) }) : undefined}
            options={options.map((o) => ({ value: o, label: replyLabel(o) }))}
            value={choice}
            onValue={(v) => {
              setChoice(options.find((o) => o === v) ?? '');
              setMissing(false);
            }}
            errors={missing ? [chooseMessage] : undefined}
          />
          <button type="submit" className="button button--primary">
            {t('status.reply.continue')}
          </button>
        </form>
      ) : (
        choice !== '' && (
          <div className="decision__confirm">
            <h3 ref={confirmRef} tabIndex={-1}>
              {t('status.reply.confirmTitle')}
            </h3>
            <p>{replyInWords(decision.decision, choice)}</p>
            <div className="decision__actions">
              <button
                type="button"
                className="button button--primary"
                aria-disabled={send.isPending || undefined}
                onClick={() => !send.isPending && send.mutate(choice)}
              >
                {send.isPending ? t('status.reply.sending') : t('status.reply.confirm', { reply: replyLabel(choice) })}
              </button>
              <button
                type="button"
                className="button"
                onClick={() => {
                  send.reset();
                  setStep('choose');
                }}
              >
                {t('status.reply.back')}
              </button>
            </div>
          </div>
        )
      )}
    </section>
  );
}

/**
 * "Your decision" on the status page, once the office has released it: the page's heading and its
 * first section (the applicant who followed the e-mail finds it on the first screen), the letter
 * as printed, its PDF, and the reply. Before release it shows nothing at all, so nothing hints at
 * a decision being staged (and a failed read shows nothing either).
 */
export default function DecisionSection() {
  const loggedIn = useSnapshot((s) => s.is_logged_in && !s.is_service_user);
  const { data } = useDecision(loggedIn);
  const t = useT();
  const language = useLanguage();
  if (data?.status !== 'released') return null;
  // The letter in the page's language when the institution writes it in it; else its own words, marked so.
  const shown = data.letter.in?.[language as 'es' | 'ar'];
  const letter = shown ?? data.letter;
  const lang = shown || language === 'en' || language === 'pseudo' ? undefined : 'en';
  return (
    <section className="section decision" aria-labelledby="decision-title">
      <h1 id="decision-title">{t('status.decision.title')}</h1>
      <p>{t('status.decision.released', { when: momentInWords(data.released_at) })}</p>
      <article className="decision__letter" aria-labelledby="decision-letter-title" lang={lang}>
        <h2 id="decision-letter-title">{letter.title}</h2>
        {letter.paragraphs.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </article>
      <p>
        {/* The download route answers 303 to a new short-lived link on each click. */}
        <DownloadLink route="downloadDecisionLetter" href={urlOf('downloadDecisionLetter')} className="button">
          {t('status.decision.download')}
        </DownloadLink>
      </p>
      <Reply decision={data} />
    </section>
  );
}
