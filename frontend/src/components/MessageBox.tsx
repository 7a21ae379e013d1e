import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';
import { apiErrorText } from '../lib/apiErrors';
import { MAX_TEXT, textError, textLength } from '../lib/feedbackText';

/**
 * The text of a message with a live character count and a send button; checks the text before
 * sending and shows what the server refused. `onSend` gets the trimmed text and a callback that
 * empties the box once the message is through.
 */
export function MessageBox({
  label,
  sendLabel,
  pending,
  serverError,
  onSend,
}: {
  label: string;
  sendLabel: string;
  pending: boolean;
  serverError: unknown;
  onSend: (text: string, done: () => void) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const length = textLength(text);

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const key = textError(text);
    if (key) {
      setError(t(key, { max: MAX_TEXT }));
      return;
    }
    onSend(text.trim(), () => setText(''));
  };

  return (
    <form className="form feedback-box" onSubmit={handleSubmit} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        <textarea
          id={id}
          className="input textarea"
          rows={5}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
        />
        <p id={`${id}-count`} className={`field__hint feedback-box__count${length > MAX_TEXT ? ' feedback-box__count--over' : ''}`}>
          {t('feedback.count', { n: length, max: MAX_TEXT })}
        </p>
        {error && (
          <p id={`${id}-error`} className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
      {serverError != null && (
        <p className="form-error" role="alert">
          {apiErrorText(serverError, t)}
        </p>
      )}
      <div className="form__actions form__actions--start">
        <button type="submit" className="btn btn--primary" disabled={pending}>
          <Icon name="send" size={16} />
          {sendLabel}
        </button>
      </div>
    </form>
  );
}
