import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DocumentQuestion } from '../model';
import { useFormRuntime } from '../components/form-runtime';
import { ConfirmDialog } from '../../../components/Dialog';
import { Spinner } from '../../../components/Spinner';
import { useToast } from '../../../components/Toasts';
import { reportGeneralError } from '../../../lib/query-client';
import { formatSize } from '../file-rules';
import { FILE_ACCEPT, validateFile } from '../model';
import { isAttached, isPendingConversion, markUploading } from '../documents-state';
import { deleteConversion, deleteDocumentAnswer, documentAnswersQueryOptions, getConversionStatus, uploadDocument } from '../api/documents-api';
import { describedBy, FieldShell } from './FieldShell';
import { isUnauthorized } from '../../../lib/api-client';

export const CONVERSION_POLL_MS = 2000;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Shown at the field after a failed upload or conversion, beside 001 §4's toast. */
export const UPLOAD_FAILED_MESSAGE = 'Your file could not be uploaded. Please try again, or choose a different file.';

/**
 * A document question (001 §4): anonymous visitors are told to create an account; logged in, one
 * file is checked, uploaded, converted (polled every 2 s) and then shown with name, size and delete.
 */
export function FileField({ q, errors }: { q: DocumentQuestion; errors?: readonly string[] }) {
  const { loggedIn, documents } = useFormRuntime();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [local, setLocal] = useState<string[]>([]);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  // The file input the applicant used is replaced by the attached file: focus follows to its Delete.
  const attachedFromHere = useRef(false);
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);
  const doc = documents[q.key];

  const attached = isAttached(doc) && !!doc;
  useEffect(() => {
    if (!attached || !attachedFromHere.current) return;
    attachedFromHere.current = false;
    if (document.activeElement === document.body || document.activeElement === null) deleteButton.current?.focus();
  }, [attached]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: documentAnswersQueryOptions().queryKey });

  /** Polls the conversion until it ends (000 §4: every 2 s while pending). */
  const awaitConversion = async (): Promise<'attached' | 'failed'> => {
    for (;;) {
      const { status } = await getConversionStatus(q.key);
      if (status === 'COMPLETED') return 'attached';
      if (!isPendingConversion(status)) return 'failed';
      await wait(CONVERSION_POLL_MS);
    }
  };

  /**
   * Runs one upload or conversion wait with the controls disabled. FAILED clears the answer
   * (the conversion, then the stored document) and tells the applicant once the controls work again.
   */
  const track = async (work: () => Promise<'attached' | 'failed'>) => {
    setBusy(true);
    markUploading(q.key, true);
    let outcome: 'attached' | 'failed' | 'session-lost' = 'failed';
    try {
      outcome = await work();
    } catch (error) {
      outcome = isUnauthorized(error) ? 'session-lost' : 'failed';
    }
    try {
      if (outcome === 'attached') attachedFromHere.current = true;
    if (outcome === 'failed') {
        await deleteConversion(q.key).catch(() => undefined);
        await deleteDocumentAnswer(q.key).catch(() => undefined);
      }
      if (outcome !== 'session-lost') await refresh().catch(() => undefined);
    } finally {
      markUploading(q.key, false);
      if (mounted.current) setBusy(false);
      if (input.current) input.current.value = '';
    }
    if (outcome === 'attached') attachedFromHere.current = true;
    if (outcome === 'failed') {
      toast.show({ severity: 'error', title: 'Error', message: `Error uploading file for ${q.label}` });
      // The toast goes away; the field keeps saying what happened and what to do next.
      if (mounted.current) setLocal([UPLOAD_FAILED_MESSAGE]);
    }
  };

  // A conversion still running when the page (re)loads is followed to its end as well.
  const resumed = useRef(false);
  const pendingOnServer = loggedIn && isPendingConversion(doc?.status);
  useEffect(() => {
    if (!pendingOnServer || resumed.current) return;
    resumed.current = true;
    void track(awaitConversion);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per mount: track reads fresh state through refs
  }, [pendingOnServer]);

  const upload = async (file: File) => {
    const problems = validateFile(file);
    setLocal(problems);
    if (problems.length) return;
    await track(async () => {
      await uploadDocument(q.key, file);
      return awaitConversion();
    });
  };

  const remove = async () => {
    setConfirmDelete(false);
    setBusy(true);
    try {
      await deleteConversion(q.key);
      await deleteDocumentAnswer(q.key);
      await refresh();
    } catch (e) {
      reportGeneralError(e as Error);
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  if (!loggedIn) {
    return (
      <FieldShell q={q} errors={errors} inputId={`${q.key}-file`}>
        <p className="field__hint" id={q.key}>
          This question can be finished once you have created an account.
        </p>
      </FieldShell>
    );
  }

  const shown = local.length ? local : errors;
  return (
    <FieldShell q={q} errors={shown} inputId={q.key}>
      {isAttached(doc) && doc ? (
        <div className="file-field__row">
          <p>
            <strong>{doc.file_name}</strong> ({formatSize(doc.file_size)})
          </p>
          <button ref={deleteButton} type="button" className="button" id={q.key} disabled={busy} onClick={() => setConfirmDelete(true)} aria-label={`Delete ${doc.file_name}`}>
            Delete
          </button>
        </div>
      ) : (
        <div className="file-field__row">
          <input
            ref={input}
            id={q.key}
            type="file"
            accept={FILE_ACCEPT}
            disabled={busy}
            aria-describedby={describedBy(q, shown)}
            aria-invalid={shown?.length ? true : undefined}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void upload(file);
            }}
          />
          {busy && <Spinner size="m" label="Uploading your file" showLabel />}
        </div>
      )}
      <ConfirmDialog open={confirmDelete} title="Delete file" confirmLabel="Delete" onCancel={() => setConfirmDelete(false)} onConfirm={() => void remove()}>
        <p>Are you sure you want to delete your file?</p>
      </ConfirmDialog>
    </FieldShell>
  );
}
