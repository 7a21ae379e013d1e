import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import { mockApi } from '@/test/mockApi';
import { AdminPage } from './AdminPage';

beforeEach(async () => {
  await i18n.changeLanguage('en');
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('AdminPage', () => {
  it('sends the super admin to the console on the landing host for the spaces, and keeps the other sections', async () => {
    mockApi({
      'admin/query/spaces': { spaces: [], total: 0 },
      'common/query/landingPage': { spaces: [], nationalSpaces: [], mySpaces: [], total: 0, nationalTotal: 0 },
    });
    const router = createMemoryRouter([{ path: '/', element: <AdminPage /> }]);
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    const link = screen.getByRole('link', { name: 'Open the console' });
    const target = new URL(link.getAttribute('href') ?? '');
    expect(target.hostname.split('.')[0]).toBe('www');
    expect(target.pathname).toBe('/console');
    expect(screen.queryByRole('button', { name: 'New space' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Landing page order' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Maintenance' })).toBeInTheDocument();
  });
});
