import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import type { User, UserData } from '@/lib/api-types.gen';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import { mockApi, sentBodies, type MockRoute } from '@/test/mockApi';
import { UserPage } from './UserPage';
import { UsersSection } from './UsersSection';

const maxUser = (id: number, firstname: string, lastname: string, username: string): User => ({
  id,
  firstname,
  lastname,
  username,
  title: '',
  about: '',
  language: 'de',
  weeklyReminder: false,
});

const max: UserData = {
  id: 3,
  username: 'max.member@kssg.ch',
  logins: [
    { id: 10, provider: 'local', email: 'max.member@kssg.ch', verified: true, primary: true, created: '2026-01-05T10:00:00Z' },
    { id: 11, provider: 'local', email: 'max@private.ch', verified: false, primary: false, created: '2026-02-01T10:00:00Z' },
  ],
  spaceRoles: [
    {
      space: 'Kantonsspital St. Gallen',
      spaceId: 1,
      roles: ['member', 'admin'],
      collectionRoles: [{ collectionId: 4, collectionTitle: 'Notfallmedizin', roles: ['member', 'validator'], guidelineRoles: ['author'] }],
    },
    { space: 'Inselspital', spaceId: 2, roles: ['member'], collectionRoles: [] },
  ],
  similarUsers: [maxUser(9, 'Max', 'Muster', 'max.muster@insel.ch')],
};

function renderAt(path: string, routes: Record<string, MockRoute> = {}, { retry = true } = {}) {
  const queryClient = createQueryClient();
  // spec §5 retries failed queries three times with back-off; error-state tests need not wait for that
  if (!retry) queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const fetchMock = mockApi({ 'admin/query/userData': max, ...routes });
  const router = createMemoryRouter(
    [
      { path: '/admin', element: <UsersSection /> },
      { path: '/admin/user/:username', element: <UserPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { fetchMock, router };
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('User search', () => {
  it('debounces the search and links every result to its user page', async () => {
    const { fetchMock } = renderAt('/admin', { 'common/query/searchUser': (body: Record<string, unknown>) => (body.query === 'kssg.ch' ? [maxUser(3, 'Max', 'Member', 'max.member@kssg.ch')] : []) });
    expect(screen.getByText('Type a name or an e-mail address to find a user.')).toBeInTheDocument();
    await userEvent.type(screen.getByPlaceholderText('Search name or e-mail'), 'kssg.ch');
    const link = await screen.findByRole('link', { name: /Max Member/ });
    expect(link).toHaveAttribute('href', '/admin/user/max.member%40kssg.ch');
    // typed character by character, but only the settled query went to the server
    expect(sentBodies(fetchMock, 'common/query/searchUser')).toEqual([{ query: 'kssg.ch' }]);

    await userEvent.clear(screen.getByPlaceholderText('Search name or e-mail'));
    await userEvent.type(screen.getByPlaceholderText('Search name or e-mail'), 'nobody');
    expect(await screen.findByText('No items found')).toBeInTheDocument();
  });

  it('shows a server error', async () => {
    renderAt('/admin', { 'common/query/searchUser': { status: 400, body: { message: 'validation.tooLong', params: { field: 'query' } } } }, { retry: false });
    await userEvent.type(screen.getByPlaceholderText('Search name or e-mail'), 'x');
    expect(await screen.findByRole('alert')).toHaveTextContent('Input is too long');
  });
});

describe('User page', () => {
  it('shows logins, space roles with collection roles and similar users', async () => {
    const { fetchMock } = renderAt('/admin/user/max.member%40kssg.ch');
    expect(await screen.findByRole('heading', { level: 1, name: 'max.member@kssg.ch' })).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'admin/query/userData')).toEqual([{ username: 'max.member@kssg.ch' }]);

    const logins = screen.getByRole('region', { name: 'Logins' });
    const primary = within(logins).getByText('max.member@kssg.ch').closest('li');
    expect(primary).not.toBeNull();
    expect(within(primary as HTMLElement).getByText('Primary')).toBeInTheDocument();
    expect(within(primary as HTMLElement).getByText('Verified')).toBeInTheDocument();
    const second = within(logins).getByText('max@private.ch').closest('li') as HTMLElement;
    expect(within(second).queryByText('Primary')).not.toBeInTheDocument();
    expect(within(second).getByText('Not verified')).toBeInTheDocument();

    const roles = screen.getByRole('region', { name: 'Spaces and roles' });
    const kssg = within(roles).getByRole('heading', { name: 'Kantonsspital St. Gallen' }).closest('li') as HTMLElement;
    expect(within(kssg).getByText('Administrator')).toBeInTheDocument();
    const collection = within(kssg).getByText('Notfallmedizin').closest('li') as HTMLElement;
    expect(within(collection).getByText('Validator')).toBeInTheDocument();
    expect(within(collection).getByText('Guidelines: Author')).toBeInTheDocument();
    const insel = within(roles).getByRole('heading', { name: 'Inselspital' }).closest('li') as HTMLElement;
    expect(within(insel).getByText('No roles in collections')).toBeInTheDocument();

    await userEvent.type(within(roles).getByPlaceholderText('Search'), 'notfall');
    expect(within(roles).queryByRole('heading', { name: 'Inselspital' })).not.toBeInTheDocument();

    const similar = screen.getByRole('region', { name: 'Similar users' });
    expect(within(similar).getByRole('link', { name: /Max Muster/ })).toHaveAttribute('href', '/admin/user/max.muster%40insel.ch');
  });

  it('a missing user is the not-found page', async () => {
    renderAt('/admin/user/nobody%40x.ch', { 'admin/query/userData': { status: 404, body: { message: 'user.notFound', params: {} } } });
    expect(await screen.findByText('404')).toBeInTheDocument();
  });

  it('adds a login and shows a taken address at the field', async () => {
    let calls = 0;
    const { fetchMock } = renderAt('/admin/user/max.member%40kssg.ch', {
      'admin/mutation/addUserLogin': (body: Record<string, unknown>) => {
        calls++;
        if (calls === 1) return { status: 409, body: { message: 'user.emailTaken', params: { email: body.email } } };
        return { ...max, logins: [...max.logins, { id: 12, provider: 'local', email: body.email, verified: true, primary: false, created: '2026-03-01T00:00:00Z' }] };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add login' }));
    const dialog = screen.getByRole('dialog', { name: 'Add login' });
    await userEvent.type(within(dialog).getByLabelText('E-mail'), 'not-an-address');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByText('Please enter a valid e-mail address')).toBeInTheDocument();

    await userEvent.clear(within(dialog).getByLabelText('E-mail'));
    await userEvent.type(within(dialog).getByLabelText('E-mail'), 'anna.admin@kssg.ch');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('anna.admin@kssg.ch is already used by another login')).toBeInTheDocument();

    await userEvent.clear(within(dialog).getByLabelText('E-mail'));
    await userEvent.type(within(dialog).getByLabelText('E-mail'), 'max.new@kssg.ch');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(screen.getByRole('region', { name: 'Logins' })).findByText('max.new@kssg.ch')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'admin/mutation/addUserLogin')).toEqual([
      { user: 3, email: 'anna.admin@kssg.ch' },
      { user: 3, email: 'max.new@kssg.ch' },
    ]);
  });

  it('changes the e-mail and follows the new username', async () => {
    const renamed = { ...max, username: 'max.neu@kssg.ch', logins: [{ ...max.logins[0], email: 'max.neu@kssg.ch' }, max.logins[1]] };
    const { fetchMock, router } = renderAt('/admin/user/max.member%40kssg.ch', { 'admin/mutation/updateUserEmail': renamed });
    await userEvent.click(await screen.findByRole('button', { name: 'Change e-mail' }));
    const dialog = screen.getByRole('dialog', { name: 'Change e-mail' });
    expect(within(dialog).getByLabelText('E-mail')).toHaveValue('max.member@kssg.ch');
    await userEvent.clear(within(dialog).getByLabelText('E-mail'));
    await userEvent.type(within(dialog).getByLabelText('E-mail'), 'max.neu@kssg.ch');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/user/max.neu%40kssg.ch'));
    expect(await screen.findByRole('heading', { level: 1, name: 'max.neu@kssg.ch' })).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'admin/mutation/updateUserEmail')).toEqual([{ user: 3, email: 'max.neu@kssg.ch' }]);
  });

  it('removes a login after confirmation and shows the last-login refusal', async () => {
    let calls = 0;
    const { fetchMock } = renderAt('/admin/user/max.member%40kssg.ch', {
      'admin/mutation/deleteUserLogin': () => (++calls === 1 ? { status: 409, body: { message: 'user.lastLogin', params: {} } } : true),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove login max@private.ch' }));
    const confirm = screen.getByRole('alertdialog');
    expect(confirm).toHaveTextContent('max@private.ch can no longer be used to sign in.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await within(confirm).findByText("A user's last login cannot be removed")).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(sentBodies(fetchMock, 'admin/mutation/deleteUserLogin')).toEqual([
      { user: 3, email: 'max@private.ch' },
      { user: 3, email: 'max@private.ch' },
    ]);
  });

  it('removing the login named in the URL moves on to the username', async () => {
    const { router } = renderAt('/admin/user/max%40private.ch', { 'admin/mutation/deleteUserLogin': true });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove login max@private.ch' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/user/max.member%40kssg.ch'));
    expect(await screen.findByRole('heading', { level: 1, name: 'max.member@kssg.ch' })).toBeInTheDocument();
  });

  it('deletes the user after confirmation and returns to /admin; the last super admin is refused', async () => {
    let calls = 0;
    const { fetchMock, router } = renderAt('/admin/user/max.member%40kssg.ch', {
      'common/mutation/deleteUser': () => (++calls === 1 ? { status: 409, body: { message: 'user.lastSuperAdmin', params: {} } } : true),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete user' }));
    const confirm = screen.getByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(confirm).findByText('The last super admin cannot be deleted')).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(sentBodies(fetchMock, 'common/mutation/deleteUser')).toEqual([{ userId: 3 }, { userId: 3 }]);
  });
  it('ends all sessions of the user after confirmation and says how many', async () => {
    const { fetchMock } = renderAt('/admin/user/max.member%40kssg.ch', { 'admin/mutation/endUserSessions': 3 });
    const security = await screen.findByRole('region', { name: 'Sign-in and security' });
    await userEvent.click(within(security).getByRole('button', { name: 'End all sessions' }));
    const confirm = screen.getByRole('alertdialog', { name: 'End all sessions?' });
    expect(confirm).toHaveTextContent('max.member@kssg.ch will be signed out on every device.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'End all sessions' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByText('Sessions of max.member@kssg.ch ended: 3')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'admin/mutation/endUserSessions')).toEqual([{ user: 3 }]);
  });

  it('resets the second factor after confirmation; a vanished user is said so', async () => {
    let calls = 0;
    const { fetchMock } = renderAt('/admin/user/max.member%40kssg.ch', {
      'admin/mutation/resetSecondFactor': () => (++calls === 1 ? { status: 404, body: { message: 'user.notFound', params: { user: 3 } } } : true),
    });
    const security = await screen.findByRole('region', { name: 'Sign-in and security' });
    await userEvent.click(within(security).getByRole('button', { name: 'Reset second factor' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Reset second factor?' });
    expect(confirm).toHaveTextContent('The second factor and the recovery codes of max.member@kssg.ch will be deleted.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reset' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('User not found');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByText('The second factor of max.member@kssg.ch has been reset.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'admin/mutation/resetSecondFactor')).toEqual([{ user: 3 }, { user: 3 }]);
  });
});
