import { useLandingSearch } from '@/lib/endpoints/getLandingPage';
import type { SpaceSearchHook } from '@/lib/spaceSearch';

/** The national spaces of the landing page matching query. */
export const useNationalSpaceSearch: SpaceSearchHook = (query, enabled) => {
  const search = useLandingSearch(query, enabled);
  return { data: search.data && { spaces: search.data.nationalSpaces, total: search.data.nationalTotal }, isFetching: search.isFetching, isError: search.isError };
};

/** The other (regional) spaces of the landing page matching query. */
export const useRegionalSpaceSearch: SpaceSearchHook = (query, enabled) => {
  const search = useLandingSearch(query, enabled);
  return { data: search.data && { spaces: search.data.spaces, total: search.data.total }, isFetching: search.isFetching, isError: search.isError };
};
