import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import type { Collection, Member, Validator } from '@/lib/types';
import { mockApi, sentBodies, type MockRoute } from '@/test/mockApi';
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
const notfall: Collection = {
  id: 7,
  title: 'Notfall',
  visibility: 'protected',
  spaceId: 1,
  guidelinesCount: 4,
  hasGuidelines: true,
  minApprovals: 1,
  escalateAfterDays: null,
  authorMayValidate: false,
  translationGraceDays: 14,
};

const base: Record<string, MockRoute> = {
  'common/query/collection': notfall,
  'admin/collectionadmin/query/collections': [notfall, { ...notfall, id: 8, title: 'Pflege', visibility: 'private', guidelinesCount: 0 }],
  'admin/collectionadmin/query/collectionMembers': [anna],
  'admin/collectionadmin/query/collectionValidators': [{ ...max, mainValidatorOf: 2 } satisfies Validator],
  'admin/collectionadmin/query/historyReaders': [],
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
    expect(sentBodies(fetchMock, 'admin/mutation/updateCollection')).toEqual([
      { collectionId: 7, collection: { title: 'Notfallmedizin', visibility: 'public', minApprovals: 1, escalateAfterDays: null, authorMayValidate: false, translationGraceDays: 14 } },
    ]);
  });

  it('sets the validation rules, refusing numbers out of range', async () => {
    const fetchMock = renderAt('/collections/7', { 'admin/mutation/updateCollection': { ...notfall, minApprovals: 2, escalateAfterDays: 5 } });
    const approvals = await screen.findByLabelText('Required approvals');
    expect(approvals).toHaveValue(1);
    const days = screen.getByLabelText('Escalate after days');
    expect(days).toHaveValue(null);
    expect(screen.getByRole('switch', { name: 'Authors may validate their own guidelines' })).not.toBeChecked();
    await userEvent.clear(approvals);
    await userEvent.type(approvals, '4');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Must be a whole number between 1 and 3')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'admin/mutation/updateCollection')).toEqual([]);
    await userEvent.clear(approvals);
    await userEvent.type(approvals, '2');
    await userEvent.type(days, '5');
    await userEvent.click(screen.getByRole('switch', { name: 'Authors may validate their own guidelines' }));
    const grace = screen.getByLabelText('Grace period for outdated translations (days)');
    await userEvent.clear(grace);
    await userEvent.type(grace, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'admin/mutation/updateCollection')).toEqual([
        { collectionId: 7, collection: { title: 'Notfall', visibility: 'protected', minApprovals: 2, escalateAfterDays: 5, authorMayValidate: true, translationGraceDays: 0 } },
      ]),
    );
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

  it('adds people by e-mail address and says which addresses the server refuses', async () => {
    let members = [anna];
    const fetchMock = renderAt('/collections/7/members', {
      'admin/collectionadmin/query/collectionMembers': () => members,
      'admin/collectionadmin/mutation/addCollectionMembers': (body: Record<string, unknown>) => {
        const emails = body.emails as string[];
        if (emails.some((e) => !e.endsWith('@kssg.ch')))
          return { status: 400, body: { message: 'space.emailOutsideDomains', params: { field: 'emails', emails: ['x@gmail.com'], domains: ['kssg.ch'] } } };
        members = [anna, member(9, '', '', 'nora@kssg.ch')];
        return members;
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add by e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add by e-mail' });
    const field = within(dialog).getByLabelText('E-mail addresses');
    await userEvent.type(field, 'nora@kssg.ch, x@gmail.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Only addresses of members or of kssg.ch can be added: x@gmail.com')).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, 'nora@kssg.ch');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('nora@kssg.ch')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'admin/collectionadmin/mutation/addCollectionMembers').at(-1)).toEqual({ collection: 7, members: [], emails: ['nora@kssg.ch'] });
  });

  it('searches members on the server and appends the next page on "Load more"', async () => {
    const many = [anna, ...Array.from({ length: 59 }, (_, i) => member(100 + i, 'Person', `P${String(i + 1).padStart(3, '0')}`, `person${i + 1}@kssg.ch`))];
    const fetchMock = renderAt('/collections/7/members', {
      'admin/collectionadmin/query/collectionMembers': (body: Record<string, unknown>) => {
        const q = String(body.query).toLowerCase();
        const found = many.filter((m) => `${m.firstname} ${m.lastname} ${m.username}`.toLowerCase().includes(q));
        return found.slice(Number(body.offset), Number(body.offset) + Number(body.limit));
      },
    });
    expect(await screen.findByText('person49@kssg.ch')).toBeInTheDocument();
    expect(screen.queryByText('person50@kssg.ch')).not.toBeInTheDocument();
    // the total is unknown until the whole list is on screen
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(/^Members$/);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('person59@kssg.ch')).toBeInTheDocument();
    expect(screen.getByText('anna.admin@kssg.ch')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(/^Members60$/);

    await userEvent.type(screen.getByPlaceholderText('Search name or e-mail'), 'P05');
    await waitFor(() => expect(document.querySelectorAll('.member-row')).toHaveLength(10));
    // a result shorter than a page needs no count
    expect(screen.queryByText(/shown/)).not.toBeInTheDocument();
    expect(screen.queryByText('anna.admin@kssg.ch')).not.toBeInTheDocument();
    expect(sentBodies(fetchMock, 'admin/collectionadmin/query/collectionMembers')).toEqual([
      { collection: 7, query: '', offset: 0, limit: 50 },
      { collection: 7, query: '', offset: 50, limit: 50 },
      { collection: 7, query: 'P05', offset: 0, limit: 50 },
    ]);
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

  it('designates history readers beside the validators and removes them after confirmation', async () => {
    let readers: Member[] = [];
    const fetchMock = renderAt('/collections/7/validators', {
      'admin/collectionadmin/query/historyReaders': () => readers,
      'admin/collectionadmin/mutation/addHistoryReaders': () => {
        readers = [{ ...anna, admin: false }];
        return readers;
      },
      'admin/collectionadmin/mutation/removeHistoryReader': () => {
        readers = [];
        return readers;
      },
    });
    const section = await screen.findByRole('region', { name: /^History readers/ });
    expect(within(section).getByText(/may see which version of a guideline of this collection was valid on a given day/)).toBeInTheDocument();
    await userEvent.type(within(section).getByRole('combobox', { name: 'Add person' }), 'a');
    const listbox = await screen.findByRole('listbox');
    await userEvent.click(await within(listbox).findByText('Anna Keller'));
    expect(await within(section).findByText('anna.admin@kssg.ch')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'admin/collectionadmin/mutation/addHistoryReaders')).toEqual([{ collection: 7, members: [2] }]);
    await userEvent.click(within(section).getByRole('button', { name: 'Remove Anna Keller' }));
    const confirm = screen.getByRole('alertdialog');
    expect(confirm).toHaveTextContent('Anna Keller will no longer see which version was valid on a given day.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(section).queryByText('anna.admin@kssg.ch')).not.toBeInTheDocument());
    expect(sentBodies(fetchMock, 'admin/collectionadmin/mutation/removeHistoryReader')).toEqual([{ collection: 7, member: 2 }]);
  });

  it('shows collection statistics', async () => {
    renderAt('/collections/7/statistics', {
      'admin/query/collectionStats': { memberStats: { totalMembers: 4, authorsCount: 1, validatorsCount: 1, othersCount: 2 }, guidelinesCount: 9, sharedCollectionsCount: 1 },
    });
    expect(await screen.findByRole('meter', { name: 'Others' })).toHaveAttribute('aria-valuenow', '2');
    expect(screen.getByText('9')).toBeInTheDocument();
    expect(screen.getByText('Shared collections')).toBeInTheDocument();
  });

  it('lists the spaces the collection is offered to with their state and links a space admin to My Spaces', async () => {
    const fetchMock = renderAt('/collections/7/sharing', {
      'common/query/navigation': { spaceAdmin: true },
      'admin/collectionadmin/query/collectionShareRequests': [
        { id: 1, toSpaceId: 2, toSpaceTitle: 'Inselspital Bern', active: true, title: 'Notfall', fromSpaceTitle: 'KSSG' },
        { id: 2, toSpaceId: 3, toSpaceTitle: 'Hôpitaux universitaires de Genève', active: false, title: 'Notfall', fromSpaceTitle: 'KSSG' },
      ],
    });
    const list = await screen.findByRole('list', { name: 'Spaces this collection is offered to' });
    expect(screen.getByRole('link', { name: 'Sharing' })).toHaveAttribute('aria-current', 'page');
    expect(within(list).getByText('Inselspital Bern').closest('li')).toHaveTextContent('Active');
    expect(within(list).getByText('Hôpitaux universitaires de Genève').closest('li')).toHaveTextContent('Inactive');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(/^Offered to other spaces2$/);
    expect(screen.getByText(/Each receiving space decides whether to show it/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Manage sharing in My Spaces' })).toHaveAttribute('href', '/spaces/1/sharing');
    expect(sentBodies(fetchMock, 'admin/collectionadmin/query/collectionShareRequests')).toEqual([{ collectionId: 7 }]);
  });

  it('shows the empty sharing state, without the My Spaces link for a collection admin only', async () => {
    renderAt('/collections/7/sharing', {
      'common/query/navigation': { spaceAdmin: false, collectionAdmin: true },
      'admin/collectionadmin/query/collectionShareRequests': [],
    });
    expect(await screen.findByText('No items found')).toBeInTheDocument();
    expect(screen.getByText('This collection is not offered to any other space.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Manage sharing in My Spaces' })).not.toBeInTheDocument());
  });

  it('shows the not-authorised page when the sharing call is forbidden', async () => {
    renderAt('/collections/7/sharing', { 'admin/collectionadmin/query/collectionShareRequests': { status: 403, body: { message: 'forbidden', params: {} } } });
    expect(await screen.findByText(/not authorised/)).toBeInTheDocument();
  });

  it('keeps the tab order settings, members, validators, guidelines, table of contents, sharing, statistics', async () => {
    renderAt('/collections/7');
    const tabs = await screen.findByRole('navigation', { name: 'Collection sections' });
    expect(within(tabs).getAllByRole('link').map((a) => a.textContent)).toEqual([
      'Settings',
      'Members',
      'Validators',
      'Guidelines',
      'Table of contents',
      'Sharing',
      'Statistics',
    ]);
  });

  it('lists the guidelines with their languages, states and people, and filters them', async () => {
    const lang = (language: string, title: string, states: string[], validUntil: string | null = null) => ({
      language,
      title,
      latestVersion: 2,
      publishedVersion: validUntil ? 2 : null,
      validUntil,
      states,
    });
    const fetchMock = renderAt('/collections/7/guidelines', {
      'admin/query/collectionGuidelines': [
        { id: 11, author: anna, mainValidator: max, languages: [lang('de', 'Sepsis', ['accepted', 'online'], '2027-11-21T00:00:00Z'), lang('fr', 'Septicémie', ['submitted', 'neverPublished', 'notVisible'])] },
        { id: 12, author: max, mainValidator: null, languages: [] },
      ],
    });
    const sepsis = await screen.findByRole('link', { name: 'Sepsis' });
    expect(sepsis).toHaveAttribute('href', '/guidelines/guideline/11/de');
    expect(screen.getByText('Author: Anna Keller · Main validator: Max Muster')).toBeInTheDocument();
    expect(screen.getByText(`valid until ${new Date('2027-11-21T00:00:00Z').toLocaleDateString('en-GB', { year: 'numeric', month: '2-digit', day: '2-digit' })}`)).toBeInTheDocument();
    expect(screen.getByText('No language version saved yet')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'admin/query/collectionGuidelines')).toEqual([{ collection: 7 }]);
    await userEvent.type(screen.getByRole('searchbox'), 'septic');
    expect(screen.queryByText('No language version saved yet')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Septicémie' })).toBeInTheDocument();
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
