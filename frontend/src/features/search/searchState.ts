import type { Request as GuidelineSearchRequest } from '@/lib/api-types.gen';

/** The results page's state as it lives in the URL (/results?query=…&collection=…&meta=…&page=…). */
export const PAGE_SIZE = 10;
/** Pages beyond this are not offered; narrowing the query finds more than paging does. */
export const MAX_PAGES = 100;
export const MAX_QUERY = 200;

export interface SearchState {
  query: string;
  /** "spaceId:collectionId" */
  collections: string[];
  /** option ids by metadata id */
  metadata: Record<string, string[]>;
  /** 1-based */
  page: number;
}

const COLLECTION = /^\d+:\d+$/;
const META = /^(\d+):(\d+)$/;

export function parseSearchParams(params: URLSearchParams): SearchState {
  const metadata: Record<string, string[]> = {};
  for (const raw of params.getAll('meta')) {
    const m = META.exec(raw);
    if (!m) continue;
    const options = (metadata[m[1]] ??= []);
    if (!options.includes(m[2])) options.push(m[2]);
  }
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    query: (params.get('query') ?? '').slice(0, MAX_QUERY),
    collections: [...new Set(params.getAll('collection').filter((c) => COLLECTION.test(c)))],
    metadata,
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, MAX_PAGES) : 1,
  };
}

export function toSearchParams(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.query) params.set('query', state.query);
  for (const c of state.collections) params.append('collection', c);
  for (const [metadataId, options] of Object.entries(state.metadata)) {
    for (const o of options) params.append('meta', `${metadataId}:${o}`);
  }
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** Path of the results page for a query typed into the search box. */
export function resultsPath(query: string): string {
  const q = query.trim();
  return q ? `/results?${toSearchParams({ query: q, collections: [], metadata: {}, page: 1 }).toString()}` : '/results';
}

export type SearchRequest = GuidelineSearchRequest;

/** The request for a state; language is the reader's, in which guidelines that match in it are shown. */
export function toSearchRequest(state: SearchState, language: string): SearchRequest {
  const metadata: Record<string, number[]> = {};
  for (const [id, options] of Object.entries(state.metadata)) {
    if (options.length > 0) metadata[id] = options.map(Number);
  }
  return { query: state.query, collections: state.collections, metadata, from: (state.page - 1) * PAGE_SIZE, size: PAGE_SIZE, language };
}

/** A filter changes the hits, so it starts again on the first page. */
export function toggleCollection(state: SearchState, collection: string): SearchState {
  const collections = state.collections.includes(collection) ? state.collections.filter((c) => c !== collection) : [...state.collections, collection];
  return { ...state, collections, page: 1 };
}

export function toggleOption(state: SearchState, metadataId: string, optionId: string): SearchState {
  const current = state.metadata[metadataId] ?? [];
  const options = current.includes(optionId) ? current.filter((o) => o !== optionId) : [...current, optionId];
  const metadata = { ...state.metadata };
  if (options.length > 0) metadata[metadataId] = options;
  else delete metadata[metadataId];
  return { ...state, metadata, page: 1 };
}

export function pageCount(filteredHits: number): number {
  return Math.min(MAX_PAGES, Math.ceil(filteredHits / PAGE_SIZE));
}

/** Reader path of a guideline language; guidelines of another space (shared collections) name it. */
export function guidelinePath(guidelineId: number, language: string, spaceId: number, currentSpaceId: number, detailId?: number): string {
  const path = `/guideline/${guidelineId}/${language}${detailId !== undefined ? `/${detailId}` : ''}`;
  return spaceId !== currentSpaceId ? `${path}?space=${spaceId}` : path;
}
