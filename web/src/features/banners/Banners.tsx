import { Link } from 'react-router-dom';
import { activeBanners } from '#form/banners';
import { timetableBanners } from '#form/deadline-banners';
import { timetable, type Timetable } from '#form/institution-cycles';
import { preparedByOfficeText } from '#form/prepared-link';
import { useAnswer } from '#web/lib/answers';
import { useClock } from '#web/lib/clock';
import { useHydrated } from '#web/lib/hydrated';
import { T, useInstitutionText, useT } from '#web/lib/i18n';
import { institutionNames, Sentence } from '#web/lib/institution-words';
import { useOfficeTexts } from '#web/lib/office-texts';
import { preparedLinkStore } from '#web/lib/prepared-link';
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
 * The deadline banners the timetable gives (form/deadline-banners.ts), then the office's
 * announcements of the day (Settings). The server enforces the deadlines; these only inform.
 */
export function DeadlineBanners({ now = new Date(), schedule = timetable }: { now?: Date; schedule?: Timetable }) {
  const { announcements } = useOfficeTexts();
  const clock = useClock();
  const it = useInstitutionText();
  const banners = [
    ...(clock ? timetableBanners(schedule.cycles, clock, schedule.timeZone, browserZone()).map((b) => ({ ...b, key: `timetable-${b.id}` })) : []),
    ...activeBanners(announcements, now).map((b) => ({ ...b, key: `office-${b.id}` })),
  ];
  if (!banners.length) return null;
  return (
    <>
      {banners.map((b) => (
        <p key={b.key} className={`deadline${b.urgent ? ' deadline--urgent' : ''}`}>
          {it(b.message)}
        </p>
      ))}
    </>
  );
}
