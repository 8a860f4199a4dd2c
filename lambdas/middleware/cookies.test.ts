import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { isAmbiguous, readCookies } from './cookies';

const withCookies = (cookies: string[] | undefined, header?: string) =>
  ({ cookies, headers: header === undefined ? {} : { cookie: header } }) as unknown as APIGatewayProxyEventV2;

describe('request cookies', () => {
  it('reads API Gateway v2 cookies and a plain Cookie header alike, decoding values', () => {
    expect(readCookies(withCookies(['a=1', 'b=x%20y']))).toEqual({ a: '1', b: 'x y' });
    expect(readCookies(withCookies(undefined, 'a=1; b=x%20y'))).toEqual({ a: '1', b: 'x y' });
  });

  it('calls a name sent twice with different values ambiguous (browsers order them by path and age, not by who set them)', () => {
    expect(isAmbiguous(withCookies(['session=mine', 'session=planted']), 'session')).toBe(true);
    expect(isAmbiguous(withCookies(undefined, 'session=mine; session=planted'), 'session')).toBe(true);
    expect(isAmbiguous(withCookies(['session=same', 'session=same']), 'session')).toBe(false);
    expect(isAmbiguous(withCookies(['session=mine', 'other=x']), 'session')).toBe(false);
  });

  it('ignores malformed pairs and keeps a value it cannot decode as sent', () => {
    const jar = readCookies(withCookies(['novalue', '=x', 'bad=%E0%A4%A', '__proto__=1']));
    expect(Object.keys(jar)).toEqual(['bad', '__proto__']);
    expect(jar.bad).toBe('%E0%A4%A');
    // A plain entry of a prototype-less map, not the object's prototype.
    expect(Object.getPrototypeOf(jar)).toBeNull();
  });
});
