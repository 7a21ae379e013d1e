import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import { mockApi, type MockRoute } from '@/test/mockApi';
import { LoginPage } from './LoginPage';

const assign = vi.fn();

/** The sign-in page at `path`; the mock answers /auth/login and /auth/second-factor by their paths. */
function renderAt(path: string, routes: Record<string, MockRoute>) {
  const fetchMock = mockApi(routes);
  const router = createMemoryRouter([{ path: '/auth/login', element: <LoginPage standalone /> }], { initialEntries: [path] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return fetchMock;
}

/** A password sign-in that waits for the code, then `codeReplies` to the codes in turn. */
const codeStepRoutes = (codeReplies: unknown[]): Record<string, MockRoute> => ({
  '/auth/login': { status: 401, body: { message: 'auth.secondFactorRequired', params: {} } },
  // 204 in truth; the mock's 200 is as good for a fetch that only looks at ok
  '/auth/second-factor': () => codeReplies.shift(),
});

/** Bodies sent to a path outside /api/. */
const sentTo = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === path).map(([, init]) => JSON.parse(String(init?.body)) as unknown);

beforeEach(async () => {
  await i18n.changeLanguage('en');
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(() => {
  vi.unstubAllGlobals();
  assign.mockReset();
});

async function signInWithPassword() {
  await userEvent.type(screen.getByLabelText('E-mail'), 'admin@vademecum.localhost');
  await userEvent.type(screen.getByLabelText('Password'), 'admin');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('Sign-in with a second factor', () => {
  it('asks for the code after the password and goes on where the sign-in was going', async () => {
    const fetchMock = renderAt('/auth/login?r=%2Fadmin', codeStepRoutes([true]));
    await signInWithPassword();
    const code = await screen.findByLabelText('Code from the authenticator app or recovery code');
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm sign-in' })).toBeInTheDocument();
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await userEvent.type(code, ' 123456 ');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/admin'));
    expect(sentTo(fetchMock, '/auth/login')).toEqual([{ email: 'admin@vademecum.localhost', password: 'admin' }]);
    expect(sentTo(fetchMock, '/auth/second-factor')).toEqual([{ code: '123456' }]);
  });

  it('takes a recovery code and says what went wrong in words', async () => {
    renderAt(
      '/auth/login?r=%2F&secondFactor=1',
      codeStepRoutes([
        { status: 401, body: { message: 'auth.secondFactorInvalid', params: { field: 'code' } } },
        { status: 429, body: { message: 'auth.tooManyAttempts', params: { retryAfter: 12 } } },
        { status: 401, body: { message: 'auth.noPendingSignIn', params: {} } },
      ]),
    );
    // the form sign-in without script lands here with ?secondFactor=1
    const code = await screen.findByLabelText('Code from the authenticator app or recovery code');
    await userEvent.type(code, 'abcd-efgh-ijkl');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is wrong. Use the current code from the app or an unused recovery code.');
    expect(code).toHaveValue('');

    await userEvent.type(code, '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 12 seconds.'));

    await userEvent.type(code, '222222');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The sign-in has expired. Please sign in again with your e-mail and password.'));
    expect(screen.getByRole('link', { name: 'Back to sign-in' })).toHaveAttribute('href', '/auth/login?r=%2F');
    expect(assign).not.toHaveBeenCalled();
  });

  it('still refuses a wrong password as before', async () => {
    renderAt('/auth/login', { '/auth/login': { status: 401, body: { message: 'auth.invalidCredentials', params: {} } } });
    await signInWithPassword();
    expect(await screen.findByRole('alert')).toHaveTextContent('E-mail or password is wrong.');
    expect(screen.queryByLabelText('Code from the authenticator app or recovery code')).not.toBeInTheDocument();
  });
});
