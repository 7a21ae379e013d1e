import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { QueryErrorPage } from '@/components/QueryErrorPage';
import type { Metadata, Texts } from '@/lib/api-types.gen';
import { apiErrorText } from '@/lib/apiErrors';
import { showSnackbar } from '@/lib/snackbar';
import { textIn } from '@/lib/texts';
import { useAllMetadata } from '../api/getAllMetadata';
import { useSpaceMetadata } from '../api/getSpaceMetadata';
import { useSetSpaceMetadata } from '../api/setSpaceMetadata';
import { moveId, sameIds, toggleId } from '../metadataSelection';

/** Which metadata definitions the space uses to classify guidelines, and in which order. */
export function SpaceMetadataTab({ spaceId }: { spaceId: number }) {
  const all = useAllMetadata();
  const used = useSpaceMetadata(spaceId);

  if (all.isError) return <QueryErrorPage error={all.error} />;
  if (used.isError) return <QueryErrorPage error={used.error} />;
  if (all.isPending || used.isPending) {
    return (
      <section className="card">
        <Loader />
      </section>
    );
  }
  const saved = used.data.map((m) => m.id);
  // a new saved list starts a new draft
  return <MetadataEditor key={saved.join()} spaceId={spaceId} all={all.data} saved={saved} />;
}

function MetadataEditor({ spaceId, all, saved }: { spaceId: number; all: Metadata[]; saved: number[] }) {
  const { t, i18n } = useTranslation();
  const label = (texts: Texts) => textIn(texts, i18n.language);
  // ids of definitions deleted meanwhile would be refused by the server
  const [ids, setIds] = useState(() => saved.filter((id) => all.some((m) => m.id === id)));
  const save = useSetSpaceMetadata(spaceId);
  const byId = new Map(all.map((m) => [m.id, m]));
  const chosen = ids.map((id) => byId.get(id)).filter((m): m is Metadata => m !== undefined);
  const dirty = !sameIds(ids, saved);

  // Moving a row re-renders the list; keep the keyboard focus on the button that was pressed
  // (or its sibling once the row reaches the top or bottom).
  const focusAfterMove = useRef<{ id: number; dir: 'up' | 'down' } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const want = focusAfterMove.current;
    if (!want || !listRef.current) return;
    focusAfterMove.current = null;
    const row = listRef.current.querySelector(`[data-metadata-id="${want.id}"]`);
    const preferred = row?.querySelector<HTMLButtonElement>(`[data-move="${want.dir}"]`);
    const other = row?.querySelector<HTMLButtonElement>(`[data-move="${want.dir === 'up' ? 'down' : 'up'}"]`);
    (preferred && !preferred.disabled ? preferred : other)?.focus();
  }, [ids]);

  const handleMove = (index: number, delta: -1 | 1) => {
    focusAfterMove.current = { id: ids[index], dir: delta < 0 ? 'up' : 'down' };
    setIds(moveId(ids, index, delta));
  };

  const handleSave = () =>
    save.mutate(ids, {
      onSuccess: () => showSnackbar(t('spaces.metadata.saved')),
      onError: (err) => showSnackbar(apiErrorText(err, t) ?? '', { type: 'error' }),
    });

  return (
    <div className={all.length > 0 ? 'metadata-choice metadata-choice--split' : 'metadata-choice'}>
      <section className="card" aria-labelledby="space-metadata-heading">
        <h2 id="space-metadata-heading" className="card__title">
          {t('spaces.metadata.title')}
          <span className="card__count">{t('spaces.metadata.selectedCount', { n: ids.length, total: all.length })}</span>
        </h2>
        <p className="card__text">{t('spaces.metadata.text')}</p>
        {all.length === 0 ? (
          <div className="empty-state">
            <Icon name="book" size={28} />
            <p className="empty-state__title">{t('common.noItems')}</p>
            <p>{t('spaces.metadata.empty')}</p>
          </div>
        ) : (
          <ul className="metadata-rows">
            {all.map((m) => (
              <li key={m.id} className="metadata-row metadata-choice__row" data-metadata-id={m.id}>
                <input
                  id={`space-metadata-${m.id}`}
                  type="checkbox"
                  className="checkbox"
                  checked={ids.includes(m.id)}
                  onChange={() => setIds(toggleId(ids, m.id))}
                />
                <label htmlFor={`space-metadata-${m.id}`} className="metadata-row__text">
                  <span className="metadata-row__name">{label(m.names)}</span>
                  {label(m.descriptions) && <span className="metadata-row__description">{label(m.descriptions)}</span>}
                  <span className="metadata-row__options">
                    {m.options.length === 0 ? (
                      <span className="chip chip--muted">{t('spaces.metadata.noOptions')}</span>
                    ) : (
                      m.options.map((o) => (
                        <span key={o.id} className="chip chip--muted" title={label(o.descriptions) || undefined}>
                          {label(o.names)}
                        </span>
                      ))
                    )}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </section>

      {all.length > 0 && (
        <section className="card metadata-choice__order" aria-labelledby="space-metadata-order-heading">
          <h2 id="space-metadata-order-heading" className="card__title">
            {t('spaces.metadata.order')}
          </h2>
          <p className="card__text">{t('spaces.metadata.orderText')}</p>
          {chosen.length === 0 ? (
            <p className="muted">{t('spaces.metadata.noneChosen')}</p>
          ) : (
            <ol className="order-list__items" ref={listRef}>
              {chosen.map((m, i) => (
                <li key={m.id} className="order-list__item" data-metadata-id={m.id}>
                  <span className="order-list__index">{i + 1}</span>
                  <span className="order-list__title">{label(m.names)}</span>
                  <button
                    type="button"
                    className="icon-btn"
                    data-move="up"
                    aria-label={t('spaces.metadata.moveUp', { name: label(m.names) })}
                    disabled={i === 0}
                    onClick={() => handleMove(i, -1)}
                  >
                    <Icon name="arrowUp" size={18} />
                  </button>
                  <button
                    type="button"
                    className="icon-btn"
                    data-move="down"
                    aria-label={t('spaces.metadata.moveDown', { name: label(m.names) })}
                    disabled={i === chosen.length - 1}
                    onClick={() => handleMove(i, 1)}
                  >
                    <Icon name="arrowDown" size={18} />
                  </button>
                </li>
              ))}
            </ol>
          )}
          <div className="form__actions">
            <button type="button" className="btn btn--primary" disabled={!dirty || save.isPending} onClick={handleSave}>
              {t('common.save')}
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
