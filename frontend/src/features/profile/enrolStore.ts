import { create } from 'zustand';

interface EnrolState {
  /** the dialog that sets up the second factor is open */
  open: boolean;
  setOpen: (open: boolean) => void;
}

/** Several buttons (the notice at the top, the card) open the one set-up dialog. */
export const useEnrolStore = create<EnrolState>((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));
