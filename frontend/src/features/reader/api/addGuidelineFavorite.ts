import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import { favoritesQueryOptions } from './getFavorites';

/** A guideline language to keep or drop as a favourite. */
export interface FavoriteInput {
  guideline: number;
  language: string;
  space?: number;
}

export const addGuidelineFavorite = (input: FavoriteInput) => apiMutation('reader/mutation/addGuidelineFavorite', input);

export const useAddGuidelineFavorite = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addGuidelineFavorite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: favoritesQueryOptions().queryKey }),
  });
};
