import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n';
import { createQueryClient } from '../lib/queryClient';
import { AppProviders } from './providers';
import { OFFLINE_NOTICE_KEY } from './ReloadPrompt';

// the service worker has just cached the app
vi.mock('virtual:pwa-register/react', () => ({
  useRegisterSW: () => ({ offlineReady: useState(true), needRefresh: useState(false), updateServiceWorker: async () => undefined }),
}));

const renderProviders = () =>
  render(
    <AppProviders queryClient={createQueryClient()}>
      <p>page</p>
    </AppProviders>,
  );

beforeEach(async () => {
  await i18n.changeLanguage('en');
  localStorage.clear();
});
afterEach(() => localStorage.clear());

describe('the offline notice', () => {
  it('shows once per device, small', async () => {
    const first = renderProviders();
    const notice = await screen.findByText('App ready to work offline');
    expect(notice.closest('.toast')).toHaveClass('toast--compact');
    expect(localStorage.getItem(OFFLINE_NOTICE_KEY)).not.toBeNull();
    first.unmount();

    renderProviders();
    expect(await screen.findByText('page')).toBeInTheDocument();
    expect(screen.queryByText('App ready to work offline')).not.toBeInTheDocument();
  });
});
