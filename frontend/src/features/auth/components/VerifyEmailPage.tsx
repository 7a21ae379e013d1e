import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Loader } from '@/components/Loader';
import { TextField } from '@/components/TextField';
import { useTokenCheck } from '../api/checkToken';
import { useResendVerification, useVerifyEmail } from '../api/verifyEmail';
import { accountErrorText, linkProblem, linkToken } from '../links';
import { AuthCard } from './AuthCard';
import { LinkProblemView } from './LinkProblemView';

/**
 * /auth/verify#token=…: confirms an address with a button (opening the link alone confirms
 * nothing, since mail scanners open links too). Without a link it asks for a new one.
 */
export function VerifyEmailPage({ standalone = false }: { standalone?: boolean }) {
  const token = linkToken(useLocation().hash);
  return token ? <ConfirmAddress token={token} standalone={standalone} /> : <RequestLink standalone={standalone} />;
}

function ConfirmAddress({ token, standalone }: { token: string; standalone: boolean }) {
  const { t } = useTranslation();
  const check = useTokenCheck(token, 'verification');
  const verify = useVerifyEmail();

  const problem = linkProblem(verify.error) ?? linkProblem(check.error);
  if (problem) return <LinkProblemView problem={problem} purpose="verification" standalone={standalone} />;
  if (verify.isSuccess) {
    return (
      <AuthCard icon="checkCircle" title={t('auth.verify.doneTitle')} standalone={standalone} step="done">
        <p className="auth-card__text">{t('auth.verify.done', { email: verify.data.email })}</p>
        <div className="auth-card__actions">
          <a href="/auth/login" className="btn btn--primary btn--block">
            {t('auth.toLogin')}
          </a>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard icon="mail" title={t('auth.verify.title')} lead={check.data ? t('auth.verify.lead', { email: check.data.email }) : undefined} standalone={standalone}>
      {check.isPending ? (
        <Loader />
      ) : check.isError || verify.isError ? (
        <p className="form-error" role="alert">
          {accountErrorText(check.error ?? verify.error, t)}
        </p>
      ) : null}
      {check.isSuccess && (
        <div className="auth-card__actions">
          <button type="button" className="btn btn--primary btn--block" disabled={verify.isPending} onClick={() => verify.mutate({ token })}>
            {t('auth.verify.submit')}
          </button>
        </div>
      )}
    </AuthCard>
  );
}

function RequestLink({ standalone }: { standalone: boolean }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const resend = useResendVerification();

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    resend.mutate({ email: email.trim() });
  };

  if (resend.isSuccess) {
    return (
      <AuthCard icon="mail" title={t('auth.forgot.sentTitle')} standalone={standalone} step="sent">
        <p className="auth-card__text">{t('auth.verify.resent', { email: email.trim() })}</p>
        <div className="auth-card__actions">
          <a href="/auth/login" className="btn btn--ghost btn--block">
            {t('auth.backToLogin')}
          </a>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard icon="mail" title={t('auth.verify.resendTitle')} lead={t('auth.verify.resendLead')} standalone={standalone}>
      <form onSubmit={handleSubmit} className="form" noValidate>
        <TextField
          label={t('auth.email')}
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          error={resend.isError ? accountErrorText(resend.error, t) : null}
          onChange={(e) => setEmail(e.target.value)}
          autoFocus
        />
        <button type="submit" className="btn btn--primary btn--block" disabled={resend.isPending || !email.trim()}>
          {resend.isPending ? t('auth.sending') : t('auth.verify.resendSubmit')}
        </button>
      </form>
    </AuthCard>
  );
}
