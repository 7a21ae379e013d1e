import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Loader } from '@/components/Loader';
import { useTokenCheck } from '../api/checkToken';
import { useConfirmEmail } from '../api/confirmEmail';
import { accountErrorText, linkProblem, linkToken } from '../links';
import { AuthCard } from './AuthCard';
import { LinkProblemView } from './LinkProblemView';

/** /auth/email#token=…: switches the account to its new address once the person confirms with the button. */
export function ConfirmEmailPage({ standalone = false }: { standalone?: boolean }) {
  const { t } = useTranslation();
  const token = linkToken(useLocation().hash);
  const check = useTokenCheck(token, 'emailChange');
  const confirm = useConfirmEmail();

  const problem = token ? (linkProblem(confirm.error) ?? linkProblem(check.error)) : 'unknown';
  if (problem) return <LinkProblemView problem={problem} purpose="emailChange" standalone={standalone} />;
  if (confirm.isSuccess) {
    return (
      <AuthCard icon="checkCircle" title={t('auth.emailChange.doneTitle')} standalone={standalone} step="done">
        <p className="auth-card__text">{t('auth.emailChange.done', { email: confirm.data.email })}</p>
        <div className="auth-card__actions">
          <a href="/profile" className="btn btn--primary btn--block">
            {t('auth.emailChange.toProfile')}
          </a>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard icon="mail" title={t('auth.emailChange.title')} lead={check.data ? t('auth.emailChange.lead', { email: check.data.email }) : undefined} standalone={standalone}>
      {check.isPending ? (
        <Loader />
      ) : check.isError || confirm.isError ? (
        <p className="form-error" role="alert">
          {accountErrorText(check.error ?? confirm.error, t)}
        </p>
      ) : null}
      {check.isSuccess && (
        <div className="auth-card__actions">
          <button type="button" className="btn btn--primary btn--block" disabled={confirm.isPending} onClick={() => confirm.mutate({ token })}>
            {t('auth.emailChange.submit')}
          </button>
        </div>
      )}
    </AuthCard>
  );
}
