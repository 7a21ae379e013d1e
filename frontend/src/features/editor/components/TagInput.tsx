import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../sections';

interface TagInputProps {
  label: string;
  hint: string;
  tags: string[];
  disabled: boolean;
  /** what was typed, split at commas */
  onAdd: (tags: string[]) => void;
  onRemove: (index: number) => void;
  /** extra controls of a chip (e.g. the boost toggle of a search tag) */
  renderExtra?: (index: number) => ReactNode;
}

/** Tags as chips: Enter or comma adds what was typed, Backspace in the empty field removes the last. */
export function TagInput({ label, hint, tags, disabled, onAdd, onRemove, renderExtra }: TagInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const full = tags.length >= LIMITS.tags;

  const commit = () => {
    const parts = text
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    if (parts.length > 0) onAdd(parts);
    setText('');
  };

  const handleKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      commit();
    } else if (e.key === 'Backspace' && text === '' && tags.length > 0) {
      e.preventDefault();
      onRemove(tags.length - 1);
    }
  };

  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className={`ed-tags${disabled ? ' is-disabled' : ''}`}>
        <ul className="ed-tags__list" aria-label={label}>
          {tags.map((tag, i) => (
            <li key={`${tag}-${i}`} className="ed-tag">
              <span className="ed-tag__text">{tag}</span>
              {renderExtra?.(i)}
              {!disabled && (
                <button type="button" className="ed-tag__remove" aria-label={t('editor.meta.removeTag', { tag })} onClick={() => onRemove(i)}>
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
        {!disabled && (
          <input
            id={id}
            className="ed-tags__input"
            value={text}
            maxLength={LIMITS.tag}
            disabled={full}
            placeholder={full ? t('editor.meta.tagsFull', { max: LIMITS.tags }) : t('editor.meta.tagPlaceholder')}
            aria-describedby={`${id}-hint`}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={handleKeyDown}
            onBlur={commit}
          />
        )}
      </div>
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
    </div>
  );
}
