import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { QueryErrorPage } from '@/components/QueryErrorPage';
import { useNavigation } from '@/lib/endpoints/getNavigation';
import type { Collection } from '@/lib/types';
import { useCollectionShareRequests } from '../api/getCollectionShareRequests';

/**
 * The spaces this collection is offered to and whether each has turned it on. Offers are made
 * and withdrawn by space admins in My Spaces, so this tab only reports, and links there for
 * callers who are space admins.
 */
export function CollectionSharingTab({ collection }: { collection: Pick<Collection, 'id' | 'spaceId'> }) {
  const { t } = useTranslation();
  const shares = useCollectionShareRequests(collection.id);
  const navigation = useNavigation();

  if (shares.isError) return <QueryErrorPage error={shares.error} />;

  return (
    <section className="card" aria-labelledby="collection-sharing-heading">
      <div className="card__toolbar">
        <h2 id="collection-sharing-heading" className="card__title">
          {t('collections.sharing.title')}
          {shares.data && <span className="card__count">{shares.data.length}</span>}
        </h2>
      </div>
      <div className="sharing-hint">
        <Icon name="info" size={20} />
        <div className="sharing-hint__body">
          <p>{t('collections.sharing.hint')}</p>
          {navigation.data?.spaceAdmin && (
            <Link to={`/spaces/${collection.spaceId}/sharing`} className="sharing-hint__link">
              {t('collections.sharing.manage')}
              <Icon name="chevronRight" size={16} />
            </Link>
          )}
        </div>
      </div>
      {shares.isPending ? (
        <Loader />
      ) : shares.data.length === 0 ? (
        <div className="empty-state">
          <Icon name="globe" size={28} />
          <p className="empty-state__title">{t('common.noItems')}</p>
          <p>{t('collections.sharing.none')}</p>
        </div>
      ) : (
        <ul className="share-rows" aria-label={t('collections.sharing.list')}>
          {shares.data.map((share) => (
            <li key={share.id} className="share-row" data-space={share.toSpaceTitle} data-active={share.active}>
              <Icon name="building" />
              <span className="share-row__title">{share.toSpaceTitle}</span>
              <span className={share.active ? 'chip' : 'chip chip--muted'}>{share.active ? t('collections.sharing.active') : t('collections.sharing.inactive')}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
