import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { log } from '#adapters/log';
import { Invalid, PayloadTooLarge, UnsupportedMediaType, Conflict, NotFound, SubmissionProblems } from '#domain/errors';
import { stringFields } from '#form/wire/input';
import type { RouteDef } from '#lambdas/routes';
import { httpHandler as applicantHandler } from './access/applicant';
import { httpHandler } from './access/public';
import { httpHandler as serviceHandler } from './access/service';
import { errorMapper } from './errors';
import { parseJsonBody, MAX_BODY_BYTES } from './http';
import type { HttpMiddleware } from './pipeline';

const event = (body?: string, contentType = 'application/json'): APIGatewayProxyEventV2 =>
  ({ headers: { 'content-type': contentType }, body, isBase64Encoded: false, queryStringParameters: {} }) as unknown as APIGatewayProxyEventV2;
let requests = 0;
const context = () =>
  ({
    getRemainingTimeInMillis: () => 10_000,
    awsRequestId: `req-${++requests}`,
    functionName: 'echo',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:local:0:function:echo',
    memoryLimitInMB: '128',
  }) as unknown as Context;
const echoRoute = { name: 'echo', method: 'POST', path: '/echo', entry: 'http/echo-post.ts', access: 'public', grants: [] } as const satisfies RouteDef;

const STATUSES = [200, 400, 401, 403, 404, 405, 409, 413, 415, 422, 429, 500];

describe('the body parser', () => {
  it('parses JSON sent as application/json (with or without charset)', () => {
    expect(parseJsonBody(event('{"a":"b"}'))).toEqual({ a: 'b' });
    expect(parseJsonBody(event('{"a":"b"}', 'application/json; charset=utf-8'))).toEqual({ a: 'b' });
    expect(parseJsonBody(event('{"a":"b"}', 'Application/JSON;charset="UTF-8"'))).toEqual({ a: 'b' });
    expect(parseJsonBody(event('{"a":"b"}', 'application/json; charset = utf-8'))).toEqual({ a: 'b' });
    expect(parseJsonBody(event(undefined))).toBeUndefined();
  });
  it('refuses other content types (the CSRF defence)', () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      '',
      'application/json-patch+json',
      'application/jsonx',
      'application/json; charset=iso-8859-1',
      'application/json; charset=utf-16',
      'application/json; charset =latin1',
      'application/json; charset= "utf-16"',
    ]) {
      expect(() => parseJsonBody(event('{}', type))).toThrow(UnsupportedMediaType);
    }
  });
  it('refuses malformed, oversized and deeply nested bodies', () => {
    expect(() => parseJsonBody(event('{nope'))).toThrow(Invalid);
    expect(() => parseJsonBody(event(JSON.stringify({ x: 'a'.repeat(MAX_BODY_BYTES) })))).toThrow(PayloadTooLarge);
    expect(() => parseJsonBody(event('['.repeat(50) + ']'.repeat(50)))).toThrow(Invalid);
  });
  it('refuses __proto__ and constructor as field names at any depth, once, at parse time', () => {
    for (const body of [
      '{"__proto__": {"admin": true}}',
      '{"a": {"constructor": {"prototype": {}}}}',
      '[{"__proto__": 1}]',
      '{"x": [1, {"constructor": "y"}]}',
    ]) {
      expect(() => parseJsonBody(event(body)), body).toThrow(new Invalid('The request contains a field name that is not allowed.'));
    }
    // As values, and as other names, they are plain data.
    expect(parseJsonBody(event('{"username": "__proto__", "prototype": "constructor"}'))).toEqual({ username: '__proto__', prototype: 'constructor' });
  });
  it('never lets a body change Object.prototype, whatever its keys (fuzzed)', () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        try {
          parseJsonBody(event(text));
        } catch (error) {
          expect(error).toBeInstanceOf(Invalid);
        }
        expect(({} as Record<string, unknown>).admin).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });
});

describe('the error mapper', () => {
  const map = (error: unknown) => {
    const request = { error, response: undefined, event: event(), context: context(), internal: {} } as unknown as Parameters<
      NonNullable<HttpMiddleware['onError']>
    >[0];
    void errorMapper().onError!(request);
    return request.response!;
  };
  it('answers a typed error with its status, message and extra fields', () => {
    expect(map(new NotFound('Nothing here.'))).toMatchObject({ statusCode: 404, body: JSON.stringify({ message: 'Nothing here.' }) });
    expect(JSON.parse(map(new SubmissionProblems({ a: ['A is required.'] })).body as string)).toEqual({
      message: "We're missing some information!",
      problems: { a: ['A is required.'] },
    });
  });
  it('answers anything thrown with a valid status and JSON that never carries the error (fuzzed)', () => {
    vi.spyOn(log, 'error').mockImplementation(() => undefined);
    fc.assert(
      fc.property(fc.anything(), fc.string(), (thrown, secret) => {
        const res = map(thrown instanceof Error ? thrown : Object.assign(new Error(secret), { detail: thrown }));
        expect(STATUSES).toContain(res.statusCode);
        expect(JSON.parse(res.body as string)).toEqual({ message: "We've encountered an unexpected error at this time. Please try again later." });
      }),
      { numRuns: 200 },
    );
  });
});

describe('the handler pipeline', () => {
  afterEach(() => vi.restoreAllMocks());
  const echo = httpHandler(echoRoute, { body: (raw) => stringFields(raw, ['name'] as const) }, ({ body }) => {
    if (body.name === 'conflict') throw new Conflict('Already done.');
    if (body.name === 'crash') throw new Error('database password is hunter2');
    log.info('echoing');
    return { hello: body.name };
  });

  it('answers 200 JSON with the result', async () => {
    const res = await echo(event('{"name":"Ada"}'), context());
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body!)).toEqual({ hello: 'Ada' });
    expect(res.headers!['content-type']).toMatch(/application\/json/);
  });

  it('maps typed errors to their status with the message', async () => {
    const res = await echo(event('{"name":"conflict"}'), context());
    expect(res.statusCode).toBe(409);
    expect(JSON.parse(res.body!)).toEqual({ message: 'Already done.' });
  });

  it('hides unexpected errors behind the generic message', async () => {
    vi.spyOn(log, 'error').mockImplementation(() => undefined);
    const res = await echo(event('{"name":"crash"}'), context());
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hunter2');
    expect(JSON.parse(res.body!)).toEqual({ message: "We've encountered an unexpected error at this time. Please try again later." });
  });

  it('refuses a body on a route that takes none', async () => {
    const noBody = httpHandler(echoRoute, () => ({ ok: true }));
    expect((await noBody(event('{}'), context())).statusCode).toBe(400);
    expect((await noBody(event(undefined), context())).statusCode).toBe(200);
  });

  it('puts the request id, the route and cold start on every log line of the request', async () => {
    const lines: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    const ctx = context();
    await echo(event('{"name":"Ada"}'), ctx);
    vi.restoreAllMocks();
    const entry = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((e) => e.message === 'echoing');
    expect(entry).toMatchObject({ level: 'INFO', route: 'echo', function_request_id: ctx.awsRequestId, service: 'admissions' });
    expect(typeof entry?.cold_start).toBe('boolean');
  });

  it('answers any input with a 4xx or 200 JSON, never a crash (fuzzed)', async () => {
    vi.spyOn(log, 'info').mockImplementation(() => undefined);
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.json(), fc.constant(undefined)), fc.constantFrom('application/json', 'text/plain'), async (body, type) => {
        const res = await echo(event(body, type), context());
        expect([200, 400, 409, 413, 415]).toContain(res.statusCode);
        expect(() => JSON.parse(res.body!)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
});

describe('the access middlewares', () => {
  afterEach(() => vi.restoreAllMocks());
  const ran = vi.fn();
  const applicantRoute = { ...echoRoute, name: 'mine', access: 'applicant' } as const satisfies RouteDef;
  const serviceRoute = { ...echoRoute, name: 'print', access: 'service' } as const satisfies RouteDef;
  const mine = applicantHandler(applicantRoute, ({ applicant }) => ran(applicant.sub));
  const print = serviceHandler(serviceRoute, ({ service }) => ran(service.sub));

  it('refuse a caller without a session or a service token before reading the body or running the handler', async () => {
    for (const [handler, message] of [
      [mine, 'Your session is invalid. Please clear your cookies and login again.'],
      [print, 'A service token is required.'],
    ] as const) {
      const res = await handler(event('{"not": "json', 'text/plain'), context());
      expect([res.statusCode, JSON.parse(res.body!)]).toEqual([401, { message }]);
    }
    expect(ran).not.toHaveBeenCalled();
  });

  it('answer any cookie header with 401 JSON, never a crash (fuzzed)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string()), async (cookies) => {
        const res = await mine({ ...event(), cookies }, context());
        expect(res.statusCode).toBe(401);
        expect(() => JSON.parse(res.body!)).not.toThrow();
      }),
      { numRuns: 200 },
    );
    expect(ran).not.toHaveBeenCalled();
  });
});

describe('the deadline', () => {
  afterEach(() => vi.restoreAllMocks());
  it('answers the generic error just before the function deadline when the request is still waiting', async () => {
    vi.spyOn(log, 'error').mockImplementation(() => undefined);
    const hangs = httpHandler(echoRoute, () => new Promise(() => undefined));
    const started = Date.now();
    const res = await hangs(event(), { ...context(), getRemainingTimeInMillis: () => 300 });
    expect(Date.now() - started).toBeLessThan(400);
    expect([res.statusCode, JSON.parse(res.body!)]).toEqual([500, { message: "We've encountered an unexpected error at this time. Please try again later." }]);
  });
});
