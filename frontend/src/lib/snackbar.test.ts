import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TIMEOUT, NAVIGATION_GRACE, PERSISTENT, showSnackbar, useSnackbarStore } from './snackbar';

beforeEach(() => useSnackbarStore.getState().clear());

describe('snackbar store', () => {
  it('adds a primary snackbar with the default timeout', () => {
    showSnackbar('Saved');
    const [s] = useSnackbarStore.getState().snackbars;
    expect(s).toMatchObject({ message: 'Saved', type: 'primary', timeout: DEFAULT_TIMEOUT });
  });
  it('keeps type and persistent timeout and dismisses by id', () => {
    const a = showSnackbar('Oops', { type: 'error', timeout: PERSISTENT });
    const b = showSnackbar('Hint', { type: 'info' });
    expect(useSnackbarStore.getState().snackbars.map((s) => s.type)).toEqual(['error', 'info']);
    expect(useSnackbarStore.getState().snackbars[0].timeout).toBe(-1);
    useSnackbarStore.getState().dismiss(a);
    expect(useSnackbarStore.getState().snackbars.map((s) => s.id)).toEqual([b]);
  });
});

describe('snackbar stack', () => {
  it('keeps at most three, dropping the oldest', () => {
    ['one', 'two', 'three', 'four'].forEach((m) => showSnackbar(m));
    expect(useSnackbarStore.getState().snackbars.map((s) => s.message)).toEqual(['two', 'three', 'four']);
  });

  it('clears on navigation all but the snackbars shown along with it', () => {
    vi.useFakeTimers({ now: 10_000 });
    try {
      showSnackbar('Left page', { timeout: PERSISTENT });
      vi.setSystemTime(10_000 + NAVIGATION_GRACE + 1);
      showSnackbar('Saved');
      useSnackbarStore.getState().navigated();
      expect(useSnackbarStore.getState().snackbars.map((s) => s.message)).toEqual(['Saved']);
      useSnackbarStore.getState().navigated(Date.now() + NAVIGATION_GRACE);
      expect(useSnackbarStore.getState().snackbars).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});
