import { parseDocumentKey } from '#domain/documents/files';
import { removeConversion } from '#domain/documents/removal';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { lockedAfterSubmit } from '#middleware/submitted-lock';
import { conversionRemovalPorts } from '#wiring/documents';

/** DELETE /api/pdf/document-answer/{key}: forgets the converted PDF (the tab guard's first step). Idempotent. */
export const handler = httpHandler(
  lockedAfterSubmit(routeRow('deleteConversion', { access: 'applicant', lockedAfterSubmit: true })),
  async ({ applicant, path }) => {
    await removeConversion(conversionRemovalPorts(), applicant.application, parseDocumentKey(path.key));
    return { message: 'The converted file was deleted.' };
  },
);
