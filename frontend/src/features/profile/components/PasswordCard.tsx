import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/Icon';
import { TextField } from '@/components/TextField';
import { ApiError } from '@/lib/api';
import { apiErrorText } from '@/lib/apiErrors';
import { showSnackbar } from '@/lib/snackbar';
import { useChangePassword } from '../api/changePassword';
import { MIN_PASSWORD_LENGTH, passwordLength } from '../security';

type Field = 'current' | 'password' | 'repeat';
type Errors = Partial<Record<Field | 'form', string>>;

/** Change of the own password: the current one, the new one twice; the server's refusals at their field. */
export function PasswordCard({ account }: { account: string }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<Field, string>>({ current: '', password: '', repeat: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState(false);
  const change = useChangePassword();
  const refs = { current: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null), repeat: useRef<HTMLInputElement>(null) };

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setSaved(false);
  };

  const show = (next: Errors) => {
    setErrors(next);
    const first = (['current', 'password', 'repeat'] as const).find((f) => next[f]);
    if (first) refs[first].current?.focus();
  };

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    if (!values.current) next.current = t('validation.required');
    if (passwordLength(values.password) < MIN_PASSWORD_LENGTH) next.password = t('user.passwordTooShort', { min: MIN_PASSWORD_LENGTH });
    else if (values.repeat !== values.password) next.repeat = t('profile.password.mismatch');
    show(next);
    if (Object.keys(next).length > 0) return;
    change.mutate(
      { current: values.current, password: values.password },
      {
        onSuccess: () => {
          setValues({ current: '', password: '', repeat: '' });
          setSaved(true);
          showSnackbar(t('profile.password.saved'));
        },
        onError: (error) => {
          const text = apiErrorText(error, t) ?? '';
          const field = error instanceof ApiError ? error.params.field : undefined;
          show(field === 'current' || field === 'password' ? { [field]: text } : { form: text });
        },
      },
    );
  };

  return (
    <form className="card form" onSubmit={handleSubmit} noValidate aria-labelledby="password-heading">
      <div>
        <h3 id="password-heading" className="card__title">
          {t('profile.password.title')}
        </h3>
        <p className="card__text security-card__text">{t('profile.password.advice')}</p>
      </div>
      {/* tells password managers whose password this is */}
      <input type="text" name="username" autoComplete="username" hidden readOnly value={account} />
      <TextField
        ref={refs.current}
        label={t('profile.password.current')}
        type="password"
        name="current-password"
        autoComplete="current-password"
        value={values.current}
        error={errors.current}
        onChange={(e) => set('current', e.target.value)}
      />
      <div className="form-grid">
        <TextField
          ref={refs.password}
          label={t('profile.password.new')}
          type="password"
          name="new-password"
          autoComplete="new-password"
          value={values.password}
          error={errors.password}
          hint={t('profile.password.rule')}
          onChange={(e) => set('password', e.target.value)}
        />
        <TextField
          ref={refs.repeat}
          label={t('profile.password.repeat')}
          type="password"
          name="repeat-password"
          autoComplete="new-password"
          value={values.repeat}
          error={errors.repeat}
          onChange={(e) => set('repeat', e.target.value)}
        />
      </div>
      {errors.form && (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      )}
      <p className="security-card__status" role="status">
        {saved && (
          <>
            <Icon name="checkCircle" size={18} />
            {t('profile.password.saved')}
          </>
        )}
      </p>
      <div className="form__actions security-card__actions">
        <p className="field__hint">{t('profile.password.othersEnd')}</p>
        <button type="submit" className="btn btn--primary" disabled={change.isPending}>
          {t('profile.password.submit')}
        </button>
      </div>
    </form>
  );
}
