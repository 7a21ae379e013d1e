import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { i18n } from '../lib/i18n';
import { createQueryClient } from '../lib/queryClient';
import { DEFAULT_TIMEOUT, PERSISTENT, showSnackbar, useSnackbarStore } from '../lib/snackbar';

beforeEach(async () => {
  await i18n.changeLanguage('en');
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  act(() => useSnackbarStore.getState().clear());
});

describe('snackbars', () => {
  it('close themselves after five seconds unless persistent, at most three at a time', () => {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <p>page</p>
      </AppProviders>,
    );
    act(() => {
      showSnackbar('Kept', { timeout: PERSISTENT });
      showSnackbar('Saved');
    });
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(DEFAULT_TIMEOUT + 500));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    expect(screen.getByText('Kept')).toBeInTheDocument();

    act(() => ['one', 'two', 'three'].forEach((m) => showSnackbar(m)));
    expect(screen.queryByText('Kept')).not.toBeInTheDocument();
    for (const m of ['one', 'two', 'three']) expect(screen.getByText(m)).toBeInTheDocument();
  });
});
