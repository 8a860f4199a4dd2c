/**
 * Least privilege inside a table (#42.9, docs/security.md): a route whose grant is limited to some
 * partitions (`Grant.keys`, lambdas/routes.ts) gets IAM's `dynamodb:LeadingKeys` condition on that
 * statement, and the functions anyone can call, or that write the audit trail, reach only the
 * partitions they use. Each check asks the synthesized policies, as IAM would, whether a role may
 * touch an item of a given partition: the keys below are examples of each family of
 * lambdas/adapters/store/keys.ts.
 */
import { randomUUID } from 'node:crypto';
import type { CfnResource } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { erasureMarkerKey } from '#adapters/store/keys';
import { laterApplicationKey } from '#domain/ports/keys';
import { routes, type RouteDef } from '#lambdas/routes';
import { synth } from './harness';
import { arnOf, resource, resources, type Json } from './template';

const { stack, template } = synth();
const logicalId = (c: IConstruct) => stack.getLogicalId(c.node.defaultChild as CfnResource);
const list = <T>(x: T | T[]): T[] => (Array.isArray(x) ? x : [x]);
const rows: readonly RouteDef[] = routes;

interface Statement {
  Action: string | string[];
  Resource: Json;
  Condition?: Record<string, Record<string, string | string[]>>;
}

function statementsOf(route: string): Statement[] {
  const fn = stack.api.functions.get(route);
  if (!fn) throw new Error(`no function for route ${route}`);
  const roleId = resource(template, logicalId(fn)).Properties.Role['Fn::GetAtt'][0] as string;
  return resources(template, 'AWS::IAM::Policy')
    .filter(([, p]) => p.Properties.Roles.some((r: Json) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Statement[]);
}

/** IAM's StringLike. */
const like = (pattern: string, value: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
    's',
  ).test(value);

/** A statement's condition, for a request naming one partition key: only the LeadingKeys condition is known here, anything else holds nothing. */
function holds(condition: Statement['Condition'], pk: string): boolean {
  if (!condition) return true;
  const keys = condition['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'];
  return Object.keys(condition).length === 1 && keys !== undefined && list(keys).some((p) => like(p, pk));
}

/** Whether a route's role allows `action` on an item of partition `pk` in `table`. */
function allows(route: string, action: string, table: IConstruct, pk: string): boolean {
  const arn = JSON.stringify(arnOf(logicalId(table)));
  return statementsOf(route).some((s) => list(s.Action).includes(action) && list(s.Resource).some((r) => JSON.stringify(r) === arn) && holds(s.Condition, pk));
}

const sub = randomUUID();
/** Where the erasure keeps its marker (adapters/store/erasure-store.ts), not a copy of the key's form. */
const marker = erasureMarkerKey(sub).pk;
const status = () => stack.data.status;
const audit = () => stack.staff.audit;
const WRITES = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'];
const READS = ['dynamodb:GetItem', 'dynamodb:Query'];
/** Status-table partitions no public recommender function may touch: the applicant's (status, sessions), the marker of their erasure, a staff member's sessions, releases, tokens, the office's links, the applicant's counters, the recommendations' id and due-day pointers. */
const NOT_THE_RECOMMENDERS = [
  sub,
  laterApplicationKey(sub, '2028'),
  marker,
  `staff#${sub}`,
  `release#${randomUUID()}`,
  'releases',
  `token#${'a'.repeat(64)}`,
  'temporary-links',
  `rate#invitations#${sub}`,
  `rec#${randomUUID()}`,
  'rec-due#2030-01-01',
];
const RECOMMENDER_ROUTES = ['readRecommendationRequest', 'readLetterStatus', 'grantLetterUpload', 'submitRecommendation', 'declineRecommendation'];

describe('grants limited to partitions (dynamodb:LeadingKeys)', () => {
  it.each(RECOMMENDER_ROUTES)('%s reaches the recommendations, their link tokens and its counters, nothing else of the status table', (name) => {
    const reached = NOT_THE_RECOMMENDERS.flatMap((pk) =>
      [...WRITES, 'dynamodb:GetItem'].filter((a) => allows(name, a, status(), pk)).map((a) => `${a} on ${pk}`),
    );
    expect(reached).toEqual([]);
    expect(allows(name, 'dynamodb:GetItem', status(), `recommendations#${sub}`)).toBe(true);
    expect(allows(name, 'dynamodb:GetItem', status(), `rectoken#${'b'.repeat(64)}`)).toBe(true);
    expect(allows(name, 'dynamodb:UpdateItem', status(), `rate#lookup-link#${'b'.repeat(64)}`)).toBe(true);
  });

  it('the applicant sign-in writes the signing-in applicant’s partition only, the staff sign-in the office’s audit records only', () => {
    expect(allows('logIn', 'dynamodb:UpdateItem', status(), sub)).toBe(true);
    for (const pk of NOT_THE_RECOMMENDERS.slice(1)) expect(allows('logIn', 'dynamodb:UpdateItem', status(), pk), pk).toBe(false);
    expect(allows('refreshSession', 'dynamodb:UpdateItem', status(), `release#${sub}`)).toBe(false);
    expect(allows('refreshStaffSession', 'dynamodb:UpdateItem', status(), sub)).toBe(false);
    expect(allows('refreshStaffSession', 'dynamodb:UpdateItem', status(), `staff#${sub}`)).toBe(true);
    expect(allows('staffLogIn', 'dynamodb:PutItem', audit(), 'office')).toBe(true);
    expect(allows('staffLogIn', 'dynamodb:PutItem', audit(), `application#${sub}`)).toBe(false);
    expect(allows('staffLogIn', 'dynamodb:PutItem', audit(), `history#${sub}`)).toBe(false);
  });

  it('an account’s later applications (issue 37) are its own partitions: its routes reach them, the families beside them do not match', () => {
    const later = laterApplicationKey(sub, '2028');
    for (const name of ['saveLastPage', 'advanceWebStatus', 'submitApplication', 'closeAccount'])
      expect(allows(name, 'dynamodb:UpdateItem', status(), later), name).toBe(true);
    // The family needs the account's own 36-character sub before its two hyphens: no other family's key has that shape.
    for (const pk of [`erasure#${sub}--2028`, `recommendations#${sub}`, `staff#${sub}--x`, `${sub}-2028`, `x${sub}--2028`])
      expect(allows('saveLastPage', 'dynamodb:UpdateItem', status(), pk), pk).toBe(false);
  });

  it('the marker that lets the retention function delete an identity is out of reach of the applicant’s sign-in and refresh', () => {
    // Both reach the applicant's own partition (anyone with the password, or a copied refresh token,
    // runs them): a marker kept there could be forged or removed through them (#42.9).
    for (const name of ['logIn', 'refreshSession']) {
      expect(allows(name, 'dynamodb:UpdateItem', status(), sub), name).toBe(true);
      for (const action of WRITES) expect(allows(name, action, status(), marker), `${name} ${action}`).toBe(false);
    }
    // The deletion's own routes write it.
    for (const name of ['closeAccount', 'eraseApplication'])
      for (const action of ['dynamodb:PutItem', 'dynamodb:DeleteItem']) expect(allows(name, action, status(), marker), `${name} ${action}`).toBe(true);
  });

  it('only the routes that change an application’s office status or mark its materials write its history, and every audit write is limited to the partitions it records', () => {
    const writers = rows.filter((r) => allows(r.name, 'dynamodb:PutItem', audit(), `history#${sub}`)).map((r) => r.name);
    expect(writers.sort()).toEqual([
      'markMaterial',
      'recordDecision',
      'recordDecisions',
      'saveReview',
      'scheduleRelease',
      'sisMarkMaterial',
      'sisRecordDecision',
    ]);
    const unlimited = rows.filter((r) => allows(r.name, 'dynamodb:PutItem', audit(), `anything#${sub}`)).map((r) => r.name);
    expect(unlimited).toEqual([]);
  });

  it('no route holds a status-table statement without a LeadingKeys condition', () => {
    // Every route's status-table grant names its partitions; a new whole-table grant needs its reason here (docs/security.md).
    const WHOLE_TABLE: Record<string, string> = {};
    const arn = JSON.stringify(arnOf(logicalId(status())));
    const whole = rows
      .filter((r) =>
        statementsOf(r.name).some(
          (s) => list(s.Resource).some((x) => JSON.stringify(x) === arn) && !s.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'],
        ),
      )
      .map((r) => r.name);
    expect(whole.sort()).toEqual(Object.keys(WHOLE_TABLE).sort());
  });

  it('the public temporary link reads tokens and marks the office’s ledger, and reaches no applicant’s partition, marker, session or release', () => {
    const route = 'readTemporaryAnswers';
    const reached = [sub, marker, `staff#${sub}`, `release#${randomUUID()}`, 'releases', `recommendations#${sub}`, `rate#invitations#${sub}`].flatMap((pk) =>
      [...WRITES, ...READS].filter((a) => allows(route, a, status(), pk)).map((a) => `${a} on ${pk}`),
    );
    expect(reached).toEqual([]);
    const token = `token#${'c'.repeat(64)}`;
    expect(allows(route, 'dynamodb:GetItem', status(), token)).toBe(true);
    expect(WRITES.filter((a) => allows(route, a, status(), token))).toEqual([]);
    expect(allows(route, 'dynamodb:UpdateItem', status(), 'temporary-links')).toBe(true);
    expect(allows(route, 'dynamodb:GetItem', status(), 'temporary-links')).toBe(false);
    expect(allows('readServiceView', 'dynamodb:GetItem', status(), token)).toBe(true);
    expect(allows('readServiceView', 'dynamodb:GetItem', status(), sub)).toBe(false);
  });

  it('no applicant route reaches a staff member’s sessions, a release, the office’s links or tokens; only closing the account reaches the erasure’s marker', () => {
    const office = [`staff#${sub}`, `release#${randomUUID()}`, 'releases', 'temporary-links', `token#${'d'.repeat(64)}`];
    const applicantRoutes = rows.filter((r) => r.access === 'applicant').map((r) => r.name);
    expect(applicantRoutes.length).toBeGreaterThan(20);
    const reached = applicantRoutes.flatMap((name) =>
      [...office, ...(name === 'closeAccount' ? [] : [marker])].flatMap((pk) =>
        [...WRITES, ...READS].filter((a) => allows(name, a, status(), pk)).map((a) => `${name}: ${a} on ${pk}`),
      ),
    );
    expect(reached).toEqual([]);
    // Each still reaches its own partition (the session), where the sign-in keeps it.
    expect(applicantRoutes.filter((name) => !allows(name, 'dynamodb:GetItem', status(), sub))).toEqual([]);
  });

  it('staff routes reach the erasure’s marker only to erase (a hold and a new note read it), and an applicant’s partition only to erase or to claim a release’s e-mail (and read it for notes and the list in progress)', () => {
    const staffRoutes = rows.filter((r) => r.access === 'staff').map((r) => r.name);
    const reaching = (pk: string, actions: readonly string[]) =>
      staffRoutes.flatMap((name) => actions.filter((a) => allows(name, a, status(), pk)).map((a) => `${name}: ${a}`));
    expect(reaching(marker, WRITES)).toEqual([
      'eraseApplication: dynamodb:PutItem',
      'eraseApplication: dynamodb:UpdateItem',
      'eraseApplication: dynamodb:DeleteItem',
    ]);
    // A new note reads the marker and the closed session after its write, as a late writer does (domain/notes/notes.ts).
    expect(reaching(marker, ['dynamodb:GetItem']).sort()).toEqual([
      'eraseApplication: dynamodb:GetItem',
      'holdApplication: dynamodb:GetItem',
      'postNote: dynamodb:GetItem',
    ]);
    // Reads only besides: the list of applications in progress reads each applicant's sign-in address (their status item), and so do the mailings that write to them.
    expect(
      reaching(sub, [...WRITES, ...READS])
        .filter((r) => !r.startsWith('eraseApplication:'))
        .sort(),
    ).toEqual([
      'createMailing: dynamodb:GetItem',
      'exportInProgressCsv: dynamodb:GetItem',
      'listInProgress: dynamodb:GetItem',
      'postNote: dynamodb:GetItem',
      'previewMailing: dynamodb:GetItem',
      'scheduleRelease: dynamodb:DeleteItem',
      'scheduleRelease: dynamodb:UpdateItem',
      'sendMailing: dynamodb:GetItem',
      'testMailing: dynamodb:GetItem',
    ]);
    // Every staff route keeps its session in the staff member's partition, and none reaches another family through it.
    expect(staffRoutes.filter((name) => name !== 'staffLogIn' && !allows(name, 'dynamodb:UpdateItem', status(), `staff#${sub}`))).toEqual([]);
  });

  it.each(rows.map((r) => [r.name, r] as const))('%s: each grant limited to partitions is one statement with exactly that condition', (name, route) => {
    const statements = statementsOf(name);
    for (const grant of route.grants.filter((g) => g.keys)) {
      const found = statements.filter(
        (s) =>
          JSON.stringify(list(s.Action).sort()) === JSON.stringify([...grant.actions].sort()) &&
          JSON.stringify(s.Condition) === JSON.stringify({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': grant.keys } }),
      );
      expect(found, `${grant.resource} ${grant.actions.join()}`).toHaveLength(1);
    }
  });
});
