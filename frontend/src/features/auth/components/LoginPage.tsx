import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Icon } from '../../../components/Icon';
import { TextField } from '../../../components/TextField';
import { ApiError } from '../../../lib/api';
import { spaceUrl, WWW } from '../../../lib/host';
import { safeReturnPath, useLogin } from '../api/login';
import { SecondFactorStep } from './SecondFactorStep';

function loginErrorText(error: unknown, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return t('auth.invalidCredentials');
    if (error.status === 429) return t('auth.tooManyAttempts', { retryAfter: Number(error.params.retryAfter ?? 60) });
  }
  return t('error.somethingWrong');
}

/** Sign-in page served at /auth/login?r=<path>. */
export function LoginPage({ standalone = false }: { standalone?: boolean }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get('r'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useLogin();
  // the form sign-in (without script) lands here with ?secondFactor=1; the JSON one is told by a 401
  const [secondFactor, setSecondFactor] = useState(params.get('secondFactor') === '1');

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: () => window.location.assign(returnTo),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 403) window.location.assign(`${spaceUrl(WWW)}?emailNotVerified`);
          if (error instanceof ApiError && error.message === 'auth.secondFactorRequired') setSecondFactor(true);
        },
      },
    );
  };

  const errorText = login.isError && !(login.error instanceof ApiError && login.error.status === 403) ? loginErrorText(login.error, t) : null;

  const card = secondFactor ? (
    <SecondFactorStep returnTo={returnTo} />
  ) : (
    <div className="auth-card card">
      <div className="auth-card__icon">
        <Icon name="login" size={26} />
      </div>
      <h1 className="auth-card__title">{t('auth.title')}</h1>
      <p className="auth-card__lead">{t('auth.lead')}</p>
      <form onSubmit={handleSubmit} className="form" noValidate>
        <TextField
          label={t('auth.email')}
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoFocus
        />
        <TextField
          label={t('auth.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {errorText && (
          <p className="form-error" role="alert">
            {errorText}
          </p>
        )}
        <button type="submit" className="btn btn--primary btn--block" disabled={login.isPending || !email || !password}>
          {login.isPending ? t('auth.signingIn') : t('auth.submit')}
        </button>
      </form>
    </div>
  );

  return standalone ? <main className="auth-page auth-page--standalone">{card}</main> : <div className="auth-page">{card}</div>;
}
