import { create } from 'zustand';
import type { CollectionKey } from '@/features/toc/tree';

interface DrawerSelection {
  selected: CollectionKey | null;
  select: (c: CollectionKey) => void;
}

/** The collection the left drawer shows; the favourites menu chooses it too. */
export const useDrawerSelection = create<DrawerSelection>((set) => ({
  selected: null,
  select: (selected) => set({ selected }),
}));

/** The id of the header's button that opens the left drawer, where the focus returns when it closes. */
export const DRAWER_TOGGLE_ID = 'drawer-toggle';
