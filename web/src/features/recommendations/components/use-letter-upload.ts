import { useEffect, useRef, useState } from 'react';
import { LETTER_FILE_NAME_MAX_LENGTH, validateFile } from '#form/files';
import { translate } from '#web/lib/i18n';
import { readLetterStatus, uploadLetter } from '../api/recommender-api';

/** How often the conversion is asked about while it runs, as the form's documents. */
export const LETTER_POLL_MS = 2000;
/** Right after the upload the bucket's event may not have reached the converter yet: this many asks find nothing before it counts as failed. */
const NOT_STARTED_TRIES = 15;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type LetterState =
  | { kind: 'none' }
  | { kind: 'uploading'; fileName: string }
  | { kind: 'converting'; fileName: string }
  | { kind: 'ready'; fileName: string; fileKey: string }
  | { kind: 'failed'; messages: string[] };

/** Follows the uploaded letter's conversion to its end; a failure carries the server's reason when it gave one. */
async function awaitConversion(token: string, alive: () => boolean): Promise<{ ok: true } | { ok: false; reason?: string }> {
  for (let empty = 0; alive();) {
    const { status, message } = await readLetterStatus(token);
    if (status === 'COMPLETED') return { ok: true };
    if (status === 'FAILED') return { ok: false, reason: message || undefined };
    if (status === 'NOT_ANSWERED' && ++empty >= NOT_STARTED_TRIES) return { ok: false };
    await wait(LETTER_POLL_MS);
  }
  return { ok: false };
}

/**
 * The recommender's letter: the form's file rules and messages, the upload on a grant tied to
 * the link, then the conversion followed until the letter is ready or says why it failed.
 */
export function useLetterUpload(token: string) {
  const [state, setState] = useState<LetterState>({ kind: 'none' });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => void (mounted.current = false);
  }, []);
  const update = (next: LetterState) => {
    if (mounted.current) setState(next);
  };

  const upload = async (file: File) => {
    const problems = validateFile(file, LETTER_FILE_NAME_MAX_LENGTH);
    if (problems.length) return update({ kind: 'failed', messages: problems });
    update({ kind: 'uploading', fileName: file.name });
    try {
      const { fileKey, fileName } = await uploadLetter(token, file);
      update({ kind: 'converting', fileName });
      const outcome = await awaitConversion(token, () => mounted.current);
      update(outcome.ok ? { kind: 'ready', fileName, fileKey } : { kind: 'failed', messages: [outcome.reason ?? translate('recommend.letter.uploadFailed')] });
    } catch (error) {
      update({ kind: 'failed', messages: [error instanceof Error && error.message ? error.message : translate('recommend.letter.uploadFailed')] });
    }
  };

  return { state, upload };
}
