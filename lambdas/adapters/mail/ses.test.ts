import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { HttpRequest } from '@smithy/core/protocols';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailSender } from '#form/institution-mail';
import { setConfig } from '#lambdas/config';
import { bodyText, comparedClientConfig, requestLine, sdkRequest } from '../sdk-request.test-support';
import { MailNotConfigured, namedSender, sendEmailRequest, sendWithSes } from './ses';

const mail = {
  to: 'réka.nagy+apply@example.edu',
  subject: 'Your recommendation for Réka — "thank you"',
  text: 'Line one\nLine two: https://apply.example.edu/r/abc?x=1&y=2\n',
};

/** The request the SES v2 client sends for the same mail, as serialized (before signing). */
function sesRequest(region: string, from: string, endpoint = '', headers?: Record<string, string>): Promise<HttpRequest> {
  const client = new SESv2Client(comparedClientConfig(region, endpoint));
  return sdkRequest(client, () =>
    client.send(
      new SendEmailCommand({
        FromEmailAddress: from,
        Destination: { ToAddresses: [mail.to] },
        Content: {
          Simple: {
            Subject: { Data: mail.subject, Charset: 'UTF-8' },
            Body: { Text: { Data: mail.text, Charset: 'UTF-8' } },
            ...(headers ? { Headers: Object.entries(headers).map(([Name, Value]) => ({ Name, Value })) } : {}),
          },
        },
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
    expect(requestLine(ours)).toEqual(requestLine(theirs));
    expect(ours.headers['content-type']).toBe(theirs.headers['content-type']);
    // The same JSON document (the client may order keys its own way).
    expect(JSON.parse(bodyText(ours.body))).toEqual(JSON.parse(bodyText(theirs.body)));
  });
});

describe('a marketing mailing’s headers', () => {
  it('are sent in SES v2’s Headers field, as the client sends them', async () => {
    const headers = { 'List-Unsubscribe': '<https://apply.example.edu/unsubscribe?t=abc>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
    const ours = sendEmailRequest('us-east-1', 'admissions@example.edu', { ...mail, headers });
    const theirs = await sesRequest('us-east-1', 'admissions@example.edu', '', headers);
    const body = JSON.parse(bodyText(ours.body)) as { Content: { Simple: { Headers: unknown } } };
    expect(body).toEqual(JSON.parse(bodyText(theirs.body)));
    expect(body.Content.Simple.Headers).toEqual([
      { Name: 'List-Unsubscribe', Value: headers['List-Unsubscribe'] },
      { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
    ]);
  });
});

describe('SendEmail against a stand-in SES', () => {
  const ENV_KEYS = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'] as const;
  const saved = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));
  const received: Array<{ authorization: string | undefined; body: { Destination?: { ToAddresses?: string[] }; FromEmailAddress?: string } }> = [];
  let server: Server;

  beforeAll(async () => {
    process.env.AWS_ACCESS_KEY_ID = 'AKIDEXAMPLE';
    process.env.AWS_SECRET_ACCESS_KEY = 'secret';
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as (typeof received)[number]['body'];
        received.push({ authorization: req.headers.authorization, body });
        if (body.Destination?.ToAddresses?.[0] === 'bounce@example.edu') {
          return res
            .writeHead(400, { 'content-type': 'application/json', 'x-amzn-errortype': 'MessageRejected:http://internal.amazon.com/coral/com.amazonaws.sesv2/' })
            .end(JSON.stringify({ message: 'Email address is not verified.' }));
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ MessageId: 'm-0001' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    setConfig({ region: 'eu-west-2', mailFromAddress: 'admissions@example.edu', mailEndpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  });
  afterAll(async () => {
    setConfig({});
    for (const k of ENV_KEYS) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
    await new Promise((resolve) => server.close(resolve));
  });

  it("answers the message id, signed for SES in the configured region, from the institution's sender name", async () => {
    await expect(sendWithSes(mail)).resolves.toBe('m-0001');
    expect(received.at(-1)?.body.FromEmailAddress).toBe(`"${mailSender.senderName}" <admissions@example.edu>`);
    expect(received.at(-1)?.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-2\/ses\/aws4_request/);
  });

  it('quotes a sender name, and encodes one that is not ASCII', () => {
    expect(namedSender('Lakeside "Tech" Admissions', 'a@example.edu')).toBe('"Lakeside \\"Tech\\" Admissions" <a@example.edu>');
    expect(namedSender('Université Laval', 'a@example.edu')).toBe(`=?UTF-8?B?${Buffer.from('Université Laval').toString('base64')}?= <a@example.edu>`);
    expect(namedSender(' ', 'a@example.edu')).toBe('a@example.edu');
  });

  it("throws SES's refusal with its name and reason, and refuses to send without a sender", async () => {
    await expect(sendWithSes({ ...mail, to: 'bounce@example.edu' })).rejects.toMatchObject({
      name: 'MessageRejected',
      message: expect.stringContaining('Email address is not verified.'),
      $metadata: { httpStatusCode: 400 },
    });
    setConfig({ region: 'eu-west-2', mailFromAddress: '' });
    await expect(sendWithSes(mail)).rejects.toBeInstanceOf(MailNotConfigured);
  });
});
