import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { institution } from '#form/institution';
import { statesAndProvinces } from '#form/options';
import { DECISION_LABELS, DECISIONS, isDecision, isOfficeReply, replyMadeInWords, REPLY_CHOICES } from '#form/wire/decision-words';
import { isOfficeStatus, OFFICE_STATUS_LABELS, OFFICE_STATUSES } from '#form/wire/office-status';
import { isCompleteFilter, isLateFilter, LIST_ORDERS, LIST_SORTS, type ListOrder, type ListSortBy } from '#form/wire/staff';
import { Field } from '#web/components/fields';
import { exportUrl, filterQuery, type ApplicationFilters, type ApplicationPage, type ListQueryParams } from '../api/staff-api';
import { useAllowed } from '../session/allowed';
import { CursorPaging } from '../shared/CursorPaging';
import { formatDateTime } from '../shared/format';
import { SelectField } from '../shared/SelectField';
import { StaffTable } from '../shared/StaffTable';
import { useStaffTitle } from '../shared/title';
import { addressCycle, COMPLETE_OPTIONS, cycleOptions, DUPLICATE_OPTIONS, LATE_OPTIONS, roundOptions } from './cycle-filters';
import { SelectAll } from './SelectAll';

// Lazy, so the route table (in every applicant's first load) lists no more of this screen's imports.
const NextToRead = lazy(() => import('../decisions/NextToRead').then((m) => ({ default: m.NextToRead })));
const BulkDecision = lazy(() => import('../decisions/BulkDecision').then((m) => ({ default: m.BulkDecision })));
const Reassign = lazy(() => import('../reading/Reassign').then((m) => ({ default: m.Reassign })));
const DecisionCells = lazy(() => import('../decisions/DecisionCells').then((m) => ({ default: m.DecisionCells })));

const SavedFilters = lazy(() => import('./SavedFilters').then((m) => ({ default: m.SavedFilters })));

const STATUS_OPTIONS = OFFICE_STATUSES.map((value) => ({ value, label: OFFICE_STATUS_LABELS[value] }));
const DECISION_OPTIONS = DECISIONS.map((value) => ({ value, label: DECISION_LABELS[value] }));
const REPLY_OPTIONS = [...REPLY_CHOICES, 'expired' as const].map((value) => ({ value, label: replyMadeInWords(value) }));
const STATE_OPTIONS = statesAndProvinces.map((o) => ({ value: o.value, label: o.label }));
/** The list's orders in words; the score's only for the roles that see scores. */
export const SORT_LABELS: Record<ListSortBy, string> = {
  submitted: 'Submission date',
  name: 'Last name',
  score: 'Average review score',
  changed: 'Last change',
};
const ORDER_OPTIONS: readonly { value: ListOrder; label: string }[] = [
  { value: 'asc', label: 'Ascending (A to Z, lowest, oldest first)' },
  { value: 'desc', label: 'Descending (Z to A, highest, newest first)' },
];

/** The list's filters, sort and page, as its address holds them; `cycle` is always there (the current one when the address names none, `all` for every cycle). */
export type ListFilters = Omit<ListQueryParams, 'cursor'> & { cursor: string | null; cycle: string };

/**
 * The submitted applications, newest first: the filters (which become the address), the exports
 * with the same filters, the results with cursor paging, the reader's queue; for the roles that
 * decide, the decision columns, the selection and the bulk decision.
 */
export function ApplicationsScreen({
  filters,
  page,
  previous,
  notice,
  search,
  onSearch,
}: {
  filters: ListFilters;
  page: ApplicationPage | undefined;
  /** The addresses of the pages seen before this one (the cursor only goes forward). */
  previous: string[];
  /** What the page before did (an erasure), said once on arrival. */
  notice: string | undefined;
  /** The address's query: another one is another page or other filters. */
  search: string;
  onSearch: (filters: ListQueryParams) => void;
}) {
  const pageNumber = previous.length + 1;
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const shownSearch = useRef(search);
  const deciding = useAllowed('recordDecisions');
  const reassigning = useAllowed('reassignApplications');
  // The ticked rows: of this page only, so another page or other filters start with none.
  const [selected, setSelected] = useState<readonly string[]>([]);
  useStaffTitle('Submitted applications');

  // Another page or other filters: the keyboard continues from the results, not from a link that may be gone.
  useEffect(() => {
    if (shownSearch.current === search) return;
    shownSearch.current = search;
    setSelected([]);
    resultsHeading.current?.focus();
  }, [search]);

  const items = page?.items ?? [];
  const cycleChosen = addressCycle(filters.cycle);
  const filtered = !!(
    filters.term ||
    filters.major ||
    filters.q ||
    filters.status ||
    filters.round ||
    filters.late ||
    filters.complete ||
    filters.duplicate ||
    filters.decision ||
    filters.reply ||
    filters.school ||
    filters.state ||
    cycleChosen
  );
  const exportFilters: ApplicationFilters = {
    term: filters.term,
    major: filters.major,
    q: filters.q,
    cycle: filters.cycle,
    round: filters.round,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.late ? { late: filters.late } : {}),
    ...(filters.complete ? { complete: filters.complete } : {}),
    ...(filters.duplicate ? { duplicate: filters.duplicate } : {}),
    ...(filters.school ? { school: filters.school } : {}),
    ...(filters.state ? { state: filters.state } : {}),
    ...(deciding && filters.decision ? { decision: filters.decision } : {}),
    ...(deciding && filters.reply ? { reply: filters.reply } : {}),
  };
  // The address leaves out the cycle while it is the current one; it keeps the sort (the exports take none).
  const addressFilters: ListQueryParams = {
    ...exportFilters,
    cycle: cycleChosen,
    ...(filters.sort ? { sort: filters.sort } : {}),
    ...(filters.order ? { order: filters.order } : {}),
  };
  const sortBy = filters.sort ?? 'submitted';
  const sortOptions = LIST_SORTS.filter((s) => deciding || s !== 'score').map((value) => ({ value, label: SORT_LABELS[value] }));
  const cycleLabel = cycleOptions()
    .find((o) => o.value === filters.cycle && !cycleChosen)
    ?.label.replace(/ \(current\)$/, '');
  return (
    <>
      <h1>Submitted applications</h1>
      <Suspense fallback={null}>
        <NextToRead cycle={filters.cycle} />
      </Suspense>
      {notice && <p role="status">{notice}</p>}
      <section aria-labelledby="staff-filters-title" className="panel staff-filters">
        <h2 id="staff-filters-title">Find applications</h2>
        {/* Its fields become the address (the empty ones left out), which the loader reads. */}
        <form
          key={search}
          role="search"
          aria-labelledby="staff-filters-title"
          onSubmit={(e) => {
            e.preventDefault();
            const data = new FormData(e.currentTarget);
            // The filters are all text fields and selects: a File never comes back here.
            const value = (k: string) => {
              const v = data.get(k);
              return typeof v === 'string' ? v : '';
            };
            const status = value('status');
            const late = value('late');
            const complete = value('complete');
            const duplicate = value('duplicate');
            const decision = value('decision');
            const reply = value('reply');
            const sort = value('sort');
            const order = value('order');
            onSearch({
              term: value('term'),
              major: value('major'),
              q: value('q'),
              cycle: addressCycle(value('cycle')),
              round: value('round'),
              ...(isOfficeStatus(status) ? { status } : {}),
              ...(isLateFilter(late) ? { late } : {}),
              ...(isCompleteFilter(complete) ? { complete } : {}),
              ...(duplicate === 'flagged' ? { duplicate } : {}),
              ...(isDecision(decision) ? { decision } : {}),
              ...(isOfficeReply(reply) ? { reply } : {}),
              school: value('school'),
              state: value('state'),
              // The default order is left out of the address.
              ...(sort && sort !== 'submitted' && (LIST_SORTS as readonly string[]).includes(sort) ? { sort: sort as ListSortBy } : {}),
              ...((LIST_ORDERS as readonly string[]).includes(order) ? { order: order as ListOrder } : {}),
            });
          }}
        >
          <div className="staff-filters__grid">
            <CycleAndRound cycle={filters.cycle} round={filters.round ?? ''} />
            <SelectField label="Late" name="late" defaultValue={filters.late ?? ''} options={LATE_OPTIONS} emptyLabel="Late or on time" />
            <SelectField label="Entry term" name="term" defaultValue={filters.term} options={institution.entryTerms} emptyLabel="All terms" />
            <SelectField label="Major" name="major" defaultValue={filters.major} options={institution.majors} emptyLabel="All majors" />
            <SelectField label="Office status" name="status" defaultValue={filters.status ?? ''} options={STATUS_OPTIONS} emptyLabel="Any status" />
            <SelectField label="Materials" name="complete" defaultValue={filters.complete ?? ''} options={COMPLETE_OPTIONS} emptyLabel="Complete or not" />
            <SelectField
              label="Possible duplicates"
              name="duplicate"
              defaultValue={filters.duplicate ?? ''}
              options={DUPLICATE_OPTIONS}
              emptyLabel="Flagged or not"
            />
            {deciding && (
              <>
                <SelectField
                  label="Decision recorded"
                  name="decision"
                  defaultValue={filters.decision ?? ''}
                  options={DECISION_OPTIONS}
                  emptyLabel="Any decision"
                />
                <SelectField label="Applicant’s reply" name="reply" defaultValue={filters.reply ?? ''} options={REPLY_OPTIONS} emptyLabel="Any reply" />
              </>
            )}
            <SelectField label="Home state or province" name="state" defaultValue={filters.state ?? ''} options={STATE_OPTIONS} emptyLabel="Any state" />
            <TextFilter label="High school code (CEEB)" name="school" defaultValue={filters.school ?? ''} />
            <SearchField defaultValue={filters.q ?? ''} />
            <SelectField label="Sort by" name="sort" defaultValue={sortBy} options={sortOptions} />
            <SelectField label="Order" name="order" defaultValue={filters.order ?? ''} options={ORDER_OPTIONS} emptyLabel="The sort's usual order" />
          </div>
          <div className="staff-actions">
            <button type="submit" className="button button--primary">
              Search
            </button>
            {filtered && (
              <Link to="/staff/applications" className="button">
                Clear filters
              </Link>
            )}
          </div>
        </form>
      </section>

      <Suspense fallback={null}>
        <SavedFilters current={addressFilters} />
      </Suspense>

      <section aria-labelledby="staff-results-title" className="staff-results">
        <div className="staff-results__head">
          <h2 id="staff-results-title" ref={resultsHeading} tabIndex={-1}>
            Results, page {pageNumber}
          </h2>
          <div className="staff-actions" aria-label="Export" role="group">
            <a className="button" href={exportUrl('csv', exportFilters)} download>
              Export CSV
            </a>
            <a className="button" href={exportUrl('json', exportFilters)} download>
              Export JSON
            </a>
          </div>
        </div>
        <p role="status">
          {items.length === 0
            ? filtered
              ? 'No submitted applications match these filters.'
              : cycleLabel
                ? `No applications have been submitted in ${cycleLabel} yet.`
                : 'No applications have been submitted yet.'
            : `${items.length} ${items.length === 1 ? 'application' : 'applications'} on this page${filtered ? ', filtered' : ''}.`}
        </p>
        {items.length > 0 && (
          <StaffTable
            label={`Submitted applications, sorted by ${SORT_LABELS[sortBy].toLowerCase()}${filters.order ? (filters.order === 'asc' ? ', ascending' : ', descending') : ''}`}
            columns={[
              'Reference',
              'Name',
              'E-mail',
              'Submitted',
              'Round',
              'Entry term',
              'Major',
              'Status',
              deciding && 'Average score',
              deciding && 'Decision',
              deciding && 'Reply',
            ]}
            leading={
              deciding && (
                <td>
                  <SelectAll ids={items.map((a) => a.id)} selected={selected} onChange={setSelected} />
                </td>
              )
            }
          >
            {items.map((a) => (
              <tr key={a.id}>
                {deciding && (
                  <td>
                    <input
                      type="checkbox"
                      className="staff-check"
                      aria-label={`Select ${a.reference || a.name || a.email}`}
                      checked={selected.includes(a.id)}
                      onChange={(e) => setSelected((s) => (e.target.checked ? [...s, a.id] : s.filter((id) => id !== a.id)))}
                    />
                  </td>
                )}
                <td>
                  <Link to={`/staff/applications/${encodeURIComponent(a.id)}`} state={{ back: search }}>
                    {/* Applications from before references existed have none: the link still needs a name. */}
                    {a.reference || (
                      <>
                        Open<span className="visually-hidden"> the application of {a.name || a.email}</span>
                      </>
                    )}
                  </Link>
                </td>
                <td>{a.name}</td>
                <td className="staff-email">{a.email}</td>
                <td>{formatDateTime(a.submitted_at)}</td>
                {/* One column for where it was submitted, so the list still fits a desktop: the round (late or not), its cycle beneath. */}
                <td>
                  {a.round_label}
                  {a.late && ', late'}
                  <span className="staff-sub">{a.cycle_label}</span>
                </td>
                <td>{a.entry_term_desc}</td>
                <td>{a.applied_major_desc}</td>
                <td>{a.office_status ? OFFICE_STATUS_LABELS[a.office_status] : ''}</td>
                {deciding && <td>{a.average_score !== undefined ? a.average_score.toFixed(1) : <span className="visually-hidden">No score yet</span>}</td>}
                {deciding && (
                  <Suspense
                    fallback={
                      <>
                        <td />
                        <td />
                      </>
                    }
                  >
                    <DecisionCells summary={a} />
                  </Suspense>
                )}
              </tr>
            ))}
          </StaffTable>
        )}
        {deciding && items.length > 0 && (
          <Suspense fallback={null}>
            <BulkDecision selected={selected} items={items} onDone={() => setSelected([])} />
          </Suspense>
        )}
        {/* Admins only: the selection boxes are the deciding roles', which include them. */}
        {reassigning && deciding && items.length > 0 && (
          <Suspense fallback={null}>
            <Reassign selected={selected} items={items} onDone={() => setSelected([])} />
          </Suspense>
        )}
        <CursorPaging
          previous={previous}
          nextSearch={page?.cursor ? filterQuery({ ...addressFilters, cursor: page.cursor }) : undefined}
          backLabel="Previous page"
          nextLabel="Next page"
        />
      </section>
    </>
  );
}

/** The cycle, and the rounds of the cycle chosen (every cycle's when all are): the round follows the cycle before the search is sent. */
function CycleAndRound({ cycle, round }: { cycle: string; round: string }) {
  const [chosenCycle, setCycle] = useState(cycle);
  const rounds = roundOptions(chosenCycle);
  const [chosenRound, setRound] = useState(round);
  const shownRound = rounds.some((r) => r.value === chosenRound) ? chosenRound : '';
  return (
    <>
      <SelectField label="Cycle" name="cycle" value={chosenCycle} onValue={setCycle} options={cycleOptions()} />
      <SelectField label="Round" name="round" value={shownRound} onValue={setRound} options={rounds} emptyLabel="All rounds" />
    </>
  );
}

/** A text filter inside the GET form (Field is controlled, so it keeps its value here). */
function TextFilter({ label, name, defaultValue }: { label: string; name: string; defaultValue: string }) {
  const [value, setValue] = useState(defaultValue);
  return <Field label={label} name={name} value={value} onValue={setValue} />;
}

/** The search box inside the GET form: Field is controlled, so it keeps its value here. */
function SearchField({ defaultValue }: { defaultValue: string }) {
  const [value, setValue] = useState(defaultValue);
  return <Field label="Search by name, e-mail or reference" name="q" type="search" value={value} onValue={setValue} />;
}
