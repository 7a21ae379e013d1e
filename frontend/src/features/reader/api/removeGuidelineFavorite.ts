import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { FavoriteInput } from './addGuidelineFavorite';
import { favoritesQueryOptions } from './getFavorites';

export const removeGuidelineFavorite = (input: FavoriteInput) => apiMutation('reader/mutation/removeGuidelineFavorite', input);

export const useRemoveGuidelineFavorite = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeGuidelineFavorite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: favoritesQueryOptions().queryKey }),
  });
};
