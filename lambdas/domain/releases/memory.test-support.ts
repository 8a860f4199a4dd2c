/** In-memory ports for the releases' unit tests: the same contracts as the DynamoDB stores. */
import type { SubmissionEvent } from '#form/wire/events';
import { currentStatus } from '../lifecycle/history';
import type { DecisionRecord, DecisionStore } from '../ports/decisions';
import type { MailClaims, OutgoingMail } from '../ports/mail';
import type { NumberedChange, OfficeStatus, OfficeStatusStore } from '../ports/office-status';
import type { ReleaseRecord, ReleaseScheduler, ReleaseStore } from '../ports/releases';
import type { SubmittedApplication } from '../ports/submissions';
import type { ReleasePorts } from './release';

export class MemoryDecisions implements DecisionStore {
  readonly records = new Map<string, DecisionRecord>();
  writes = 0;
  readDecision(id: string) {
    const r = this.records.get(id);
    return Promise.resolve(r && structuredClone(r));
  }
  writeDecision(id: string, record: DecisionRecord, expectedVersion: number) {
    if ((this.records.get(id)?.version ?? 0) !== expectedVersion) return Promise.resolve(false);
    this.writes += 1;
    this.records.set(id, structuredClone(record));
    return Promise.resolve(true);
  }
}

export class MemoryOfficeStatus implements OfficeStatusStore {
  readonly histories = new Map<string, NumberedChange[]>();
  readHistory(id: string) {
    return Promise.resolve(structuredClone(this.histories.get(id) ?? []));
  }
  appendHistory(id: string, change: NumberedChange) {
    const history = this.histories.get(id) ?? [];
    if (history.some((c) => c.seq === change.seq)) return Promise.resolve(false);
    this.histories.set(id, [...history, structuredClone(change)]);
    return Promise.resolve(true);
  }
  markStatus() {
    return Promise.resolve();
  }
  status(id: string): OfficeStatus {
    return currentStatus(this.histories.get(id) ?? []).status;
  }
}

export class MemoryReleases implements ReleaseStore {
  readonly releases = new Map<string, ReleaseRecord>();
  createRelease(release: ReleaseRecord) {
    this.releases.set(release.id, structuredClone(release));
    return Promise.resolve();
  }
  readRelease(id: string) {
    const r = this.releases.get(id);
    return Promise.resolve(r && structuredClone(r));
  }
  listPending() {
    return Promise.resolve(
      [...this.releases.values()]
        .filter((r) => r.state === 'scheduled')
        .sort((a, b) => a.at.localeCompare(b.at))
        .map((r) => structuredClone(r)),
    );
  }
  startRelease(id: string, at: string) {
    const r = this.releases.get(id);
    if (r?.state !== 'scheduled') return Promise.resolve(false);
    r.started_at ??= at;
    return Promise.resolve(true);
  }
  finishRelease(id: string, released: number, skipped: readonly string[]) {
    const r = this.releases.get(id);
    if (r?.state === 'scheduled') Object.assign(r, { state: 'released', released, skipped: [...skipped] });
    return Promise.resolve();
  }
  cancelRelease(id: string) {
    const r = this.releases.get(id);
    if (r?.state !== 'scheduled' || r.started_at) return Promise.resolve(false);
    r.state = 'cancelled';
    return Promise.resolve(true);
  }
}

export class MemoryScheduler implements ReleaseScheduler {
  readonly schedules = new Map<string, string>();
  schedule(id: string, at: string) {
    this.schedules.set(id, at);
    return Promise.resolve();
  }
  unschedule(id: string) {
    this.schedules.delete(id);
    return Promise.resolve();
  }
}

export class MemoryMail implements MailClaims {
  readonly sent: OutgoingMail[] = [];
  readonly claims = new Map<string, { claimId: string; sent: boolean }>();
  /** Addresses whose next send fails (once each). */
  readonly failNext = new Set<string>();
  claimMail(sub: string, kind: string, claimId: string) {
    const key = `${sub}|${kind}`;
    if (this.claims.has(key)) return Promise.resolve(false);
    this.claims.set(key, { claimId, sent: false });
    return Promise.resolve(true);
  }
  markMailSent(sub: string, kind: string) {
    this.claims.get(`${sub}|${kind}`)!.sent = true;
    return Promise.resolve();
  }
  releaseMail(sub: string, kind: string) {
    this.claims.delete(`${sub}|${kind}`);
    return Promise.resolve();
  }
  sendMail = (mail: OutgoingMail): Promise<string> => {
    if (this.failNext.delete(mail.to)) return Promise.reject(new Error('mail refused'));
    this.sent.push(mail);
    return Promise.resolve(`m-${this.sent.length}`);
  };
}

/** Everything a release touches, in memory, with submitted applications. */
export function memoryReleasePorts(applications: readonly string[]) {
  const decisions = new MemoryDecisions();
  const office = new MemoryOfficeStatus();
  const releases = new MemoryReleases();
  const scheduler = new MemoryScheduler();
  const mail = new MemoryMail();
  const published: SubmissionEvent[] = [];
  const letters: string[] = [];
  const apps = new Map<string, SubmittedApplication>(
    applications.map((id, i) => [
      id,
      {
        id,
        reference: `REF${i}`,
        email: `${id}@example.com`,
        submittedAt: '2026-11-01T10:00:00.000Z',
        answers: { first_name: `First${i}` },
        officeStatus: 'submitted',
      },
    ]),
  );
  const ports: ReleasePorts = {
    releases,
    scheduler,
    decisions,
    office,
    readSubmitted: (id) => Promise.resolve(apps.get(id)),
    listDecided: () => Promise.resolve([...apps.keys()].filter((id) => office.status(id) === 'decided')),
    mail,
    publish: (event) => {
      published.push(event);
      return Promise.resolve(true);
    },
    requestLetter: (id) => {
      letters.push(id);
      return Promise.resolve();
    },
    origin: 'https://apply.example.edu',
  };
  return { ports, decisions, office, releases, scheduler, mail, published, letters };
}
