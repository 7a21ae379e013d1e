import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Content as ValidationContent } from '../lib/api-types.gen';
import { TextAreaField, TextField } from './TextField';

/** Limits of a change summary (server: title 300, description and comments 4000 characters). */
export const TITLE_MAX = 300;
export const TEXT_MAX = 4000;

/** Checkbox with its label and a hint, keyboard operable like any native checkbox. */
export function CheckField({ label, hint, checked, onChange }: { label: string; hint?: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="check-field">
      <input id={id} type="checkbox" className="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-describedby={hint ? `${id}-hint` : undefined} />
      <div>
        <label htmlFor={id} className="check-field__label">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="field__hint">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}

/** Title, description and the important flag of a change, as authors and validators word it. */
export function ChangeFields({ value, onChange, titleError }: { value: ValidationContent; onChange: (v: ValidationContent) => void; titleError?: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t('change.title')}
        name="title"
        value={value.title}
        maxLength={TITLE_MAX}
        error={titleError}
        onChange={(e) => onChange({ ...value, title: e.target.value })}
      />
      <TextAreaField
        label={t('change.description')}
        name="description"
        value={value.description}
        maxLength={TEXT_MAX}
        rows={4}
        onChange={(e) => onChange({ ...value, description: e.target.value })}
      />
      <CheckField
        label={t('change.important')}
        hint={t('change.importantHint')}
        checked={value.important}
        onChange={(important) => onChange({ ...value, important })}
      />
    </>
  );
}
