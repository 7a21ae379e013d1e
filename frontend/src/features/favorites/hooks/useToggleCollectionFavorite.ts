import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FavoritesCollectionRequest as FavoriteCollectionRequest } from '@/lib/api-types.gen';
import { addCollectionFavorite } from '../api/addCollectionFavorite';
import { favoritesQueryOptions } from '../api/getFavorites';
import { removeCollectionFavorite } from '../api/removeCollectionFavorite';

/** Pins or unpins a collection and puts the new favourites into the ['favorites'] query. */
export const useToggleCollectionFavorite = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pinned, ...req }: FavoriteCollectionRequest & { pinned: boolean }) => (pinned ? removeCollectionFavorite(req) : addCollectionFavorite(req)),
    onSuccess: (favorites) => queryClient.setQueryData(favoritesQueryOptions().queryKey, favorites),
  });
};
