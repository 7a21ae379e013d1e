import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { QueryErrorPage } from '@/components/QueryErrorPage';
import { SearchBox } from '@/components/SearchBox';
import { VisibilityChip } from '@/components/VisibilityField';
import { useMyCollections } from '../api/getMyCollections';

/** My Collections (/collections): collections the caller administers in this space. */
export function MyCollectionsPage() {
  const { t } = useTranslation();
  const collections = useMyCollections();
  const [filter, setFilter] = useState('');
  if (collections.isError) return <QueryErrorPage error={collections.error} />;
  const needle = filter.trim().toLowerCase();
  const visible = (collections.data ?? []).filter((c) => !needle || c.title.toLowerCase().includes(needle)).sort((a, b) => a.title.localeCompare(b.title));

  return (
    <div className="page">
      <div className="page__header">
        <h1 className="page__title">{t('nav.myCollections')}</h1>
        <p className="page__subtitle">{t('collections.subtitle')}</p>
      </div>
      <section className="card" aria-labelledby="my-collections-heading">
        <div className="card__toolbar">
          <h2 id="my-collections-heading" className="card__title">
            {t('collections.title')}
            {collections.data && <span className="card__count">{collections.data.length}</span>}
          </h2>
          <SearchBox value={filter} onChange={setFilter} />
        </div>
        {collections.isPending ? (
          <Loader />
        ) : visible.length === 0 ? (
          <div className="empty-state">
            <Icon name="folder" size={28} />
            <p className="empty-state__title">{t('common.noItems')}</p>
          </div>
        ) : (
          <ul className="link-rows">
            {visible.map((c) => (
              <li key={c.id}>
                <Link to={`/collections/${c.id}`} className="link-row" data-collection={c.title}>
                  <Icon name="folder" />
                  <span className="link-row__text">
                    <span className="link-row__title">{c.title}</span>
                    <span className="link-row__meta">{t('collections.guidelinesCount', { n: c.guidelinesCount })}</span>
                  </span>
                  <VisibilityChip visibility={c.visibility} />
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
