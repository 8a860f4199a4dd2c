import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { institution } from '#form/institution';
import { dateInWords, submittedAtInWords } from '#form/print';
import { expiredInWords, REPLY_LABELS, type Decision, type ReplyChoice } from '#form/wire/decision-words';
import type { ApplicantDecision } from '#form/wire/decisions';
import { DownloadLink } from '#web/components/DownloadLink';
import { ErrorSummary, prefixedFieldId } from '#web/components/ErrorSummary';
import { RadioGroup } from '#web/components/RadioGroup';
import { ApiError, urlOf } from '#web/lib/api-client';
import { useSnapshot } from '#web/lib/session';
import { decisionQueryOptions, replyToDecision, useDecision } from '../api/decision-api';
import './decision.css';

type Released = Extract<ApplicantDecision, { status: 'released' }>;
const PREFIX = 'decision';
const CHOOSE_MESSAGE = 'Choose your reply.';

/** A reply-by date ("2027-05-01") or time in words, on the institution's calendar. */
const byInWords = (by: string) => (/^\d{4}-\d\d-\d\d$/.test(by) ? dateInWords(by) : submittedAtInWords(by));

/** What the applicant is about to say, and that it is final. */
export function replyInWords(decision: Decision, reply: ReplyChoice): string {
  const what =
    reply === 'accept'
      ? 'You are accepting the offer of admission.'
      : reply === 'join_waitlist'
        ? 'You are joining the waitlist.'
        : decision === 'waitlist'
          ? 'You are declining a place on the waitlist.'
          : 'You are declining the offer of admission.';
  return `${what} You cannot change this reply.`;
}

/** The reply: choose, confirm (the reply is final), then the reply made and when. */
function Reply({ decision }: { decision: Released }) {
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
        <h2 id="decision-reply-title">Your reply</h2>
        <p className="decision__replied">
          <strong>{expiredInWords(decision.decision)}</strong>
          {by ? `: no reply was received by ${byInWords(by)}` : ''}.
        </p>
      </section>
    );
  }
  if (chosen) {
    return (
      <section aria-labelledby="decision-reply-title" className="decision__reply">
        <h2 id="decision-reply-title">Your reply</h2>
        <p ref={resultRef} tabIndex={-1} role={justSent ? 'status' : undefined} className="decision__replied">
          {justSent ? 'Your reply has been sent: ' : 'You replied: '}
          <strong>{REPLY_LABELS[chosen]}</strong>
          {replied_at ? `, on ${submittedAtInWords(replied_at)}` : ''}.
        </p>
      </section>
    );
  }
  if (options.length === 0) return null;

  const refused = send.error && (send.error instanceof ApiError ? send.error.status !== 401 : true);
  return (
    <section aria-labelledby="decision-reply-title" className="decision__reply">
      <h2 id="decision-reply-title">Your reply</h2>
      {refused && (
        <div ref={refusalRef} tabIndex={-1} role="alert" className="decision__refused">
          <p>
            <strong>Your reply was not sent.</strong> {send.error.message}
          </p>
          <p>
            Questions? E-mail <a href={`mailto:${institution.helpEmail}`}>{institution.helpEmail}</a>.
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
          <ErrorSummary items={missing ? [{ field: 'reply', message: CHOOSE_MESSAGE }] : []} attempt={attempt} prefix={PREFIX} headingLevel={3} />
          <RadioGroup
            id={prefixedFieldId(PREFIX, 'reply')}
            name="reply"
            legend="How do you reply?"
            hint={by ? `Reply by ${byInWords(by)}.` : undefined}
            options={options.map((o) => ({ value: o, label: REPLY_LABELS[o] }))}
            value={choice}
            onValue={(v) => {
              setChoice(options.find((o) => o === v) ?? '');
              setMissing(false);
            }}
            errors={missing ? [CHOOSE_MESSAGE] : undefined}
          />
          <button type="submit" className="button button--primary">
            Continue
          </button>
        </form>
      ) : (
        choice !== '' && (
          <div className="decision__confirm">
            <h3 ref={confirmRef} tabIndex={-1}>
              Confirm your reply
            </h3>
            <p>{replyInWords(decision.decision, choice)}</p>
            <div className="decision__actions">
              <button
                type="button"
                className="button button--primary"
                aria-disabled={send.isPending || undefined}
                onClick={() => !send.isPending && send.mutate(choice)}
              >
                {send.isPending ? 'Sending…' : `Confirm: ${REPLY_LABELS[choice]}`}
              </button>
              <button
                type="button"
                className="button"
                onClick={() => {
                  send.reset();
                  setStep('choose');
                }}
              >
                Go back
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
  if (data?.status !== 'released') return null;
  const { letter } = data;
  return (
    <section className="section decision" aria-labelledby="decision-title">
      <h1 id="decision-title">Your decision</h1>
      <p>Released on {submittedAtInWords(data.released_at)}.</p>
      <article className="decision__letter" aria-labelledby="decision-letter-title">
        <h2 id="decision-letter-title">{letter.title}</h2>
        {letter.paragraphs.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </article>
      <p>
        {/* The download route answers 303 to a new short-lived link on each click. */}
        <DownloadLink route="downloadDecisionLetter" href={urlOf('downloadDecisionLetter')} className="button">
          Download the letter (PDF)
        </DownloadLink>
      </p>
      <Reply decision={data} />
    </section>
  );
}
