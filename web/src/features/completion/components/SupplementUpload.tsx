import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FILE_ACCEPT, validateFile } from '#form/files';
import { isUnauthorized } from '#web/lib/api-client';
import { translate, useInstitutionText, useT } from '#web/lib/i18n';
import { checklistQueryOptions, uploadSupplement, type ChecklistItem } from '../api/checklist-api';

/** Read when shown, in the active language. */
export const supplementFailedMessage = (): string => translate('status.supplement.failed');

/**
 * Adds a material the institution still accepts after submission: the form's file rules, the
 * same upload and conversion; the checklist then shows it converting, received or failed.
 */
export function SupplementUpload({ item }: { item: ChecklistItem & { uploadKey: string } }) {
  const t = useT();
  const it = useInstitutionText();
  const queryClient = useQueryClient();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const converting = item.supplement?.status === 'UNPROCESSED' || item.supplement?.status === 'IN_PROGRESS';
  const failed = item.supplement?.status === 'FAILED';
  const messages = errors.length ? errors : failed ? [item.supplement?.message || supplementFailedMessage()] : [];

  const choose = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    const problems = validateFile(file);
    setErrors(problems);
    if (problems.length) {
      input.value = '';
      return;
    }
    setBusy(true);
    try {
      await uploadSupplement(item.uploadKey, file);
    } catch (error) {
      if (!isUnauthorized(error)) setErrors([error instanceof Error && error.message ? error.message : supplementFailedMessage()]);
    } finally {
      input.value = '';
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: checklistQueryOptions().queryKey }).catch(() => undefined);
    }
  };

  const hint = `${id}-hint`;
  const error = `${id}-error`;
  return (
    <div className="supplement">
      <label htmlFor={id} className="supplement__label">
        {t('status.supplement.add', { material: it(item.label).toLocaleLowerCase() })}
      </label>
      <p id={hint} className="hint">
        {t('status.supplement.hint')}
      </p>
      {messages.length > 0 && (
        <ul id={error} className="supplement__error" role="alert">
          {messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      {(busy || converting) && (
        <p role="status" className="supplement__status">
          <span className="spinner spinner--s" aria-hidden="true" />{' '}
          {busy
            ? t('status.supplement.uploading')
            : item.supplement?.file_name
              ? t('status.supplement.converting', { file: item.supplement.file_name })
              : t('status.supplement.convertingYours')}
        </p>
      )}
      <input
        id={id}
        type="file"
        accept={FILE_ACCEPT}
        disabled={busy || converting}
        aria-describedby={messages.length ? `${hint} ${error}` : hint}
        aria-invalid={messages.length ? true : undefined}
        onChange={(e) => void choose(e.currentTarget)}
      />
    </div>
  );
}
