import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/Icon';

/**
 * Page at GET /auth/logout: signing out changes state, so it takes a button that posts to
 * /auth/logout (the server then goes on to the start page).
 */
export function LogoutPage({ standalone = false }: { standalone?: boolean }) {
  const { t } = useTranslation();
  const card = (
    <div className="auth-card card">
      <div className="auth-card__icon">
        <Icon name="logout" size={26} />
      </div>
      <h1 className="auth-card__title">{t('auth.logoutTitle')}</h1>
      <p className="auth-card__lead">{t('auth.logoutLead')}</p>
      <form method="post" action="/auth/logout" className="form">
        <button type="submit" className="btn btn--primary btn--block">
          {t('auth.logout')}
        </button>
        <a href="/" className="btn btn--ghost btn--block">
          {t('common.cancel')}
        </a>
      </form>
    </div>
  );
  return standalone ? <main className="auth-page auth-page--standalone">{card}</main> : <div className="auth-page">{card}</div>;
}
