/** Script in answers reaches the application PDF as text: escaped, never executed by the renderer. */
import { describe, expect, inject, it } from 'vitest';
import { registeredApplicant } from '../support/client';
import { completeApplication } from '../support/answers';
import { waitForApplicationPdf } from '../fixtures/upload';
import { pdfText } from '../fixtures/pdf-text';

const baseUrl = inject('baseUrl');
const squash = (s: string) => s.replace(/\s+/g, '');

const payloads: Record<string, string> = {
  first_name: `<img src=x onerror="document.body.innerHTML='PWNED'">`,
  city: `<script>document.write('PWNED')</script>`,
  emergency_contact_name: `"><svg onload="document.body.textContent='PWNED'">`,
};

describe('script in answers, printed to the application PDF', () => {
  it('appears as the literal text the applicant typed, and no script ran', async () => {
    const a = await registeredApplicant(baseUrl);
    expect((await a.put('/api/answer', { ...completeApplication(), ...payloads })).status).toBe(200);
    const ready = await waitForApplicationPdf(a, 60_000);
    expect(ready.status).toBe('COMPLETED');
    const bytes = new Uint8Array(await (await fetch(ready.url as string)).arrayBuffer());
    const { text } = await pdfText(bytes);
    // Had any payload run, the page would hold only PWNED; instead every payload is printed verbatim.
    expect(text).not.toContain('PWNED'.repeat(2));
    for (const value of Object.values(payloads)) expect(squash(text)).toContain(squash(value));
    expect(text).toContain('Lovelace');
  }, 90_000);
});
