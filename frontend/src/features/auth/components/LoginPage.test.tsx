import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import { mockApi, sentBodies, type MockRoute } from '@/test/mockApi';
import { LoginPage } from './LoginPage';

const alpha = { id: 3, label: 'Alpha Login' };

function renderAt(path: string, routes: Record<string, MockRoute> = {}) {
  const fetchMock = mockApi({
    'common/query/signInOptions': { providers: [alpha] },
    'common/query/signInMethod': (body: Record<string, unknown>) => ({ provider: String(body.email).endsWith('@alpha.ch') ? alpha : null }),
    ...routes,
  });
  const router = createMemoryRouter([{ path: '/auth/login', element: <LoginPage /> }], { initialEntries: [path] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return fetchMock;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('sign-in page with single sign-on', () => {
  it('offers the space’s providers, returning to the same path', async () => {
    renderAt('/auth/login?r=%2Fprofile');
    const button = await screen.findByRole('link', { name: 'Sign in with Alpha Login' });
    expect(button).toHaveAttribute('href', '/auth/oidc/3/start?r=%2Fprofile');
    expect(screen.getByText('or with e-mail and password')).toBeInTheDocument();
  });

  it('sends an address of a provider’s domain to the provider instead of asking for a password', async () => {
    const fetchMock = renderAt('/auth/login');
    const email = await screen.findByLabelText('E-mail');
    await userEvent.type(email, 'nora@alpha.ch');
    expect(await screen.findByRole('button', { name: 'Continue with Alpha Login' })).toBeEnabled();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your organisation signs you in through Alpha Login.');
    // the question names the address, the answer depends on its domain only
    expect(sentBodies(fetchMock, 'common/query/signInMethod').at(-1)).toEqual({ email: 'nora@alpha.ch' });

    await userEvent.clear(email);
    await userEvent.type(email, 'max@beta.ch');
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  });

  it('asks once per domain, not per keystroke of the name', async () => {
    const fetchMock = renderAt('/auth/login');
    await userEvent.type(await screen.findByLabelText('E-mail'), 'nora@alpha.ch');
    await screen.findByRole('button', { name: 'Continue with Alpha Login' });
    await userEvent.type(screen.getByLabelText('E-mail'), '{Home}x');
    await waitFor(() => expect(screen.getByLabelText('E-mail')).toHaveValue('xnora@alpha.ch'));
    expect(await screen.findByRole('button', { name: 'Continue with Alpha Login' })).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'common/query/signInMethod')).toHaveLength(1);
  });

  it('shows why a sign-in at the provider was refused', async () => {
    renderAt('/auth/login?error=auth.oidc.domainNotAllowed&r=%2F');
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot sign in through this provider with this e-mail address.');
  });

  it('ignores messages that are not the sign-in’s', async () => {
    renderAt('/auth/login?error=admin.subtitle');
    await screen.findByRole('link', { name: 'Sign in with Alpha Login' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows no providers where none is offered', async () => {
    const fetchMock = renderAt('/auth/login', { 'common/query/signInOptions': { providers: [] } });
    await waitFor(() => expect(sentBodies(fetchMock, 'common/query/signInOptions')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: /Sign in with/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });
});
