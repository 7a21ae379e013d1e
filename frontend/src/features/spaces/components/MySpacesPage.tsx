import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { QueryErrorPage } from '@/components/QueryErrorPage';
import { useNavigation } from '@/lib/endpoints/getNavigation';
import type { Space } from '@/lib/types';

/** My Spaces (/spaces): the spaces the caller administers — on a space host that is the current space. */
export function MySpacesPage({ space }: { space: Space }) {
  const { t } = useTranslation();
  const nav = useNavigation();
  if (nav.isError) return <QueryErrorPage error={nav.error} />;
  const spaces = nav.data && (nav.data.spaceAdmin || nav.data.superAdmin) ? [space] : [];

  return (
    <div className="page">
      <div className="page__header">
        <h1 className="page__title">{t('nav.mySpaces')}</h1>
        <p className="page__subtitle">{t('spaces.subtitle')}</p>
      </div>
      <section className="card" aria-labelledby="my-spaces-heading">
        <h2 id="my-spaces-heading" className="card__title card__title--gap">
          {t('spaces.list')}
        </h2>
        {nav.isPending ? (
          <Loader />
        ) : spaces.length === 0 ? (
          <div className="empty-state">
            <Icon name="building" size={28} />
            <p className="empty-state__title">{t('common.noItems')}</p>
          </div>
        ) : (
          <ul className="link-rows">
            {spaces.map((s) => (
              <li key={s.id}>
                <Link to={`/spaces/${s.id}`} className="link-row" data-space={s.subdomain}>
                  <img className="space-row__icon" src={`/api/common/get/spaceIcon/28/${s.subdomain}`} alt="" width={28} height={28} />
                  <span className="link-row__text">
                    <span className="link-row__title">{s.title}</span>
                    <span className="link-row__meta mono">{s.subdomain}</span>
                  </span>
                  <Icon name="chevronRight" size={18} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
