import { routeRow } from '#lambdas/route-row';
import { lockedAfterSubmit } from '#middleware/submitted-lock';
import { httpHandler } from '#middleware/access/applicant';
import { config } from '#lambdas/config';
import { deleteConversion } from '#adapters/document-answers-store';
import { deleteObject } from '#adapters/storage/signed-objects';
import { parseDocumentKey } from '#domain/documents/files';

/** DELETE /api/pdf/document-answer/{key}: forgets the converted PDF (the tab guard's first step). Idempotent. */
export const handler = httpHandler(lockedAfterSubmit(routeRow('deleteConversion', { access: 'applicant', lockedAfterSubmit: true })), async ({ applicant, path }) => {
  const key = parseDocumentKey(path.key);
  const converted = await deleteConversion(applicant.sub, key);
  // Only keys under the caller's own converted/ prefix are ever stored; checked again before deleting.
  if (converted?.startsWith(`converted/${applicant.sub}/${key}/`)) await deleteObject(config().documentsBucket, converted);
  return { message: 'The converted file was deleted.' };
});
