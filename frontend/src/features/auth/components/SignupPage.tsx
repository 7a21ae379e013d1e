import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/TextField';
import type { Space } from '@/lib/types';
import { useSignup } from '../api/signup';
import { accountErrorText, errorField } from '../links';
import { AuthCard } from './AuthCard';
import { NewPasswordField } from './NewPasswordField';

/**
 * /auth/signup on a space's site, where the space allows it: an account for an address of
 * its e-mail domains, confirmed by mail. The answer is the same for an address that has an
 * account (its owner is told by mail).
 */
export function SignupPage({ space }: { space: Space }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [firstname, setFirstname] = useState('');
  const [lastname, setLastname] = useState('');
  const [password, setPassword] = useState('');
  const signup = useSignup();

  if (!space.selfSignup || space.emailDomains.length === 0) {
    return (
      <AuthCard icon="shield" title={t('auth.signup.closedTitle')}>
        <p className="auth-card__text">{t('auth.signup.closed', { space: space.title })}</p>
        <div className="auth-card__actions">
          <a href="/auth/login" className="btn btn--ghost btn--block">
            {t('auth.toLogin')}
          </a>
        </div>
      </AuthCard>
    );
  }
  if (signup.isSuccess) {
    return (
      <AuthCard icon="mail" title={t('auth.forgot.sentTitle')} step="sent">
        <p className="auth-card__text">{t('auth.signup.sent', { email: email.trim().toLowerCase() })}</p>
      </AuthCard>
    );
  }
  const error = signup.isError ? accountErrorText(signup.error, t) : null;
  const field = errorField(signup.error, ['email', 'firstname', 'lastname', 'password']);
  const fieldError = (name: typeof field) => (field === name ? error : null);

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    signup.mutate({ email: email.trim(), firstname: firstname.trim(), lastname: lastname.trim(), password });
  };

  return (
    <AuthCard icon="user" title={t('auth.signup.title')} lead={t('auth.signup.lead', { space: space.title, domains: space.emailDomains.join(', ') })}>
      <form onSubmit={handleSubmit} className="form" noValidate>
        <TextField
          label={t('auth.email')}
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          error={fieldError('email')}
          onChange={(e) => setEmail(e.target.value)}
          autoFocus
        />
        <div className="form-grid">
          <TextField
            label={t('auth.firstname')}
            name="firstname"
            autoComplete="given-name"
            required
            maxLength={100}
            value={firstname}
            error={fieldError('firstname')}
            onChange={(e) => setFirstname(e.target.value)}
          />
          <TextField
            label={t('auth.lastname')}
            name="lastname"
            autoComplete="family-name"
            required
            maxLength={100}
            value={lastname}
            error={fieldError('lastname')}
            onChange={(e) => setLastname(e.target.value)}
          />
        </div>
        <NewPasswordField label={t('auth.choosePassword')} value={password} onChange={setPassword} error={fieldError('password')} />
        {error && !field && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn--primary btn--block" disabled={signup.isPending || !email.trim() || !firstname.trim() || !lastname.trim() || !password}>
          {signup.isPending ? t('auth.sending') : t('auth.signup.submit')}
        </button>
      </form>
      <div className="auth-card__links">
        <a href="/auth/login" className="text-link">
          {t('auth.signup.haveAccount')}
        </a>
      </div>
    </AuthCard>
  );
}
