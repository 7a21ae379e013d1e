/** Global error message that replaces the page content; the shell clears it on every route change. */
import { create } from 'zustand';

export interface GlobalError {
  status: number;
  message: string;
}

interface ErrorState {
  error: GlobalError | null;
  setError: (error: GlobalError) => void;
  clearError: () => void;
}

export const useErrorStore = create<ErrorState>((set) => ({
  error: null,
  setError: (error) => set({ error }),
  clearError: () => set({ error: null }),
}));
