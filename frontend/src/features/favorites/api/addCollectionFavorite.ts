import { apiMutation } from '@/lib/api';
import type { FavoritesCollectionRequest as FavoriteCollectionRequest } from '@/lib/api-types.gen';

/** Pins a collection; the answer is the new favourites. */
export const addCollectionFavorite = (req: FavoriteCollectionRequest) => apiMutation('reader/mutation/addCollectionFavorite', req);
