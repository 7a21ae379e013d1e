import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** A favourite guideline language (space: source space of a shared one). */
export interface FavoriteGuideline {
  guideline: number;
  language: string;
  title: string;
  space?: number | null;
}

/** The caller's favourites (reader/query/favorites). */
export interface Favorites {
  guidelines: FavoriteGuideline[];
  collections: { collection: number; title: string; space?: number | null }[];
}

export const getFavorites = () => apiQuery('reader/query/favorites');

export const favoritesQueryOptions = () => queryOptions({ queryKey: ['favorites'], queryFn: getFavorites });

export const useFavorites = (enabled: boolean) => useQuery({ ...favoritesQueryOptions(), enabled });
