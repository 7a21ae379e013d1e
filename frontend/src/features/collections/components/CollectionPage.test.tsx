import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { i18n } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/queryClient';
import type { Collection, Member, Validator } from '../../../lib/types';
import { mockApi, sentBodies, type MockRoute } from '../../../test/mockApi';
import { CollectionPage } from './CollectionPage';
import { MyCollectionsPage } from './MyCollectionsPage';

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
const notfall: Collection = { id: 7, title: 'Notfall', visibility: 'protected', spaceId: 1, guidelinesCount: 4, hasGuidelines: true };

const base: Record<string, MockRoute> = {
  'common/query/collection': notfall,
  'admin/collectionadmin/query/collections': [notfall, { ...notfall, id: 8, title: 'Pflege', visibility: 'private', guidelinesCount: 0 }],
  'admin/collectionadmin/query/collectionMembers': [anna],
  'admin/collectionadmin/query/collectionValidators': [{ ...max, mainValidatorOf: 2 } satisfies Validator],
  'common/query/searchUserBySpace': [anna, max],
};

function renderAt(path: string, routes: Record<string, MockRoute> = {}) {
  const fetchMock = mockApi({ ...base, ...routes });
  const router = createMemoryRouter(
    [
      { path: '/collections', element: <MyCollectionsPage /> },
      { path: '/collections/:id/:tab?', element: <CollectionPage /> },
    ],
    { initialEntries: [path] },
  );
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

describe('My Collections', () => {
  it('lists administered collections with visibility and filters them', async () => {
    renderAt('/collections');
    const link = await screen.findByRole('link', { name: /Notfall/ });
    expect(link).toHaveAttribute('href', '/collections/7');
    expect(within(link).getByText('Protected')).toBeInTheDocument();
    await userEvent.type(screen.getByPlaceholderText('Search'), 'pfl');
    expect(screen.queryByRole('link', { name: /Notfall/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Pflege/ })).toBeInTheDocument();
  });
});

describe('Collection page', () => {
  it('edits title and visibility in the settings tab', async () => {
    const fetchMock = renderAt('/collections/7', { 'admin/mutation/updateCollection': { ...notfall, title: 'Notfallmedizin', visibility: 'public' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Notfall' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    const title = screen.getByLabelText('Title');
    expect(title).toHaveValue('Notfall');
    expect(screen.getByLabelText('Visibility')).toHaveValue('protected');
    await userEvent.clear(title);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Field is required')).toBeInTheDocument();
    await userEvent.type(title, 'Notfallmedizin');
    await userEvent.selectOptions(screen.getByLabelText('Visibility'), 'public');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Notfallmedizin' })).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'admin/mutation/updateCollection')).toEqual([{ collectionId: 7, collection: { title: 'Notfallmedizin', visibility: 'public' } }]);
  });

  it('adds a member through the search-as-you-type picker', async () => {
    let members = [anna];
    const fetchMock = renderAt('/collections/7/members', {
      'admin/collectionadmin/query/collectionMembers': () => members,
      'admin/collectionadmin/mutation/addCollectionMembers': () => {
        members = [anna, max];
        return members;
      },
    });
    expect(await screen.findByText('anna.admin@kssg.ch')).toBeInTheDocument();
    const picker = screen.getByRole('combobox', { name: 'Add a member of the space' });
    await userEvent.type(picker, 'm');
    const listbox = await screen.findByRole('listbox');
    await within(listbox).findByText('Max Muster');
    // Anna is already a member: visible but not selectable
    expect(within(listbox).getByText('Anna Keller').closest('[role="option"]')).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(await screen.findByText('max.member@kssg.ch')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'common/query/searchUserBySpace')).toContainEqual({ query: 'm' });
    expect(sentBodies(fetchMock, 'admin/collectionadmin/mutation/addCollectionMembers')).toEqual([{ collection: 7, members: [3] }]);
  });

  it('shows the main-validator refusal with its count', async () => {
    renderAt('/collections/7/validators', {
      'admin/collectionadmin/mutation/removeCollectionValidator': { status: 409, body: { message: 'collection.mainValidator', params: { n: 2 } } },
    });
    expect(await screen.findByText('Main validator of 2 guidelines')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Max Muster' }));
    const confirm = screen.getByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('Cannot remove a collection validator who is main validator of 2 guidelines');
  });

  it('shows collection statistics', async () => {
    renderAt('/collections/7/statistics', {
      'admin/query/collectionStats': { memberStats: { totalMembers: 4, authorsCount: 1, validatorsCount: 1, othersCount: 2 }, guidelinesCount: 9, sharedCollectionsCount: 1 },
    });
    expect(await screen.findByRole('meter', { name: 'Others' })).toHaveAttribute('aria-valuenow', '2');
    expect(screen.getByText('9')).toBeInTheDocument();
    expect(screen.getByText('Shared collections')).toBeInTheDocument();
  });

  it('maps 404 to not found and 403 to not authorised', async () => {
    renderAt('/collections/99', { 'common/query/collection': { status: 404, body: { message: 'not found', params: {} } } });
    expect(await screen.findByText('Page not found. Please check the URL for typos.')).toBeInTheDocument();
  });

  it('shows the not-authorised page when the members call is forbidden', async () => {
    renderAt('/collections/7/members', { 'admin/collectionadmin/query/collectionMembers': { status: 403, body: { message: 'forbidden', params: {} } } });
    await waitFor(() => expect(screen.getByText(/not authorised/)).toBeInTheDocument());
  });
});
