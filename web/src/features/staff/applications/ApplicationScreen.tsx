import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Review } from '#form/wire/decisions';
import { OFFICE_STATUS_LABELS } from '#form/wire/office-status';
import type { ApplicationDetail } from '../api/staff-api';
import { OfficeHistory } from '../decisions/OfficeHistory';
import { useAllowed } from '../session/allowed';
import { formatDateTime } from '../shared/format';
import { useStaffTitle } from '../shared/title';
import { Documents } from './Documents';
import { Duplicates } from './Duplicates';
import { EraseApplication } from './EraseApplication';
import { HoldApplication, holdInWords } from './HoldApplication';
import { Materials } from './Materials';
import { Messages } from './Messages';
import { Notes } from './Notes';
import { PrintedAnswers } from './PrintedAnswers';
import { Recommendations } from './Recommendations';

// The forms load beside the application, not before it: what was submitted shows at once.
const ReviewForm = lazy(() => import('../decisions/ReviewForm').then((m) => ({ default: m.ReviewForm })));
const ReviewsList = lazy(() => import('../decisions/ReviewsList').then((m) => ({ default: m.ReviewsList })));
const DecisionEntry = lazy(() => import('../decisions/DecisionEntry').then((m) => ({ default: m.DecisionEntry })));
const CheckoutPanel = lazy(() => import('../reading/CheckoutPanel').then((m) => ({ default: m.CheckoutPanel })));

/**
 * One submitted application: who, when, its PDF and documents, its materials (marked by any role),
 * the office's notes (any role),
 * every answer, and who has read it;
 * the member's own review; for the roles that decide, the decision and every review; an admin's hold
 * (shown to every role); for an admin, placing or lifting the hold, and the erasure.
 */
export function ApplicationScreen({
  id,
  app,
  own,
  state,
  checking,
  onCheckAgain,
  onErased,
}: {
  id: string;
  app: ApplicationDetail;
  /** The member's own review, to revise. */
  own: Review | undefined;
  /** The list's paging, which travels on to the access record so that its "back" returns to the same page; the queue's checkout (until when). */
  state: { back?: string; until?: string } | null;
  /** Whether the application is being read again ("Check again" for its PDF). */
  checking: boolean;
  onCheckAgain: () => void;
  /** After an erasure: what the server said of it. */
  onErased: (message: string) => void;
}) {
  const reviews = useAllowed('saveReview');
  const decides = useAllowed('recordDecision');
  const erases = useAllowed('eraseApplication');
  const holds = useAllowed('holdApplication');
  const marks = useAllowed('markMaterial');
  const checksOut = useAllowed('checkoutApplication');
  const notesAllowed = useAllowed('listNotes');
  // The review and the decision forms each say whether they show errors: the title leads with "Error: " while one does.
  const [reviewErrors, setReviewErrors] = useState(false);
  const [decisionErrors, setDecisionErrors] = useState(false);
  useStaffTitle(app.reference ? `${app.name} (${app.reference})` : app.name, reviewErrors || decisionErrors);
  const back = state?.back ?? '';
  return (
    <>
      <p>
        <Link to={`/staff/applications${back}`}>Back to the applications</Link>
      </p>
      <h1>{app.name || app.email}</h1>
      <dl className="staff-facts">
        <div>
          <dt>Reference</dt>
          <dd>{app.reference || 'None (submitted before references were given)'}</dd>
        </div>
        <div>
          <dt>E-mail</dt>
          <dd>{app.email}</dd>
        </div>
        <div>
          <dt>Submitted</dt>
          <dd>{formatDateTime(app.submitted_at)}</dd>
        </div>
        <div>
          <dt>Cycle</dt>
          <dd>{app.cycle_label}</dd>
        </div>
        {app.round && (
          <div>
            <dt>Round</dt>
            <dd>{app.round_label}</dd>
          </div>
        )}
        <div>
          <dt>Deadline</dt>
          <dd>{app.late ? `Late. ${app.late_meaning ?? ''}`.trim() : 'On time'}</dd>
        </div>
        {app.office_status && (
          <div>
            <dt>Office status</dt>
            <dd>{OFFICE_STATUS_LABELS[app.office_status]}</dd>
          </div>
        )}
        {app.hold && (
          <div>
            <dt>On hold</dt>
            <dd>{holdInWords(app.hold)}</dd>
          </div>
        )}
      </dl>
      <p>
        <Link to={`/staff/applications/${encodeURIComponent(id)}/audit`} state={state}>
          Who has read this application
        </Link>
      </p>
      {/* Still being read: the member checks it out (the queue did already), renewed while the page is open. */}
      {checksOut && (app.office_status === 'submitted' || app.office_status === 'in_review') && (
        <Suspense fallback={null}>
          <CheckoutPanel key={id} id={id} checkedOutUntil={state?.until} />
        </Suspense>
      )}
      {/* The review comes after the answers it is about: one step from the top for the keyboard. */}
      {reviews && (
        <p>
          <a
            href="#staff-review-title"
            onClick={(e) => {
              e.preventDefault();
              const heading = document.getElementById('staff-review-title');
              heading?.scrollIntoView?.({ block: 'start' });
              heading?.focus();
            }}
          >
            Go to your review
          </a>
        </p>
      )}
      {decides && (
        <Suspense fallback={null}>
          <DecisionEntry id={id} decision={app.decision} onErrorsShown={setDecisionErrors} />
          <ReviewsList reviews={app.reviews ?? []} />
        </Suspense>
      )}
      <OfficeHistory app={app} />
      <Documents app={app} checking={checking} onCheckAgain={onCheckAgain} />
      {/* Every role marks materials (the route allows them all). */}
      {app.materials && marks && <Materials id={id} materials={app.materials} />}
      {/* Every role reads and adds notes (the routes allow them all; blind reading hides reviews, not notes). */}
      {notesAllowed && <Notes id={id} />}
      <Duplicates id={id} />
      {/* Every role reads what the application was sent (the route allows them all). */}
      <Messages id={id} />
      <Recommendations items={app.recommendations} />
      <PrintedAnswers app={app} />
      {reviews && (
        <Suspense fallback={null}>
          <ReviewForm id={id} own={own} onErrorsShown={setReviewErrors} />
        </Suspense>
      )}
      {/* Admins only (the routes refuse the rest anyway). */}
      {holds && <HoldApplication id={id} hold={app.hold} />}
      {erases && <EraseApplication id={id} reference={app.reference} onErased={onErased} />}
    </>
  );
}
