import { Link } from 'react-router-dom';
import { activeBanners } from '#form/banners';
import { toIsoDate } from '#form/dates';
import { timetableBanners } from '#form/deadline-banners';
import { DEFAULT_LANGUAGE, htmlLangOf, PSEUDO_LOCALE } from '#form/i18n/languages';
import { timetable, type Timetable } from '#form/institution-cycles';
import { preparedByOfficeText } from '#form/prepared-link';
import type { Wording } from '#form/timetable';
import { useAnswer } from '#web/lib/answers';
import { useClock } from '#web/lib/clock';
import { useHydrated } from '#web/lib/hydrated';
import { T, useInstitutionText, useLanguage, useT } from '#web/lib/i18n';
import { institutionNames, Sentence } from '#web/lib/institution-words';
import { useOfficeTexts } from '#web/lib/office-texts';
import { preparedLinkStore } from '#web/lib/prepared-link';
import { useToday } from '#web/lib/render-date';
import { paths } from '#web/lib/routes';
import { useSnapshot } from '#web/lib/session';
import { useStore } from '#web/lib/store';
import { welcomeKind } from './banners';

export function WelcomeBanner() {
  const snapshot = useSnapshot();
  const firstName = useAnswer('first_name');
  const kind = welcomeKind(snapshot);
  const hydrated = useHydrated();
  const texts = useOfficeTexts();
  const t = useT();
  const it = useInstitutionText();
  // After hydration only: the prerendered page knows nothing of the link.
  const prepared = useStore(preparedLinkStore) && hydrated;
  if (!kind) return null;
  return (
    <section className="welcome" aria-labelledby="welcome-title">
      {kind === 'anonymous' && prepared && (
        <>
          <h2 id="welcome-title">
            <Sentence text={t('welcome.title', { application: institutionNames().title })} />
          </h2>
          <p>{preparedByOfficeText()}</p>
        </>
      )}
      {kind === 'anonymous' && !prepared && (
        <>
          <h2 id="welcome-title">
            <Sentence text={t('welcome.title', { application: institutionNames().title })} />
          </h2>
          <p>
            <T id="welcome.anonymous" values={{ promises: it(texts.promises) }} components={[<Link to={paths.login} />]} />
          </p>
        </>
      )}
      {kind === 'first' && (
        <>
          <h2 id="welcome-title">{t('welcome.firstTitle')}</h2>
          <p>{t('welcome.first')}</p>
        </>
      )}
      {kind === 'returning' && (
        <>
          <h2 id="welcome-title">{t('welcome.returningTitle')}</h2>
          <p>{t('welcome.returning')}</p>
        </>
      )}
      {kind === 'submitted' && (
        <>
          <h2 id="welcome-title">{firstName ? t('welcome.thanksName', { name: firstName }) : t('welcome.thanks')}</h2>
          <p>{t('welcome.submitted', { next: it(texts.submitted) })}</p>
        </>
      )}
    </section>
  );
}

/** The reader's own time zone, to give their time beside the institution's. */
const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || timetable.timeZone;

/**
 * The deadline banners the timetable gives (form/deadline-banners.ts) in the page's language, then
 * the office's announcements of the day (Settings). The server enforces the deadlines; these only
 * inform. A round's or cycle's label the institution's texts give no value for in the language is
 * shown as written, marked as the institution's language.
 */
export function DeadlineBanners({ now: given, schedule = timetable }: { now?: Date; schedule?: Timetable }) {
  // The banners' day is the prerendered page's until hydration is done (same HTML), then today.
  // Read here, not by the layout: a page built on another day re-renders only the banners when
  // the day changes after hydration, not the whole form in one synchronous task.
  const today = useToday();
  const now = given ?? today;
  const { announcements } = useOfficeTexts();
  const clock = useClock();
  const it = useInstitutionText();
  const t = useT();
  const language = useLanguage();
  const asWritten = new Set<string>();
  const words: Wording = {
    say: t,
    language,
    label: (label) => {
      const shown = it(label);
      if (shown === label && language !== DEFAULT_LANGUAGE && language !== PSEUDO_LOCALE) asWritten.add(label);
      return shown;
    },
  };
  // Without the browser's clock (the build's render and hydration: clock is undefined), the
  // timetable's banners of the render date, for a reader on the institution's clock, hold their
  // place unseen: the page's first paint has the room the real ones take once the clock is read,
  // so they do not push the page down under the reader's eyes (a layout shift, CLS 0.17–0.20 on a
  // phone before). Hidden (visibility and aria-hidden): the HTML may be days older than the visit.
  const timetabled = clock
    ? timetableBanners(schedule.cycles, clock, schedule.timeZone, browserZone(), words).map((b) => ({ ...b, key: `timetable-${b.id}`, reserved: false }))
    : timetableBanners(schedule.cycles, reservedMoment(now), schedule.timeZone, schedule.timeZone, words).map((b) => ({
        ...b,
        key: `timetable-${b.id}`,
        reserved: true,
      }));
  const banners = [...timetabled, ...activeBanners(announcements, now).map((b) => ({ ...b, message: it(b.message), key: `office-${b.id}`, reserved: false }))];
  if (!banners.length) return null;
  return (
    <>
      {banners.map((b) =>
        b.reserved ? (
          // The build's and the browser's Intl may word a date differently: the hidden text need not match.
          <p key={b.key} className={`deadline deadline--reserved${b.urgent ? ' deadline--urgent' : ''}`} aria-hidden="true" suppressHydrationWarning>
            {b.message}
          </p>
        ) : (
          <p key={b.key} className={`deadline${b.urgent ? ' deadline--urgent' : ''}`}>
            <Marked text={b.message} asWritten={asWritten} />
          </p>
        ),
      )}
    </>
  );
}

/**
 * Noon (UTC) of `day`'s date: the same moment at the build and in any browser, whatever their
 * zones (`day` is the render date at local noon, web/src/lib/render-date.ts), so the reserved
 * banners are the same in the HTML and at hydration.
 */
const reservedMoment = (day: Date) => new Date(`${toIsoDate(day)}T12:00:00Z`);

/** `text` with each of `asWritten`'s words in it marked as the institution's language (`lang`), for a screen reader's voice. */
function Marked({ text, asWritten }: { text: string; asWritten: ReadonlySet<string> }) {
  if (!asWritten.size) return text;
  const pattern = new RegExp(`(${[...asWritten].map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`);
  return text.split(pattern).map((part, i) =>
    i % 2 ? (
      <span key={i} lang={htmlLangOf(DEFAULT_LANGUAGE)}>
        {part}
      </span>
    ) : (
      part
    ),
  );
}
