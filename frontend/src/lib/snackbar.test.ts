import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUT, PERSISTENT, showSnackbar, useSnackbarStore } from './snackbar';

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
