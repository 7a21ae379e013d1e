import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { editorErrorText } from '@/features/editor/errors';

interface FileFieldProps {
  label: string;
  accept: string;
  hint?: string;
  pending: boolean;
  error: unknown;
  /** a message of the form's own (e.g. 'no file chosen'), shown when the upload did not fail */
  errorText?: string | null;
  /** name of the file uploaded in this dialog, if any */
  uploaded?: string | null;
  onFile: (file: File) => void;
}

/** A labelled native file input that uploads as soon as a file is chosen. */
export function FileField({ label, accept, hint, pending, error, errorText, uploaded, onFile }: FileFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const message = editorErrorText(error, t) ?? errorText ?? null;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        className="input ed-file"
        accept={accept}
        disabled={pending}
        aria-describedby={`${id}-state`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onFile(file);
        }}
      />
      <p id={`${id}-state`} className={message ? 'field__error' : 'field__hint'} role={message ? 'alert' : 'status'} aria-live="polite">
        {pending ? t('editor.upload.pending') : message ? message : uploaded ? t('editor.upload.done', { name: uploaded }) : hint}
      </p>
    </div>
  );
}
