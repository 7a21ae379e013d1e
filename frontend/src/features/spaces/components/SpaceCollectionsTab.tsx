import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { QueryErrorPage } from '@/components/QueryErrorPage';
import { SearchBox } from '@/components/SearchBox';
import { VisibilityChip } from '@/components/VisibilityField';
import { apiErrorText } from '@/lib/apiErrors';
import { showSnackbar } from '@/lib/snackbar';
import type { Collection } from '@/lib/types';
import { useDeleteCollection } from '../api/deleteCollection';
import { useSpaceCollections } from '../api/getSpaceCollections';
import { CreateCollectionDialog } from './CreateCollectionDialog';

export function SpaceCollectionsTab({ spaceId }: { spaceId: number }) {
  const { t } = useTranslation();
  const collections = useSpaceCollections(spaceId);
  const [filter, setFilter] = useState('');
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Collection | null>(null);
  const remove = useDeleteCollection(spaceId);

  if (collections.isError) return <QueryErrorPage error={collections.error} />;
  const needle = filter.trim().toLowerCase();
  const visible = (collections.data ?? []).filter((c) => !needle || c.title.toLowerCase().includes(needle)).sort((a, b) => a.title.localeCompare(b.title));

  return (
    <section className="card" aria-labelledby="space-collections-heading">
      <div className="card__toolbar">
        <h2 id="space-collections-heading" className="card__title">
          {t('collections.title')}
          {collections.data && <span className="card__count">{collections.data.length}</span>}
        </h2>
        <div className="card__tools">
          <SearchBox value={filter} onChange={setFilter} />
          <button type="button" className="btn btn--primary" onClick={() => setCreating(true)}>
            <Icon name="plus" size={18} />
            {t('collections.create')}
          </button>
        </div>
      </div>
      {collections.isPending ? (
        <Loader />
      ) : visible.length === 0 ? (
        <div className="empty-state">
          <Icon name="folder" size={28} />
          <p className="empty-state__title">{t('common.noItems')}</p>
        </div>
      ) : (
        <ul className="collection-rows">
          {visible.map((c) => (
            <li key={c.id} className="collection-row" data-collection={c.title}>
              <Icon name="folder" className="collection-row__icon" />
              <div className="collection-row__text">
                <Link to={`/collections/${c.id}`} className="collection-row__title">
                  {c.title}
                </Link>
                <span className="collection-row__meta">{t('collections.guidelinesCount', { n: c.guidelinesCount })}</span>
              </div>
              <VisibilityChip visibility={c.visibility} />
              <button
                type="button"
                className="icon-btn icon-btn--danger"
                aria-label={t('collections.deleteFor', { title: c.title })}
                onClick={() => {
                  remove.reset();
                  setDeleting(c);
                }}
              >
                <Icon name="trash" size={18} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <CreateCollectionDialog spaceId={spaceId} open={creating} onOpenChange={setCreating} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('collections.deleteTitle')}
        description={t('collections.deleteText', { title: deleting?.title ?? '' })}
        confirmLabel={t('common.delete')}
        pending={remove.isPending}
        error={apiErrorText(remove.error, t)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              showSnackbar(t('collections.deleted', { title: deleting.title }));
              setDeleting(null);
            },
          });
        }}
      />
    </section>
  );
}
