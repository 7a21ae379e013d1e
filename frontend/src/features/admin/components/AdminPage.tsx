import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '@/components/Icon';
import { spaceUrl, WWW } from '@/lib/host';
import { DocsSection } from './DocsSection';
import { IdentityProvidersSection } from './IdentityProvidersSection';
import { LandingOrder } from './LandingOrder';
import { MetadataSection } from './MetadataSection';
import { UsersSection } from './UsersSection';

/** The control-plane console on the landing host, where spaces are created, moved and deleted. */
const consoleUrl = () => `${spaceUrl(WWW)}console`;

/** Space Administration for the super admin (/admin); the spaces themselves are run from the console. */
export function AdminPage() {
  const { t } = useTranslation();

  return (
    <div className="page">
      <div className="page__header page__header--row">
        <div>
          <h1 className="page__title">{t('nav.spaceAdministration')}</h1>
          <p className="page__subtitle">{t('console.admin.subtitle')}</p>
        </div>
        <div className="page__actions">
          <Link to="/admin/auditlog" className="btn">
            <Icon name="clock" size={18} />
            {t('audit.link')}
          </Link>
          <Link to="/admin/maintenance" className="btn">
            <Icon name="settings" size={18} />
            {t('admin.maintenance.link')}
          </Link>
        </div>
      </div>

      <section className="card" aria-labelledby="spaces-heading">
        <h2 id="spaces-heading" className="card__title">
          {t('admin.spacesList')}
        </h2>
        <p className="card__text">{t('console.admin.text')}</p>
        <a className="btn btn--primary" href={consoleUrl()}>
          <Icon name="externalLink" size={18} />
          {t('console.admin.open')}
        </a>
      </section>

      <UsersSection />

      <IdentityProvidersSection />

      <MetadataSection />

      <DocsSection />

      <section className="card" aria-labelledby="order-heading">
        <h2 id="order-heading" className="card__title">
          {t('admin.landingOrder')}
        </h2>
        <p className="card__text">{t('admin.landingOrderText')}</p>
        <LandingOrder />
      </section>
    </div>
  );
}
