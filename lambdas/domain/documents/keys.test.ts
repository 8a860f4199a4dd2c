import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertedKey, decodeEventKey, newUploadId, ownUpload, parseUploadKey, uploadKey } from '.';

const sub = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('upload key layout', () => {
  it('round-trips a key the server made and places its PDF under converted/', () => {
    const ref = { sub, answerKey: 'resume', uploadId: newUploadId() };
    const key = uploadKey(ref);
    expect(key).toBe(`uploads/${sub}/resume/${ref.uploadId}`);
    expect(parseUploadKey(key)).toEqual(ref);
    expect(convertedKey(ref)).toBe(`converted/${sub}/resume/${ref.uploadId}.pdf`);
  });

  it('orders upload ids by time, so a later upload sorts after an earlier one', () => {
    const earlier = newUploadId(new Date('2026-01-01T00:00:00Z'));
    const later = newUploadId(new Date('2026-01-01T00:00:00.001Z'));
    expect(later > earlier).toBe(true);
  });

  it('parses only keys of the exact layout', () => {
    const id = newUploadId();
    for (const bad of [
      `uploads/${sub}/resume/${id}/extra`,
      `uploads/${sub}/../resume/${id}`,
      `uploads/${sub}/Resume/${id}`,
      `converted/${sub}/resume/${id}`,
      `uploads/${sub}/resume/${id}.pdf`,
      `uploads//resume/${id}`,
    ]) {
      expect(parseUploadKey(bad), bad).toBeUndefined();
    }
  });

  it('accepts no key that does not rebuild to itself', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (raw) => {
        const ref = parseUploadKey(raw);
        return ref === undefined || uploadKey(ref) === raw;
      }),
    );
  });

  it("tells another applicant's or another question's upload from a malformed one of the caller's", () => {
    const key = uploadKey({ sub, answerKey: 'resume', uploadId: newUploadId() });
    expect(ownUpload(sub, 'resume', key)).toMatchObject({ sub, answerKey: 'resume' });
    expect(ownUpload('someone-else', 'resume', key)).toBe('forbidden');
    expect(ownUpload(sub, 'hs_transcript', key)).toBe('forbidden');
    expect(ownUpload(sub, 'resume', `uploads/${sub}/resume/../../x`)).toBe('unknown');
  });

  it('decodes S3 event keys (URL-encoded, + for space) in one place', () => {
    expect(decodeEventKey('uploads/a%2Bb/c+d')).toBe('uploads/a+b/c d');
    expect(decodeEventKey('bad%E0%A4%A')).toBeUndefined();
  });
});
