import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery, errorStatus, shouldRetry } from '@/lib/api';
import type { Response as GuidelineSearchResponse, SearchResult as GuidelineSearchResult } from '@/lib/api-types.gen';
import type { SearchRequest } from '../searchState';

export type SearchResult = GuidelineSearchResult;
export type SearchResponse = GuidelineSearchResponse;

/** Guidelines the caller may read that match the query, with filters and counts (spec §3 Search result). */
export const search = (req: SearchRequest) => apiQuery('reader/query/search', req);

export const searchQueryOptions = (req: SearchRequest) => queryOptions({ queryKey: ['search', req], queryFn: () => search(req) });

/** The previous page stays on screen while the next one loads; refused input (400) is not asked again. */
export const useSearch = (req: SearchRequest, enabled: boolean) =>
  useQuery({
    ...searchQueryOptions(req),
    enabled,
    placeholderData: keepPreviousData,
    retry: (failures, error) => errorStatus(error) !== 400 && shouldRetry(failures, error),
  });
