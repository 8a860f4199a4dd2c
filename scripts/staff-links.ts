/**
 * `npm run staff -- links FILE.csv`: one temporary link per row. The header row names answer
 * keys; every row is checked as the POST /staff/api/temporary-links body would be, and nothing
 * is issued unless every row is good. The file is written back with `url` and `expires_at`
 * columns. Each link is recorded in the audit trail as issued by this command's operator.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { appendAudit } from '#adapters/store/audit-store';
import { recordLink } from '#adapters/store/temporary-links-store';
import { issueToken } from '#adapters/store/tokens-store';
import { parseCsv } from '#domain/lookup/csv';
import { issueTemporaryLink } from '#domain/staff/issue-link';
import { linkAuditDetail } from '#domain/staff/temporary-links';
import { csvLine } from '#form/csv';
import { parseTemporaryLink, type TemporaryLinkRequest } from '#form/wire/staff';

export interface LinksOptions {
  /** The site origin the links point at. */
  origin: string;
  days: number;
}

const ADDED = ['url', 'expires_at'];

export async function issueLinksFromCsv(file: string, options: LinksOptions): Promise<{ issued: number }> {
  const rows = parseCsv(readFileSync(file, 'utf8'));
  const [header, ...data] = rows;
  if (!header) throw new Error(`${file} is empty: the first row names the answer keys`);
  const keep = header.fields.map((name, i) => ({ name: name.trim(), i })).filter((c) => c.name && !ADDED.includes(c.name));
  const problems: string[] = [];
  const requests: TemporaryLinkRequest[] = [];
  for (const row of data) {
    if (row.fields.every((f) => f.trim() === '')) continue;
    const answer = Object.fromEntries(keep.map((c): [string, string] => [c.name, row.fields[c.i] ?? '']).filter(([, v]) => v !== ''));
    try {
      requests.push(parseTemporaryLink({ answer, expires_in_days: options.days }));
    } catch (error) {
      const e = error as Error & { errors?: Record<string, string[]> };
      problems.push(
        `${file}:${row.line}: ${e.message}${
          e.errors
            ? ` ${Object.entries(e.errors)
                .map(([k, m]) => `${k}: ${m.join(' ')}`)
                .join('; ')}`
            : ''
        }`,
      );
    }
  }
  if (problems.length) throw new Error(`${problems.length} bad row(s), no link issued:\n${problems.slice(0, 50).join('\n')}`);

  const operator = `cli:${userInfo().username}`;
  const out: string[] = [csvLine([...keep.map((c) => c.name), ...ADDED])];
  for (const request of requests) {
    await appendAudit({ staff: operator, action: 'temporary-link', ip: 'command line', detail: linkAuditDetail(request) });
    const link = await issueTemporaryLink({ issueToken, recordLink }, options.origin, request, operator);
    out.push(csvLine([...keep.map((c) => request.answer[c.name] ?? ''), link.url, link.expires_at]));
  }
  writeFileSync(file, out.join(''));
  return { issued: requests.length };
}
