import type { FavoritesCollection as FavoriteCollection, FavoritesGuideline as FavoriteGuideline } from '@/lib/api-types.gen';

/** Where a favourite guideline leads: the reader in its language, with the space of a shared one. */
export const favoriteGuidelineHref = (g: Pick<FavoriteGuideline, 'guideline' | 'language' | 'space' | 'shared'>) =>
  `/guideline/${g.guideline}/${g.language}${g.shared ? `?space=${g.space}` : ''}`;

/** The drawer's key of a favourite collection. */
export const favoriteCollectionKey = (c: Pick<FavoriteCollection, 'collection' | 'space'>) => ({ spaceId: c.space, collectionId: c.collection });
