import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { timetable } from '#form/institution-cycles';
import type { SubmissionEvent } from '#form/wire/events';
import { Conflict, Invalid, NotFound } from '../errors';
import type { AuditRecord } from '../ports/audit';
import type { ErasableBucket, ErasurePorts, LateWritePorts } from '../ports/erasure';
import { IdentityError } from '../ports/identity';
import { SESSION_ITEM_SK } from '../ports/keys';
import type { RecommendationRecord } from '../ports/recommendations';
import { convertLetter, type LetterConversionPorts } from '../recommendations/letter-conversion';
import { sessionEnded } from '../session';
import { HELD_NOT_ERASED, closeAccount, eraseByOffice, finishOfficeErasure, submittedRefusal } from './close-account';
import { eraseApplicant } from './erasure';
import { CLOSED_SESSION_KEPT_SECONDS, withdrawIfErased, type ApplicantWrites } from './late-writes';
import { MemoryWorld, OTHER, REC, SUB, applicant, lockstep, markerRow, schedules, stepped } from './memory.test-support';

/** Events name the application's cycle: these applications were placed in none, so the first configured one (domain/events/common.ts). */
const FIRST_CYCLE = timetable.cycles[0]!.id;

describe('eraseApplicant', () => {
  it('deletes every item of the applicant in every table (new kinds of items too), their objects, pointers and identity, and nothing of another applicant', async () => {
    const world = new MemoryWorld();
    applicant(world, SUB, { submitted: true, rec: REC });
    applicant(world, OTHER, { submitted: true });
    const before = world.traces(OTHER);

    const report = await eraseApplicant(world.ports(), SUB, 'office');

    expect(world.traces(SUB)).toEqual([]);
    expect(world.traces(OTHER)).toEqual(before);
    expect(report.resumed).toBe(false);
    expect(report.objects).toBe(6);
  });

  it('closes the sessions first: a copied access token issued up to then is refused during and after the deletion, and the record keeps nothing but the id and three times', async () => {
    const world = new MemoryWorld();
    applicant(world, SUB);
    world.put('status', { pk: SUB, sk: SESSION_ITEM_SK, revoked: ['s0'], signedOutAt: 1 });
    const ports = world.ports();
    const at = Math.floor(ports.now().getTime() / 1000);
    let duringDeletion: boolean | undefined;
    const watched = {
      ...ports,
      objects: {
        ...ports.objects,
        delete: async (bucket: ErasableBucket, key: string) => {
          duringDeletion ??= sessionEnded(
            { revoked: [], signedOutAt: world.closedSession(SUB)?.signedOutAt as number },
            { sub: SUB, username: SUB, iat: at, exp: at + 900 },
          );
          await ports.objects.delete(bucket, key);
        },
      },
    };

    await eraseApplicant(watched, SUB, 'applicant');

    expect(duringDeletion).toBe(true);
    const closed = world.closedSession(SUB);
    expect(closed).toEqual({ pk: SUB, sk: SESSION_ITEM_SK, closedAt: at, signedOutAt: at + 1, revoked: [], expiresAt: at + CLOSED_SESSION_KEPT_SECONDS });
    const session = { revoked: closed!.revoked as string[], signedOutAt: closed!.signedOutAt as number };
    // Issued in the very second of the closure, or any time before: refused.
    expect(sessionEnded(session, { sub: SUB, username: SUB, iat: at, exp: at + 900 })).toBe(true);
    expect(sessionEnded(session, { sub: SUB, username: SUB, iat: at - 600, exp: at + 300 })).toBe(true);
    expect(world.traces(SUB)).toEqual([]);
  });

  it('erases every application of the account (issue 37), whichever one the office names, and nothing of another applicant', async () => {
    const world = new MemoryWorld();
    applicant(world, SUB, { submitted: true, rec: REC });
    const later = `${SUB}--2028`;
    applicant(world, later);
    // Sessions and the identity are the account's, never a later application's.
    world.identities.delete(later);
    world.tables.status.delete(`${later}|session`);
    world.put('status', {
      pk: SUB,
      sk: 'applications',
      applications: [
        { cycle: '2027', key: SUB },
        { cycle: '2028', key: later },
      ],
      count: 2,
    });
    applicant(world, OTHER, { submitted: true });
    const before = world.traces(OTHER);
    expect(world.traces(later).length).toBeGreaterThan(5);

    await eraseApplicant(world.ports(), later, 'office');

    expect(world.traces(SUB)).toEqual([]);
    expect(world.identities.has(SUB)).toBe(false);
    expect(world.traces(OTHER)).toEqual(before);
  });

  it('is idempotent: a second run over nothing succeeds', async () => {
    const world = new MemoryWorld();
    applicant(world, SUB);
    await eraseApplicant(world.ports(), SUB, 'applicant');
    await expect(eraseApplicant(world.ports(), SUB, 'applicant')).resolves.toMatchObject({ items: 0, objects: 0 });
  });

  for (const at of [0, 2, 4, 7, 10]) {
    it(`resumes after a fault at deletion ${at}: the marker stays, the identity stays, and the next run finishes`, async () => {
      const world = new MemoryWorld();
      applicant(world, SUB, { submitted: true, rec: REC });
      world.faultAfter = at;

      await expect(eraseApplicant(world.ports(), SUB, 'applicant')).rejects.toThrow('injected fault');
      expect(world.tables.status.has(markerRow(SUB))).toBe(true);
      expect(world.identities.has(SUB)).toBe(true);

      const report = await eraseApplicant(world.ports(), SUB, 'applicant');
      expect(report.resumed).toBe(true);
      expect(world.traces(SUB)).toEqual([]);
    });
  }

  it('keeps the reference seen by the first run: its reservation goes even when the answers item went first', async () => {
    const world = new MemoryWorld();
    applicant(world, SUB, { submitted: true });
    const ports = world.ports();
    // A run that wrote its marker, then lost the answers item and stopped.
    await ports.tables.startMarker({ sub: SUB, cause: 'office', startedAt: 'x', reference: `R${SUB.slice(0, 7)}` });
    world.tables.answers.delete(`${SUB}|answers`);
    await eraseApplicant(ports, SUB, 'office');
    expect(world.traces(SUB)).toEqual([]);
  });
});

describe('closeAccount', () => {
  const idp = (password: string) => ({
    verifiedEmail: (sub: string) =>
      sub === SUB ? Promise.resolve('ada@example.com') : Promise.reject(new IdentityError('UserNotFoundException', 'User does not exist.')),
    initiateAuth: (_: string, given: string) =>
      given === password
        ? Promise.resolve({ accessToken: 'a', refreshToken: 'r', expiresIn: 900 })
        : Promise.reject(new IdentityError('NotAuthorizedException', 'Incorrect username or password.')),
    revokeToken: () => Promise.resolve(),
  });

  it('refuses a wrong password on the field and deletes nothing', async () => {
    const world = new MemoryWorld();
    applicant(world, SUB);
    const ports = {
      idp: idp('right'),
      answers: { readAnswers: () => Promise.resolve({ answers: {} }) },
      erasure: world.ports(),
      helpEmail: 'help@example.edu',
    };
    const error = await closeAccount(ports, { sub: SUB }, 'wrong').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Invalid);
    expect((error as Invalid).errors?.password).toHaveLength(1);
    expect(world.traces(SUB).length).toBeGreaterThan(0);
  });

  it('refuses a submitted application with the office to contact, and deletes nothing', async () => {
    const world = new MemoryWorld();
    applicant(world, SUB, { submitted: true });
    const ports = {
      idp: idp('right'),
      answers: { readAnswers: () => Promise.resolve({ answers: {}, submittedAt: '2026-11-01T00:00:00Z' }) },
      erasure: world.ports(),
      helpEmail: 'help@example.edu',
    };
    const error = await closeAccount(ports, { sub: SUB }, 'right').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Conflict);
    expect((error as Conflict).message).toBe(submittedRefusal('help@example.edu'));
    expect((error as Conflict).message).toContain('help@example.edu');
    expect(world.identities.has(SUB)).toBe(true);
  });

  it('deletes everything with the right password', async () => {
    const world = new MemoryWorld();
    applicant(world, SUB);
    const ports = {
      idp: idp('right'),
      answers: { readAnswers: () => Promise.resolve({ answers: {} }) },
      erasure: world.ports(),
      helpEmail: 'help@example.edu',
    };
    await closeAccount(ports, { sub: SUB }, 'right');
    expect(world.traces(SUB)).toEqual([]);
  });
});

describe('eraseByOffice', () => {
  function office(world: MemoryWorld) {
    const audit: AuditRecord[] = [];
    const events: SubmissionEvent[] = [];
    const order: string[] = [];
    const erasure = world.ports();
    const ports = {
      readSubmitted: (id: string) => {
        const item = world.tables.answers.get(`${id}|answers`);
        return Promise.resolve(item?.submittedAt ? { reference: String(item.reference) } : undefined);
      },
      appendAudit: (record: Omit<AuditRecord, 'at'>) => {
        order.push(world.identities.has(record.application ?? '') ? 'audit-before-deletion' : 'audit-after-deletion');
        const full = { at: 'now', ...record };
        audit.push(full);
        return Promise.resolve(full);
      },
      publish: (event: SubmissionEvent) => {
        events.push(event);
        return Promise.resolve(true);
      },
      erasure,
    };
    return { ports, audit, events, order };
  }

  it('audits first (who, why, which reference; no name or e-mail), erases, then publishes Application Erased', async () => {
    const world = new MemoryWorld();
    applicant(world, SUB, { submitted: true });
    const { ports, audit, events, order } = office(world);
    const reference = `R${SUB.slice(0, 7)}`;
    await expect(eraseByOffice(ports, { id: SUB, staff: 'admin@example.edu', ip: '203.0.113.1', reason: 'Asked by the applicant' })).resolves.toMatchObject({
      id: SUB,
      reference,
    });
    expect(order).toEqual(['audit-before-deletion']);
    expect(audit).toEqual([
      { at: 'now', staff: 'admin@example.edu', action: 'erase', application: SUB, ip: '203.0.113.1', detail: { reason: 'Asked by the applicant', reference } },
    ]);
    expect(JSON.stringify(audit)).not.toContain('Ada');
    expect(events).toEqual([{ type: 'Application Erased', detail: { version: 1, cycle: FIRST_CYCLE, id: SUB, reference } }]);
    expect(world.traces(SUB)).toEqual([]);
  });

  it('refuses (409) an application on hold, recording and deleting nothing, and erases it once the hold is lifted', async () => {
    const world = new MemoryWorld();
    applicant(world, SUB, { submitted: true });
    const { ports, audit, events } = office(world);
    const before = world.traces(SUB);
    const hold = { reason: 'Case 2026-14', by: 'admin@example.edu', at: '2026-11-01T09:00:00.000Z' };
    const held = { ...ports, readSubmitted: async (id: string) => ({ ...(await ports.readSubmitted(id)), reference: 'R', hold }) };
    await expect(eraseByOffice(held, { id: SUB, staff: 'a', ip: 'i', reason: 'r' })).rejects.toThrow(HELD_NOT_ERASED);
    await expect(eraseByOffice(held, { id: SUB, staff: 'a', ip: 'i', reason: 'r' })).rejects.toBeInstanceOf(Conflict);
    expect(world.traces(SUB)).toEqual(before);
    expect(audit).toEqual([]);
    expect(events).toEqual([]);
    await eraseByOffice(ports, { id: SUB, staff: 'a', ip: 'i', reason: 'r' });
    expect(world.traces(SUB)).toEqual([]);
  });

  it('answers 404 for an id that is neither submitted nor being erased', async () => {
    const world = new MemoryWorld();
    const { ports, audit } = office(world);
    await expect(eraseByOffice(ports, { id: SUB, staff: 'a', ip: 'i', reason: 'r' })).rejects.toBeInstanceOf(NotFound);
    expect(audit).toEqual([]);
  });

  it('finishes an erasure that stopped midway, though the application is no longer listed as submitted', async () => {
    const world = new MemoryWorld();
    applicant(world, SUB, { submitted: true });
    const { ports, events } = office(world);
    world.faultAfter = 3;
    await expect(eraseByOffice(ports, { id: SUB, staff: 'a', ip: 'i', reason: 'r' })).rejects.toThrow('injected fault');
    expect(events).toEqual([]);
    world.tables.answers.delete(`${SUB}|answers`);
    await eraseByOffice(ports, { id: SUB, staff: 'a', ip: 'i', reason: 'r' });
    expect(world.traces(SUB)).toEqual([]);
    expect(events).toEqual([{ type: 'Application Erased', detail: { version: 1, cycle: FIRST_CYCLE, id: SUB, reference: `R${SUB.slice(0, 7)}` } }]);
  });

  describe('with the identity handed to the retention function, the one that may delete it', () => {
    /** The route's ports: everything but the identity, which goes by finishOfficeErasure on the retention function's own ports. */
    function handedOver(world: MemoryWorld, fails = false) {
      const setup = office(world);
      const retention = world.ports();
      const handed: string[] = [];
      const route: ErasurePorts = {
        ...setup.ports.erasure,
        deleteIdentity: async (sub) => {
          handed.push(
            `${sub}: items left ${world.traces(sub).filter((t) => !t.startsWith('identity:') && t !== `status:${markerRow(sub)}`).length}, events ${setup.events.length}`,
          );
          if (fails) throw new Error('the retention function failed');
          await finishOfficeErasure(retention, sub);
        },
      };
      return { ...setup, ports: { ...setup.ports, erasure: route }, handed };
    }

    it('deletes everything else first, waits while the identity and the marker go, then publishes', async () => {
      const world = new MemoryWorld();
      applicant(world, SUB, { submitted: true, rec: REC });
      const { ports, events, handed } = handedOver(world);
      await eraseByOffice(ports, { id: SUB, staff: 'a', ip: 'i', reason: 'r' });
      expect(handed).toEqual([`${SUB}: items left 0, events 0`]);
      expect(world.traces(SUB)).toEqual([]);
      expect(events).toEqual([{ type: 'Application Erased', detail: { version: 1, cycle: FIRST_CYCLE, id: SUB, reference: `R${SUB.slice(0, 7)}` } }]);
    });

    it('publishes nothing while the identity is left, and the same request again finishes', async () => {
      const world = new MemoryWorld();
      applicant(world, SUB, { submitted: true });
      const failing = handedOver(world, true);
      await expect(eraseByOffice(failing.ports, { id: SUB, staff: 'a', ip: 'i', reason: 'r' })).rejects.toThrow('the retention function failed');
      expect(failing.events).toEqual([]);
      expect(world.traces(SUB)).toEqual([`status:${markerRow(SUB)}`, `identity:${SUB}`]);
      const again = handedOver(world);
      await eraseByOffice(again.ports, { id: SUB, staff: 'a', ip: 'i', reason: 'r' });
      expect(world.traces(SUB)).toEqual([]);
      expect(again.events).toEqual([{ type: 'Application Erased', detail: { version: 1, cycle: FIRST_CYCLE, id: SUB, reference: `R${SUB.slice(0, 7)}` } }]);
    });

    it('the retention function refuses an identity whose erasure nobody began, and deletes nothing', async () => {
      const world = new MemoryWorld();
      applicant(world, SUB, { submitted: true });
      const before = world.traces(SUB);
      await expect(finishOfficeErasure(world.ports(), SUB)).rejects.toBeInstanceOf(NotFound);
      expect(world.traces(SUB)).toEqual(before);
    });
  });
});

describe('a write of an event function during the deletion (withdrawIfErased)', () => {
  // A conversion's result: its PDF and the document's item.
  const LATE_PDF = `converted/${SUB}/essay/2.pdf`;
  const late: ApplicantWrites = {
    sub: SUB,
    objects: [{ bucket: 'documents', key: LATE_PDF }],
    items: [{ table: 'answers', key: { pk: SUB, sk: 'document#essay' } }],
  };
  const write = (world: MemoryWorld) => {
    world.buckets.documents.add(LATE_PDF);
    world.put('answers', { pk: SUB, sk: 'document#essay', status: 'COMPLETED', converted_key: LATE_PDF });
  };

  /** Erases SUB while the event function writes before the erasure's call number `writeAt` and checks before `checkAt` (the number of calls: after it ended). */
  async function race(writeAt: number, checkAt: number | undefined): Promise<{ world: MemoryWorld; withdrawn?: boolean; calls: number }> {
    const world = new MemoryWorld();
    applicant(world, SUB, { submitted: true, rec: REC });
    let calls = 0;
    let withdrawn: boolean | undefined;
    const at = async (step: number) => {
      if (step === writeAt) write(world);
      if (step === checkAt) withdrawn = await withdrawIfErased(world.latePorts(), late);
    };
    await eraseApplicant(
      stepped(world.ports(), () => at(calls++)),
      SUB,
      'applicant',
    );
    await at(calls);
    return { world, calls, ...(withdrawn === undefined ? {} : { withdrawn }) };
  }

  it('a write the deletion lists is deleted by it; the check after the write sees the account closed and deletes it again', async () => {
    const { world, calls } = await race(0, undefined);
    expect(world.traces(SUB)).toEqual([]);
    const after = await race(0, calls);
    expect(after.withdrawn).toBe(true);
    expect(after.world.traces(SUB)).toEqual([]);
  });

  it('a write after the deletion listed is left by it, and taken back by the check after the write', async () => {
    const { calls } = await race(-1, undefined);
    const left: number[] = [];
    for (let step = 0; step <= calls; step++) if ((await race(step, undefined)).world.traces(SUB).length > 0) left.push(step);
    // The gap exists without the check: the writes after the listings are left behind...
    expect(left.length).toBeGreaterThan(0);
    // ...and never one made before the account was closed (the deletion lists only after closing it).
    const closedAt = await firstStepClosed(calls);
    expect(left.every((step) => step > closedAt)).toBe(true);
    for (const step of left) {
      const { world, withdrawn } = await race(step, step);
      expect(withdrawn).toBe(true);
      expect(world.traces(SUB)).toEqual([]);
    }
  });

  it("leaves nothing whichever of the deletion's steps the write and the check fall between", async () => {
    const { calls } = await race(-1, undefined);
    const failures: string[] = [];
    for (let writeAt = 0; writeAt <= calls; writeAt++) {
      for (let checkAt = writeAt; checkAt <= calls; checkAt++) {
        const left = (await race(writeAt, checkAt)).world.traces(SUB);
        if (left.length) failures.push(`write before call ${writeAt}, check before call ${checkAt}: ${left.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
  });

  /** The first call of the erasure before which the account reads closed (the session record's mark, or the marker). */
  async function firstStepClosed(calls: number): Promise<number> {
    for (let step = 0; step <= calls; step++) {
      const { withdrawn } = await race(-1, step);
      if (withdrawn) return step;
    }
    return calls;
  }

  it('keeps the write of an open account, signed out or not: only a closure (or a deletion begun) counts', async () => {
    const world = new MemoryWorld();
    applicant(world, SUB);
    world.put('status', { pk: SUB, sk: SESSION_ITEM_SK, signedOutAt: 1_800_000_000, revoked: ['s1'] });
    write(world);
    await expect(withdrawIfErased(world.latePorts(), late)).resolves.toBe(false);
    expect(world.buckets.documents.has(LATE_PDF)).toBe(true);
    expect(world.tables.answers.has(`${SUB}|document#essay`)).toBe(true);

    await world.ports().tables.startMarker({ sub: SUB, cause: 'applicant', startedAt: '2026-11-25T12:00:00Z' });
    await expect(withdrawIfErased(world.latePorts(), late)).resolves.toBe(true);
    expect(world.buckets.documents.has(LATE_PDF)).toBe(false);
    expect(world.tables.answers.has(`${SUB}|document#essay`)).toBe(false);
  });

  it('takes back a write made after the deletion ended, while the closed record lasts (an event retried late)', async () => {
    const { world } = await race(-1, undefined);
    write(world);
    await expect(withdrawIfErased(world.latePorts(), late)).resolves.toBe(true);
    expect(world.traces(SUB)).toEqual([]);
    expect(world.closedSession(SUB)).toBeDefined();
  });
});

describe("a recommender's letter converted during the deletion (convertLetter)", () => {
  const LETTER = `recommendations/${REC}/0123456789ab-0123456789abcdef0123`;
  const LETTER_PDF = `${LETTER}.pdf`;
  let upload: Uint8Array | undefined;
  const letterUpload = async () => {
    if (!upload) {
      const doc = await PDFDocument.create();
      doc.addPage();
      upload = await doc.save();
    }
    return upload;
  };

  /** An applicant with one open recommendation whose recommender has just uploaded the letter (not converted yet). */
  function withLetter(world: MemoryWorld) {
    world.identities.add(SUB);
    world.put('answers', { pk: SUB, sk: 'answers', a_first_name: 'Ada' });
    world.put('status', { pk: SUB, sk: 'status', web_status: ['ACCOUNT_CREATED'] });
    const { version, ...rec } = letterRecord();
    // Keyed as the store keys them (adapters/store/recommendations-store.ts): the record under the applicant, the id's and the link's pointers.
    world.put('status', { pk: SUB, sk: `rec#${REC}`, version, rec });
    world.put('status', { pk: `rec#${REC}`, sk: 'rec', sub: SUB });
    world.put('status', { pk: 'rectoken#h1', sk: 'token', sub: SUB, id: REC });
    world.buckets.uploads.add(LETTER);
  }

  function letterRecord(): RecommendationRecord {
    return {
      id: REC,
      sub: SUB,
      role: 'counselor',
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@school.example',
      status: 'opened',
      invitedAt: '2026-11-20T12:00:00.000Z',
      expiresAt: '2027-01-19T12:00:00.000Z',
      tokenHashes: ['h1'],
      applicant: { firstName: 'Ada', lastName: 'Lovelace', school: 'Central High', email: 'ada@example.edu' },
      waiver: 'Y',
      uploadGrant: { fileKey: LETTER, expiresAt: '2026-11-25T13:00:00.000Z' },
      version: 1,
    };
  }

  /**
   * The conversion's ports over the world, each call held at `gate(phase)`: 0 reads the record,
   * claims the letter and reads the upload (all it does before it converts), 1 stores the PDF and
   * records the outcome on the record (the conversion's seconds lie between 0 and 1), 2 checks the
   * account and takes the PDF back.
   */
  function letterPorts(world: MemoryWorld, gate: (phase: number) => Promise<void>, lateWrites: LateWritePorts = world.latePorts()): LetterConversionPorts {
    const status = world.tables.status;
    // Once the upload is read, the record's calls are the ones after the conversion (phase 1).
    let converting = false;
    const recordOf = (sub: unknown): RecommendationRecord | undefined => {
      const item = typeof sub === 'string' ? status.get(`${sub}|rec#${REC}`) : undefined;
      return item && typeof item.version === 'number' ? structuredClone({ ...(item.rec as RecommendationRecord), version: item.version }) : undefined;
    };
    return {
      store: {
        findById: async (id) => {
          await gate(converting ? 1 : 0);
          return id === REC ? recordOf(status.get(`rec#${REC}|rec`)?.sub) : undefined;
        },
        // As the store writes it: conditional on the version read, so it never recreates a deleted record.
        updateRecommendation: async (record) => {
          await gate(converting ? 1 : 0);
          if (recordOf(record.sub)?.version !== record.version - 1) return false;
          const { version, ...rec } = record;
          world.put('status', { pk: record.sub, sk: `rec#${record.id}`, version, rec: structuredClone(rec) });
          return true;
        },
      },
      readUpload: async (key) => {
        await gate(0);
        converting = true;
        return world.buckets.uploads.has(key) ? { kind: 'ok', bytes: await letterUpload() } : { kind: 'missing' };
      },
      storePdf: async (key) => {
        await gate(1);
        world.buckets.documents.add(key);
      },
      print: () => Promise.reject(new Error('a PDF letter is not printed')),
      now: () => new Date('2026-11-25T12:00:00Z'),
      lateWrites: {
        ...lateWrites,
        // The check reads both at once: held once, at the closure's read.
        sessionClosed: async (sub) => {
          await gate(2);
          return lateWrites.sessionClosed(sub);
        },
        deleteObject: async (bucket, key) => {
          await gate(2);
          return lateWrites.deleteObject(bucket, key);
        },
      },
    };
  }

  /**
   * Erases SUB while the letter converts, each of the conversion's three phases held until just
   * before the erasure's call number slots[phase] (the number of calls: after the erasure ended).
   * The two run in lockstep: at each of its calls the erasure waits until the conversion has
   * either ended or stopped at a call due later.
   */
  async function race(slots: readonly number[], lateWrites?: (world: MemoryWorld) => LateWritePorts) {
    const world = new MemoryWorld();
    withLetter(world);
    const lock = lockstep(slots);
    const conversion = convertLetter(letterPorts(world, lock.gate, lateWrites?.(world)), LETTER, 20);
    lock.follow(conversion);
    conversion.catch(() => undefined);
    await eraseApplicant(stepped(world.ports(), lock.beforeCall), SUB, 'applicant');
    await lock.finish();
    return { world, outcome: await conversion, calls: lock.calls() };
  }

  it('converts the letter of an open account and keeps it', async () => {
    const world = new MemoryWorld();
    withLetter(world);
    await expect(
      convertLetter(
        letterPorts(world, () => Promise.resolve()),
        LETTER,
        20,
      ),
    ).resolves.toBe('converted');
    expect(world.buckets.documents.has(LETTER_PDF)).toBe(true);
    expect(recordLetter(world)).toMatchObject({ status: 'COMPLETED', convertedKey: LETTER_PDF });
  });

  const recordLetter = (world: MemoryWorld) => (world.tables.status.get(`${SUB}|rec#${REC}`)?.rec as RecommendationRecord | undefined)?.letter;

  it('takes back the PDF stored after the erasure deleted the recommendation: the applicant read before it is the one checked', async () => {
    const { calls } = await race([0, 0, 0]);
    // The record read, the letter claimed and its upload read before the erasure's first call; the PDF stored after its end.
    const late = [0, calls, calls];
    const { world, outcome } = await race(late);
    expect(outcome).toBe('withdrawn');
    expect(world.traces(SUB)).toEqual([]);
    expect(world.closedSession(SUB)).toBeDefined();
    // Without the check (an account that reads open), that PDF is what the gap left behind.
    const unchecked = (w: MemoryWorld): LateWritePorts => ({
      ...w.latePorts(),
      sessionClosed: () => Promise.resolve(false),
      readMarker: () => Promise.resolve(undefined),
    });
    const gap = await race(late, unchecked);
    expect(gap.outcome).toBe('converted');
    expect(gap.world.traces(SUB)).toEqual([`documents:${LETTER_PDF}`]);
  });

  it('takes back a PDF whose store answered with an error (written, the answer lost) once the account is closed, instead of handing it to a retry', async () => {
    const world = new MemoryWorld();
    withLetter(world);
    const ports = letterPorts(world, () => Promise.resolve());
    const erasing = {
      ...ports,
      storePdf: async (key: string, bytes: Uint8Array) => {
        await ports.storePdf(key, bytes);
        await eraseApplicant(world.ports(), SUB, 'applicant');
        throw new Error('the connection closed before the answer');
      },
    };
    await expect(convertLetter(erasing, LETTER, 20)).resolves.toBe('withdrawn');
    expect(world.traces(SUB)).toEqual([]);
  });

  it("leaves nothing of the applicant whichever of the erasure's steps each phase of the conversion falls between", async () => {
    const { calls } = await race([0, 0, 0]);
    const failures: string[] = [];
    const outcomes = new Set<string>();
    for (const slots of schedules(calls)) {
      const { world, outcome } = await race(slots);
      outcomes.add(outcome);
      const left = world.traces(SUB);
      if (left.length) failures.push(`phases before calls ${slots.join(', ')} (${outcome}): ${left.join(', ')}`);
    }
    expect(failures).toEqual([]);
    // Every kind of run happened: converted before the erasure began, refused (the record gone), taken back.
    expect([...outcomes].sort()).toEqual(['converted', 'skipped', 'withdrawn']);
    // Some 2,900 runs, most converting a PDF (pdf-lib, a millisecond or two each).
  }, 60_000);
});
