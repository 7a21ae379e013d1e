import { useTranslation } from 'react-i18next';
import type { LinkPurpose } from '../api/checkToken';
import type { LinkProblem } from '../links';
import { AuthCard } from './AuthCard';

interface LinkProblemViewProps {
  problem: LinkProblem;
  purpose: LinkPurpose;
  standalone?: boolean;
}

/** Why a link cannot be used, and the next step: sign in, ask for a new link, or go back to the profile. */
export function LinkProblemView({ problem, purpose, standalone }: LinkProblemViewProps) {
  const { t } = useTranslation();
  const done = problem === 'used' || problem === 'alreadyActive';
  const steps: { href: string; label: string; primary?: boolean }[] = [];
  let hint: string | null = null;
  switch (purpose) {
    case 'invitation':
      if (done) steps.push({ href: '/auth/login', label: t('auth.toLogin'), primary: true });
      else hint = t('auth.link.askInviter');
      steps.push({ href: '/auth/forgot', label: t('auth.forgotLink'), primary: !done });
      break;
    case 'passwordReset':
      if (problem === 'used') steps.push({ href: '/auth/login', label: t('auth.toLogin') });
      steps.push({ href: '/auth/forgot', label: t('auth.link.requestNew'), primary: true });
      break;
    case 'verification':
      if (done) steps.push({ href: '/auth/login', label: t('auth.toLogin'), primary: true });
      else steps.push({ href: '/auth/verify', label: t('auth.link.requestNew'), primary: true });
      break;
    case 'emailChange':
      if (!done) hint = t('auth.link.changeAgain');
      steps.push({ href: '/profile', label: t('auth.emailChange.toProfile'), primary: true });
      break;
  }
  return (
    <AuthCard icon={problem === 'expired' ? 'clock' : done ? 'checkCircle' : 'alert'} title={t(`auth.link.title.${problem}`)} standalone={standalone}>
      <div className="auth-card__body" data-problem={problem}>
        <p className="auth-card__text">{t(`auth.link.text.${problem}`)}</p>
        {hint && <p className="auth-card__text">{hint}</p>}
        <div className="auth-card__actions">
          {steps.map((s) => (
            <a key={s.href} href={s.href} className={`btn btn--block ${s.primary ? 'btn--primary' : 'btn--ghost'}`}>
              {s.label}
            </a>
          ))}
        </div>
      </div>
    </AuthCard>
  );
}
