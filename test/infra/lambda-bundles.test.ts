/**
 * What goes into the Lambda bundles: our own modules of every route and event function, found
 * by esbuild as the CDK bundles them (packages left out: only our code is in question). The
 * local stack's instrumentation (DynamoDB call timing, Chromium's CPU priority) and anything
 * under local/ or bench/ must not be among them.
 */
import * as path from 'node:path';
import { build, type Metafile, type OutputFile } from 'esbuild';
import { REPO_ROOT } from '#cdk/settings';
import { routes } from '#lambdas/routes';
import { OUR_CODE_BUILD } from './adapter-calls';
import { EVENT_ENTRIES } from './harness';

/**
 * One esbuild run of every route and event entry, shared by the tests below (four runs of
 * overlapping sets before): each reads the outputs of its own entries. An entry's bundle does not
 * depend on the entries built beside it (no code splitting: one self-contained output per entry).
 */
let everything: Promise<{ metafile: Metafile; outputFiles: OutputFile[] }> | undefined;
const bundleAll = () =>
  (everything ??= build({
    ...OUR_CODE_BUILD,
    entryPoints: [...routes.map((r) => r.entry), ...EVENT_ENTRIES].map((e) => path.join(REPO_ROOT, 'lambdas', e)),
    metafile: true,
    outdir: path.join(REPO_ROOT, '.bundle-check'),
  }));

/** The outputs built from `entries` (relative to lambdas/), each of them there. */
function outputsOf(metafile: Metafile, entries: readonly string[]): [string, Metafile['outputs'][string]][] {
  const wanted = new Set(entries.map((e) => `lambdas/${e}`));
  const found = Object.entries(metafile.outputs).filter(([, meta]) => meta.entryPoint !== undefined && wanted.has(meta.entryPoint));
  expect(found.map(([, meta]) => meta.entryPoint).sort()).toEqual([...wanted].sort());
  return found;
}

describe('Lambda bundles', () => {
  it('carry none of the local stack and none of its instrumentation', { timeout: 60_000 }, async () => {
    const result = await bundleAll();
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.filter((i) => i.startsWith('lambdas/')).length).toBeGreaterThan(50);
    // Beside our code, only the OpenAPI document its route serves (docs/sis/, generated from form/wire).
    expect(inputs.filter((i) => !i.startsWith('lambdas/') && !i.startsWith('form/') && i !== 'docs/sis/openapi.json')).toEqual([]);
    for (const file of result.outputFiles) {
      expect(file.text, file.path).not.toMatch(/autogroup|localTimeCall|localTimeWire/);
    }
  });
});

describe('route bundles', () => {
  // The converters' libraries (pdf-lib, @cantoo/pdf-lib, mammoth, sharp, file-type) belong to the
  // conversion and render functions; a route that reached them through a barrel module paid
  // for them in every cold start (2.4 MB instead of 0.8 MB for the conversion-status route).
  // fontkit (0.7 MB minified with brotli) and bidi-js draw the Arabic copy's page numbers: the render function's.
  const CONVERTER_PACKAGES = ['pdf-lib', '@cantoo/pdf-lib', 'mammoth', 'sharp', 'file-type', 'puppeteer-core', '@sparticuz/chromium', 'fontkit', 'bidi-js'];

  it('carry no document converter or browser, and not the route table (a handler takes its row from lambdas/route-row.ts)', { timeout: 60_000 }, async () => {
    const result = await bundleAll();
    const offending = outputsOf(
      result.metafile,
      routes.map((r) => r.entry),
    ).flatMap(([out, meta]) => [
      ...meta.imports
        .filter((i) => i.external && CONVERTER_PACKAGES.some((p) => i.path === p || i.path.startsWith(`${p}/`)))
        .map((i) => `${path.basename(out)} imports ${i.path}`),
      // The table, its grants and every route's contract: about 14 kB of each bundle, for five fields.
      ...('lambdas/routes.ts' in meta.inputs ? [`${meta.entryPoint ?? path.basename(out)} bundles lambdas/routes.ts`] : []),
    ]);
    expect(offending).toEqual([]);
  });
});

describe('applicant route bundles', () => {
  // An applicant route verifies a token and reads or writes the applicant's data: the staff
  // pool's sign-in and sessions, and the identity provider's client (token refresh lives in its
  // own route, POST /public/refresh), are other Lambdas' code. logOut is granted the identity
  // provider (its global sign-out) and so may carry its client; nothing of the staff side.
  const STAFF_CODE = /^lambdas\/(domain\/staff\/(sign-in|session-key)|middleware\/staff-session|middleware\/access\/staff|adapters\/identity\/staff)/;
  const COGNITO = '@aws-sdk/client-cognito-identity-provider';

  it('carry no staff sign-in code, and no Cognito client unless the row grants the identity provider', { timeout: 60_000 }, async () => {
    const applicantRoutes = routes.filter((r) => r.access === 'applicant');
    const result = await bundleAll();
    const offending: string[] = [];
    for (const [out, meta] of outputsOf(
      result.metafile,
      applicantRoutes.map((r) => r.entry),
    )) {
      const row = applicantRoutes.find((r) => meta.entryPoint === `lambdas/${r.entry}`);
      expect(row, meta.entryPoint).toBeDefined();
      for (const input of Object.keys(meta.inputs)) if (STAFF_CODE.test(input)) offending.push(`${row!.name} bundles ${input}`);
      const grantsIdentity = (row!.grants as readonly { resource: string }[]).some((g) => g.resource === 'identity');
      if (!grantsIdentity && meta.imports.some((i) => i.external && i.path.startsWith(COGNITO)))
        offending.push(`${row!.name} (${path.basename(out)}) imports ${COGNITO}`);
    }
    expect(offending).toEqual([]);
    expect(applicantRoutes.length).toBeGreaterThan(15);
  });
});

describe('lean route bundles', () => {
  // What each of these bundles once carried and need not (issue 26, docs/performance.md): the
  // route table (a handler's row comes from lambdas/route-row.ts), the S3 client (the exports'
  // multipart upload, the data export's reads), the Cognito client for GetUser (submit, the
  // invitation), the SES client for one SendEmail, yup (submit's validation, the account forms)
  // and the form barrel. Packages are left out of the build: an SDK client shows as its
  // construction in our code (the import of a package esbuild keeps even when nothing uses it),
  // yup as an import. The S3 client of the erasure (closeAccount) went with its listing.
  const ACCOUNT = ['signUp', 'confirmSignUp', 'resendConfirmation', 'logIn', 'forgotPassword', 'resetPassword'] as const;
  const LEAN = [
    'saveAnswers',
    'submitApplication',
    'exportApplicationsCsv',
    'exportApplicationsJson',
    ...ACCOUNT,
    'inviteRecommender',
    'remindRecommender',
    'submitRecommendation',
    'declineRecommendation',
    'issueTemporaryLink',
    'scheduleRelease',
    'exportMyData',
    'closeAccount',
  ] as const;
  const MODULES = ['lambdas/routes.ts', 'form/index.ts', 'form/validation/schema.ts', 'form/account.ts'];
  const CLIENTS = /\bnew (S3Client|CognitoIdentityProviderClient|SESv2Client|LambdaClient)\(/g;
  /** The account routes and closeAccount (its password check, revocation and DeleteUser) make their calls with the Cognito client. */
  const clientsAllowed = (name: string): readonly string[] =>
    ([...ACCOUNT, 'closeAccount'] as readonly string[]).includes(name) ? ['CognitoIdentityProviderClient'] : [];
  /**
   * Our modules PUT /api/answer reaches (lambdas/ and form/): 53 before the route table left it,
   * 49 before the labels' choices left the pages, 37 then, 43 with the timetable the save checks and
   * labels the round from (issue 37; docs/performance.md names each), 45 with the account's list of
   * applications every applicant route resolves its application from (issue 37, applying again:
   * store/applications-store.ts, domain/applications/account-applications.ts), 46 with the dashboard's
   * count of started applications, which the first save makes (issue 39, item 7: store/dashboard-started.ts),
   * 52 with the reply's words in the applicant's language, the save's 400s and 409s included (issue 41:
   * middleware/language.ts, form/i18n/server-words.ts and languages.ts, the server catalogs of en, es, ar),
   * 53 with the institution's round and cycle labels its window refusals name in that language
   * (form/institution-server-texts.ts), 54 with the countries' codes apart from their English names (issue 41
   * item 6: the form pages load the codes, form/options/country-alpha2.ts, and not the names, which the save's
   * labels take from form/choice-labels.ts); the cap docs/decisions.md sets ("The save's own modules", bench/cold.ts), so this goes up only for what
   * the save must do.
   */
  const SAVE_MODULES = 54;
  /**
   * What the save once reached and does not need: the pages, their builders and the form walker (its labels come
   * from form/choices.ts), the signed-out page of the routes opened from a link, the submitted
   * lock (it locks by its own write), the local stack's identity registry, the staff session key.
   */
  const NOT_IN_SAVE =
    /^(form\/(model|build|walk|pages\/.*|validation\/messages)\.ts|lambdas\/(middleware\/(signed-out-page|submitted-lock)|adapters\/identity\/registered-local|domain\/staff\/.*)\.ts)$/;

  /** The modules an entry reaches by its imports, as bench/cold.ts counts them (a module tree-shaken to nothing counts: the save pulls it in). */
  function reachable(inputs: Record<string, { imports: readonly { path: string; external?: boolean }[] }>, entry: string): Set<string> {
    const seen = new Set([entry]);
    for (const module of seen) for (const i of inputs[module]?.imports ?? []) if (!i.external) seen.add(i.path);
    return seen;
  }

  it(
    'carry neither the route table nor a client, yup or barrel they do not use, and the save neither the pages nor the pipeline parts it does not run, nor more of our modules than it did',
    { timeout: 60_000 },
    async () => {
      const entryOf = (name: string) => `lambdas/${routes.find((r) => r.name === name)!.entry}`;
      const result = await bundleAll();
      const offending: string[] = [];
      let saveModules = 0;
      let checked = 0;
      for (const [out, meta] of Object.entries(result.metafile.outputs)) {
        const name = LEAN.find((n) => meta.entryPoint === entryOf(n));
        if (!name) continue;
        checked++;
        const text = result.outputFiles.find((f) => f.path.endsWith(out))?.text ?? '';
        for (const [, client] of text.matchAll(CLIENTS)) if (!clientsAllowed(name).includes(client!)) offending.push(`${name} constructs ${client}`);
        if (meta.imports.some((i) => i.external && i.path === 'yup')) offending.push(`${name} imports yup`);
        for (const m of MODULES) if (m in meta.inputs) offending.push(`${name} bundles ${m}`);
        if (name === 'saveAnswers') {
          const reached = reachable(result.metafile.inputs, meta.entryPoint!);
          saveModules = reached.size;
          for (const m of reached) if (NOT_IN_SAVE.test(m)) offending.push(`${name} reaches ${m}`);
        }
      }
      expect(checked).toBe(LEAN.length);
      expect(offending).toEqual([]);
      expect(saveModules).toBeGreaterThan(10);
      expect(saveModules).toBeLessThanOrEqual(SAVE_MODULES);
    },
  );
});
