/**
 * Snackbar service (spec §2): primary, error, warning, info; default 5000 ms; -1 keeps it until
 * closed. At most MAX_SNACKBARS show at once (a new one drops the oldest), and a navigation clears
 * them, but for those shown along with it (the "saved" of a form that then leaves its page).
 */
import { create } from 'zustand';

export type SnackbarType = 'primary' | 'error' | 'warning' | 'info';
export const DEFAULT_TIMEOUT = 5000;
export const PERSISTENT = -1;
/** How many snackbars stack at most. */
export const MAX_SNACKBARS = 3;
/** A snackbar younger than this at a navigation was shown by it and stays. */
export const NAVIGATION_GRACE = 1000;

export interface Snackbar {
  id: number;
  message: string;
  type: SnackbarType;
  timeout: number;
  /** when it was shown, in ms since the epoch */
  shownAt: number;
}

interface SnackbarState {
  snackbars: Snackbar[];
  show: (message: string, options?: { type?: SnackbarType; timeout?: number }) => number;
  dismiss: (id: number) => void;
  /** Drops the snackbars of the page left at now, keeping those shown with the navigation. */
  navigated: (now?: number) => void;
  clear: () => void;
}

let nextId = 1;

export const useSnackbarStore = create<SnackbarState>((set) => ({
  snackbars: [],
  show: (message, options = {}) => {
    const id = nextId++;
    const snackbar: Snackbar = { id, message, type: options.type ?? 'primary', timeout: options.timeout ?? DEFAULT_TIMEOUT, shownAt: Date.now() };
    set((state) => ({ snackbars: [...state.snackbars, snackbar].slice(-MAX_SNACKBARS) }));
    return id;
  },
  dismiss: (id) => set((state) => ({ snackbars: state.snackbars.filter((s) => s.id !== id) })),
  navigated: (now = Date.now()) => set((state) => ({ snackbars: state.snackbars.filter((s) => now - s.shownAt < NAVIGATION_GRACE) })),
  clear: () => set({ snackbars: [] }),
}));

export const showSnackbar = (message: string, options?: { type?: SnackbarType; timeout?: number }) =>
  useSnackbarStore.getState().show(message, options);
