/**
 * Least privilege, held from both ends: each route's synthesized policy allows exactly the
 * actions its row declares (routes.test.ts), and every call a row declares is one its bundled
 * code makes on that resource (found by scanning the route's tree-shaken bundle for the SDK
 * calls of lambdas/adapters/iam-actions.ts). A grant the code does not use fails here.
 */
import { ADAPTER_RESOURCES, SDK_CALL_ACTIONS, actionsFor, type Resource } from '#adapters/iam-actions';
import { KEY_FAMILIES } from '#adapters/store/keys';
import { routes, type RouteDef } from '#lambdas/routes';
import { actionsOfBundle, callsOfEntries, callsOfRoutes, type RouteCalls } from './adapter-calls';
import { synth } from './harness';
import { permissionsOfFunction, resources } from './template';

const rows: readonly RouteDef[] = routes;
let calls: Map<string, RouteCalls>;
beforeAll(async () => {
  calls = await callsOfRoutes(rows);
}, 120_000);

const codeOf = (name: string) => calls.get(name) as RouteCalls;

describe('grants are the calls the code makes', () => {
  it('every adapter module that calls AWS is declared with its resources and calls', () => {
    expect(rows.flatMap((r) => codeOf(r.name).undeclared.map((u) => `${r.name}: ${u.module} (${u.calls.join(', ')})`))).toEqual([]);
  });

  it.each(rows.map((r) => [r.name, r] as const))('%s declares only calls its code makes on each resource', (name, route) => {
    const made = codeOf(name).calls;
    const unused = route.grants.flatMap((g) => g.calls.filter((c) => !made.get(g.resource)?.has(c)).map((c) => `${g.resource}: ${c}`));
    expect(unused).toEqual([]);
    expect(route.grants.filter((g) => !made.has(g.resource) && g.calls.length > 0).map((g) => g.resource)).toEqual([]);
  });

  it.each(rows.map((r) => [r.name, r] as const))('%s is granted exactly the actions its declared calls need', (_name, route) => {
    for (const g of route.grants) expect([...g.actions].sort()).toEqual(actionsFor(g.resource, g.calls).sort());
  });

  // The reverse: what every request of an access level does before its handler (the session's
  // revocation marker and its activity mark, written once a minute at most, so a route's tests may
  // never see it happen) must be granted to each route of that level. A scan of a whole route can
  // not say this: its stores are objects whose unused methods stay in the bundle.
  it('every route is granted the calls its access level makes on each request', async () => {
    const levels = [...new Set(rows.map((r) => r.access))];
    const pipelines = await callsOfEntries(
      levels.map((level) => `middleware/access/${level}.ts`),
      [],
    );
    const missing = rows.flatMap((row) => {
      const made = (pipelines.get(`middleware/access/${row.access}.ts`) as RouteCalls).actions;
      return [...made].flatMap(([resource, actions]) => {
        const granted = new Set(row.grants.filter((g) => g.resource === resource).flatMap((g) => g.actions));
        return [...actions].filter((a) => !granted.has(a)).map((a) => `${row.name}: ${a} on ${resource}`);
      });
    });
    expect(missing).toEqual([]);
  });

  it('no route may read the answers table through /public/tmp, nothing holds Scan or batch writes, and a batch read only on some partitions', () => {
    const tmp = rows.find((r) => r.name === 'readTemporaryAnswers');
    expect(new Set(tmp?.grants.map((g) => g.resource))).toEqual(new Set(['statusTable']));
    const { stack, template } = synth();
    const broad = /dynamodb:(Scan|BatchWriteItem|ConditionCheckItem|PartiQL)|s3:\*|:\*$/;
    for (const route of rows) {
      const fn = stack.api.functions.get(route.name);
      const id = stack.getLogicalId(fn?.node.defaultChild as never);
      expect(
        [...permissionsOfFunction(template, id)].filter((p) => broad.test(p.split('|')[0] as string)),
        route.name,
      ).toEqual([]);
    }
    // A BatchGetItem (the dashboard's counters) is granted only with IAM's LeadingKeys condition: never a whole table.
    const batchReads = rows.flatMap((r) =>
      r.grants.filter((g) => g.actions.includes('dynamodb:BatchGetItem')).map((g) => [r.name, g.keys ?? 'the whole table']),
    );
    expect(batchReads).toEqual([['readDashboard', [KEY_FAMILIES.dashboard]]]);
    const roles = resources(template, 'AWS::IAM::Policy').flatMap(
      ([, p]) => p.Properties.PolicyDocument.Statement as Array<{ Action: unknown; Condition?: unknown }>,
    );
    const unconditioned = roles.filter(
      (st) => [st.Action].flat().includes('dynamodb:BatchGetItem') && !JSON.stringify(st.Condition ?? {}).includes('dynamodb:LeadingKeys'),
    );
    expect(unconditioned).toEqual([]);
  });

  it('every call of the manifest is one our adapters make', () => {
    const all = new Set(rows.flatMap((r) => [...codeOf(r.name).calls.values()].flatMap((s) => [...s])));
    // Made only by the event functions (the retention sweep's Scan, ListUsers and AdminDeleteUser among them) and operator scripts (the staff and lookup import commands), not by routes.
    const elsewhere = [
      'AdminDeleteUserCommand',
      'PutEventsCommand',
      'SendEmailCommand',
      'PutObjectCommand',
      'AdminCreateUserCommand',
      'AdminListGroupsForUserCommand',
      'AdminAddUserToGroupCommand',
      'AdminRemoveUserFromGroupCommand',
      'ScanCommand',
      'ListUsersCommand',
    ];
    expect(Object.keys(SDK_CALL_ACTIONS).filter((c) => !all.has(c) && !elsewhere.includes(c))).toEqual([]);
    expect(Object.keys(ADAPTER_RESOURCES).length).toBeGreaterThan(0);
  });
});

describe('the scan itself', () => {
  const bundle = (modules: Record<string, string>) =>
    Object.entries(modules)
      .map(([m, text]) => `// ${m}\n${text}`)
      .join('\n');

  it('finds renamed command classes and the presigned POST, by module and resource', () => {
    const found = actionsOfBundle(
      bundle({
        'lambdas/config.ts': 'uploadsBucket: get("UPLOADS_BUCKET"), documentsBucket: get("DOCUMENTS_BUCKET")',
        'lambdas/adapters/store/answers-store.ts': 'await db.send(new GetCommand2({ TableName: config().answersTable }));',
        'lambdas/adapters/storage/objects.ts': 'const { url } = await createPresignedPost(s3Client(), { Bucket: bucket });',
        'lambdas/http/api-presigned-url-post.ts': 'presignUpload(config().uploadsBucket, key, max);',
      }),
    );
    expect(found.undeclared).toEqual([]);
    expect(Object.fromEntries([...found.actions].map(([r, a]) => [r, [...a]]))).toEqual({
      answersTable: ['dynamodb:GetItem'],
      // Only the bucket the handler names, not every bucket configuration lists.
      uploadsBucket: ['s3:PutObject'],
    } satisfies Partial<Record<Resource, string[]>>);
  });

  it('reports a module that calls AWS without a declaration', () => {
    const found = actionsOfBundle(bundle({ 'lambdas/adapters/new-store.ts': 'await db.send(new ScanCommand({ TableName }));' }));
    expect(found.undeclared).toEqual([{ module: 'lambdas/adapters/new-store.ts', calls: ['ScanCommand'] }]);
  });
});
