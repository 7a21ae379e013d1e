import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import type { MembershipRequest, Metadata, SharedCollection } from '@/lib/api-types.gen';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import type { Member, Space } from '@/lib/types';
import { mockApi, sentBodies, type MockRoute } from '@/test/mockApi';
import { MySpacesPage } from './MySpacesPage';
import { SpacePage } from './SpacePage';

const kssg: Space = {
  id: 1,
  title: 'Kantonsspital St. Gallen',
  subdomain: 'kssg',
  color: '#c8102e',
  accentColor: '#7a0019',
  emailDomains: ['kssg.ch'],
  tags: [],
  variables: {},
  lpvisible: true,
  national: false,
  public: true,
  position: 0,
  selfSignup: false, adminsNeedSecondFactor: false,
  member: true,
};
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
  'admin/spaceadmin/query/membershipRequests': [],
  'admin/query/customDomains': [],
  'admin/query/searchSynonyms': { synonyms: { de: [], en: [], fr: [], it: [] } },
  'admin/query/searchGaps': { gaps: [] },
};

function CollectionStub() {
  return <p>collection page {useParams().id}</p>;
}

function renderAt(path: string, routes: Record<string, MockRoute> = {}) {
  const fetchMock = mockApi({ ...base, ...routes });
  const router = createMemoryRouter(
    [
      { path: '/spaces', element: <MySpacesPage space={kssg} /> },
      { path: '/spaces/:id/:tab?', element: <SpacePage /> },
      { path: '/collections/:id', element: <CollectionStub /> },
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
  it('lists members and toggles admin', async () => {
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

    // search and paging: SpaceMembersTab.test.tsx
    const toggle = screen.getByRole('switch', { name: 'Max Muster is administrator' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Max Muster is administrator' })).toBeChecked());
    expect(sentBodies(fetchMock, 'admin/spaceadmin/mutation/setSpaceAdmin')).toEqual([{ spaceId: 1, id: 3, admin: true }]);
    expect(sentBodies(fetchMock, 'admin/spaceadmin/query/spaceMembers')[0]).toEqual({ space: 1, query: '', offset: 0, limit: 50 });
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

    await userEvent.click(screen.getByRole('button', { name: 'Delete Notfall' }));
    const confirm = screen.getByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('A collection containing guidelines cannot be deleted');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));

    await userEvent.click(screen.getByRole('button', { name: 'New collection' }));
    const dialog = screen.getByRole('dialog', { name: 'New collection' });
    const select = within(dialog).getByLabelText('Visibility');
    expect(select).toHaveAccessibleDescription(/Private: Only members of the collection can read its guidelines/);
    expect(select).toHaveValue('');
    expect(within(dialog).getByRole('option', { name: 'Select an option' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getAllByText('Field is required')).toHaveLength(2);
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Neu');
    await userEvent.selectOptions(select, 'private');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    // the new collection opens, to add members and guidelines
    expect(await screen.findByText('collection page 8')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'admin/mutation/createCollection')).toEqual([{ spaceId: 1, collection: { title: 'Neu', visibility: 'private', admins: [] } }]);

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

describe('Space tabs', () => {
  it('shows the tabs in the spec order with members as default', async () => {
    renderAt('/spaces/1');
    const nav = await screen.findByRole('navigation', { name: 'Space sections' });
    expect(within(nav).getAllByRole('link').map((l) => l.textContent)).toEqual([
      'Settings',
      'Members',
      'Requests',
      'Collections',
      'Sharing',
      'Metadata',
      'Announcements',
      'Statistics',
      'Audit log',
    ]);
    expect(within(nav).getByRole('link', { name: 'Members' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Sharing' })).toHaveAttribute('href', '/spaces/1/sharing');
  });
});

describe('Space settings tab', () => {
  it('validates, sends the space with the fields it keeps, and shows the saved snackbar', async () => {
    const { fetchMock } = renderAt('/spaces/1/settings', {
      'admin/mutation/updateSpace': (body: Record<string, unknown>) => ({ ...kssg, ...(body.space as object) }),
    });
    const title = await screen.findByLabelText('Title');
    expect(title).toHaveValue('Kantonsspital St. Gallen');
    expect(screen.getByLabelText('Subdomain')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Subdomain')).toHaveValue('kssg');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await userEvent.clear(title);
    await userEvent.clear(screen.getByLabelText('Accent colour'));
    await userEvent.type(screen.getByLabelText('Accent colour'), '#12');
    // e-mail domains admit members: only the super admin changes them
    expect(screen.getByLabelText('E-mail domains')).toHaveAttribute('readonly');
    await userEvent.click(save);
    expect(screen.getByText('Field is required')).toBeInTheDocument();
    expect(screen.getByText('Must be a hex colour')).toBeInTheDocument();
    await waitFor(() => expect(title).toHaveFocus());
    expect(sentBodies(fetchMock, 'admin/mutation/updateSpace')).toEqual([]);

    await userEvent.type(title, 'KSSG');
    await userEvent.clear(screen.getByLabelText('Accent colour'));
    await userEvent.type(screen.getByLabelText('Accent colour'), '#123456');
    await userEvent.click(save);
    expect(await screen.findByText('KSSG saved')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'admin/mutation/updateSpace')).toEqual([
      {
        space: {
          id: 1,
          title: 'KSSG',
          subdomain: 'kssg',
          color: '#c8102e',
          accentColor: '#123456',
          emailDomains: kssg.emailDomains,
          lpvisible: true,
          national: false,
          public: true,
          position: 0,
          selfSignup: false, adminsNeedSecondFactor: false,
        },
      },
    ]);
  });

  it('lets the super admin change the e-mail domains', async () => {
    const { fetchMock } = renderAt('/spaces/1/settings', {
      'common/query/navigation': { spaceAdmin: true, superAdmin: true, spaceAdminTasks: 0 },
      'admin/mutation/updateSpace': (body: Record<string, unknown>) => ({ ...kssg, ...(body.space as object) }),
    });
    const domains = await screen.findByLabelText('E-mail domains');
    await waitFor(() => expect(domains).not.toHaveAttribute('readonly'));
    await userEvent.clear(domains);
    await userEvent.type(domains, 'kssg.ch, KSSG.CH');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Must be a list of lower case domain names')).toBeInTheDocument();
    await userEvent.clear(domains);
    await userEvent.type(domains, 'kssg.ch, h-och.ch');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'admin/mutation/updateSpace')).toHaveLength(1));
    expect(sentBodies(fetchMock, 'admin/mutation/updateSpace')[0]).toMatchObject({ space: { emailDomains: ['kssg.ch', 'h-och.ch'] } });
  });

  it('puts a server field error on its field', async () => {
    renderAt('/spaces/1/settings', {
      'admin/mutation/updateSpace': { status: 400, body: { message: 'space.invalidColor', params: { field: 'space.color' } } },
    });
    const color = await screen.findByLabelText('Colour');
    await userEvent.clear(color);
    await userEvent.type(color, '#abc');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Must be a hex colour');
    expect(color).toHaveAttribute('aria-invalid', 'true');
  });
});

const request = (id: number, firstname: string, lastname: string, username: string, message: string): MembershipRequest => ({
  id,
  spaceId: 1,
  user: { id: id + 100, firstname, lastname, username, title: '', about: '', language: 'de', weeklyReminder: false },
  message,
  status: 'pending',
  createdAt: '2024-05-03T10:00:00Z',
});

describe('Space requests tab', () => {
  it('lists pending requests with a tab badge, accepts one and refreshes requests, members and navigation', async () => {
    let pending = [request(11, 'Luca', 'Rossi', 'luca.member@hcuge.ch', 'Ich arbeite neu auf der Notfallstation.'), request(12, 'Eva', 'Gut', 'eva@example.ch', '')];
    const { fetchMock, router } = renderAt('/spaces/1/requests', {
      'admin/spaceadmin/query/membershipRequests': () => pending,
      'admin/spaceadmin/mutation/answerMembershipRequest': (body: Record<string, unknown>) => {
        const answered = pending.find((r) => r.id === body.id);
        pending = pending.filter((r) => r.id !== body.id);
        return { ...answered, status: body.accept ? 'accepted' : 'declined' };
      },
    });
    expect(await screen.findByRole('link', { name: 'Requests (2 pending)' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Luca Rossi')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'luca.member@hcuge.ch' })).toHaveAttribute('href', 'mailto:luca.member@hcuge.ch');
    expect(screen.getByText('Ich arbeite neu auf der Notfallstation.')).toBeInTheDocument();
    expect(screen.getByText('No message')).toBeInTheDocument();
    expect(screen.getAllByText(/requested on/)[0]).toHaveTextContent(/2024/);

    const navCalls = () => sentBodies(fetchMock, 'common/query/navigation').length;
    const membersCalls = () => sentBodies(fetchMock, 'admin/spaceadmin/query/spaceMembers').length;
    // Neither the member list nor the navigation is mounted here, so invalidating only marks them
    // stale: load both once, and they must load again when shown after the answer.
    await userEvent.click(screen.getByRole('link', { name: 'Members' }));
    await screen.findByText('max.member@kssg.ch');
    await router.navigate('/spaces');
    await screen.findByRole('link', { name: /Kantonsspital St. Gallen/ });
    await router.navigate('/spaces/1/requests');
    const navBefore = navCalls();
    const membersBefore = membersCalls();

    await userEvent.click(await screen.findByRole('button', { name: 'Accept request of Luca Rossi' }));
    expect(await screen.findByText('Luca Rossi is now a member')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Ich arbeite neu auf der Notfallstation.')).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Requests (1 pending)' })).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'admin/spaceadmin/mutation/answerMembershipRequest')).toEqual([{ id: 11, accept: true }]);
    await userEvent.click(screen.getByRole('link', { name: 'Members' }));
    await waitFor(() => expect(membersCalls()).toBeGreaterThan(membersBefore));
    await router.navigate('/spaces');
    await waitFor(() => expect(navCalls()).toBeGreaterThan(navBefore));
  });

  it('declines only after confirmation and shows an already answered request in the dialog', async () => {
    const { fetchMock } = renderAt('/spaces/1/requests', {
      'admin/spaceadmin/query/membershipRequests': [request(11, 'Luca', 'Rossi', 'luca.member@hcuge.ch', '')],
      'admin/spaceadmin/mutation/answerMembershipRequest': { status: 409, body: { message: 'space.requestAnswered', params: {} } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Decline request of Luca Rossi' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Decline request?' });
    expect(confirm).toHaveTextContent('Luca Rossi will not become a member of the space.');
    expect(sentBodies(fetchMock, 'admin/spaceadmin/mutation/answerMembershipRequest')).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Decline' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('This request has already been answered');
    expect(sentBodies(fetchMock, 'admin/spaceadmin/mutation/answerMembershipRequest')).toEqual([{ id: 11, accept: false }]);
  });

  it('shows the empty state without a badge', async () => {
    renderAt('/spaces/1/requests');
    expect(await screen.findByText('No items found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Requests' })).toBeInTheDocument();
  });
});

const insel = { ...kssg, id: 2, title: 'Inselspital Bern', subdomain: 'insel', member: false };
const hug = { ...kssg, id: 3, title: 'Hôpitaux universitaires de Genève', subdomain: 'hug', member: false };
const sgaim = { ...kssg, id: 4, title: 'Swiss Society of General Internal Medicine', subdomain: 'sgaim', national: true, member: false };

const sharedNotfall: SharedCollection = {
  id: 7,
  spaceId: 1,
  spaceTitle: kssg.title,
  title: 'Notfall',
  visibility: 'protected',
  shares: [{ id: 50, toSpaceId: 2, toSpaceTitle: 'Inselspital Bern', active: true, title: 'Notfall', fromSpaceTitle: kssg.title }],
};
const offeredPflege: SharedCollection = {
  id: 31,
  spaceId: 3,
  spaceTitle: hug.title,
  title: 'Soins',
  visibility: 'public',
  shares: [{ id: 60, toSpaceId: 1, toSpaceTitle: kssg.title, active: false, title: 'Soins', fromSpaceTitle: hug.title }],
};

describe('Space sharing tab', () => {
  const collections = [
    { id: 7, title: 'Notfall', visibility: 'protected', spaceId: 1, guidelinesCount: 4, hasGuidelines: true },
    { id: 8, title: 'Pflege', visibility: 'private', spaceId: 1, guidelinesCount: 0, hasGuidelines: false },
  ];
  const sharingRoutes = {
    'admin/spaceadmin/query/sharedCollections': { shared: [sharedNotfall], available: [offeredPflege] },
    'admin/query/collections': collections,
    'common/query/landingPage': (body: Record<string, unknown>) =>
      body.query === 'insel'
        ? { spaces: [insel], nationalSpaces: [], mySpaces: [], total: 1, nationalTotal: 0 }
        : { spaces: [kssg, insel, hug], nationalSpaces: [sgaim], mySpaces: [], total: 3, nationalTotal: 1 },
  };

  it('lists both directions with active states', async () => {
    renderAt('/spaces/1/sharing', sharingRoutes);
    const shared = await screen.findByRole('region', { name: /Shared by this space/ });
    const offers = await within(shared).findByRole('list', { name: 'Notfall is offered to' });
    expect(within(offers).getByText('Inselspital Bern').parentElement).toHaveTextContent('Active');
    const incoming = screen.getByRole('region', { name: /Offered to this space/ });
    expect(within(incoming).getByText('Soins')).toBeInTheDocument();
    expect(within(incoming).getByText('from Hôpitaux universitaires de Genève')).toBeInTheDocument();
    expect(within(incoming).getByRole('switch', { name: 'Soins from Hôpitaux universitaires de Genève active' })).not.toBeChecked();
  });

  it('offers a collection: required fields, targets without this space and existing offers, server error', async () => {
    let reply: MockRoute = { shared: [sharedNotfall], available: [] };
    const { fetchMock } = renderAt('/spaces/1/sharing', {
      ...sharingRoutes,
      'admin/spaceadmin/mutation/createSharedCollection': () => reply,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Offer to a space' }));
    const dialog = await screen.findByRole('dialog', { name: 'Offer to a space' });
    const collection = await within(dialog).findByLabelText('Collection');
    const target = within(dialog).getByRole('combobox', { name: 'Space' });
    expect(collection).toHaveValue('');
    expect(within(collection).getByRole('option', { name: 'Select an option' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Offer' }));
    expect(within(dialog).getAllByText('Field is required')).toHaveLength(2);

    await userEvent.selectOptions(collection, '7');
    // every space of the landing page is a choice but this one and those that have the collection already
    await userEvent.click(target);
    const listbox = await within(dialog).findByRole('listbox', { name: 'Space' });
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(4));
    const disabled = (name: string) => within(listbox).getByRole('option', { name: new RegExp(name) }).getAttribute('aria-disabled');
    expect(disabled('Swiss Society')).toBeNull();
    expect(disabled('Kantonsspital')).toBe('true');
    expect(within(listbox).getByRole('option', { name: /Kantonsspital/ })).toHaveTextContent('This space');
    expect(disabled('Inselspital')).toBe('true');
    expect(within(listbox).getByRole('option', { name: /Inselspital/ })).toHaveTextContent('Already offered');
    expect(disabled('Genève')).toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();
    expect(target).toHaveAttribute('aria-expanded', 'false');

    // Pflege is offered nowhere yet: Insel is a choice, found on the server by typing and taken with the keyboard
    await userEvent.selectOptions(collection, '8');
    await userEvent.type(target, 'insel');
    await waitFor(() => expect(sentBodies(fetchMock, 'common/query/landingPage')).toContainEqual({ query: 'insel', size: 20 }));
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(1));
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(within(dialog).getByRole('button', { name: 'Remove Inselspital Bern' })).toHaveFocus();

    reply = { status: 409, body: { message: 'sharing.alreadyShared', params: {} } };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Offer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This collection is already offered to that space');

    reply = { shared: [sharedNotfall], available: [] };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Offer' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Offer to a space' })).not.toBeInTheDocument());
    expect(await screen.findByText('Pflege offered to Inselspital Bern')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'admin/spaceadmin/mutation/createSharedCollection')).toEqual([
      { spaceId: 2, collectionId: 8 },
      { spaceId: 2, collectionId: 8 },
    ]);
  });

  it('withdraws an offer after confirmation', async () => {
    const { fetchMock } = renderAt('/spaces/1/sharing', {
      ...sharingRoutes,
      'admin/spaceadmin/mutation/deleteSharedCollection': { shared: [], available: [offeredPflege] },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw offer of Notfall to Inselspital Bern' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete shared collection?' });
    expect(confirm).toHaveTextContent('“Notfall” will no longer be offered to Inselspital Bern.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(sentBodies(fetchMock, 'admin/spaceadmin/mutation/deleteSharedCollection')).toEqual([{ spaceId: 2, collectionId: 7 }]);
  });

  it('turns an incoming collection on with the offering space id', async () => {
    let overview = { shared: [sharedNotfall], available: [offeredPflege] };
    const { fetchMock } = renderAt('/spaces/1/sharing', {
      ...sharingRoutes,
      'admin/spaceadmin/query/sharedCollections': () => overview,
      'admin/mutation/activateSharedCollection': (body: Record<string, unknown>) => {
        overview = { ...overview, available: [{ ...offeredPflege, shares: [{ ...offeredPflege.shares[0], active: Boolean(body.active) }] }] };
        return overview;
      },
    });
    const toggle = await screen.findByRole('switch', { name: 'Soins from Hôpitaux universitaires de Genève active' });
    await userEvent.click(toggle);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Soins from Hôpitaux universitaires de Genève active' })).toBeChecked());
    expect(sentBodies(fetchMock, 'admin/mutation/activateSharedCollection')).toEqual([{ spaceId: 3, collectionId: 31, active: true }]);
    expect(await screen.findByText('Soins is now active')).toBeInTheDocument();
  });

  it('shows empty states', async () => {
    renderAt('/spaces/1/sharing', { ...sharingRoutes, 'admin/spaceadmin/query/sharedCollections': { shared: [], available: [] } });
    await waitFor(() => expect(screen.getAllByText('No items found')).toHaveLength(2));
  });
});

const definition = (id: number, name: string, options: string[]): Metadata => ({
  id,
  names: { de: name, en: '', fr: '', it: '' },
  descriptions: { de: `${name} of a guideline`, en: '', fr: '', it: '' },
  options: options.map((o, i) => ({ id: id * 10 + i, names: { de: o, en: '', fr: '', it: '' }, descriptions: { de: '', en: '', fr: '', it: '' } })),
});

describe('Space metadata tab', () => {
  const all = [definition(1, 'Fachgebiet', ['Kardiologie', 'Neurologie']), definition(2, 'Zielgruppe', ['Pflege']), definition(3, 'Setting', [])];

  it('checks, orders and saves the definitions the space uses', async () => {
    const { fetchMock } = renderAt('/spaces/1/metadata', {
      'admin/query/allMetadata': all,
      'admin/query/spaceMetadata': [all[1]],
      'admin/mutation/setSpaceMetadata': (body: Record<string, unknown>) => (body.metadataIds as number[]).map((id) => all.find((m) => m.id === id)),
    });
    const fach = await screen.findByRole('checkbox', { name: /Fachgebiet/ });
    expect(fach).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Zielgruppe/ })).toBeChecked();
    expect(screen.getByText('Kardiologie')).toBeInTheDocument();
    expect(screen.getByText('No options')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await userEvent.click(fach);
    expect(save).toBeEnabled();
    const order = screen.getByRole('region', { name: 'Order' });
    expect(within(order).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1Zielgruppe', '2Fachgebiet']);
    const up = within(order).getByRole('button', { name: 'Move Fachgebiet up' });
    await userEvent.click(up);
    expect(within(order).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1Fachgebiet', '2Zielgruppe']);
    // the pressed button reached the top, so the focus moves to its sibling
    expect(within(order).getByRole('button', { name: 'Move Fachgebiet down' })).toHaveFocus();

    await userEvent.click(save);
    expect(await screen.findByText('Metadata saved')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'admin/mutation/setSpaceMetadata')).toEqual([{ spaceId: 1, metadataIds: [1, 2] }]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
  });

  it('shows the empty state when no definitions exist', async () => {
    renderAt('/spaces/1/metadata', { 'admin/query/allMetadata': [], 'admin/query/spaceMetadata': [] });
    expect(await screen.findByText('No items found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});

describe('Space audit log tab', () => {
  it('lists the entries of the space', async () => {
    const { fetchMock } = renderAt('/spaces/1/auditlog', {
      'admin/query/auditLog': {
        entries: [
          {
            id: 1,
            at: '2025-03-10T12:00:00Z',
            spaceId: 1,
            spaceTitle: kssg.title,
            actor: { id: 2, name: 'Anna Keller', email: 'anna.admin@kssg.ch' },
            action: 'member.adminGranted',
            target: { type: 'user', id: 3, label: 'Max Muster' },
            details: {},
            clientAddr: '192.0.2.7',
            userAgent: 'Mozilla/5.0',
          },
        ],
        from: 0,
        size: 50,
        hasMore: false,
      },
    });
    expect(screen.getByRole('link', { name: 'Audit log' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('Anna Keller made Max Muster an administrator')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'admin/query/auditLog')).toEqual([{ spaceId: 1, from: 0, size: 50 }]);
  });
});
