import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { httpHandler, parseJsonBody, MAX_BODY_BYTES } from '../../../lambdas/middleware/http';
import { Invalid, PayloadTooLarge, UnsupportedMediaType, Conflict } from '../../../lambdas/domain/errors';
import { stringFields } from '../../../lambdas/domain/input';

const event = (body?: string, contentType = 'application/json'): APIGatewayProxyEventV2 =>
  ({ headers: { 'content-type': contentType }, body, isBase64Encoded: false, queryStringParameters: {} }) as unknown as APIGatewayProxyEventV2;
const context = { getRemainingTimeInMillis: () => 10_000 } as unknown as Context;

describe('JSON body parsing', () => {
  it('parses JSON sent as application/json (with or without charset)', () => {
    expect(parseJsonBody(event('{"a":"b"}'))).toEqual({ a: 'b' });
    expect(parseJsonBody(event('{"a":"b"}', 'application/json; charset=utf-8'))).toEqual({ a: 'b' });
    expect(parseJsonBody(event('{"a":"b"}', 'Application/JSON;charset="UTF-8"'))).toEqual({ a: 'b' });
    expect(parseJsonBody(event('{"a":"b"}', 'application/json; charset = utf-8'))).toEqual({ a: 'b' });
    expect(parseJsonBody(event(undefined))).toBeUndefined();
  });
  it('refuses other content types (the CSRF defence)', () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', '', 'application/json-patch+json', 'application/jsonx', 'application/json; charset=iso-8859-1', 'application/json; charset=utf-16', 'application/json; charset =latin1', 'application/json; charset= "utf-16"']) {
      expect(() => parseJsonBody(event('{}', type))).toThrow(UnsupportedMediaType);
    }
  });
  it('refuses malformed, oversized and deeply nested bodies', () => {
    expect(() => parseJsonBody(event('{nope'))).toThrow(Invalid);
    expect(() => parseJsonBody(event(JSON.stringify({ x: 'a'.repeat(MAX_BODY_BYTES) })))).toThrow(PayloadTooLarge);
    expect(() => parseJsonBody(event('['.repeat(50) + ']'.repeat(50)))).toThrow(Invalid);
  });
});

describe('the handler factory', () => {
  const echo = httpHandler(
    { name: 'echo', access: 'public', body: (raw) => stringFields(raw, ['name'] as const) },
    async ({ body }) => {
      if (body.name === 'conflict') throw new Conflict('Already done.');
      if (body.name === 'crash') throw new Error('database password is hunter2');
      return { hello: body.name };
    },
  );

  it('answers 200 JSON with the result', async () => {
    const res = await echo(event('{"name":"Ada"}'), context);
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body!)).toEqual({ hello: 'Ada' });
    expect(res.headers!['content-type']).toMatch(/application\/json/);
  });

  it('maps typed errors to their status with the message', async () => {
    const res = await echo(event('{"name":"conflict"}'), context);
    expect(res.statusCode).toBe(409);
    expect(JSON.parse(res.body!)).toEqual({ message: 'Already done.' });
  });

  it('hides unexpected errors behind the generic message', async () => {
    const res = await echo(event('{"name":"crash"}'), context);
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hunter2');
    expect(JSON.parse(res.body!)).toEqual({ message: "We've encountered an unexpected error at this time. Please try again later." });
  });

  it('answers any input with a 4xx or 200 JSON, never a crash (fuzzed)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.json(), fc.constant(undefined)), fc.constantFrom('application/json', 'text/plain'), async (body, type) => {
        const res = await echo(event(body, type), context);
        expect([200, 400, 409, 413, 415]).toContain(res.statusCode);
        expect(() => JSON.parse(res.body!)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
});
