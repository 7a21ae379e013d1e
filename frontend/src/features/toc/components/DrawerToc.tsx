import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ChangedChip } from '@/components/ChangedChip';
import { Icon } from '@/components/Icon';
import { Tooltip } from '@/components/Tooltip';
import type { ActiveCollection, Folder as TocFolder, Item as TocItem } from '@/lib/api-types.gen';
import { useCollectionToc } from '../api/getCollectionToc';
import { useActiveCollections } from '@/lib/endpoints/getActiveCollections';
import { useChangedSinceRead } from '@/lib/endpoints/getChangedSinceRead';
import { useProfile } from '@/lib/endpoints/getProfile';
import { isSignedIn } from '@/lib/types';
import {
  collectionKey,
  collectionOption,
  countItems,
  filterTree,
  folderNeedsTooltip,
  holdsReading,
  isReading,
  itemHref,
  itemNeedsTooltip,
  orderCollections,
  readingAt,
  type CollectionKey,
  type Reading,
} from '../tree';
import '../toc.css';

interface DrawerTocProps {
  /** The collection chosen before, if any; the first one otherwise. */
  selected: CollectionKey | null;
  onSelect: (c: CollectionKey) => void;
  /** The reader's favourite collections; null for anonymous readers, who cannot pin. */
  favorites: CollectionKey[] | null;
  onTogglePin: (c: ActiveCollection, pinned: boolean) => void;
  pinBusy: boolean;
  /** Called when the reader follows a link inside the app. */
  onNavigate: () => void;
}

/**
 * The left drawer's content (spec §2): collection selector, pin button, filter and the tree, with
 * the guideline being read marked and its folders open.
 */
export function DrawerToc({ selected, onSelect, favorites, onTogglePin, pinBusy, onNavigate }: DrawerTocProps) {
  const { t } = useTranslation();
  const selectId = useId();
  const filterId = useId();
  const [filter, setFilter] = useState('');
  const location = useLocation();
  const reading = readingAt(location.pathname, location.search);
  const collections = useActiveCollections();
  const ordered = orderCollections(collections.data ?? [], favorites ?? []);
  const current = ordered.find((c) => selected && collectionKey(c) === collectionKey(selected)) ?? ordered[0] ?? null;
  const toc = useCollectionToc(current, current?.shared ?? false);

  if (collections.isPending) return <p className="toc-status">{t('common.loading')}</p>;
  if (collections.isError) return <p className="toc-status toc-status--error">{t('toc.drawer.error')}</p>;
  if (!current) {
    return (
      <div className="empty-state">
        <Icon name="folder" size={32} />
        <p className="empty-state__title">{t('drawer.emptyTitle')}</p>
        <p className="empty-state__text">{t('drawer.emptyText')}</p>
      </div>
    );
  }
  const pinned = (favorites ?? []).some((f) => collectionKey(f) === collectionKey(current));
  const tree = toc.data ? filterTree(toc.data.tree, filter) : null;

  return (
    <div className="toc-drawer">
      <label className="field__label" htmlFor={selectId}>
        {t('toc.drawer.collection')}
      </label>
      <div className="toc-drawer__row">
        <select
          id={selectId}
          className="select toc-drawer__select"
          value={collectionKey(current)}
          onChange={(e) => {
            const c = ordered.find((x) => collectionKey(x) === e.target.value);
            if (c) onSelect(c);
          }}
        >
          {ordered.map((c) => (
            <option key={collectionKey(c)} value={collectionKey(c)}>
              {collectionOption(c)}
              {c.shared ? ` · ${c.spaceTitle}` : ''}
            </option>
          ))}
        </select>
        {favorites && (
          <button
            type="button"
            className={pinned ? 'icon-btn toc-pin toc-pin--on' : 'icon-btn toc-pin'}
            aria-pressed={pinned}
            aria-label={pinned ? t('toc.drawer.unpin') : t('toc.drawer.pin')}
            title={pinned ? t('toc.drawer.unpin') : t('toc.drawer.pin')}
            disabled={pinBusy}
            onClick={() => onTogglePin(current, pinned)}
          >
            <Icon name="pin" />
          </button>
        )}
      </div>
      <label className="visually-hidden" htmlFor={filterId}>
        {t('toc.drawer.filter')}
      </label>
      <input
        id={filterId}
        className="input toc-drawer__filter"
        type="search"
        placeholder={t('toc.drawer.filter')}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      {toc.isPending ? (
        <p className="toc-status">{t('common.loading')}</p>
      ) : toc.isError || !tree ? (
        <p className="toc-status toc-status--error">{t('toc.drawer.error')}</p>
      ) : countItems(tree) === 0 ? (
        <p className="toc-status">{filter.trim() ? t('toc.drawer.noMatch') : t('common.noItems')}</p>
      ) : (
        <ul className="toc-tree" aria-label={current.collectionTitle}>
          <FolderContent folder={tree} onNavigate={onNavigate} open={filter.trim() !== ''} reading={reading} />
        </ul>
      )}
    </div>
  );
}

function FolderContent({ folder, onNavigate, open, reading }: { folder: TocFolder; onNavigate: () => void; open: boolean; reading: Reading | null }) {
  return (
    <>
      {folder.folders.map((f) => (
        <li key={f.id} className="toc-tree__folder">
          <details open={open || holdsReading(f, reading) || undefined}>
            <summary className="toc-tree__summary" data-folder={f.id}>
              <Icon name="chevronRight" size={14} className="toc-tree__chevron" />
              <Icon name="folder" size={16} />
              <Named name={f.name} tooltip={folderNeedsTooltip(f.name)} />
            </summary>
            <ul className="toc-tree__children">
              <FolderContent folder={f} onNavigate={onNavigate} open={open} reading={reading} />
            </ul>
          </details>
        </li>
      ))}
      {folder.items.map((it) => (
        <li key={it.id} className="toc-tree__item">
          <ItemLink item={it} onNavigate={onNavigate} current={isReading(it, reading)} />
        </li>
      ))}
    </>
  );
}

function Named({ name, tooltip }: { name: string; tooltip: boolean }) {
  const label = <span className="toc-tree__name">{name}</span>;
  return tooltip ? <Tooltip content={name}>{label}</Tooltip> : label;
}

function ItemLink({ item, onNavigate, current }: { item: TocItem; onNavigate: () => void; current: boolean }) {
  const { t } = useTranslation();
  // the marker of guidelines of this space changed since the reader read them
  const local = item.type !== 'externalLink' && !item.space;
  const changed = useChangedSinceRead(isSignedIn(useProfile().data) && local).data?.get(`${item.glid ?? 0}/${item.language}`);
  const tooltip = itemNeedsTooltip(item.name);
  if (item.type === 'externalLink') {
    const link = (
      <a className="toc-tree__link" href={item.link} target="_blank" rel="noopener noreferrer" data-item={item.id}>
        <Icon name="globe" size={14} />
        <span className="toc-tree__name">{item.name}</span>
        <Icon name="externalLink" size={14} className="toc-tree__newtab" />
        <span className="visually-hidden"> ({t('toc.drawer.newTab')})</span>
      </a>
    );
    return tooltip ? <Tooltip content={item.name}>{link}</Tooltip> : link;
  }
  const link = (
    <Link
      className={current ? 'toc-tree__link toc-tree__link--current' : 'toc-tree__link'}
      to={itemHref(item)}
      onClick={onNavigate}
      data-item={item.id}
      lang={item.language}
      aria-current={current ? 'page' : undefined}
    >
      <Icon name="fileText" size={14} />
      <span className="toc-tree__name">{item.name}</span>
      {changed && <ChangedChip acknowledgementMissing={changed.acknowledgementMissing} />}
    </Link>
  );
  return tooltip ? <Tooltip content={item.name}>{link}</Tooltip> : link;
}
