import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { formatDate } from '@/lib/dates';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import type { Member } from '@/lib/types';
import { mockApi, sentBodies, type MockRoute } from '@/test/mockApi';
import { SpaceMembersTab } from './SpaceMembersTab';

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
/** 120 members in the server's order (by last name): Anna, then P001 … P119. */
const people = [anna, ...Array.from({ length: 119 }, (_, i) => member(100 + i, 'Person', `P${String(i + 1).padStart(3, '0')}`, `person${i + 1}@kssg.ch`))];

/** A stand-in for the server: searches name and e-mail, then cuts the page. */
function serverMembers(list: () => Member[]): MockRoute {
  return (body: Record<string, unknown>) => {
    const q = String(body.query ?? '').toLowerCase();
    const found = list().filter((m) => !q || `${m.firstname} ${m.lastname} ${m.username}`.toLowerCase().includes(q));
    const offset = Number(body.offset ?? 0);
    return found.slice(offset, offset + Number(body.limit ?? 100));
  };
}

const MEMBERS = 'admin/spaceadmin/query/spaceMembers';

function renderTab(routes: Record<string, MockRoute> = {}) {
  const fetchMock = mockApi({
    [MEMBERS]: serverMembers(() => people),
    'admin/query/spaceStats': { totalGuidelinesCount: 0, memberStats: { totalMembers: 120, authorsCount: 0, validatorsCount: 0, othersCount: 120 }, collectionStats: [] },
    ...routes,
  });
  const router = createMemoryRouter([{ path: '/spaces/:id', element: <SpaceMembersTab spaceId={1} /> }], { initialEntries: ['/spaces/1'] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return fetchMock;
}

const rows = () => document.querySelectorAll('.member-row');

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('Space members tab', () => {
  it('loads pages of 50 and appends the next page on "Load more"', async () => {
    const fetchMock = renderTab();
    expect(await screen.findByText('anna.admin@kssg.ch')).toBeInTheDocument();
    expect(rows()).toHaveLength(50);
    expect(screen.getByRole('heading', { name: /Members/ })).toHaveTextContent('120');
    expect(screen.getByText('50 shown')).toBeInTheDocument();
    expect(sentBodies(fetchMock, MEMBERS)).toEqual([{ space: 1, query: '', offset: 0, limit: 50 }]);

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('person50@kssg.ch')).toBeInTheDocument();
    expect(rows()).toHaveLength(100);
    // the first page stays, the new rows follow it, and the keyboard continues at the first new row
    expect(rows()[0]).toHaveAttribute('data-username', 'anna.admin@kssg.ch');
    expect(rows()[50]).toHaveAttribute('data-username', 'person50@kssg.ch');
    expect(document.activeElement).toBe(rows()[50]);
    expect(sentBodies(fetchMock, MEMBERS)).toEqual([
      { space: 1, query: '', offset: 0, limit: 50 },
      { space: 1, query: '', offset: 50, limit: 50 },
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('person119@kssg.ch')).toBeInTheDocument();
    expect(rows()).toHaveLength(120);
    // the last page was not full: nothing more to load
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText('120 shown')).toBeInTheDocument();
  });

  it('sends the search to the server once typing pauses and shows its result', async () => {
    const fetchMock = renderTab();
    expect(await screen.findByText('person49@kssg.ch')).toBeInTheDocument();
    await userEvent.type(screen.getByPlaceholderText('Search name or e-mail'), 'kell');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveAttribute('data-username', 'anna.admin@kssg.ch');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    // one request for the whole word, not one per keystroke
    expect(sentBodies(fetchMock, MEMBERS).slice(1)).toEqual([{ space: 1, query: 'kell', offset: 0, limit: 50 }]);

    await userEvent.clear(screen.getByPlaceholderText('Search name or e-mail'));
    await userEvent.type(screen.getByPlaceholderText('Search name or e-mail'), 'nobody');
    expect(await screen.findByText('No items found')).toBeInTheDocument();
    expect(sentBodies(fetchMock, MEMBERS)).toContainEqual({ space: 1, query: 'nobody', offset: 0, limit: 50 });
  });

  it('refetches every loaded page after a change', async () => {
    let list = people;
    const fetchMock = renderTab({
      [MEMBERS]: serverMembers(() => list),
      'admin/spaceadmin/mutation/setSpaceAdmin': (body: Record<string, unknown>) => {
        list = list.map((m) => (m.id === body.id ? { ...m, admin: Boolean(body.admin) } : m));
        return list.slice(0, 100);
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    const switchOnPage2 = await screen.findByRole('switch', { name: 'Person P060 is administrator' });
    await userEvent.click(switchOnPage2);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Person P060 is administrator' })).toBeChecked());
    expect(rows()).toHaveLength(100);
    expect(sentBodies(fetchMock, MEMBERS).slice(2)).toEqual([
      { space: 1, query: '', offset: 0, limit: 50 },
      { space: 1, query: '', offset: 50, limit: 50 },
    ]);
  });

  it('reports a failed search inside the card and keeps the search box', async () => {
    renderTab({
      [MEMBERS]: (body: Record<string, unknown>) => (body.query ? { status: 403, body: { message: 'forbidden', params: {} } } : [anna]),
    });
    expect(await screen.findByText('anna.admin@kssg.ch')).toBeInTheDocument();
    await userEvent.type(screen.getByPlaceholderText('Search name or e-mail'), 'x');
    const card = screen.getByRole('region', { name: /Members/ });
    expect(await within(card).findByRole('alert')).toHaveTextContent(/not authori[sz]ed/i);
    expect(screen.getByPlaceholderText('Search name or e-mail')).toHaveValue('x');
  });

  it('shows invited members and sends their invitation again or withdraws it', async () => {
    const invited: Member = { ...member(7, '', '', 'nora@kssg.ch'), invitation: { sentAt: '2026-03-02T08:00:00Z', expiresAt: '2026-03-16T08:00:00Z', pending: true } };
    const expired: Member = { ...member(8, '', '', 'old@kssg.ch'), invitation: { sentAt: '2026-01-02T08:00:00Z', expiresAt: '2026-01-16T08:00:00Z', pending: false } };
    let list = [anna, invited, expired];
    const fetchMock = renderTab({
      [MEMBERS]: serverMembers(() => list),
      'admin/spaceadmin/mutation/resendInvitation': () => {
        list = list.map((m) => (m.id === 8 ? { ...m, invitation: { sentAt: '2026-04-01T08:00:00Z', expiresAt: '2026-04-15T08:00:00Z', pending: true } } : m));
        return true;
      },
      'admin/spaceadmin/mutation/revokeInvitation': (body: Record<string, unknown>) => {
        list = list.filter((m) => m.id !== body.user);
        return true;
      },
    });
    const row = (username: string) => document.querySelector<HTMLElement>(`.member-row[data-username="${username}"]`);
    expect(await screen.findByText(`Invited on ${formatDate('2026-03-02T08:00:00Z', 'en')}`)).toBeInTheDocument();
    expect(within(row('old@kssg.ch') as HTMLElement).getByText('Invitation expired')).toBeInTheDocument();
    // active members have no invitation actions
    expect(within(row('anna.admin@kssg.ch') as HTMLElement).queryByRole('button', { name: /invitation/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Send the invitation to old@kssg.ch again' }));
    expect(await screen.findByText('Invitation sent to old@kssg.ch')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'admin/spaceadmin/mutation/resendInvitation')).toEqual([{ spaceId: 1, user: 8 }]);
    await waitFor(() => expect(within(row('old@kssg.ch') as HTMLElement).getByText(`Invited on ${formatDate('2026-04-01T08:00:00Z', 'en')}`)).toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Withdraw the invitation to nora@kssg.ch' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Withdraw the invitation?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(row('nora@kssg.ch')).toBeNull());
    expect(sentBodies(fetchMock, 'admin/spaceadmin/mutation/revokeInvitation')).toEqual([{ spaceId: 1, user: 7 }]);
  });
});
