import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../../app/providers';
import { i18n } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/queryClient';
import type { Space } from '../../../lib/types';
import { mockApi, sentBodies } from '../../../test/mockApi';
import { AdminPage } from './AdminPage';

const space = (id: number): Space => ({
  id,
  title: `Spital ${id}`,
  subdomain: `s${id}`,
  color: '',
  accentColor: '',
  emailDomains: [],
  tags: [],
  variables: {},
  lpvisible: true,
  national: false,
  public: true,
  position: id,
  member: false,
  selfSignup: false,
  adminsNeedSecondFactor: false,
});

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

describe('AdminPage space list', () => {
  it('pages with more, shows the total and filters on the server', async () => {
    const fetchMock = mockApi({
      'admin/query/spaces': (body: Record<string, unknown>) =>
        body.from ? { spaces: [space(101)], total: 101 } : { spaces: Array.from({ length: 100 }, (_, i) => space(i + 1)), total: body.query ? 1 : 101 },
      'common/query/landingPage': { spaces: [], nationalSpaces: [], mySpaces: [], total: 0, nationalTotal: 0 },
    });
    const router = createMemoryRouter([{ path: '/', element: <AdminPage /> }]);
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByText('100 of 101 spaces')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more spaces' }));
    expect(await screen.findByText('101 of 101 spaces')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more spaces' })).not.toBeInTheDocument();

    // the space list's search box comes first; the users section has its own
    await userEvent.type(screen.getAllByRole('searchbox', { name: 'Search' })[0], 'Spital 7');
    await vi.waitFor(() => expect(sentBodies(fetchMock, 'admin/query/spaces')).toContainEqual({ query: 'Spital 7', from: 0, size: 100 }));
  });
});
