import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { sourceIp } from './source-ip';

const VIEWER = '203.0.113.77';
const request = (forwardedFor?: string) =>
  ({
    requestContext: { http: { sourceIp: '130.176.1.2' } },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  }) as unknown as APIGatewayProxyEventV2;

describe('the source address of an audit record', () => {
  it('keeps the address the edge appended when a client prepends 25 entries of its own', () => {
    const prepended = Array.from({ length: 25 }, (_, i) => `198.51.100.${i + 1}`);
    const recorded = sourceIp(request([...prepended, VIEWER].join(', ')));
    expect(recorded.startsWith('130.176.1.2 (forwarded for 198.51.100.1, 198.51.100.2, ')).toBe(true);
    expect(recorded.endsWith(`, ${VIEWER})`)).toBe(true);
    // The prefix is bounded, and says how much it left out.
    expect(recorded.length).toBeLessThan(300);
    const shown = prepended.filter((p) => recorded.includes(`${p},`)).length;
    expect(recorded).toContain(`… ${25 - shown} more, ${VIEWER}`);
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(25);
  });

  it('keeps the last entry however long the earlier ones are, and bounds the last one too', () => {
    const recorded = sourceIp(request(`${'x'.repeat(5000)},${VIEWER}`));
    expect(recorded).toBe(`130.176.1.2 (forwarded for … 1 more, ${VIEWER})`);
    const long = sourceIp(request(`10.0.0.1, ${'9'.repeat(500)}`));
    expect(long).toBe(`130.176.1.2 (forwarded for 10.0.0.1, ${'9'.repeat(64)}…)`);
  });

  it('keeps a short header whole, and the hop alone without one', () => {
    expect(sourceIp(request(`10.0.0.1, ${VIEWER}`))).toBe(`130.176.1.2 (forwarded for 10.0.0.1, ${VIEWER})`);
    expect(sourceIp(request(VIEWER))).toBe(`130.176.1.2 (forwarded for ${VIEWER})`);
    expect(sourceIp(request())).toBe('130.176.1.2');
    expect(sourceIp(request(' , '))).toBe('130.176.1.2');
  });
});
