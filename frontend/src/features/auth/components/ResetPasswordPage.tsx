import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Loader } from '@/components/Loader';
import { useTokenCheck } from '../api/checkToken';
import { useResetPassword } from '../api/forgotPassword';
import { accountErrorText, errorField, linkProblem, linkToken } from '../links';
import { AuthCard } from './AuthCard';
import { LinkProblemView } from './LinkProblemView';
import { NewPasswordField } from './NewPasswordField';

/** /auth/reset#token=…: a new password from a reset link; every session of the account ends. */
export function ResetPasswordPage({ standalone = false }: { standalone?: boolean }) {
  const { t } = useTranslation();
  const token = linkToken(useLocation().hash);
  const check = useTokenCheck(token, 'passwordReset');
  const reset = useResetPassword();
  const [password, setPassword] = useState('');

  const problem = token ? (linkProblem(reset.error) ?? linkProblem(check.error)) : 'unknown';
  if (problem) return <LinkProblemView problem={problem} purpose="passwordReset" standalone={standalone} />;
  if (check.isPending) {
    return (
      <AuthCard icon="shield" title={t('auth.reset.title')} standalone={standalone}>
        <Loader />
      </AuthCard>
    );
  }
  if (reset.isSuccess) {
    return (
      <AuthCard icon="checkCircle" title={t('auth.reset.doneTitle')} standalone={standalone} step="done">
        <p className="auth-card__text">{t('auth.reset.done')}</p>
        <div className="auth-card__actions">
          <a href="/auth/login" className="btn btn--primary btn--block">
            {t('auth.toLogin')}
          </a>
        </div>
      </AuthCard>
    );
  }
  const error = reset.isError ? accountErrorText(reset.error, t) : null;
  const onField = errorField(reset.error, ['password']) !== null;

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    reset.mutate({ token, password });
  };

  return (
    <AuthCard icon="shield" title={t('auth.reset.title')} lead={check.data ? t('auth.reset.lead', { email: check.data.email }) : undefined} standalone={standalone}>
      {check.isError ? (
        <p className="form-error" role="alert">
          {accountErrorText(check.error, t)}
        </p>
      ) : (
        <form onSubmit={handleSubmit} className="form" noValidate>
          <input type="email" name="username" autoComplete="username" value={check.data.email} readOnly hidden />
          <NewPasswordField label={t('auth.newPassword')} value={password} onChange={setPassword} error={onField ? error : null} />
          {error && !onField && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="btn btn--primary btn--block" disabled={reset.isPending || !password}>
            {t('auth.reset.submit')}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
