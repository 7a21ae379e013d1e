import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../api';
import type { PageRequest as SpacePageRequest } from '../api-types.gen';
import { SPACE_PICKER_PAGE_SIZE, type SpaceSearchHook } from '../spaceSearch';
import type { LandingPage } from '../types';

/** Spaces per page of the landing page (the server's default). */
export const LANDING_PAGE_SIZE = 100;

export const getLandingPage = (page: Partial<SpacePageRequest> = {}) => apiQuery('common/query/landingPage', page);

/** Key of every answer of common/query/landingPage, to invalidate them after a space changed. */
export const LANDING_PAGE_QUERY_KEY = ['landingPage'] as const;

/** The landing page filtered by query on the server, a page at a time. */
export const landingPagesQueryOptions = (query: string) =>
  infiniteQueryOptions({
    queryKey: [...LANDING_PAGE_QUERY_KEY, 'pages', query],
    queryFn: ({ pageParam }) => getLandingPage({ query, from: pageParam, size: LANDING_PAGE_SIZE }),
    initialPageParam: 0,
    getNextPageParam: (last: LandingPage, _all: LandingPage[], from: number) => {
      const next = from + LANDING_PAGE_SIZE;
      return next < Math.max(last.total, last.nationalTotal) ? next : undefined;
    },
  });

/** The loaded pages as one landing page: the lists concatenated, totals and mySpaces from the first. */
export function mergeLandingPages(pages: LandingPage[]): LandingPage | undefined {
  const [first] = pages;
  if (!first) return undefined;
  return {
    ...first,
    spaces: pages.flatMap((p) => p.spaces),
    nationalSpaces: pages.flatMap((p) => p.nationalSpaces),
  };
}

export const useLandingPages = (query: string) => useInfiniteQuery(landingPagesQueryOptions(query));

/**
 * A picker's page of both lists matching query (mySpaces whole), kept on screen while the
 * next query's answer is on its way.
 */
export const landingSearchQueryOptions = (query: string) =>
  queryOptions({
    queryKey: [...LANDING_PAGE_QUERY_KEY, 'search', query],
    queryFn: () => getLandingPage({ query, size: SPACE_PICKER_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

export const useLandingSearch = (query: string, enabled = true) => useQuery({ ...landingSearchQueryOptions(query), enabled });

/** Every landing-page space matching query, national ones first: a SpaceSearchHook for anyone signed in. */
export const useLandingSpaceSearch: SpaceSearchHook = (query, enabled) => {
  const search = useLandingSearch(query, enabled);
  const page = search.data;
  return {
    data: page && { spaces: [...page.nationalSpaces, ...page.spaces], total: page.nationalTotal + page.total },
    isFetching: search.isFetching,
    isError: search.isError,
  };
};
