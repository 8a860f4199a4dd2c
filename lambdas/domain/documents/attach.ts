/**
 * Attaching an uploaded file as a document answer (POST /api/pdf/document-answer/{key}) or as a
 * material added after submission (POST /api/supplement/{key}): only the caller's own upload
 * for this key, whose key the server issued and whose object arrived, and never over a newer
 * file. Conversion itself runs on the bucket's upload event.
 */
import { Conflict, Forbidden, NotFound } from '../errors';
import type { DocumentAttacher, UploadGrants, UploadsBucket } from '../ports/documents';
import { CONVERSION_MESSAGES } from './files';
import { ownUpload } from './keys';
import { effectiveStatus } from './status';

const UPLOAD_NOT_FOUND = 'We could not find your uploaded file. Please upload it again.';

export interface AttachPorts {
  grants: Pick<UploadGrants, 'isAcceptedUpload'>;
  uploads: Pick<UploadsBucket, 'uploadSize'>;
  documents: DocumentAttacher;
}

/** What the messages call the thing a file is attached to. */
export type AttachedTo = 'question' | 'material';

/**
 * Attaches the caller's upload under `key`; `check` (a supplement's checklist item) runs beside
 * the upload's own checks and refuses by throwing.
 */
export async function attachOwnUpload(
  ports: AttachPorts,
  sub: string,
  key: string,
  body: { fileKey: string; fileName: string },
  to: AttachedTo,
  check?: () => Promise<unknown>,
) {
  const ref = ownUpload(sub, key, body.fileKey);
  if (ref === 'forbidden') throw new Forbidden(`This file does not belong to this ${to} of your application.`);
  if (ref === 'unknown') throw new NotFound(UPLOAD_NOT_FOUND);
  const [, accepted, size] = await Promise.all([check?.(), ports.grants.isAcceptedUpload(ref), ports.uploads.uploadSize(body.fileKey)]);
  // A key the server never issued (or whose grant lapsed unused) is not an upload of theirs.
  if (!accepted || size === undefined) throw new NotFound(UPLOAD_NOT_FOUND);
  const outcome = await ports.documents.attachUpload(sub, key, { fileKey: body.fileKey, fileName: body.fileName, fileSize: size });
  if (outcome.kind === 'superseded') throw new Conflict(`A newer file has already been uploaded for this ${to}.`);
  const { status, message } = effectiveStatus(outcome.document, new Date(), CONVERSION_MESSAGES.failed);
  return { message: message || 'Your file is being converted.', status, file_name: outcome.document.file_name, file_size: outcome.document.file_size };
}

/** The caller's upload as the document answer of an application question. */
export function attachDocument(ports: AttachPorts, sub: string, key: string, body: { fileKey: string; fileName: string }) {
  return attachOwnUpload(ports, sub, key, body, 'question');
}
