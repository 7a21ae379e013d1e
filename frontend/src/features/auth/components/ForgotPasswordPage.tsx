import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/TextField';
import { useForgotPassword } from '../api/forgotPassword';
import { accountErrorText } from '../links';
import { AuthCard } from './AuthCard';

/** /auth/forgot: asks for a reset link. The answer is the same whether or not the address has an account. */
export function ForgotPasswordPage({ standalone = false }: { standalone?: boolean }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const forgot = useForgotPassword();

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    forgot.mutate({ email: email.trim() });
  };

  if (forgot.isSuccess) {
    return (
      <AuthCard icon="mail" title={t('auth.forgot.sentTitle')} standalone={standalone} step="sent">
        <p className="auth-card__text">{t('auth.forgot.sent', { email: email.trim() })}</p>
        <div className="auth-card__actions">
          <a href="/auth/login" className="btn btn--ghost btn--block">
            {t('auth.backToLogin')}
          </a>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard icon="shield" title={t('auth.forgot.title')} lead={t('auth.forgot.lead')} standalone={standalone}>
      <form onSubmit={handleSubmit} className="form" noValidate>
        <TextField
          label={t('auth.email')}
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={forgot.isError ? accountErrorText(forgot.error, t) : null}
          autoFocus
        />
        <button type="submit" className="btn btn--primary btn--block" disabled={forgot.isPending || !email.trim()}>
          {forgot.isPending ? t('auth.sending') : t('auth.forgot.submit')}
        </button>
      </form>
      <div className="auth-card__links">
        <a href="/auth/login" className="text-link">
          {t('auth.backToLogin')}
        </a>
      </div>
    </AuthCard>
  );
}
