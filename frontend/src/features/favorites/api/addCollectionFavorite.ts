import { apiMutation } from '@/lib/api';
import type { FavoriteCollectionRequest, Favorites } from '@/lib/api-types.gen';

/** Pins a collection; the answer is the new favourites. */
export const addCollectionFavorite = (req: FavoriteCollectionRequest) => apiMutation<Favorites>('reader', 'addCollectionFavorite', req);
