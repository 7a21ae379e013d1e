import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { SearchBox } from '@/components/SearchBox';
import { apiErrorText } from '@/lib/apiErrors';
import type { Metadata, Texts } from '@/lib/api-types.gen';
import { showSnackbar } from '@/lib/snackbar';
import { textIn } from '@/lib/texts';
import { useDeleteMetadata } from '../api/deleteMetadata';
import { useAllMetadata } from '../api/getAllMetadata';
import { MetadataEditorDialog } from './MetadataEditorDialog';

/** Whether a text of any language contains the needle. */
const anyContains = (texts: Texts, needle: string) => Object.values(texts).some((text) => text.toLowerCase().includes(needle));

function matches(m: Metadata, needle: string): boolean {
  return !needle || anyContains(m.names, needle) || anyContains(m.descriptions, needle) || m.options.some((o) => anyContains(o.names, needle));
}

/** Metadata definitions (classifications of guidelines with their options) of Space Administration. */
export function MetadataSection() {
  const { t, i18n } = useTranslation();
  const label = (texts: Texts) => textIn(texts, i18n.language);
  const metadata = useAllMetadata();
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<Metadata | null>(null);
  const [editorOpen, setEditorOpen] = useState(false);
  const [deleting, setDeleting] = useState<Metadata | null>(null);
  const remove = useDeleteMetadata();

  const openEditor = (m: Metadata | null) => {
    setEditing(m);
    setEditorOpen(true);
  };
  const needle = filter.trim().toLowerCase();
  const visible = metadata.data?.filter((m) => matches(m, needle)) ?? [];

  return (
    <section className="card" aria-labelledby="metadata-heading">
      <div className="card__toolbar">
        <h2 id="metadata-heading" className="card__title">
          {t('adminMetadata.title')}
        </h2>
        <div className="card__tools">
          <SearchBox value={filter} onChange={setFilter} />
          <button type="button" className="btn btn--primary btn--small" onClick={() => openEditor(null)}>
            <Icon name="plus" size={16} />
            {t('adminMetadata.new')}
          </button>
        </div>
      </div>
      <p className="card__text">{t('adminMetadata.text')}</p>
      {metadata.isError ? (
        <p className="form-error" role="alert">
          {apiErrorText(metadata.error, t)}
        </p>
      ) : metadata.isPending ? (
        <Loader />
      ) : visible.length === 0 ? (
        <div className="empty-state">
          <Icon name="search" size={28} />
          <p className="empty-state__title">{t('common.noItems')}</p>
        </div>
      ) : (
        <ul className="metadata-rows">
          {visible.map((m) => (
            <li key={m.id} className="metadata-row" data-metadata-id={m.id}>
              <div className="metadata-row__text">
                <span className="metadata-row__name">{label(m.names)}</span>
                {label(m.descriptions) && <span className="metadata-row__description">{label(m.descriptions)}</span>}
                <span className="metadata-row__options">
                  {m.options.length === 0 ? (
                    <span className="chip chip--muted">{t('adminMetadata.noOptions')}</span>
                  ) : (
                    m.options.map((o) => (
                      <span key={o.id} className="chip chip--muted" title={label(o.descriptions) || undefined}>
                        {label(o.names)}
                      </span>
                    ))
                  )}
                </span>
              </div>
              <div className="space-row__actions">
                <button type="button" className="icon-btn" aria-label={`${t('common.edit')} ${label(m.names)}`} onClick={() => openEditor(m)}>
                  <Icon name="edit" size={18} />
                </button>
                <button type="button" className="icon-btn icon-btn--danger" aria-label={`${t('common.delete')} ${label(m.names)}`} onClick={() => setDeleting(m)}>
                  <Icon name="trash" size={18} />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <MetadataEditorDialog metadata={editing} open={editorOpen} onOpenChange={setEditorOpen} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) {
            setDeleting(null);
            remove.reset();
          }
        }}
        title={t('adminMetadata.deleteTitle')}
        description={t('adminMetadata.deleteText', { name: deleting ? label(deleting.names) : '' })}
        confirmLabel={t('common.delete')}
        pending={remove.isPending}
        error={apiErrorText(remove.error, t)}
        onConfirm={() => {
          if (!deleting) return;
          const name = label(deleting.names);
          remove.mutate(
            { id: deleting.id },
            {
              onSuccess: () => {
                showSnackbar(t('admin.deleted', { title: name }));
                setDeleting(null);
              },
            },
          );
        }}
      />
    </section>
  );
}
