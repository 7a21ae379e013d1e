import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isVisibility, VISIBILITIES, type Visibility } from '../lib/types';

interface VisibilityFieldProps {
  value: Visibility | '';
  onChange: (value: Visibility | '') => void;
  error?: string | null;
}

/** Visibility select with the 'Select an option' placeholder (spec §2, §9) and what each choice means. */
export function VisibilityField({ value, onChange, error }: VisibilityFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t('collections.fields.visibility')}
      </label>
      <select
        id={id}
        name="visibility"
        className="select"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-help ${id}-error` : `${id}-help`}
        onChange={(e) => onChange(isVisibility(e.target.value) ? e.target.value : '')}
      >
        <option value="" disabled>
          {t('common.selectOption')}
        </option>
        {VISIBILITIES.map((v) => (
          <option key={v} value={v}>
            {t(`visibility.${v}`)}
          </option>
        ))}
      </select>
      {/* what each choice means, beside the choice (the chosen one stands out) */}
      <ul id={`${id}-help`} className="visibility-help">
        {VISIBILITIES.map((v) => (
          <li key={v} className={v === value ? 'is-chosen' : undefined}>
            <strong>{t(`visibility.${v}`)}:</strong> {t(`visibility.hint.${v}`)}
          </li>
        ))}
      </ul>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** Small label for lists. */
export function VisibilityChip({ visibility }: { visibility: Visibility }) {
  const { t } = useTranslation();
  return <span className={visibility === 'public' ? 'chip' : 'chip chip--muted'}>{t(`visibility.${visibility}`)}</span>;
}
