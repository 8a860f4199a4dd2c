/**
 * One seeding run against a running local stack, through its HTTP API and its /_dev endpoints
 * only (never its tables), so it keeps working when storage changes: each applicant signs up,
 * confirms with the code from the dev outbox, logs in, saves the generated answers and (with
 * `submitted`) submits, which queues the application PDF; then (with `decided`) a decider signed
 * in through the staff console's MFA flow stages the decisions, in bulk.
 */
import pLimit from 'p-limit';
import { DECISIONS, MAX_BULK_IDS, type Decision } from '#form/wire/decision-words';
import { type ApiResponse, registeredApplicant } from '#test/support/client';
import { signedInStaff, type StaffClient } from '#test/support/staff';
import { generateApplicant, type SeedLookups } from './generate';

export interface SeedOptions {
  url: string;
  applicants: number;
  submitted: boolean;
  decided: boolean;
  seed: number;
  concurrency: number;
  /** Goes into every e-mail of the run, so a second run on the same stack makes new accounts. */
  run: string;
  now?: Date;
  log: (line: string) => void;
}

export interface SeededApplicant {
  email: string;
  /** The application's id (the applicant's `sub`), once signed up. */
  id?: string;
  submitted: boolean;
  decision?: Decision;
  /** What went wrong, in the stack's words; the applicant's later steps were not tried. */
  failure?: string;
}

export interface SeedResult {
  applicants: SeededApplicant[];
  /** The staff user who staged the decisions. */
  decider?: string;
}

/** The stack's answer in words: its status, message and the first field it names. */
function refusal(step: string, res: ApiResponse): string {
  const body = (typeof res.body === 'object' && res.body !== null ? res.body : {}) as {
    message?: string;
    problems?: Record<string, string[]>;
    errors?: Record<string, string[]>;
  };
  const [field, messages] = Object.entries(body.problems ?? body.errors ?? {})[0] ?? [];
  return `${step} was refused (${res.status})${body.message ? `: ${body.message}` : ''}${field ? ` (${field}: ${messages?.join(' ')})` : ''}`;
}

/** The applicant number `index` through sign-up, answers and (with `submitted`) submit; the decision it is to get, if decided. */
async function seedOne(o: SeedOptions, lookups: SeedLookups, index: number): Promise<{ applicant: SeededApplicant; staged: Decision }> {
  const generated = generateApplicant(o.seed, index, o.run, lookups, o.now);
  const out: SeededApplicant = { email: generated.email, submitted: false };
  try {
    const client = await registeredApplicant(o.url, generated.email);
    out.id = client.subject;
    const saved = await client.put('/api/answer', generated.answers);
    if (saved.status !== 200) throw new Error(refusal('saving the answers', saved));
    if (o.submitted) {
      const submitted = await client.post('/api/submit');
      if (submitted.status !== 200) throw new Error(refusal('submitting', submitted));
      out.submitted = true;
    }
  } catch (error) {
    out.failure = error instanceof Error ? error.message : String(error);
  }
  return { applicant: out, staged: generated.decision };
}

/** One decision on many applications at once; a refused batch is tried one by one, for each one's reason. */
async function stage(staff: StaffClient, decision: Decision, applicants: SeededApplicant[]): Promise<void> {
  const bulk = await staff.post('/staff/api/decisions', { ids: applicants.map((a) => a.id), decision });
  if (bulk.status === 200) {
    for (const a of applicants) a.decision = decision;
    return;
  }
  for (const a of applicants) {
    const one = await staff.put(`/staff/api/applications/${a.id}/decision`, { decision });
    if (one.status === 200) a.decision = decision;
    else a.failure = refusal(`deciding ${decision}`, one);
  }
}

export async function seedStack(o: SeedOptions, lookups: SeedLookups): Promise<SeedResult> {
  const limit = pLimit(o.concurrency);
  let done = 0;
  const seeded = await Promise.all(
    Array.from({ length: o.applicants }, (_, index) =>
      limit(async () => {
        const one = await seedOne(o, lookups, index);
        done += 1;
        const { email, failure, submitted } = one.applicant;
        o.log(`[${done}/${o.applicants}] ${email}: ${failure ? `FAILED: ${failure}` : submitted ? 'submitted' : 'answered'}`);
        return one;
      }),
    ),
  );
  const applicants = seeded.map((s) => s.applicant);
  if (!o.decided || !applicants.some((a) => a.submitted)) return { applicants };
  const decider = `seed-decider-${o.run}@example.edu`;
  const staff = await signedInStaff(o.url, decider, 'decider');
  for (const decision of DECISIONS) {
    const targets = seeded.filter((s) => s.staged === decision && s.applicant.submitted).map((s) => s.applicant);
    for (let i = 0; i < targets.length; i += MAX_BULK_IDS) await stage(staff, decision, targets.slice(i, i + MAX_BULK_IDS));
    if (targets.length > 0) o.log(`staged ${targets.filter((t) => t.decision === decision).length} × ${decision}`);
  }
  return { applicants, decider };
}
