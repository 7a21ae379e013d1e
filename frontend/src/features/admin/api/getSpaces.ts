import { queryOptions, useQuery } from '@tanstack/react-query';
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
