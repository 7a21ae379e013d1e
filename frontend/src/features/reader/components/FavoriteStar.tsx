import { useTranslation } from 'react-i18next';
import { apiErrorText } from '@/lib/apiErrors';
import { showSnackbar } from '@/lib/snackbar';
import { useAddGuidelineFavorite } from '../api/addGuidelineFavorite';
import { useFavorites } from '../api/getFavorites';
import { useRemoveGuidelineFavorite } from '../api/removeGuidelineFavorite';
import { ReaderIcon } from './ReaderIcon';

/** Keeps a guideline language among the signed-in reader's favourites. */
export function FavoriteStar({ id, language, space, currentSpace }: { id: number; language: string; space: number | null; currentSpace: number }) {
  const { t } = useTranslation();
  const favorites = useFavorites(true);
  const add = useAddGuidelineFavorite();
  const remove = useRemoveGuidelineFavorite();
  const source = space ?? currentSpace;
  const active = !!favorites.data?.guidelines.some((f) => f.guideline === id && f.language === language && (f.space ?? currentSpace) === source);
  const pending = add.isPending || remove.isPending;

  const handleClick = () => {
    const input = { guideline: id, language, ...(space ? { space } : {}) };
    const onError = (error: unknown) => showSnackbar(apiErrorText(error, t) ?? t('reader.favorite.failed'), { type: 'error' });
    if (active) remove.mutate(input, { onError });
    else add.mutate(input, { onError });
  };

  return (
    <button
      type="button"
      className={active ? 'icon-btn reader-star reader-star--active' : 'icon-btn reader-star'}
      aria-pressed={active}
      aria-label={t(active ? 'reader.favorite.remove' : 'reader.favorite.add')}
      title={t(active ? 'reader.favorite.remove' : 'reader.favorite.add')}
      disabled={pending || favorites.isPending}
      onClick={handleClick}
    >
      <ReaderIcon name="star" filled={active} />
    </button>
  );
}
