import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { i18n } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/queryClient';
import type { Member, Space } from '../../../lib/types';
import { mockApi, sentBodies, type MockRoute } from '../../../test/mockApi';
import { MySpacesPage } from './MySpacesPage';
import { SpacePage } from './SpacePage';

const kssg = { id: 1, title: 'Kantonsspital St. Gallen', subdomain: 'kssg' } as Space;
const member = (id: number, firstname: string, lastname: string, username: string, admin = false): Member => ({
  id,
  firstname,
  lastname,
  username,
  admin,
  isAuthor: false,
  title: '',
  about: '',
  language: '',
  weeklyReminder: false,
});
const anna = member(2, 'Anna', 'Keller', 'anna.admin@kssg.ch', true);
const max = member(3, 'Max', 'Muster', 'max.member@kssg.ch');

const base: Record<string, MockRoute> = {
  'common/query/space': kssg,
  'common/query/navigation': { spaceAdmin: true, spaceAdminTasks: 0 },
  'admin/spaceadmin/query/spaceMembers': [anna, max],
};

function renderAt(path: string, routes: Record<string, MockRoute> = {}) {
  const fetchMock = mockApi({ ...base, ...routes });
  const router = createMemoryRouter(
    [
      { path: '/spaces', element: <MySpacesPage space={kssg} /> },
      { path: '/spaces/:id/:tab?', element: <SpacePage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { fetchMock, router };
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('My Spaces', () => {
  it('lists the current space for a space admin', async () => {
    renderAt('/spaces');
    expect(await screen.findByRole('link', { name: /Kantonsspital St. Gallen/ })).toHaveAttribute('href', '/spaces/1');
  });

  it('shows the empty state for others', async () => {
    renderAt('/spaces', { 'common/query/navigation': { spaceAdmin: false } });
    expect(await screen.findByText('No items found')).toBeInTheDocument();
  });
});

describe('Space members tab', () => {
  it('lists, filters and toggles admin', async () => {
    let members = [anna, max];
    const { fetchMock } = renderAt('/spaces/1', {
      'admin/spaceadmin/query/spaceMembers': () => members,
      'admin/spaceadmin/mutation/setSpaceAdmin': () => {
        members = [anna, { ...max, admin: true }];
        return members;
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Kantonsspital St. Gallen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Members' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('max.member@kssg.ch')).toBeInTheDocument();

    const search = screen.getByPlaceholderText('Search name or e-mail');
    await userEvent.type(search, 'kell');
    expect(screen.queryByText('max.member@kssg.ch')).not.toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, 'nobody');
    expect(screen.getByText('No items found')).toBeInTheDocument();
    await userEvent.clear(search);

    const toggle = screen.getByRole('switch', { name: 'Max Muster is administrator' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Max Muster is administrator' })).toBeChecked());
    expect(sentBodies(fetchMock, 'admin/spaceadmin/mutation/setSpaceAdmin')).toEqual([{ spaceId: 1, id: 3, admin: true }]);
    expect(sentBodies(fetchMock, 'admin/spaceadmin/query/spaceMembers')[0]).toEqual({ space: 1, limit: 1000 });
  });

  it('shows a 409 on removal inside the confirmation', async () => {
    renderAt('/spaces/1/members', {
      'admin/spaceadmin/mutation/deleteSpaceMember': { status: 409, body: { message: 'space.memberHasPublishedGuidelines', params: {} } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Max Muster' }));
    const confirm = screen.getByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('A member with published guidelines cannot be removed');
  });

  it('validates the e-mail list and shows the per-user result', async () => {
    const { fetchMock } = renderAt('/spaces/1', {
      'admin/spaceadmin/mutation/addSpaceMembers': [
        { username: 'new@kssg.ch', operation: 'invited' },
        { username: 'max.member@kssg.ch', operation: 'alreadyMember' },
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add members' }));
    const dialog = screen.getByRole('dialog', { name: 'Add members' });
    const area = within(dialog).getByLabelText('E-mail addresses');
    await userEvent.type(area, 'new@kssg.ch, broken');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter valid email addresses: broken');
    expect(sentBodies(fetchMock, 'admin/spaceadmin/mutation/addSpaceMembers')).toEqual([]);

    await userEvent.clear(area);
    await userEvent.type(area, 'new@kssg.ch, max.member@kssg.ch');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    const results = await within(dialog).findByRole('list', { name: 'Result' });
    expect(within(results).getByText('new@kssg.ch').parentElement).toHaveTextContent('Invited');
    expect(within(results).getByText('max.member@kssg.ch').parentElement).toHaveTextContent('Already a member');
    expect(sentBodies(fetchMock, 'admin/spaceadmin/mutation/addSpaceMembers')).toEqual([{ spaceId: 1, users: ['new@kssg.ch', 'max.member@kssg.ch'] }]);
  });

  it('shows the not-authorised page on 403', async () => {
    renderAt('/spaces/1', { 'admin/spaceadmin/query/spaceMembers': { status: 403, body: { message: 'forbidden', params: {} } } });
    expect(await screen.findByText(/not authorised/)).toBeInTheDocument();
  });

  it('treats unknown tabs as not found', async () => {
    renderAt('/spaces/1/nope');
    expect(await screen.findByText('Page not found. Please check the URL for typos.')).toBeInTheDocument();
  });
});

describe('Space collections and statistics tabs', () => {
  it('lists collections, validates and creates one, and reports hasGuidelines on delete', async () => {
    const collections = [{ id: 7, title: 'Notfall', visibility: 'protected', spaceId: 1, guidelinesCount: 4, hasGuidelines: true }];
    const { fetchMock } = renderAt('/spaces/1/collections', {
      'admin/query/collections': collections,
      'admin/mutation/createCollection': { id: 8, title: 'Neu', visibility: 'private', spaceId: 1, guidelinesCount: 0, hasGuidelines: false },
      'admin/mutation/deleteCollection': { status: 409, body: { message: 'collection.hasGuidelines', params: {} } },
    });
    expect(await screen.findByRole('link', { name: 'Notfall' })).toHaveAttribute('href', '/collections/7');
    expect(screen.getByText('Protected')).toBeInTheDocument();
    expect(screen.getByText('Guidelines: 4')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'New collection' }));
    const dialog = screen.getByRole('dialog', { name: 'New collection' });
    const select = within(dialog).getByLabelText('Visibility');
    expect(select).toHaveValue('');
    expect(within(dialog).getByRole('option', { name: 'Select an option' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getAllByText('Field is required')).toHaveLength(2);
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Neu');
    await userEvent.selectOptions(select, 'private');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New collection' })).not.toBeInTheDocument());
    expect(sentBodies(fetchMock, 'admin/mutation/createCollection')).toEqual([{ spaceId: 1, collection: { title: 'Neu', visibility: 'private', admins: [] } }]);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Notfall' }));
    const confirm = screen.getByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('A collection containing guidelines cannot be deleted');
  });

  it('draws member and collection statistics as meters', async () => {
    renderAt('/spaces/1/statistics', {
      'admin/query/spaceStats': {
        totalGuidelinesCount: 12,
        memberStats: { totalMembers: 10, authorsCount: 3, validatorsCount: 2, othersCount: 5 },
        collectionStats: [
          { collectionId: 7, collectionTitle: 'Notfall', guidelinesCount: 8 },
          { collectionId: 8, collectionTitle: 'Pflege', guidelinesCount: 4 },
        ],
      },
    });
    const authors = await screen.findByRole('meter', { name: 'Authors' });
    expect(authors).toHaveAttribute('aria-valuenow', '3');
    expect(authors).toHaveAttribute('aria-valuemax', '10');
    expect(authors.firstElementChild).toHaveStyle({ width: '30%' });
    expect(screen.getByRole('meter', { name: 'Pflege' }).firstElementChild).toHaveStyle({ width: '50%' });
    expect(screen.getByText('12')).toBeInTheDocument();
  });
});
