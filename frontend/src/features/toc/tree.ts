import type { ActiveCollection, Folder as TocFolder, Item as TocItem } from '@/lib/api-types.gen';

/** Folder names longer than this get a tooltip in the drawer (spec §9). */
export const FOLDER_TOOLTIP_OVER = 30;
/** Item names longer than this get a tooltip in the drawer (spec §9). */
export const ITEM_TOOLTIP_OVER = 40;

export const folderNeedsTooltip = (name: string) => name.length > FOLDER_TOOLTIP_OVER;
export const itemNeedsTooltip = (name: string) => name.length > ITEM_TOOLTIP_OVER;

/** A collection of the drawer's selector, named by its space and id. */
export interface CollectionKey {
  spaceId: number;
  collectionId: number;
}

export const collectionKey = (c: CollectionKey) => `${c.spaceId}:${c.collectionId}`;

/** Hides folders without items anywhere below them. */
export function dropEmptyFolders(folder: TocFolder): TocFolder {
  const folders = folder.folders.map(dropEmptyFolders).filter((f) => f.items.length > 0 || f.folders.length > 0);
  return { ...folder, folders };
}

/**
 * Keeps the items whose name contains the query, case-insensitively, and hides the folders
 * left empty; an empty query keeps every item.
 */
export function filterTree(folder: TocFolder, query: string): TocFolder {
  const q = query.trim().toLocaleLowerCase();
  const keep = (f: TocFolder): TocFolder => ({
    ...f,
    items: q ? f.items.filter((it) => it.name.toLocaleLowerCase().includes(q)) : f.items,
    folders: f.folders.map(keep),
  });
  return dropEmptyFolders(keep(folder));
}

/** Counts the items of a tree. */
export function countItems(folder: TocFolder): number {
  return folder.items.length + folder.folders.reduce((n, f) => n + countItems(f), 0);
}

/** The drawer's collections with the favourites first, each group in the server's order. */
export function orderCollections(collections: ActiveCollection[], favorites: CollectionKey[]): ActiveCollection[] {
  const pinned = new Set(favorites.map(collectionKey));
  const first = collections.filter((c) => pinned.has(collectionKey(c)));
  return [...first, ...collections.filter((c) => !pinned.has(collectionKey(c)))];
}

/** The option text of a collection: 'title (guideline count)'. */
export const collectionOption = (c: Pick<ActiveCollection, 'collectionTitle' | 'guidelinesCount'>) => `${c.collectionTitle} (${c.guidelinesCount})`;

/** Where a guideline item leads: the reader, with the space of a shared guideline. */
export function itemHref(item: Pick<TocItem, 'glid' | 'language' | 'space'>): string {
  const base = `/guideline/${item.glid ?? 0}/${item.language || 'de'}`;
  return item.space ? `${base}?space=${item.space}` : base;
}

/** The guideline the reader is on: its id and the source space of a shared one. */
export interface Reading {
  glid: number;
  space: number | null;
}

/** The guideline an address of the reader (`/guideline/{id}/…?space=`) shows; null for any other page. */
export function readingAt(pathname: string, search: string): Reading | null {
  const m = /^\/guideline\/([1-9][0-9]{0,17})(?:\/|$)/.exec(pathname);
  if (!m) return null;
  const space = new URLSearchParams(search).get('space');
  return { glid: Number(m[1]), space: space && /^[1-9][0-9]{0,17}$/.test(space) ? Number(space) : null };
}

/** Whether an item of the tree is the guideline being read, in whichever of its languages. */
export const isReading = (item: Pick<TocItem, 'type' | 'glid' | 'space'>, reading: Reading | null): boolean =>
  reading !== null && item.type !== 'externalLink' && item.glid === reading.glid && (item.space ?? null) === reading.space;

/** Whether the guideline being read lies anywhere in a folder, so that the folder opens on it. */
export const holdsReading = (folder: TocFolder, reading: Reading | null): boolean =>
  reading !== null && (folder.items.some((it) => isReading(it, reading)) || folder.folders.some((f) => holdsReading(f, reading)));
