import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { readCookies } from '../../../lambdas/middleware/cookies';

const withCookies = (cookies: string[] | undefined, header?: string) =>
  ({ cookies, headers: header === undefined ? {} : { cookie: header } }) as unknown as APIGatewayProxyEventV2;

describe('request cookies', () => {
  it('reads API Gateway v2 cookies and a plain Cookie header alike, decoding values', () => {
    expect(readCookies(withCookies(['a=1', 'b=x%20y']))).toEqual({ a: '1', b: 'x y' });
    expect(readCookies(withCookies(undefined, 'a=1; b=x%20y'))).toEqual({ a: '1', b: 'x y' });
  });

  it('keeps the first of two cookies with one name (the browser sends this host’s own first)', () => {
    expect(readCookies(withCookies(['session=mine', 'session=planted']))).toEqual({ session: 'mine' });
    expect(readCookies(withCookies(undefined, 'session=mine; session=planted'))).toEqual({ session: 'mine' });
  });

  it('ignores malformed pairs and keeps a value it cannot decode as sent', () => {
    const jar = readCookies(withCookies(['novalue', '=x', 'bad=%E0%A4%A', '__proto__=1']));
    expect(Object.keys(jar)).toEqual(['bad', '__proto__']);
    expect(jar.bad).toBe('%E0%A4%A');
    // A plain entry of a prototype-less map, not the object's prototype.
    expect(Object.getPrototypeOf(jar)).toBeNull();
  });
});
