/** A submit whose event cannot be published still succeeds, and its application still reaches the office. */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeApplication } from '../support/answers';
import { startChildStack, type ChildStack } from '../support/child-stack';
import { registeredApplicant } from '../support/client';
import { signedInStaff } from '../support/staff';

let stack: ChildStack;
const dataDir = mkdtempSync(join(tmpdir(), 'events-fault-'));

beforeAll(async () => {
  // The events file is a directory: every append fails.
  mkdirSync(join(dataDir, 'events.jsonl'));
  stack = await startChildStack({ dataDir });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a failed event publish', () => {
  it('neither blocks nor fails the submit', async () => {
    const a = await registeredApplicant(stack.url);
    await a.put('/api/answer', completeApplication());
    const res = await a.post('/api/submit');
    expect(res.status).toBe(200);
    expect(res.body.web_status).toBe('submitted');
    const staff = await signedInStaff(stack.url);
    const list = await staff.get<{ items: Array<{ id: string }> }>('/staff/api/applications');
    expect(list.body.items.map((i) => i.id)).toContain(a.subject);
  });
});
