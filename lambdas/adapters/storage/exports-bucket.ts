/** The exports bucket as the export use-cases see it (domain/ports/exports.ts). */
import type { ExportsBucket } from '#domain/ports/exports';
import { config } from '#lambdas/config';
import { presignAttachment } from './signed-objects';
import { StreamedObject } from './streamed-object';

export const exportsBucket: ExportsBucket = {
  start: (key, contentType) => StreamedObject.start(config().exportsBucket, key, contentType),
  presign: (key, fileName, contentType) => presignAttachment(config().exportsBucket, key, fileName, contentType),
};
