import { useState } from 'react';
import { ConfirmDialog } from '#web/components/Dialog';
import { Spinner } from '#web/components/Spinner';
import { useT } from '#web/lib/i18n';
import { useFormRuntime } from '../components/form-runtime';
import { FILE_ACCEPT, FILE_MESSAGES, formatFileSize, type DocumentQuestion } from '../model';
import { useFormWords } from '../words';
import { describedBy, FieldShell } from './FieldShell';
import { useDocumentUpload } from './use-document-upload';

export { CONVERSION_POLL_MS } from './use-document-upload';

/**
 * A document question: anonymous visitors are told to create an account; logged in, one
 * file is checked, uploaded, converted (polled every 2 s) and then shown with name, size and delete.
 */
export function FileField({ q, errors }: { q: DocumentQuestion; errors?: readonly string[] }) {
  const { loggedIn } = useFormRuntime();
  const { doc, attached, busy, messages, upload, remove, input, deleteButton } = useDocumentUpload(q);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const t = useT();
  const w = useFormWords();

  if (!loggedIn) {
    return (
      <FieldShell q={q} errors={errors} inputId={`${q.key}-file`}>
        <p className="field__hint" id={q.key}>
          {w(FILE_MESSAGES.anonymous)}
        </p>
      </FieldShell>
    );
  }

  const shown = messages.length ? messages.map(w) : errors;
  return (
    <FieldShell q={q} errors={shown} inputId={q.key}>
      {attached && doc ? (
        <div className="file-field__row">
          <p>
            <strong>{doc.file_name}</strong> ({formatFileSize(doc.file_size)})
          </p>
          <button
            ref={deleteButton}
            type="button"
            className="button"
            id={q.key}
            disabled={busy}
            onClick={() => setConfirmDelete(true)}
            aria-label={t('form.ui.deleteNamed', { name: doc.file_name })}
          >
            {t('form.ui.delete')}
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
          {busy && <Spinner size="m" label={t('form.ui.uploading')} showLabel />}
        </div>
      )}
      <ConfirmDialog
        open={confirmDelete}
        title={t('form.ui.deleteFileTitle')}
        confirmLabel={t('form.ui.delete')}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => {
          setConfirmDelete(false);
          void remove();
        }}
      >
        <p>{t('form.ui.deleteFileBody')}</p>
      </ConfirmDialog>
    </FieldShell>
  );
}
