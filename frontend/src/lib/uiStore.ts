/** UI-only state of the shell: left drawer and right sidebar. */
import { create } from 'zustand';

interface UiState {
  drawerOpen: boolean;
  sidebarOpen: boolean;
  setDrawerOpen: (open: boolean) => void;
  setSidebarOpen: (open: boolean) => void;
}

export const useUiStore = create<UiState>((set) => ({
  drawerOpen: false,
  sidebarOpen: false,
  setDrawerOpen: (drawerOpen) => set({ drawerOpen }),
  setSidebarOpen: (sidebarOpen) => set({ sidebarOpen }),
}));
