import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api';
import type { SpaceList, SpacePageRequest } from '../../../lib/api-types.gen';

/** Largest page the server gives (admin/query/spaces). */
export const MAX_SPACES_PAGE = 200;

export const getSpaces = (page: Partial<SpacePageRequest> = {}) => apiQuery<SpaceList>('admin', 'spaces', page);

/** The first MAX_SPACES_PAGE spaces in the landing page's order, for pickers. */
export const spacesQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'spaces'],
    queryFn: () => getSpaces({ size: MAX_SPACES_PAGE }),
    select: (list: SpaceList) => list.spaces,
  });

export const useSpaces = () => useQuery(spacesQueryOptions());

/** Spaces per page of the super admin's space list. */
export const SPACES_PAGE_SIZE = 100;

/** The space list filtered by query on the server, a page at a time. */
export const spacePagesQueryOptions = (query: string) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'spaces', 'pages', query],
    queryFn: ({ pageParam }) => getSpaces({ query, from: pageParam, size: SPACES_PAGE_SIZE }),
    initialPageParam: 0,
    getNextPageParam: (last: SpaceList, _all: SpaceList[], from: number) => (from + SPACES_PAGE_SIZE < last.total ? from + SPACES_PAGE_SIZE : undefined),
  });

export const useSpacePages = (query: string) => useInfiniteQuery(spacePagesQueryOptions(query));
