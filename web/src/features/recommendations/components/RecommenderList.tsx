import { useRef, useState } from 'react';
import { nextReminderAt } from '#form/wire/recommendations';
import { Dialog } from '#web/components/Dialog';
import { ApiError, isUnauthorized } from '#web/lib/api-client';
import { dayInWords } from '#web/lib/dates';
import { translate, useT } from '#web/lib/i18n';
import { genericErrorMessage } from '#web/lib/messages';
import { cancelRecommendation, remindRecommender, type RecommendationItem } from '../api/applicant-api';
import { isActive } from '../words';

/** The dates that say where an invitation stands, in the institution's calendar. */
function datesOf(item: RecommendationItem): string[] {
  const t = translate;
  const lines = [t('recommend.list.invited', { day: dayInWords(item.invited_at) })];
  if (item.reminded_at) lines.push(t('recommend.list.reminded', { day: dayInWords(item.reminded_at) }));
  if (item.submitted_at) lines.push(t('recommend.list.submitted', { day: dayInWords(item.submitted_at) }));
  else if (isActive(item.status)) lines.push(t('recommend.list.worksUntil', { day: dayInWords(item.expires_at) }));
  else if (item.status === 'expired') lines.push(t('recommend.list.expired', { day: dayInWords(item.expires_at) }));
  return lines;
}

/** A refused reminder: the server's words and, on a 429, when the next one may go. */
function reminderRefusal(error: unknown): string {
  const message = error instanceof Error && error.message ? error.message : genericErrorMessage();
  const next = error instanceof ApiError && error.status === 429 ? error.body?.next_allowed_at : undefined;
  const day = typeof next === 'string' ? dayInWords(next) : '';
  return day ? `${message} ${translate('recommend.list.nextReminder', { day })}` : message;
}

function Recommender({ item, onChanged, reminders }: { item: RecommendationItem; onChanged: () => Promise<unknown>; reminders: boolean }) {
  const t = useT();
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const statusLine = useRef<HTMLParagraphElement>(null);
  const name = `${item.first_name} ${item.last_name}`;
  const active = isActive(item.status);
  const nextReminder = nextReminderAt(item);
  // The moment the list was shown: a reminder offered then stays offered (the server has the last word).
  const [shownAt] = useState(() => Date.now());
  const canRemind = reminders && shownAt >= nextReminder.getTime();

  const act = async (work: () => Promise<string>) => {
    setBusy(true);
    setNote(null);
    try {
      setNote({ text: await work(), error: false });
      await onChanged().catch(() => undefined);
    } catch (error) {
      if (!isUnauthorized(error)) setNote({ text: reminderRefusal(error), error: true });
    } finally {
      setBusy(false);
    }
  };

  const remind = () =>
    act(async () => {
      await remindRecommender(item.id);
      return translate('recommend.list.reminderSent', { name });
    });
  const cancel = () => {
    setConfirming(false);
    // Cancelling removes the buttons: focus goes to the line that then says "Cancelled".
    void act(async () => {
      await cancelRecommendation(item.id);
      return translate('recommend.list.cancelled', { name });
    }).then(() => statusLine.current?.focus());
  };

  const headingId = `recommender-${item.id}`;
  return (
    <li className={`recommendations__item recommendations__item--${item.status}`}>
      <h4 id={headingId}>{t('recommend.list.heading', { role: t(`recommend.role.${item.role}`), name })}</h4>
      <p className="recommendations__email">{item.email}</p>
      <p ref={statusLine} tabIndex={-1} className="recommendations__status">
        <span className="visually-hidden">{t('recommend.list.status')} </span>
        <strong>{t(`recommend.status.${item.status}`)}</strong>
      </p>
      <ul className="recommendations__dates">
        {datesOf(item).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div role="status" className={note?.error ? 'recommendations__note recommendations__note--error' : 'recommendations__note'}>
        {note?.text}
      </div>
      {active && reminders && !canRemind && (
        <p className="recommendations__next">{t('recommend.list.reminderOn', { day: dayInWords(nextReminder.toISOString()) })}</p>
      )}
      {active && (
        <p className="recommendations__actions">
          {canRemind && (
            <button type="button" className="button" disabled={busy} aria-label={t('recommend.list.remindName', { name })} onClick={() => void remind()}>
              {t('recommend.list.remind')}
            </button>
          )}
          <button type="button" className="button" disabled={busy} aria-label={t('recommend.list.cancelName', { name })} onClick={() => setConfirming(true)}>
            {t('recommend.list.cancel')}
          </button>
        </p>
      )}
      <Dialog
        open={confirming}
        title={t('recommend.list.confirmTitle')}
        onClose={() => setConfirming(false)}
        actions={
          <>
            <button type="button" className="button" onClick={() => setConfirming(false)}>
              {t('recommend.list.keep')}
            </button>
            <button type="button" className="button button--primary" onClick={cancel}>
              {t('recommend.list.confirmCancel')}
            </button>
          </>
        }
      >
        <p>{t('recommend.list.confirmText', { name, email: item.email })}</p>
      </Dialog>
    </li>
  );
}

/**
 * Each recommender with its state in words, its dates, and the reminder and cancel actions while
 * the link is live: a reminder from a day after the invitation (until then the day it can go),
 * none once `reminders` is off (a final decision needs no more letters).
 */
export function RecommenderList({
  items,
  onChanged,
  reminders = true,
}: {
  items: RecommendationItem[];
  onChanged: () => Promise<unknown>;
  reminders?: boolean;
}) {
  if (items.length === 0) return <p>{translate('recommend.list.none')}</p>;
  return (
    <ul className="recommendations__list">
      {items.map((item) => (
        <Recommender key={item.id} item={item} onChanged={onChanged} reminders={reminders} />
      ))}
    </ul>
  );
}
