import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { HttpRequest } from '@smithy/core/protocols';
import { describe, expect, it } from 'vitest';
import { sdkRequest } from '../sdk-request.test-support';
import { sendEmailRequest } from './ses';

const mail = { to: 'réka.nagy+apply@example.edu', subject: 'Your recommendation for Réka — "thank you"', text: 'Line one\nLine two: https://apply.example.edu/r/abc?x=1&y=2\n' };

/** The request the SES v2 client sends for the same mail, as serialized (before signing). */
function sesRequest(region: string, from: string, endpoint = ''): Promise<HttpRequest> {
  const client = new SESv2Client({ region, credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' }, ...(endpoint ? { endpoint } : {}) });
  return sdkRequest(client, () =>
    client.send(
      new SendEmailCommand({
        FromEmailAddress: from,
        Destination: { ToAddresses: [mail.to] },
        Content: { Simple: { Subject: { Data: mail.subject, Charset: 'UTF-8' }, Body: { Text: { Data: mail.text, Charset: 'UTF-8' } } } },
      }),
    ),
  );
}

describe('SendEmail signed without the SES client', () => {
  it.each([
    ['us-east-1', 'admissions@example.edu', ''],
    ['eu-west-2', 'Admissions <noreply@mail.example.ac.uk>', ''],
    ['cn-north-1', 'noreply@example.cn', ''],
    // The bundled local stack's stand-in (AWS_ENDPOINT_URL_SESV2).
    ['us-east-1', 'admissions@example.edu', 'http://127.0.0.1:4010'],
  ])('is the request the client sends (%s, %s, endpoint %s)', async (region, from, endpoint) => {
    const ours = sendEmailRequest(region, from, mail, endpoint);
    const theirs = await sesRequest(region, from, endpoint);
    expect({ method: ours.method, protocol: ours.protocol, hostname: ours.hostname, port: ours.port, path: ours.path, query: ours.query }).toEqual({
      method: theirs.method,
      protocol: theirs.protocol,
      hostname: theirs.hostname,
      port: theirs.port,
      path: theirs.path,
      query: theirs.query,
    });
    expect(ours.headers['content-type']).toBe(theirs.headers['content-type']);
    // The same JSON document (the client may order keys its own way).
    expect(JSON.parse(Buffer.from(ours.body as Uint8Array).toString())).toEqual(JSON.parse(typeof theirs.body === 'string' ? theirs.body : Buffer.from(theirs.body as Uint8Array).toString()));
  });
});
