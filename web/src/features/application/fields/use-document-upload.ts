import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useToast } from '#web/components/Toasts';
import { isUnauthorized } from '#web/lib/api-client';
import { translate } from '#web/lib/i18n';
import { reportGeneralError } from '#web/lib/query-client';
import { documentAnswersQueryOptions, getConversionStatus, removeDocument, uploadDocument } from '../api/documents-api';
import { useFormRuntime, type DocumentInfo } from '../components/form-runtime';
import { isAttached, isPendingConversion, markUploading } from '../documents-state';
import type { DocumentQuestion } from '../model';
import { validateFile } from '../model';
import { formWord } from '../words';

export const CONVERSION_POLL_MS = 2000;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How one upload or conversion wait ended; a failure carries the server's reason when it gave one. */
type Outcome = { kind: 'attached' } | { kind: 'failed'; reason?: string } | { kind: 'session-lost' };

/** Polls the conversion until it ends (every 2 s while pending). */
async function awaitConversion(key: string): Promise<Outcome> {
  for (;;) {
    const { status, message } = await getConversionStatus(key);
    if (status === 'COMPLETED') return { kind: 'attached' };
    if (!isPendingConversion(status)) return { kind: 'failed', reason: message || undefined };
    await wait(CONVERSION_POLL_MS);
  }
}

export interface DocumentUpload {
  doc: DocumentInfo | undefined;
  attached: boolean;
  busy: boolean;
  /** What the field says of its own (the file rules, a failure's reason); empty when nothing. */
  messages: string[];
  upload: (file: File) => Promise<void>;
  remove: () => Promise<void>;
  /** The file input, emptied after each attempt so the same file can be chosen again. */
  input: RefObject<HTMLInputElement | null>;
  /** The attached file's Delete: focus moves there when the file the applicant chose is attached. */
  deleteButton: RefObject<HTMLButtonElement | null>;
}

/** The file input the applicant used is replaced by the attached file: focus follows to its Delete. */
function useFocusOnAttach(attached: boolean) {
  const deleteButton = useRef<HTMLButtonElement>(null);
  const attachedFromHere = useRef(false);
  useEffect(() => {
    if (!attached || !attachedFromHere.current) return;
    attachedFromHere.current = false;
    if (document.activeElement === document.body || document.activeElement === null) deleteButton.current?.focus();
  }, [attached]);
  return { deleteButton, attachedFromHere };
}

/**
 * One document question's upload: the file rules, the upload, the conversion (followed
 * to its end, also one still running when the page opens), and on failure the conversion and
 * document removed, a toast, and the reason kept at the field.
 */
export function useDocumentUpload(q: DocumentQuestion): DocumentUpload {
  const { loggedIn, documents } = useFormRuntime();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [messages, setMessages] = useState<string[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);
  const doc = documents[q.key];
  const attached = isAttached(doc) && !!doc;
  const { deleteButton, attachedFromHere } = useFocusOnAttach(attached);

  const refresh = () => queryClient.invalidateQueries({ queryKey: documentAnswersQueryOptions().queryKey });

  /** After a failure: the conversion and the stored document go (best effort), then the list is read again. */
  const settle = async (outcome: Outcome) => {
    if (outcome.kind === 'failed') await removeDocument(q.key).catch(() => undefined);
    if (outcome.kind !== 'session-lost') await refresh().catch(() => undefined);
  };

  /** Runs one upload or conversion wait with the controls disabled, and tells the applicant how it ended. */
  const track = async (work: () => Promise<Outcome>) => {
    setBusy(true);
    markUploading(q.key, true);
    let outcome: Outcome;
    try {
      outcome = await work();
    } catch (error) {
      outcome = isUnauthorized(error) ? { kind: 'session-lost' } : { kind: 'failed' };
    }
    try {
      if (outcome.kind === 'attached') attachedFromHere.current = true;
      await settle(outcome);
    } finally {
      markUploading(q.key, false);
      if (mounted.current) setBusy(false);
      if (input.current) input.current.value = '';
    }
    if (outcome.kind === 'failed') {
      toast.show({ severity: 'error', title: translate('form.ui.error'), message: translate('form.ui.uploadFailed', { label: formWord(q.label) }) });
      // The toast goes away; the field keeps saying what happened and what to do next.
      if (mounted.current) setMessages([outcome.reason ?? translate('form.ui.uploadFailedRetry')]);
    }
  };

  // A conversion still running when the page (re)loads is followed to its end as well.
  const resumed = useRef(false);
  const pendingOnServer = loggedIn && isPendingConversion(doc?.status);
  useEffect(() => {
    if (!pendingOnServer || resumed.current) return;
    resumed.current = true;
    void track(() => awaitConversion(q.key));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per mount: track reads fresh state through refs
  }, [pendingOnServer]);

  const upload = async (file: File) => {
    const problems = validateFile(file);
    setMessages(problems);
    if (problems.length) return;
    await track(async () => {
      await uploadDocument(q.key, file);
      return awaitConversion(q.key);
    });
  };

  const remove = async () => {
    setBusy(true);
    try {
      await removeDocument(q.key);
      await refresh();
    } catch (e) {
      reportGeneralError(e as Error);
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  return { doc, attached, busy, messages, upload, remove, input, deleteButton };
}
