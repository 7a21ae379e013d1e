import { useTranslation } from 'react-i18next';
import { Sheet } from '@/components/Sheet';
import { useFavorites } from '@/features/favorites/api/getFavorites';
import { useToggleCollectionFavorite } from '@/features/favorites/hooks/useToggleCollectionFavorite';
import { favoriteCollectionKey } from '@/features/favorites/links';
import { DrawerToc } from '@/features/toc/components/DrawerToc';
import { ApiError } from '@/lib/api';
import { useProfile } from '@/lib/endpoints/getProfile';
import { showSnackbar } from '@/lib/snackbar';
import { isSignedIn } from '@/lib/types';
import { useUiStore } from '@/lib/uiStore';
import { DRAWER_TOGGLE_ID, useDrawerSelection } from './drawerSelection';

/**
 * Left drawer (width 320): the table of contents of a collection the reader may read. However it
 * was opened (header, favourites, home page), closing it puts the focus on the header's toggle.
 */
export function LeftDrawer() {
  const { t } = useTranslation();
  const open = useUiStore((s) => s.drawerOpen);
  const setOpen = useUiStore((s) => s.setDrawerOpen);
  const { selected, select } = useDrawerSelection();
  const { data: profile } = useProfile();
  const signedIn = isSignedIn(profile);
  const favorites = useFavorites(open && signedIn);
  const toggle = useToggleCollectionFavorite();
  const pinned = signedIn ? (favorites.data?.collections ?? []).map(favoriteCollectionKey) : null;

  return (
    <Sheet open={open} onOpenChange={setOpen} side="left" title={t('drawer.title')} returnFocusTo={() => document.getElementById(DRAWER_TOGGLE_ID)}>
      <DrawerToc
        selected={selected}
        onSelect={select}
        favorites={pinned}
        pinBusy={toggle.isPending}
        onTogglePin={(c, isPinned) => {
          select(c);
          toggle.mutate(
            { collection: c.collectionId, space: c.spaceId, pinned: isPinned },
            {
              onError: (err) =>
                showSnackbar(err instanceof ApiError && err.message === 'favorites.tooMany' ? t('favorites.tooMany') : t('favorites.pinFailed'), { type: 'error' }),
            },
          );
        }}
        onNavigate={() => setOpen(false)}
      />
    </Sheet>
  );
}
