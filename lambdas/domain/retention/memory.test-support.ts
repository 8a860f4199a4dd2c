/** In-memory ports for the retention sweep's unit tests: the same contracts as the adapters. */
import { policies } from '#form/institution-policies';
import type { OutgoingMail } from '../ports/mail';
import { RETENTION_WARNING_MAIL, type AccountActivity, type ApplicantAccount, type RetentionErasureCause, type SubmittedRecord } from '../ports/retention';
import type { RetentionPorts } from './sweep';

interface Claim {
  claimId: string;
  claimedUntil?: number;
  sentAt?: string;
}

/** Accounts, their sign-ins and submissions, the mails sent and the erasures asked for. */
export class MemoryRetention {
  readonly accounts = new Map<string, ApplicantAccount>();
  /** Accounts that exist but the listing leaves out (a listing is not a snapshot). */
  readonly unlisted = new Set<string>();
  /** Accounts erased lately: their closed session records (closedAt). */
  readonly closed = new Map<string, string>();
  readonly signIns = new Map<string, string>();
  readonly submissions = new Map<string, string>();
  /** The accounts holding more than one application (issue 37): their keys in the order started. */
  readonly applications = new Map<string, string[]>();
  /** Applications an admin put on hold. */
  readonly holds = new Set<string>();
  readonly claims = new Map<string, Claim>();
  readonly sent: OutgoingMail[] = [];
  readonly erased: Array<{ sub: string; cause: RetentionErasureCause }> = [];
  /** Subs whose erasure throws, and addresses whose mail is refused. */
  readonly failingErasures = new Set<string>();
  readonly refusedAddresses = new Set<string>();
  writes = 0;
  /** The leftovers pass: none by default (its own tests run the real one over the erasure's world). */
  removeLeftovers: (sub: string, dryRun: boolean) => Promise<number> = () => Promise.resolve(0);

  addAccount(sub: string, createdAt: string, options: { confirmed?: boolean; signedInAt?: string; submittedAt?: string } = {}): void {
    this.accounts.set(sub, { sub, email: `${sub}@example.edu`, createdAt, confirmed: options.confirmed ?? true });
    if (options.signedInAt) this.signIns.set(sub, options.signedInAt);
    if (options.submittedAt) this.submissions.set(sub, options.submittedAt);
  }

  private lastWarnedAt(sub: string): string | undefined {
    const prefix = `${sub}|${RETENTION_WARNING_MAIL}#`;
    const sent = [...this.claims].filter(([key, c]) => key.startsWith(prefix) && c.sentAt).map(([, c]) => c.sentAt!);
    return sent.sort().at(-1);
  }

  ports(): RetentionPorts {
    const key = (sub: string, kind: string) => `${sub}|${kind}`;
    // Generators cannot be arrow functions: they read the store through these names.
    const { accounts, unlisted, closed, signIns, submissions, claims } = this;
    const lastWarnedAt = (sub: string) => this.lastWarnedAt(sub);
    return {
      policy: policies.retention,
      origin: 'https://apply.example.edu',
      directory: {
        async *listAccounts() {
          for (const a of [...accounts.values()]) if (!unlisted.has(a.sub)) yield structuredClone(a);
        },
        accountExists: (sub) => Promise.resolve(accounts.has(sub)),
      },
      records: {
        async *listActivity() {
          for (const sub of new Set([...signIns.keys(), ...closed.keys(), ...[...claims.keys()].map((k) => k.split('|')[0]!)])) {
            const a: AccountActivity = { sub };
            const signIn = signIns.get(sub);
            const warned = lastWarnedAt(sub);
            const closedAt = closed.get(sub);
            if (signIn) a.lastSignInAt = signIn;
            if (warned) a.lastWarnedAt = warned;
            if (closedAt) a.closedAt = closedAt;
            yield a;
          }
        },
        async *listSubmittedBefore(cutoff: string) {
          const due: SubmittedRecord[] = [...submissions].filter(([, at]) => at < cutoff).map(([sub, submittedAt]) => ({ sub, submittedAt }));
          yield* due.sort((a, b) => a.submittedAt.localeCompare(b.submittedAt));
        },
        applicationState: (sub) => Promise.resolve({ submitted: this.submissions.has(sub), held: this.holds.has(sub) }),
        applicationKeys: (sub) => Promise.resolve(this.applications.get(sub) ?? [sub]),
      },
      eraser: {
        eraseAccount: (sub, cause, decided) => {
          if (this.failingErasures.has(sub)) return Promise.reject(new Error('storage unreachable'));
          // The adapter's conditional write: still as the sweep read it, and not held.
          const unchanged = decided.submitted
            ? this.submissions.get(sub) === decided.submittedAt
            : !this.submissions.has(sub) && this.signIns.get(sub) === decided.lastSignInAt;
          if (!unchanged || this.holds.has(sub)) return Promise.resolve(false);
          this.writes += 1;
          this.erased.push({ sub, cause });
          this.accounts.delete(sub);
          this.signIns.delete(sub);
          this.submissions.delete(sub);
          for (const k of [...this.claims.keys()]) if (k.startsWith(`${sub}|`)) this.claims.delete(k);
          return Promise.resolve(true);
        },
      },
      leftovers: { removeLeftovers: (sub, dryRun) => this.removeLeftovers(sub, dryRun) },
      sendMail: (mail) => {
        if (this.refusedAddresses.has(mail.to)) return Promise.reject(new Error('Mail refused'));
        this.sent.push(mail);
        return Promise.resolve(`message-${this.sent.length}`);
      },
      claimMail: (sub, kind, claimId, now, leaseMs) => {
        const c = this.claims.get(key(sub, kind));
        if (c && (c.sentAt || (c.claimedUntil ?? 0) >= now.getTime())) return Promise.resolve(false);
        this.writes += 1;
        this.claims.set(key(sub, kind), { claimId, claimedUntil: now.getTime() + leaseMs });
        return Promise.resolve(true);
      },
      markMailSent: (sub, kind, claimId, at) => {
        const c = this.claims.get(key(sub, kind));
        if (!c || c.claimId !== claimId) return Promise.reject(new Error('claim lost'));
        this.writes += 1;
        this.claims.set(key(sub, kind), { claimId, sentAt: at.toISOString() });
        return Promise.resolve();
      },
      releaseMail: (sub, kind, claimId) => {
        const c = this.claims.get(key(sub, kind));
        if (c && c.claimId === claimId && !c.sentAt) this.claims.delete(key(sub, kind));
        return Promise.resolve();
      },
    };
  }
}
