import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** The caller's favourites in the current space that the caller may still read. */
export const getFavorites = () => apiQuery('reader/query/favorites');

/** The key ['favorites'] is shared: the reader's star button invalidates it. */
export const favoritesQueryOptions = () => queryOptions({ queryKey: ['favorites'], queryFn: getFavorites });

export const useFavorites = (enabled: boolean) => useQuery({ ...favoritesQueryOptions(), enabled });
