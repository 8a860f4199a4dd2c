import { beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '#adapters/store/tokens-store';
import { setConfig } from '#lambdas/config';
import { png } from '../fixtures/documents';
import { uploadDocument } from '../fixtures/upload';
import { registeredApplicant } from '../support/client';
import { baseUrl, DESKTOP, expectAccessible, newPage, PHONE, SHOTS, uniqueEmail, useBrowser } from './browser';
import { leasedStack } from './stack-lease';

const browser = useBrowser();
beforeAll(async () => {
  // Service tokens are seeded straight into the stack's table, as the PDF renderer's job does.
  const { dynamodbEndpoint, s3Endpoint } = leasedStack();
  setConfig({ dynamodbEndpoint, s3Endpoint });
});

/** An applicant with answers, a tab choice, two activities and a converted transcript, and a service token for them. */
async function seededApplicant() {
  const applicant = await registeredApplicant(baseUrl(), uniqueEmail('service'));
  await applicant.put('/api/answer', {
    first_name: 'Ada',
    last_name: 'Lovelace',
    gender: 'F',
    gender_desc: 'Female',
    race_asian: 'true',
    race_white: 'false',
    legal_agree: 'true',
    activity_name: 'Chess club',
    activity_2_name: 'Robotics',
  });
  await applicant.put('/api/add-another', { button_id: 'activities', num_components: 2 });
  const { settled } = await uploadDocument(applicant, 'hs_transcript', await png(40, 30), 'transcript.png');
  expect(settled?.status).toBe('COMPLETED');
  const token = await issueToken({ kind: 'service', sub: applicant.subject }, 60);
  return { applicant, token };
}

describe('service-user view with a real service token', () => {
  it('prints all three pages read-only, and marks itself ready for the PDF renderer only once the data is shown', async () => {
    const { token } = await seededApplicant();
    const { context, page } = await newPage(browser(), DESKTOP);
    // Hold the data back to see the layout's root before it is ready.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/service/tmp-pdf*', async (route) => {
      await held;
      await route.fallback();
    });
    await page.goto(`/about?service_token=${token}`);
    await page.locator('[data-print-ready="false"]').waitFor();
    release();
    await page.locator('[data-print-ready="true"]').waitFor();

    for (const heading of ['1. About You', '2. Your Academics', '3. Final Steps']) await page.getByRole('heading', { level: 2, name: heading }).waitFor();
    const text = await page.locator('main').innerText();
    expect(text).toContain('Lovelace');
    expect(text).toContain('Female');
    expect(text).toMatch(/\[X\] Asian/);
    expect(text).toMatch(/\[ \] White/);
    expect(text).toContain('Document attached: transcript.png');
    expect(text).toContain('Chess club');
    expect(text).toContain('Robotics');
    // Read-only: no controls, no navigation, header or footer.
    expect(await page.locator('input, select, textarea, button').count()).toBe(0);
    expect(await page.getByRole('navigation').count()).toBe(0);
    expect(await page.locator('header, footer').count()).toBe(0);
    await expectAccessible(page, 'the service view');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/service-view-1280.png`, fullPage: true });
    await context.close();

    if (SHOTS) {
      const phone = await newPage(browser(), PHONE);
      await phone.page.goto(`/about?service_token=${token}`);
      await phone.page.locator('[data-print-ready="true"]').waitFor();
      await phone.page.screenshot({ path: `${SHOTS}/service-view-375.png`, fullPage: true });
      await phone.context.close();
    }
  });

  it('treats an unknown token as an invalid session (401 → /login) and never reports ready', async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    await page.goto(`/about?service_token=${'x'.repeat(43)}`);
    await page.waitForURL('**/login');
    await page.getByText('Your session is invalid. Please clear your cookies and login again.').waitFor();
    expect(await page.locator('[data-print-ready="true"]').count()).toBe(0);
    await context.close();
  });
});
