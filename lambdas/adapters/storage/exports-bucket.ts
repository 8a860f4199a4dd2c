/** The exports bucket as the export use-cases see it (domain/ports/exports.ts). */
import { config } from '#lambdas/config';
import type { ExportsBucket } from '#domain/ports/exports';
import { StreamedObject } from './streamed-object';
import { presignAttachment } from './signed-objects';

export const exportsBucket: ExportsBucket = {
  start: (key, contentType) => StreamedObject.start(config().exportsBucket, key, contentType),
  presign: (key, fileName, contentType) => presignAttachment(config().exportsBucket, key, fileName, contentType),
};
