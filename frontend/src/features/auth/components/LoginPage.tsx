import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Icon } from '@/components/Icon';
import { TextField } from '@/components/TextField';
import { ApiError } from '@/lib/api';
import { spaceUrl, WWW } from '@/lib/host';
import type { Space } from '@/lib/types';
import { domainOf, useSignInMethod } from '../api/getSignInMethod';
import { singleSignOnUrl, useSignInOptions } from '../api/getSignInOptions';
import { safeReturnPath, useLogin } from '../api/login';
import { resendVerification } from '../api/verifyEmail';
import { useDebouncedValue } from '@/lib/useDebouncedValue';
import { SecondFactorStep } from './SecondFactorStep';

function loginErrorText(error: unknown, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return t('auth.invalidCredentials');
    if (error.status === 429) return t('auth.tooManyAttempts', { retryAfter: Number(error.params.retryAfter ?? 60) });
  }
  return t('error.somethingWrong');
}

/**
 * Sign-in page served at /auth/login?r=<path>, with the way to a new password and, where the
 * space allows it, to an account of one's own.
 */
export function LoginPage({ standalone = false, space }: { standalone?: boolean; space?: Space }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get('r'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useLogin();
  const options = useSignInOptions();
  const typed = useDebouncedValue(email.trim(), 250);
  const method = useSignInMethod(typed);
  // an address of a provider's domain signs in there, never with a password
  const provider = typed === email.trim() && domainOf(typed) !== null ? (method.data?.provider ?? null) : null;
  // a refused single sign-on comes back with its message key
  const refused = params.get('error');
  const refusedText = refused?.startsWith('auth.') && !login.isError ? t(refused, { defaultValue: t('error.somethingWrong') }) : null;
  const providers = options.data?.providers ?? [];
  // the form sign-in (without script) lands here with ?secondFactor=1; the JSON one is told by a 401
  const [secondFactor, setSecondFactor] = useState(params.get('secondFactor') === '1');

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (provider) {
      window.location.assign(singleSignOnUrl(provider.id, returnTo, email.trim()));
      return;
    }
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: () => window.location.assign(returnTo),
        onError: (error) => {
          if (error instanceof ApiError && error.message === 'auth.secondFactorRequired') {
            setSecondFactor(true);
            return;
          }
          if (!(error instanceof ApiError && error.status === 403)) return;
          // the address is not verified yet: a fresh link goes out (throttled per address),
          // and the landing site says to look for it
          const landing = `${spaceUrl(WWW)}?emailNotVerified`;
          resendVerification({ email: email.trim() }).then(
            () => window.location.assign(landing),
            () => window.location.assign(landing),
          );
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
      {refusedText && (
        <p className="form-error" role="alert">
          {refusedText}
        </p>
      )}
      {providers.length > 0 && (
        <>
          <div className="sso-buttons">
            {providers.map((p) => (
              <a key={p.id} className="btn btn--ghost btn--block" href={singleSignOnUrl(p.id, returnTo)}>
                <Icon name="shield" size={18} />
                {t('auth.sso.signInWith', { label: p.label })}
              </a>
            ))}
          </div>
          <p className="sso-divider">{t('auth.sso.or')}</p>
        </>
      )}
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
        {provider ? (
          <p className="sso-notice" role="status">
            {t('auth.sso.domainNotice', { label: provider.label })}
          </p>
        ) : (
          <TextField
            label={t('auth.password')}
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
        {errorText && (
          <p className="form-error" role="alert">
            {errorText}
          </p>
        )}
        {provider ? (
          <button type="submit" className="btn btn--primary btn--block">
            {t('auth.sso.continueWith', { label: provider.label })}
          </button>
        ) : (
          <button type="submit" className="btn btn--primary btn--block" disabled={login.isPending || !email || !password}>
            {login.isPending ? t('auth.signingIn') : t('auth.submit')}
          </button>
        )}
      </form>
      <div className="auth-card__links">
        <a href="/auth/forgot" className="text-link">
          {t('auth.forgotLink')}
        </a>
        {space?.selfSignup && space.emailDomains.length > 0 && (
          <a href="/auth/signup" className="text-link">
            {t('auth.signupLink')}
          </a>
        )}
      </div>
    </div>
  );

  return standalone ? <main className="auth-page auth-page--standalone">{card}</main> : <div className="auth-page">{card}</div>;
}
