/**
 * `npm run seed` against the local stack: two generated applicants signed up, submitted and
 * decided through the API, then read back as the office reads them (the staff list and the
 * application), by another staff member than the seed's decider.
 */
import { describe, expect, inject, it } from 'vitest';
import type { ApplicationDetail, ApplicationPage, ApplicationSummary } from '#form/wire/responses';
import { main } from '../../scripts/seed';
import type { ApiResponse } from '../support/client';
import { signedInStaff, type StaffClient } from '../support/staff';

const baseUrl = inject('baseUrl');

/** The office's list item of this e-mail, through the list's pages (a rare search's page can come back short). */
async function listed(staff: StaffClient, email: string): Promise<ApplicationSummary | undefined> {
  let cursor: string | null = '';
  do {
    const page: ApiResponse<ApplicationPage> = await staff.get<ApplicationPage>(
      `/staff/api/applications?q=${encodeURIComponent(email)}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(page.status).toBe(200);
    const item = page.body.items.find((i) => i.email === email);
    if (item) return item;
    cursor = page.body.cursor;
  } while (cursor);
  return undefined;
}

describe('npm run seed', () => {
  it('fills the stack with submitted, decided applicants the office lists', { timeout: 120_000 }, async () => {
    let output = '';
    const code = await main(['--applicants', '2', '--submitted', '--decided', '--seed', '7', '--url', baseUrl], (text) => void (output += text));
    expect(output).toMatch(/failed: {4}0\n/);
    expect(code).toBe(0);
    const emails = [...output.matchAll(/\] (\S+@example\.edu): submitted/g)].map((m) => m[1]!);
    expect(emails).toHaveLength(2);
    expect(output).toMatch(/decided: {3}2 \(/);

    const admin = await signedInStaff(baseUrl);
    for (const email of emails) {
      const item = await listed(admin, email);
      expect(item, email).toMatchObject({ office_status: 'decided', decision: expect.stringMatching(/^(admit|deny|waitlist|defer)$/) });
      const detail = await admin.get<ApplicationDetail>(`/staff/api/applications/${item!.id}`);
      expect(detail.body.decision).toMatchObject({ decision: item!.decision, decided_by: expect.stringMatching(/^seed-decider-/) });
      expect(detail.body.decision).not.toHaveProperty('released_at');
      expect(detail.body.submitted_at).toBeTruthy();
    }
  });
});
