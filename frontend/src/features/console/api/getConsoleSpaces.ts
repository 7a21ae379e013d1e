import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';
import type { ConsoleSpaceList, ConsoleSpacesRequest, SpaceStatus } from '../types';
import { CONSOLE_SPACES_QUERY_KEY } from './keys';

/** Spaces per page of the console (the server's default and largest page). */
export const CONSOLE_PAGE_SIZE = 100;

export const getConsoleSpaces = (request: ConsoleSpacesRequest) => apiQuery('admin/query/consoleSpaces', request) as Promise<ConsoleSpaceList>;

export interface ConsoleFilter {
  query: string;
  status: SpaceStatus | '';
  cluster: string;
}

/** The request for one page: filters left empty are not sent. */
export function consoleSpacesRequest(filter: ConsoleFilter, from: number): ConsoleSpacesRequest {
  return {
    ...(filter.query ? { query: filter.query } : {}),
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.cluster ? { cluster: filter.cluster } : {}),
    from,
    size: CONSOLE_PAGE_SIZE,
  };
}

/** The spaces matching filter, filtered and paged on the server. */
export const consoleSpacesQueryOptions = (filter: ConsoleFilter) =>
  infiniteQueryOptions({
    queryKey: [...CONSOLE_SPACES_QUERY_KEY, filter],
    queryFn: ({ pageParam }) => getConsoleSpaces(consoleSpacesRequest(filter, pageParam)),
    initialPageParam: 0,
    getNextPageParam: (last: ConsoleSpaceList, _all: ConsoleSpaceList[], from: number) =>
      from + CONSOLE_PAGE_SIZE < last.total ? from + CONSOLE_PAGE_SIZE : undefined,
    // the old list stays while the next filter's answer is on its way
    placeholderData: keepPreviousData,
  });

export const useConsoleSpaces = (filter: ConsoleFilter) => useInfiniteQuery(consoleSpacesQueryOptions(filter));
