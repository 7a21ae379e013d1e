import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import type { Space } from '@/lib/types';
import { mockApi, type MockRoute } from '@/test/mockApi';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { InvitationPage } from './InvitationPage';
import { LoginPage } from './LoginPage';
import { ResetPasswordPage } from './ResetPasswordPage';
import { SignupPage } from './SignupPage';
import { VerifyEmailPage } from './VerifyEmailPage';

const CHECK = '/auth/token/check';
const info = { email: 'nora@alpha.ch', spaceTitle: 'Alpha Hospital', space: 'alpha', inviter: 'Anna Keller', expiresAt: '2030-01-01T00:00:00Z' };

function renderAt(path: string, element: ReactNode, routes: Record<string, MockRoute>) {
  const fetchMock = mockApi(routes);
  const router = createMemoryRouter([{ path: path.split(/[#?]/)[0], element }], { initialEntries: [path] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return fetchMock;
}

const assign = vi.fn();

beforeEach(async () => {
  await i18n.changeLanguage('en');
  assign.mockReset();
  vi.stubGlobal('location', { ...window.location, assign, protocol: 'http:', hostname: 'alpha.vademecum.localhost', port: '8080' });
});
afterEach(() => vi.unstubAllGlobals());

describe('invitation page', () => {
  it('checks the link without using it, explains the password rules, shows the reason of a refusal and lands in the space', async () => {
    let accepted = 0;
    const fetchMock = renderAt('/auth/invite#token=secret-1', <InvitationPage />, {
      [CHECK]: info,
      '/auth/invite/accept': (body: Record<string, unknown>) => {
        if (body.password === 'nora-alpha-1') return { status: 400, body: { message: 'user.passwordWeak', params: { field: 'password', reason: 'personal' } } };
        accepted++;
        return { space: 'alpha', email: 'nora@alpha.ch' };
      },
    });
    expect(await screen.findByText('Anna Keller invites you to Alpha Hospital. Give your name and choose a password.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([CHECK]);
    expect(screen.getByLabelText('E-mail')).toHaveValue('nora@alpha.ch');
    expect(screen.getByText(/At least 12 characters and hard to guess/)).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('First name'), 'Nora');
    await userEvent.type(screen.getByLabelText('Last name'), 'Arzt');
    await userEvent.type(screen.getByLabelText('Choose a password'), 'nora-alpha-1');
    await userEvent.click(screen.getByRole('button', { name: 'Activate account' }));
    expect(await screen.findByText('The password contains your name or e-mail address.')).toBeInTheDocument();
    expect(screen.getByLabelText('Choose a password')).toHaveAttribute('aria-invalid', 'true');
    expect(assign).not.toHaveBeenCalled();

    await userEvent.click(screen.getByLabelText('Show password'));
    expect(screen.getByLabelText('Choose a password')).toHaveAttribute('type', 'text');
    await userEvent.clear(screen.getByLabelText('Choose a password'));
    await userEvent.type(screen.getByLabelText('Choose a password'), 'Kardiologie-Pfad-2041!');
    await userEvent.click(screen.getByRole('button', { name: 'Activate account' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://alpha.vademecum.localhost:8080/'));
    expect(accepted).toBe(1);
    const body = JSON.parse(String(fetchMock.mock.calls.at(-1)?.[1]?.body)) as Record<string, unknown>;
    expect(body).toEqual({ token: 'secret-1', firstname: 'Nora', lastname: 'Arzt', password: 'Kardiologie-Pfad-2041!' });
  });

  it.each([
    ['account.tokenUsed', 409, 'Link already used', 'Go to sign-in'],
    ['account.tokenExpired', 400, 'Link expired', 'Forgot password?'],
    ['account.tokenRevoked', 400, 'Invitation withdrawn', 'Forgot password?'],
    ['account.alreadyActive', 409, 'Account already active', 'Go to sign-in'],
  ])('explains %s with the next step', async (message, status, title, next) => {
    renderAt('/auth/invite#token=old', <InvitationPage />, { [CHECK]: { status, body: { message, params: {} } } });
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: next })).toBeInTheDocument();
    expect(screen.queryByLabelText('First name')).not.toBeInTheDocument();
  });

  it('says so when the link has no secret', async () => {
    const fetchMock = renderAt('/auth/invite', <InvitationPage />, {});
    expect(await screen.findByRole('heading', { name: 'Invalid link' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('password pages', () => {
  it('asks for a reset link and answers the same whatever the address', async () => {
    const fetchMock = renderAt('/auth/forgot', <ForgotPasswordPage />, { '/auth/password/forgot': {} });
    await userEvent.type(screen.getByLabelText('E-mail'), ' nobody@alpha.ch ');
    await userEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('heading', { name: 'Check your mailbox' })).toHaveFocus();
    expect(screen.getByText(/If nobody@alpha.ch has an account, we have just sent a link/)).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ email: 'nobody@alpha.ch' });
  });

  it('sets a new password from the link and then sends to the sign-in', async () => {
    renderAt('/auth/reset#token=r1', <ResetPasswordPage />, {
      [CHECK]: { ...info, inviter: '' },
      '/auth/password/reset': (body: Record<string, unknown>) =>
        String(body.password).length < 12 ? { status: 400, body: { message: 'user.passwordTooShort', params: { field: 'password', min: 12 } } } : {},
    });
    expect(await screen.findByText('For nora@alpha.ch. You will be signed out on every device afterwards.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('The password needs at least 12 characters.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('New password'), '-and-longer-now');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign-in' })).toHaveAttribute('href', '/auth/login');
  });

  it('offers a new link when the reset link expired', async () => {
    renderAt('/auth/reset#token=r0', <ResetPasswordPage />, { [CHECK]: { status: 400, body: { message: 'account.tokenExpired', params: {} } } });
    expect(await screen.findByRole('heading', { name: 'Link expired' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/auth/forgot');
  });
});

describe('verification page', () => {
  it('confirms only when asked to, since mail scanners open links too', async () => {
    const fetchMock = renderAt('/auth/verify#token=v1', <VerifyEmailPage />, {
      [CHECK]: { ...info, inviter: '' },
      '/auth/verify': { email: 'nora@alpha.ch', space: '' },
    });
    const button = await screen.findByRole('button', { name: 'Confirm address' });
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([CHECK]);
    await userEvent.click(button);
    expect(await screen.findByRole('heading', { name: 'Address confirmed' })).toBeInTheDocument();
    expect(screen.getByText('nora@alpha.ch is confirmed. You can sign in now.')).toBeInTheDocument();
  });

  it('asks for a new link without one', async () => {
    renderAt('/auth/verify', <VerifyEmailPage />, { '/auth/verify/resend': {} });
    await userEvent.type(await screen.findByLabelText('E-mail'), 'late@alpha.ch');
    await userEvent.click(screen.getByRole('button', { name: 'Send new link' }));
    expect(await screen.findByText('If late@alpha.ch is not confirmed yet, we have just sent a new link.')).toBeInTheDocument();
  });
});

const space: Space = {
  id: 1,
  title: 'Alpha Hospital',
  subdomain: 'alpha',
  color: '#aa0000',
  accentColor: '#886622',
  emailDomains: ['alpha.ch'],
  tags: [],
  variables: {},
  lpvisible: true,
  national: false,
  public: true,
  position: 0,
  member: false,
  selfSignup: true, adminsNeedSecondFactor: false,
};

describe('sign-in and sign-up', () => {
  it('links to a new password, and to a sign-up where the space allows it', async () => {
    renderAt('/auth/login', <LoginPage space={space} />, {});
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/auth/forgot');
    expect(screen.getByRole('link', { name: 'No account yet? Sign up' })).toHaveAttribute('href', '/auth/signup');
  });

  it('has no sign-up link where the space does not allow it', async () => {
    renderAt('/auth/login', <LoginPage space={{ ...space, selfSignup: false, adminsNeedSecondFactor: false }} />, {});
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'No account yet? Sign up' })).not.toBeInTheDocument();
  });

  it('sends a new verification link when an unverified account signs in', async () => {
    const fetchMock = renderAt('/auth/login', <LoginPage space={space} />, {
      '/auth/login': { status: 403, body: { message: 'auth.emailNotVerified', params: {} } },
      '/auth/verify/resend': {},
    });
    await userEvent.type(await screen.findByLabelText('E-mail'), 'late@alpha.ch');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://www.vademecum.localhost:8080/?emailNotVerified'));
    // (the page also asks which single sign-on it offers)
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.startsWith('/auth/'))).toEqual(['/auth/login', '/auth/verify/resend']);
  });

  it('signs up with an address of the space, showing the domain rule', async () => {
    renderAt('/auth/signup', <SignupPage space={space} />, {
      '/auth/signup': (body: Record<string, unknown>) =>
        String(body.email).endsWith('@alpha.ch')
          ? {}
          : { status: 400, body: { message: 'account.signupDomain', params: { field: 'email', domains: ['alpha.ch'] } } },
    });
    expect(await screen.findByText('For Alpha Hospital, with an address of alpha.ch.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('E-mail'), 'sina@gmail.com');
    await userEvent.type(screen.getByLabelText('First name'), 'Sina');
    await userEvent.type(screen.getByLabelText('Last name'), 'Neu');
    await userEvent.type(screen.getByLabelText('Choose a password'), 'Kardiologie-Pfad-2041!');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Only addresses of alpha.ch can sign up here.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(screen.getByLabelText('E-mail'));
    await userEvent.type(screen.getByLabelText('E-mail'), 'Sina@alpha.ch');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(/We have sent a link to sina@alpha.ch/)).toBeInTheDocument();
  });

  it('explains that the space offers no sign-up', async () => {
    renderAt('/auth/signup', <SignupPage space={{ ...space, selfSignup: false, adminsNeedSecondFactor: false }} />, {});
    expect(await screen.findByRole('heading', { name: 'No sign-up' })).toBeInTheDocument();
    expect(screen.queryByLabelText('E-mail')).not.toBeInTheDocument();
  });
});
