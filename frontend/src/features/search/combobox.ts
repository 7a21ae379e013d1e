/** Keyboard logic of the search box's suggestion list (a combobox with a listbox). */
export interface ComboboxState {
  open: boolean;
  /** index of the highlighted suggestion, -1 for none (the text itself) */
  active: number;
}

export type ComboboxKey = 'ArrowDown' | 'ArrowUp' | 'Enter' | 'Escape';

export type ComboboxAction =
  | { kind: 'none' }
  /** the state changed; the key is handled */
  | { kind: 'move'; state: ComboboxState }
  | { kind: 'choose'; index: number }
  | { kind: 'submit' }
  | { kind: 'close'; state: ComboboxState };

export const CLOSED: ComboboxState = { open: false, active: -1 };

/**
 * What a key does with `count` suggestions: down and up move through them (wrapping through
 * "none"), enter opens the highlighted one or, with none highlighted, submits the text;
 * escape closes the list.
 */
export function comboboxKey(state: ComboboxState, key: ComboboxKey, count: number): ComboboxAction {
  switch (key) {
    case 'ArrowDown':
      if (count === 0) return { kind: 'none' };
      if (!state.open) return { kind: 'move', state: { open: true, active: 0 } };
      return { kind: 'move', state: { open: true, active: state.active + 1 >= count ? -1 : state.active + 1 } };
    case 'ArrowUp':
      if (count === 0) return { kind: 'none' };
      if (!state.open) return { kind: 'move', state: { open: true, active: count - 1 } };
      return { kind: 'move', state: { open: true, active: state.active <= -1 ? count - 1 : state.active - 1 } };
    case 'Enter':
      return state.open && state.active >= 0 && state.active < count ? { kind: 'choose', index: state.active } : { kind: 'submit' };
    case 'Escape':
      return state.open ? { kind: 'close', state: CLOSED } : { kind: 'none' };
  }
}
