import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../api';
import type { SpacePageRequest } from '../api-types.gen';
import type { LandingPage } from '../types';

/** Spaces per page of the landing page (the server's default). */
export const LANDING_PAGE_SIZE = 100;

export const getLandingPage = (page: Partial<SpacePageRequest> = {}) => apiQuery<LandingPage>('common', 'landingPage', page);

/** The first page, unfiltered. */
export const landingPageQueryOptions = () => queryOptions({ queryKey: ['landingPage'], queryFn: () => getLandingPage() });

export const useLandingPage = () => useQuery(landingPageQueryOptions());

/** The landing page filtered by query on the server, a page at a time. */
export const landingPagesQueryOptions = (query: string) =>
  infiniteQueryOptions({
    queryKey: ['landingPage', 'pages', query],
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
