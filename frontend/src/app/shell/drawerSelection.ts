import { create } from 'zustand';
import type { CollectionKey } from '../../features/toc/tree';

interface DrawerSelection {
  selected: CollectionKey | null;
  select: (c: CollectionKey) => void;
}

/** The collection the left drawer shows; the favourites menu chooses it too. */
export const useDrawerSelection = create<DrawerSelection>((set) => ({
  selected: null,
  select: (selected) => set({ selected }),
}));
