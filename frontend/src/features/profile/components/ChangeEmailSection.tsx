import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/Icon';
import { TextField } from '@/components/TextField';
import { ApiError } from '@/lib/api';
import { apiErrorText } from '@/lib/apiErrors';
import { useChangeEmail } from '../api/changeEmail';

/**
 * The caller's own address: a new one gets a confirmation link and replaces the current one
 * only when the link is followed; the current password is asked again.
 */
export function ChangeEmailSection({ current }: { current: string }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const change = useChangeEmail();
  const error = change.isError ? apiErrorText(change.error, t) : null;
  const field = change.error instanceof ApiError ? change.error.params.field : undefined;

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    change.mutate({ email: email.trim(), password }, { onSuccess: () => setPassword('') });
  };

  return (
    <section className="card form" aria-labelledby="profile-email-heading">
      <h2 id="profile-email-heading" className="card__title">
        {t('profile.email.title')}
      </h2>
      <p className="card__text">{t('profile.email.lead', { email: current })}</p>
      {change.isSuccess ? (
        <div className="notice notice--success" role="status">
          <Icon name="mail" size={20} />
          <p>{t('profile.email.sent', { email: change.data.email })}</p>
        </div>
      ) : (
        <form className="form" onSubmit={handleSubmit} noValidate>
          <div className="form-grid">
            <TextField
              label={t('profile.email.new')}
              type="email"
              name="new-email"
              autoComplete="email"
              required
              value={email}
              error={field === 'email' ? error : null}
              onChange={(e) => setEmail(e.target.value)}
            />
            <TextField
              label={t('profile.email.password')}
              type="password"
              name="current-password"
              autoComplete="current-password"
              value={password}
              hint={t('profile.email.passwordHint')}
              error={field === 'password' ? error : null}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          {error && field !== 'email' && field !== 'password' && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <div className="form__actions">
            <button type="submit" className="btn btn--primary" disabled={change.isPending || !email.trim()}>
              {t('profile.email.submit')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
