import { apiMutation } from '@/lib/api';
import type { FavoritesCollectionRequest as FavoriteCollectionRequest } from '@/lib/api-types.gen';

/** Unpins a collection; the answer is the new favourites. */
export const removeCollectionFavorite = (req: FavoriteCollectionRequest) => apiMutation('reader/mutation/removeCollectionFavorite', req);
