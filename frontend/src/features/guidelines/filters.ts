/** Filtering and sorting of My Guidelines rows; the filter lives in the URL so that Back restores it. */
import type { MyGuideline } from '@/lib/api-types.gen';

export interface GuidelineFilter {
  /** case-insensitive substring of the title, the collection or the id */
  text: string;
  /** one state label, '' for all */
  state: string;
  /** collection id as text, '' for all */
  collection: string;
  /** author or coAuthor, '' for all */
  role: string;
}

export type EditedOrder = 'desc' | 'asc';

export const EMPTY_FILTER: GuidelineFilter = { text: '', state: '', collection: '', role: '' };

export const ROLES = ['author', 'coAuthor'] as const;

export function filterGuidelines(rows: readonly MyGuideline[], f: GuidelineFilter): MyGuideline[] {
  const needle = f.text.trim().toLowerCase();
  return rows.filter(
    (r) =>
      (!needle || r.title.toLowerCase().includes(needle) || r.collection.toLowerCase().includes(needle) || String(r.id) === needle) &&
      (!f.state || r.states.includes(f.state)) &&
      (!f.collection || String(r.collectionId) === f.collection) &&
      (!f.role || r.role === f.role),
  );
}

/** By edit time; rows edited at the same moment keep the server's order (guideline, then language). */
export function sortByEdited(rows: readonly MyGuideline[], order: EditedOrder): MyGuideline[] {
  const sign = order === 'asc' ? 1 : -1;
  return rows
    .map((r, i) => ({ r, i, t: Date.parse(r.edited) || 0 }))
    .sort((a, b) => (a.t === b.t ? a.i - b.i : sign * (a.t - b.t)))
    .map((x) => x.r);
}

/** The collections the rows belong to, by title, for the collection filter. */
export function collectionOptions(rows: readonly MyGuideline[]): { id: number; title: string }[] {
  const byId = new Map<number, string>();
  for (const r of rows) byId.set(r.collectionId, r.collection);
  return [...byId].map(([id, title]) => ({ id, title })).sort((a, b) => a.title.localeCompare(b.title) || a.id - b.id);
}

export function filterFromParams(params: URLSearchParams): GuidelineFilter {
  return { text: params.get('q') ?? '', state: params.get('state') ?? '', collection: params.get('collection') ?? '', role: params.get('role') ?? '' };
}

export function orderFromParams(params: URLSearchParams): EditedOrder {
  return params.get('sort') === 'asc' ? 'asc' : 'desc';
}

/** Search parameters for a filter and order; defaults are left out so the plain URL stays /guidelines. */
export function filterToParams(f: GuidelineFilter, order: EditedOrder): URLSearchParams {
  const p = new URLSearchParams();
  if (f.text) p.set('q', f.text);
  if (f.state) p.set('state', f.state);
  if (f.collection) p.set('collection', f.collection);
  if (f.role) p.set('role', f.role);
  if (order === 'asc') p.set('sort', 'asc');
  return p;
}
