import { useId, type ComponentProps, type ReactNode, type TextareaHTMLAttributes } from 'react';

interface FieldShellProps {
  label: ReactNode;
  error?: string | null;
  hint?: string;
}

/** Takes the input's own props, `ref` among them (to focus the field with an error). */
type TextFieldProps = FieldShellProps & ComponentProps<'input'>;

export function TextField({ label, error, hint, id, className, ...input }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const describedBy = error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined;
  return (
    <div className={`field ${className ?? ''}`}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <input id={inputId} className="input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {error ? (
        <p id={`${inputId}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${inputId}-hint`} className="field__hint">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

type TextAreaFieldProps = FieldShellProps & TextareaHTMLAttributes<HTMLTextAreaElement>;

/** Text area with 3 rows by default (spec §5). */
export function TextAreaField({ label, error, hint, id, rows = 3, ...input }: TextAreaFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className="field">
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <textarea id={inputId} className="input textarea" rows={rows} aria-invalid={error ? true : undefined} {...input} />
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : (
        hint && <p className="field__hint">{hint}</p>
      )}
    </div>
  );
}
