/**
 * The dev outbox: every e-mail the product would send in the local stack is printed on the
 * console and kept here, listed at /_dev/mail (HTML) and /_dev/mail.json (oldest first).
 * Persisted under the data directory so codes survive a restart.
 */
import { existsSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LanguageCode } from '#form/i18n/languages';
import { senderNameIn } from '#form/institution-mail';

export interface Mail {
  /** The sender's name as the mail would show it (the institution's configured sender name, in the mail's language). */
  from?: string;
  to: string;
  subject: string;
  text: string;
  /** The HTML part, when the mail has one (the staff invitation). */
  html?: string;
  /** The confirmation or reset code, when the mail carries one. */
  code?: string;
  /** The link the mail asks the reader to open, when it has one. */
  link?: string;
  /** Headers beyond From, To and Subject (a marketing mailing's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Readonly<Record<string, string>>;
  sentAt: string;
}

/** Mails kept: plenty for development and load tests, bounded so the file stays small. */
const MAX_KEPT = 5000;

export class Outbox {
  private readonly mails: Mail[];
  private readonly file: string;
  private writing: Promise<void> | undefined;
  private dirty = false;

  constructor(
    dataDir: string,
    private readonly quiet = false,
  ) {
    this.file = join(dataDir, 'outbox.json');
    this.mails = existsSync(this.file) ? (JSON.parse(readFileSync(this.file, 'utf8')) as Mail[]) : [];
  }

  /** `language`: the mail's, whose sender name it shows (as SES's From does, adapters/mail/ses.ts); it is not kept. */
  send({ language, ...mail }: Omit<Mail, 'sentAt'> & { language?: LanguageCode }): Mail {
    const sent: Mail = { from: senderNameIn(language), ...mail, sentAt: new Date().toISOString() };
    this.mails.push(sent);
    if (this.mails.length > MAX_KEPT) this.mails.splice(0, this.mails.length - MAX_KEPT);
    this.persist();
    if (!this.quiet) {
      process.stdout.write(`\n[dev outbox] to ${sent.to}: ${sent.subject}\n${sent.text}\n\n`);
    }
    return sent;
  }

  list(): readonly Mail[] {
    return this.mails;
  }

  /** Resolves once everything sent so far is on disk (the stack's stop waits for it). */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }

  /**
   * The file is rewritten off the event loop, one write at a time, the latest list winning:
   * rewriting up to 5,000 mails synchronously on every sign-up held up every other request
   * (150 ms at a time in the load run). Write-then-rename, so a crash never leaves half a file.
   */
  private persist(): void {
    this.dirty = true;
    if (this.writing) return;
    this.writing = (async () => {
      while (this.dirty) {
        this.dirty = false;
        const temporary = `${this.file}.${process.pid}.tmp`;
        await writeFile(temporary, JSON.stringify(this.mails));
        await rename(temporary, this.file);
      }
    })()
      .catch((error: unknown) => {
        process.stderr.write(`dev outbox not saved: ${String(error)}\n`);
      })
      .finally(() => {
        this.writing = undefined;
        // A mail sent while the last write was finishing still needs one.
        if (this.dirty) this.persist();
      });
  }
}

/**
 * What the outbox keeps of an HTML mail (the reset e-mail the Cognito trigger writes): its text
 * without the markup, and the link it asks the reader to open (its first anchor).
 */
export function htmlMailParts(html: string): { text: string; link?: string } {
  const link = /href="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
  const text = html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return { text, ...(link ? { link } : {}) };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function outboxHtml(mails: readonly Mail[]): string {
  const rows = [...mails]
    .reverse()
    .map(
      (
        m,
      ) => `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">${m.from ? `From ${escapeHtml(m.from)} · ` : ''}To ${escapeHtml(m.to)} · ${escapeHtml(m.sentAt)}</p>
${
  m.headers
    ? `<dl class="meta">${Object.entries(m.headers)
        .map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`)
        .join('')}</dl>`
    : ''
}
<pre>${escapeHtml(m.text)}</pre>${m.link ? `<p><a href="${escapeHtml(m.link)}">${escapeHtml(m.link)}</a></p>` : ''}</article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev outbox</title><style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}
article{border:1px solid #ccc;border-radius:.5rem;padding:1rem;margin:1rem 0}.meta{color:#555}pre{white-space:pre-wrap}</style></head>
<body><main><h1>Dev outbox</h1><p>E-mails the local stack would have sent, newest first. Also as <a href="/_dev/mail.json">JSON</a>.</p>
<form method="post" action="/_dev/mail/bounce"><label for="feedback-email">Simulate the mail service's feedback for an address</label>
<input id="feedback-email" name="email" type="email" required autocomplete="off"> <button type="submit">Bounce</button>
<button type="submit" formaction="/_dev/mail/complaint">Complaint</button></form>
${rows || '<p>No e-mail yet.</p>'}</main></body></html>`;
}
