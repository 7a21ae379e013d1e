import { describe, expect, it } from 'vitest';
import { CLOSED, comboboxKey } from './combobox';

describe('search box keys', () => {
  it('moves down through the suggestions and wraps through "none"', () => {
    let state = CLOSED;
    const seen: number[] = [];
    for (let i = 0; i < 4; i++) {
      const action = comboboxKey(state, 'ArrowDown', 3);
      if (action.kind !== 'move') throw new Error(action.kind);
      state = action.state;
      seen.push(state.active);
    }
    expect(seen).toEqual([0, 1, 2, -1]);
  });

  it('moves up from the field to the last suggestion', () => {
    expect(comboboxKey({ open: true, active: -1 }, 'ArrowUp', 3)).toEqual({ kind: 'move', state: { open: true, active: 2 } });
    expect(comboboxKey({ open: true, active: 0 }, 'ArrowUp', 3)).toEqual({ kind: 'move', state: { open: true, active: -1 } });
    expect(comboboxKey(CLOSED, 'ArrowUp', 2)).toEqual({ kind: 'move', state: { open: true, active: 1 } });
  });

  it('enter opens the highlighted suggestion, else submits the text', () => {
    expect(comboboxKey({ open: true, active: 1 }, 'Enter', 3)).toEqual({ kind: 'choose', index: 1 });
    expect(comboboxKey({ open: true, active: -1 }, 'Enter', 3)).toEqual({ kind: 'submit' });
    expect(comboboxKey({ open: false, active: 1 }, 'Enter', 3)).toEqual({ kind: 'submit' });
    expect(comboboxKey({ open: true, active: 5 }, 'Enter', 3)).toEqual({ kind: 'submit' });
  });

  it('escape closes an open list and does nothing otherwise; arrows do nothing without suggestions', () => {
    expect(comboboxKey({ open: true, active: 1 }, 'Escape', 3)).toEqual({ kind: 'close', state: CLOSED });
    expect(comboboxKey(CLOSED, 'Escape', 3)).toEqual({ kind: 'none' });
    expect(comboboxKey(CLOSED, 'ArrowDown', 0)).toEqual({ kind: 'none' });
  });
});
