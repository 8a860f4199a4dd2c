import { route } from '#lambdas/routes';
import { httpHandler } from '#middleware/access/staff';
import { config } from '#lambdas/config';
import { readSubmitted } from '#adapters/store/submissions-index';
import { appendAudit } from '#adapters/store/audit-store';
import { readHistory } from '#adapters/store/office-status-store';
import { officeStatusView } from '#domain/staff/office-status';
import { readApplicantDocuments } from '#adapters/document-answers-store';
import { readAddAnother, readTabs } from '#adapters/store/tabs-store';
import { presignDownload } from '#adapters/storage/objects';
import { Invalid, NotFound } from '#domain/errors';
import { documentQuestionKeys, questionFor } from '#form/model';
import { printApplication } from '#form/print';
import { sourceIp } from '#middleware/source-ip';

const NOT_FOUND = 'There is no submitted application with this id.';

export const handler = httpHandler(route('readApplication'), async ({ path, staff, event }) => {
  const id = path.id ?? '';
  if (!/^[A-Za-z0-9-]{1,128}$/.test(id)) throw new Invalid('That is not an application id.');
  const app = await readSubmitted(id);
  if (!app) throw new NotFound(NOT_FOUND);
  await appendAudit({ staff: staff.email, action: 'read', application: id, ip: sourceIp(event) });

  const [tabs, addAnother, stored, history] = await Promise.all([readTabs(id), readAddAnother(id), readApplicantDocuments(id), readHistory(id)]);
  const docs = stored.documents.filter((d) => documentQuestionKeys.includes(d.key)).sort((a, b) => documentQuestionKeys.indexOf(a.key) - documentQuestionKeys.indexOf(b.key));
  const bucket = config().documentsBucket;
  const documents = await Promise.all(
    docs.map(async (d) => ({
      key: d.key,
      label: questionFor(d.key)?.label ?? d.key,
      file_name: d.file_name,
      status: d.status,
      ...(d.status === 'COMPLETED' && d.converted_key ? { download_url: await presignDownload(bucket, d.converted_key, `${d.key}.pdf`) } : {}),
    })),
  );
  const pdf = stored.pdf;
  const pdfView = {
    status: pdf?.status ?? 'UNPROCESSED',
    ...(pdf?.status === 'COMPLETED' && pdf.objectKey ? { download_url: await presignDownload(bucket, pdf.objectKey, `application-${app.reference || id}.pdf`) } : {}),
  };
  // The one printer (form/print.ts): the rows the PDF prints.
  const printable = { answers: app.answers, tabs, addAnother, documents: Object.fromEntries(docs.map((d) => [d.key, d])) };
  return {
    id,
    reference: app.reference,
    email: app.email,
    name: [app.answers.first_name, app.answers.last_name].filter(Boolean).join(' '),
    submitted_at: app.submittedAt,
    pages: printApplication(printable),
    documents,
    pdf: pdfView,
    ...officeStatusView(history),
  };
});
