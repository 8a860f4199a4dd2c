import { deleteConversion } from '#adapters/document-answers-store';
import { deleteObject } from '#adapters/storage/signed-objects';
import { parseDocumentKey } from '#domain/documents/files';
import { removeConversion } from '#domain/documents/removal';
import { config } from '#lambdas/config';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { lockedAfterSubmit } from '#middleware/submitted-lock';

/** DELETE /api/pdf/document-answer/{key}: forgets the converted PDF (the tab guard's first step). Idempotent. */
export const handler = httpHandler(
  lockedAfterSubmit(routeRow('deleteConversion', { access: 'applicant', lockedAfterSubmit: true })),
  async ({ applicant, path }) => {
    await removeConversion(
      { deleteConversion, deleteConverted: (convertedKey) => deleteObject(config().documentsBucket, convertedKey) },
      applicant.sub,
      parseDocumentKey(path.key),
    );
    return { message: 'The converted file was deleted.' };
  },
);
