import { apiMutation } from '@/lib/api';
import type { FavoriteCollectionRequest, Favorites } from '@/lib/api-types.gen';

/** Unpins a collection; the answer is the new favourites. */
export const removeCollectionFavorite = (req: FavoriteCollectionRequest) => apiMutation<Favorites>('reader', 'removeCollectionFavorite', req);
