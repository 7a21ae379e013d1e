import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Icon } from '../../../components/Icon';
import { loginUrl } from '../../../lib/api';
import { useProfile } from '../../../lib/endpoints/getProfile';
import { isSignedIn, type Space } from '../../../lib/types';
import { MembershipCard } from './MembershipCard';

/** Welcome page of a space; the guideline overview arrives with the reader feature. */
export function HomePage({ space }: { space: Space }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { data: profile } = useProfile();
  const signedIn = isSignedIn(profile);

  return (
    <div className="page">
      <section className="hero card">
        <img className="hero__logo" src={`/api/common/get/spaceLogo/64/${space.subdomain}`} alt="" width={64} height={64} />
        <div>
          <p className="hero__eyebrow">{t('home.eyebrow')}</p>
          <h1 className="hero__title">{t('home.title', { space: space.title })}</h1>
          <p className="hero__text">{t('home.intro')}</p>
        </div>
      </section>

      <MembershipCard space={space} signedIn={signedIn} />

      <div className="tiles">
        <article className="tile card">
          <Icon name="book" size={24} />
          <h2 className="tile__title">{t('home.readTitle')}</h2>
          <p className="tile__text">{t('home.readText')}</p>
        </article>
        <article className="tile card">
          <Icon name="check" size={24} />
          <h2 className="tile__title">{t('home.validateTitle')}</h2>
          <p className="tile__text">{t('home.validateText')}</p>
        </article>
        {profile && !signedIn ? (
          <article className="tile card tile--highlight">
            <Icon name="login" size={24} />
            <h2 className="tile__title">{t('home.signInTitle')}</h2>
            <p className="tile__text">{t('home.signInText')}</p>
            <a className="btn btn--primary" href={loginUrl(location.pathname + location.search)}>
              {t('auth.login')}
            </a>
          </article>
        ) : (
          <article className="tile card">
            <Icon name="user" size={24} />
            <h2 className="tile__title">{t('home.profileTitle')}</h2>
            <p className="tile__text">{t('home.profileText')}</p>
            <Link className="btn btn--ghost" to="/profile">
              {t('nav.profile')}
            </Link>
          </article>
        )}
      </div>
    </div>
  );
}
