import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery, errorStatus, shouldRetry } from '../../../lib/api';
import type { SearchRequest } from '../searchState';

export interface SearchDetail {
  id: number;
  title: string;
  highlight: string;
}

export interface SearchResult {
  guidelineId: number;
  title: string;
  /** HTML-escaped text with <mark> around hits */
  titleHighlight: string;
  highlight: string;
  language: string;
  languages: string[];
  collectionId: number;
  collectionTitle: string;
  collectionSpaceId: number;
  collectionSpaceTitle: string;
  spaceId: number;
  metadata: { metadataId: number; optionId: number }[];
  details: SearchDetail[];
  score: number;
}

export interface CollectionFilter {
  collectionId: number;
  spaceId: number;
  title: string;
  count: number;
}

export interface MetadataCount {
  metadataId: number;
  optionId: number;
  count: number;
}

export interface SearchResponse {
  totalHits: number;
  filteredHits: number;
  took: number;
  results: SearchResult[];
  collectionFilters: CollectionFilter[];
  metadataCounts: MetadataCount[];
}

/** Guidelines the caller may read that match the query, with filters and counts (spec §3 Search result). */
export const search = (req: SearchRequest) => apiQuery<SearchResponse>('reader', 'search', req);

export const searchQueryOptions = (req: SearchRequest) => queryOptions({ queryKey: ['search', req], queryFn: () => search(req) });

/** The previous page stays on screen while the next one loads; refused input (400) is not asked again. */
export const useSearch = (req: SearchRequest, enabled: boolean) =>
  useQuery({
    ...searchQueryOptions(req),
    enabled,
    placeholderData: keepPreviousData,
    retry: (failures, error) => errorStatus(error) !== 400 && shouldRetry(failures, error),
  });
