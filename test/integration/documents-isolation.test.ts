/** One applicant can neither attach, nor read, nor delete another applicant's file. */
import { describe, expect, inject, it } from 'vitest';
import * as fixtures from '../fixtures/documents';
import { postToBucket, presign, uploadDocument } from '../fixtures/upload';
import { registeredApplicant } from '../support/client';

const baseUrl = inject('baseUrl');

describe('document isolation between applicants', () => {
  it("refuses to attach another applicant's upload, or one of another question", async () => {
    const [ada, eve] = await Promise.all([registeredApplicant(baseUrl), registeredApplicant(baseUrl)]);
    const { fileKey } = await uploadDocument(ada, 'resume', await fixtures.png(), 'ada.png');

    const stolen = await eve.post('/api/pdf/document-answer/resume', { file_key: fileKey, file_name: 'mine.png' });
    expect(stolen.status).toBe(403);
    const sideways = await ada.post('/api/pdf/document-answer/hs_transcript', { file_key: fileKey, file_name: 'ada.png' });
    expect(sideways.status).toBe(403);

    const eveKey = (await presign(eve, 'resume')).fields.key as string;
    const eveSub = eveKey.split('/')[1];
    for (const file_key of [
      `uploads/${eveSub}/resume/../../${fileKey.split('/')[1]}/resume/x`,
      `uploads/${eveSub}/resume/not-an-upload-id`,
      `uploads/${eveSub}/resume/`,
    ]) {
      const res = await eve.post('/api/pdf/document-answer/resume', { file_key, file_name: 'x.png' });
      expect([403, 404]).toContain(res.status);
    }
    // A well-formed key of her own that was never uploaded.
    const never = await eve.post('/api/pdf/document-answer/resume', { file_key: eveKey, file_name: 'x.png' });
    expect(never.status).toBe(404);
    expect((await eve.get('/api/document-answer')).body).toEqual({});
  });

  it("shows and deletes only the caller's own document", async () => {
    const [ada, eve] = await Promise.all([registeredApplicant(baseUrl), registeredApplicant(baseUrl)]);
    await uploadDocument(ada, 'resume', await fixtures.png(), 'ada.png');

    expect((await eve.get('/api/pdf/document-answer/resume')).body).toEqual({ status: 'NOT_ANSWERED', message: '' });
    expect((await eve.get('/api/document-answer')).body).toEqual({});
    expect((await eve.delete('/api/pdf/document-answer/resume')).status).toBe(200);
    expect((await eve.delete('/api/document-answer/resume')).status).toBe(200);

    expect((await ada.get('/api/pdf/document-answer/resume')).body).toEqual({ status: 'COMPLETED', message: '' });
    expect(((await ada.get('/api/document-answer')).body as Record<string, { file_name: string }>).resume?.file_name).toBe('ada.png');
  });

  it('never lets a caller choose the upload key', async () => {
    const eve = await registeredApplicant(baseUrl);
    const res = await eve.post('/api/presigned-url', { answer_key: 'resume', key: 'uploads/someone-else/resume/x' });
    expect(res.status).toBe(400);
    const presigned = await presign(eve, 'resume');
    // The bucket accepts the post (s3rver enforces no policy), but only under Eve's own prefix.
    expect(await postToBucket(presigned, await fixtures.png(), 'x.png')).toBeLessThan(300);
    expect(presigned.fields.key).toMatch(new RegExp(`^uploads/${(presigned.fields.key as string).split('/')[1]}/resume/`));
  });
});
