import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';
import type { SpaceListRequest } from '@/lib/api-types.gen';
import { SPACE_PICKER_PAGE_SIZE, type SpaceOption, type SpaceSearchHook } from '@/lib/spaceSearch';

/** Largest page the server gives (admin/query/spaces), and the most ids one call names. */
export const MAX_SPACES_PAGE = 200;

/** Key of every answer of admin/query/spaces, to invalidate them after a space changed. */
export const SPACES_QUERY_KEY = ['admin', 'spaces'] as const;

export const getSpaces = (page: Partial<SpaceListRequest> = {}) => apiQuery('admin/query/spaces', page);

/** A picker's page of every space (hidden ones too) matching query. */
export const spaceSearchQueryOptions = (query: string) =>
  queryOptions({
    queryKey: [...SPACES_QUERY_KEY, 'search', query],
    queryFn: () => getSpaces({ query, size: SPACE_PICKER_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

/** The super admin's SpaceSearchHook: every space of the installation. */
export const useSpaceSearch: SpaceSearchHook = (query, enabled) => {
  const search = useQuery({ ...spaceSearchQueryOptions(query), enabled });
  return { data: search.data, isFetching: search.isFetching, isError: search.isError };
};

/** The spaces of ids, asked in calls of MAX_SPACES_PAGE ids: to name the spaces a setting holds. */
export function useSpacesByIds(ids: readonly number[]): { byId: ReadonlyMap<number, SpaceOption>; isPending: boolean } {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const chunks: number[][] = [];
  for (let i = 0; i < sorted.length; i += MAX_SPACES_PAGE) chunks.push(sorted.slice(i, i + MAX_SPACES_PAGE));
  return useQueries({
    queries: chunks.map((chunk) => ({
      queryKey: [...SPACES_QUERY_KEY, 'ids', chunk],
      queryFn: () => getSpaces({ ids: chunk, size: MAX_SPACES_PAGE }),
    })),
    combine: (results) => ({
      byId: new Map(results.flatMap((r) => r.data?.spaces ?? []).map((s) => [s.id, s])),
      isPending: results.some((r) => r.isPending),
    }),
  });
}
