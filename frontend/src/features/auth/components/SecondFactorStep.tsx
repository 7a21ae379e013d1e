import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/Icon';
import { TextField } from '@/components/TextField';
import { loginUrl } from '@/lib/api';
import { apiErrorText } from '@/lib/apiErrors';
import { useCompleteSecondFactor } from '../api/completeSecondFactor';

/**
 * The sign-in's second step for accounts with a second factor: a code of the authenticator app
 * or a recovery code, then on to where the sign-in was going.
 */
export function SecondFactorStep({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const complete = useCompleteSecondFactor();

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    complete.mutate(
      { code: code.trim() },
      {
        onSuccess: () => window.location.assign(returnTo),
        onError: () => setCode(''),
      },
    );
  };

  return (
    <div className="auth-card card">
      {/* a full load: the sign-in form starts afresh, for this or another account */}
      <a className="back-link" href={loginUrl(returnTo)}>
        <Icon name="arrowLeft" size={16} />
        {t('signInCode.startOver')}
      </a>
      <div className="auth-card__icon">
        <Icon name="shield" size={26} />
      </div>
      <h1 className="auth-card__title">{t('signInCode.title')}</h1>
      <p className="auth-card__lead">{t('signInCode.lead')}</p>
      <form onSubmit={handleSubmit} className="form" noValidate>
        <TextField
          label={t('signInCode.code')}
          hint={t('signInCode.hint')}
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={32}
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoFocus
        />
        {complete.isError && (
          <p className="form-error" role="alert">
            {apiErrorText(complete.error, t)}
          </p>
        )}
        <button type="submit" className="btn btn--primary btn--block" disabled={complete.isPending || !code.trim()}>
          {complete.isPending ? t('signInCode.checking') : t('signInCode.submit')}
        </button>
      </form>
    </div>
  );
}
