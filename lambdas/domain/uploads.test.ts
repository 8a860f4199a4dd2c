import { describe, expect, it } from 'vitest';
import type { UploadRef } from './documents/keys';
import { ApplicationLocked, Conflict } from './errors';
import type { UploadGrants, UploadQuota, UploadsBucket } from './ports/documents';
import { NOT_YET_SUBMITTED, presignSupplement } from './supplements';
import { presignDocumentUpload } from './uploads';

/** Grants as the store keeps them: refused when the application is in the wrong state for the purpose. */
function memoryGrants(submitted: () => boolean): UploadGrants & { granted: UploadRef[] } {
  const granted: UploadRef[] = [];
  return {
    granted,
    grantUpload(ref, _now, purpose) {
      if ((purpose === 'application') === submitted()) return Promise.resolve(false);
      granted.push(ref);
      return Promise.resolve(true);
    },
    isAcceptedUpload: (ref) => Promise.resolve(granted.some((g) => g.uploadId === ref.uploadId)),
  };
}

const quota: UploadQuota = { takeUpload: () => Promise.resolve(true) };
const uploads: UploadsBucket & { presigned: string[] } = {
  presigned: [],
  presignUpload(key) {
    uploads.presigned.push(key);
    return Promise.resolve({ url: 'https://uploads.example', fields: { key } });
  },
  uploadSize: () => Promise.resolve(undefined),
};

describe('starting an upload', () => {
  it('hands out a presigned POST for a key it recorded first', async () => {
    const grants = memoryGrants(() => false);
    const upload = await presignDocumentUpload({ grants, uploads, quota }, 'ada', 'resume', 50);
    expect(grants.granted).toHaveLength(1);
    expect(upload.fields.key).toContain('uploads/ada/resume/');
  });

  it('refuses a form document once the application is submitted (the grant was refused by its state), and presigns nothing', async () => {
    uploads.presigned.length = 0;
    const refusal = await presignDocumentUpload({ grants: memoryGrants(() => true), uploads, quota }, 'ada', 'resume', 50).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ApplicationLocked);
    expect(uploads.presigned).toEqual([]);
  });

  it('refuses a material while the application is not submitted, in the words the status page uses', async () => {
    uploads.presigned.length = 0;
    const record = { answers: {}, submittedAt: '2026-11-01T10:00:00.000Z', documents: [], supplements: [] };
    let submitted = true;
    const grants = memoryGrants(() => submitted);
    const ports = { readApplicantRecord: () => Promise.resolve(record), readTabs: () => Promise.resolve({}), grants, uploads, quota };
    await presignSupplement(ports, 'ada', 'resume', 50);
    expect(uploads.presigned).toHaveLength(1);
    // The record said submitted when it was read; the grant's own condition saw otherwise.
    submitted = false;
    const refusal = await presignSupplement(ports, 'ada', 'resume', 50).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(Conflict);
    expect((refusal as Error).message).toBe(NOT_YET_SUBMITTED);
    expect(uploads.presigned).toHaveLength(1);
  });
});
