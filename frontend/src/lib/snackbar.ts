/** Snackbar service (spec §2): primary, error, warning, info; default 5000 ms; -1 keeps it until closed. */
import { create } from 'zustand';

export type SnackbarType = 'primary' | 'error' | 'warning' | 'info';
export const DEFAULT_TIMEOUT = 5000;
export const PERSISTENT = -1;

export interface Snackbar {
  id: number;
  message: string;
  type: SnackbarType;
  timeout: number;
}

interface SnackbarState {
  snackbars: Snackbar[];
  show: (message: string, options?: { type?: SnackbarType; timeout?: number }) => number;
  dismiss: (id: number) => void;
  clear: () => void;
}

let nextId = 1;

export const useSnackbarStore = create<SnackbarState>((set) => ({
  snackbars: [],
  show: (message, options = {}) => {
    const id = nextId++;
    const snackbar: Snackbar = { id, message, type: options.type ?? 'primary', timeout: options.timeout ?? DEFAULT_TIMEOUT };
    set((state) => ({ snackbars: [...state.snackbars, snackbar] }));
    return id;
  },
  dismiss: (id) => set((state) => ({ snackbars: state.snackbars.filter((s) => s.id !== id) })),
  clear: () => set({ snackbars: [] }),
}));

export const showSnackbar = (message: string, options?: { type?: SnackbarType; timeout?: number }) =>
  useSnackbarStore.getState().show(message, options);
