import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import { NAVIGATION_GRACE, PERSISTENT, showSnackbar, useSnackbarStore } from '@/lib/snackbar';
import type { Profile, Space } from '@/lib/types';
import { mockApi } from '@/test/mockApi';
import { AppProviders } from '../providers';
import { ShellLayout } from './ShellLayout';

const kssg = { id: 1, title: 'Kantonsspital', subdomain: 'kssg', color: '#c8102e', accentColor: '' } as Space;
const anonymous = { id: 0, username: 'Anonymous', firstname: '', lastname: '' } as Profile;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  window.scrollTo = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => useSnackbarStore.getState().clear());
});

function renderShell() {
  mockApi({ 'common/query/profile': anonymous });
  const router = createMemoryRouter(
    [
      {
        element: <ShellLayout space={kssg} />,
        children: [
          { path: '/', element: <Link to="/next">Next page</Link> },
          { path: '/next', element: <p>Next</p> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('the shell', () => {
  it('names the space by its upper-case subdomain for anonymous readers too, beside the sign-in link', async () => {
    renderShell();
    const header = await screen.findByRole('banner');
    expect(header.querySelector('.brand__title--short')).toHaveTextContent(/^KSSG$/);
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('clears the snackbars of the page left on navigation', async () => {
    renderShell();
    expect(await screen.findByRole('link', { name: 'Next page' })).toBeInTheDocument();
    act(() => {
      showSnackbar('Old news', { timeout: PERSISTENT });
      useSnackbarStore.setState((s) => ({ snackbars: s.snackbars.map((b) => ({ ...b, shownAt: b.shownAt - NAVIGATION_GRACE })) }));
    });
    expect(screen.getByText('Old news')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Next page' }));
    expect(await screen.findByText('Next')).toBeInTheDocument();
    expect(screen.queryByText('Old news')).not.toBeInTheDocument();
  });
});
