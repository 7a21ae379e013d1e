import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorPage } from '../../../components/ErrorPage';
import { Icon } from '../../../components/Icon';
import { Loader } from '../../../components/Loader';
import { ApiError, errorStatus } from '../../../lib/api';
import { showSnackbar } from '../../../lib/snackbar';
import type { Space } from '../../../lib/types';
import { useDeleteSpace } from '../api/deleteSpace';
import { useSpacePages } from '../api/getSpaces';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';
import { DocsSection } from './DocsSection';
import { IdentityProvidersSection } from './IdentityProvidersSection';
import { LandingOrder } from './LandingOrder';
import { MetadataSection } from './MetadataSection';
import { SpaceEditorDialog } from './SpaceEditorDialog';
import { UsersSection } from './UsersSection';

function matches(space: Space, filter: string): boolean {
  const needle = filter.trim().toLowerCase();
  return !needle || space.title.toLowerCase().includes(needle) || space.subdomain.includes(needle) || String(space.id) === needle;
}

/** Wait after typing before asking the server, as the search box does (spec §9). */
const FILTER_DEBOUNCE_MS = 50;

/** Space Administration for the super admin (/admin). */
export function AdminPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const spaces = useSpacePages(useDebouncedValue(filter.trim(), FILTER_DEBOUNCE_MS));
  const [editing, setEditing] = useState<Space | null>(null);
  const [editorOpen, setEditorOpen] = useState(false);
  const [deleting, setDeleting] = useState<Space | null>(null);
  const remove = useDeleteSpace();
  const searchId = useId();

  if (spaces.isError) return <ErrorPage status={errorStatus(spaces.error)} message={spaces.error.message} />;

  const openEditor = (space: Space | null) => {
    setEditing(space);
    setEditorOpen(true);
  };

  // the server filters; the loaded pages narrow at once while typing
  const loaded = spaces.data?.pages.flatMap((p) => p.spaces) ?? [];
  const total = spaces.data?.pages[0]?.total ?? 0;
  const visible = loaded.filter((s) => matches(s, filter));
  const deleteError = remove.error instanceof ApiError ? t(remove.error.message, { defaultValue: t('error.somethingWrong') }) : null;

  return (
    <div className="page">
      <div className="page__header page__header--row">
        <div>
          <h1 className="page__title">{t('nav.spaceAdministration')}</h1>
          <p className="page__subtitle">{t('admin.subtitle')}</p>
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
          <button type="button" className="btn btn--primary" onClick={() => openEditor(null)}>
            <Icon name="plus" size={18} />
            {t('admin.newSpace')}
          </button>
        </div>
      </div>

      <section className="card" aria-labelledby="spaces-heading">
        <div className="card__toolbar">
          <h2 id="spaces-heading" className="card__title">
            {t('admin.spacesList')}
          </h2>
          <div className="search-box search-box--compact">
            <Icon name="search" size={18} />
            <label htmlFor={searchId} className="visually-hidden">
              {t('common.search')}
            </label>
            <input id={searchId} type="search" className="search-box__input" placeholder={t('common.search')} value={filter} onChange={(e) => setFilter(e.target.value)} />
          </div>
        </div>
        {spaces.isPending ? (
          <Loader />
        ) : visible.length === 0 ? (
          <div className="empty-state">
            <Icon name="search" size={28} />
            <p className="empty-state__title">{t('common.noItems')}</p>
          </div>
        ) : (
          <ul className="space-rows">
            {visible.map((s) => (
              <li key={s.id} className="space-row" data-subdomain={s.subdomain}>
                <span className="space-row__swatch" style={{ background: s.color || undefined }} aria-hidden="true" />
                <img className="space-row__icon" src={`/api/common/get/spaceIcon/28/${s.subdomain}`} alt="" width={28} height={28} loading="lazy" />
                <div className="space-row__text">
                  <span className="space-row__title">{s.title}</span>
                  <span className="space-row__meta">
                    <span className="mono">{s.subdomain}</span> · #{s.id}
                  </span>
                </div>
                <div className="space-row__tags">
                  {s.national && <span className="chip">{t('admin.fields.national')}</span>}
                  {s.public && <span className="chip">{t('admin.fields.public')}</span>}
                  {!s.lpvisible && <span className="chip chip--muted">{t('admin.hidden')}</span>}
                </div>
                <div className="space-row__actions">
                  <button type="button" className="icon-btn" aria-label={`${t('common.edit')} ${s.title}`} onClick={() => openEditor(s)}>
                    <Icon name="edit" size={18} />
                  </button>
                  <button type="button" className="icon-btn icon-btn--danger" aria-label={`${t('common.delete')} ${s.title}`} onClick={() => setDeleting(s)}>
                    <Icon name="trash" size={18} />
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
        {total > 0 && (
          <p className="card__footnote" aria-live="polite">
            {t('admin.spacesShown', { shown: loaded.length, total })}
          </p>
        )}
        {spaces.hasNextPage && (
          <button type="button" className="btn" onClick={() => void spaces.fetchNextPage()} disabled={spaces.isFetchingNextPage}>
            {t('admin.moreSpaces')}
          </button>
        )}
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

      <SpaceEditorDialog space={editing} open={editorOpen} onOpenChange={setEditorOpen} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) {
            setDeleting(null);
            remove.reset();
          }
        }}
        title={t('admin.deleteTitle')}
        description={t('admin.deleteText', { title: deleting?.title ?? '' })}
        confirmLabel={t('common.delete')}
        pending={remove.isPending}
        error={deleteError}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              showSnackbar(t('admin.deleted', { title: deleting.title }));
              setDeleting(null);
            },
          });
        }}
      />
    </div>
  );
}
