import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost as sdkPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setConfig } from '#lambdas/config';
import { createPresignedPost, presignAttachment } from './signed-objects';

// The URLs and policies must be the SDK's own, byte for byte: the same credentials, region,
// endpoint and clock on both sides (in AWS, the role's credentials from the environment).
const CREDENTIALS = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', sessionToken: 'session/token+with=odd&chars' };
const ENV_KEYS = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN'] as const;
const saved = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));

beforeAll(() => {
  process.env.AWS_ACCESS_KEY_ID = CREDENTIALS.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = CREDENTIALS.secretAccessKey;
  process.env.AWS_SESSION_TOKEN = CREDENTIALS.sessionToken;
  vi.useFakeTimers({ now: new Date('2026-11-25T19:04:05.678Z'), toFake: ['Date'] });
});
afterEach(() => setConfig({}));
afterAll(() => {
  vi.useRealTimers();
  for (const k of ENV_KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  setConfig({});
});

const cases = [
  { name: 'in AWS (us-east-1)', region: 'us-east-1', endpoint: '' },
  { name: 'in AWS (eu-west-2)', region: 'eu-west-2', endpoint: '' },
  { name: 'on the local stack (path-style, s3rver)', region: 'us-east-1', endpoint: 'http://localhost:4569' },
];

function sdkClient(region: string, endpoint: string): S3Client {
  return new S3Client({
    region,
    ...(endpoint ? { endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } } : { credentials: CREDENTIALS }),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

describe.each(cases)('signed object requests $name', ({ region, endpoint }) => {
  it("presigns a download exactly as the SDK's presigner does", async () => {
    setConfig({ region, s3Endpoint: endpoint });
    const key = 'applicant-1/pdf/final application (v2)!.pdf';
    const ours = await presignAttachment('documents-bucket', key, 'Application: Jane Doe.pdf', 'application/pdf');
    const theirs = await getSignedUrl(
      sdkClient(region, endpoint),
      new GetObjectCommand({
        Bucket: 'documents-bucket',
        Key: key,
        ResponseContentType: 'application/pdf',
        ResponseContentDisposition: 'attachment; filename="Application__Jane_Doe.pdf"',
      }),
      { expiresIn: 300 },
    );
    expect(ours).toBe(theirs);
  });

  it('signs an upload policy exactly as @aws-sdk/s3-presigned-post does', async () => {
    setConfig({ region, s3Endpoint: endpoint });
    const key = 'uploads/applicant-1/transcript/0b6c.pdf';
    const ours = await createPresignedPost('uploads-bucket', key, [['content-length-range', 1, 10_485_760]], 300);
    const theirs = await sdkPresignedPost(sdkClient(region, endpoint), {
      Bucket: 'uploads-bucket',
      Key: key,
      Conditions: [['content-length-range', 1, 10_485_760]],
      Expires: 300,
    });
    expect(ours).toEqual(theirs);
    expect(Object.keys(ours.fields)).toEqual(Object.keys(theirs.fields));
  });
});
