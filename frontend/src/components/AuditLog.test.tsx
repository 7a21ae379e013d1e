import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/providers';
import type { LogEntry as AuditLogEntry } from '../lib/api-types.gen';
import { i18n } from '../lib/i18n';
import { createQueryClient } from '../lib/queryClient';
import type { Member } from '../lib/types';
import { mockApi, sentBodies, type MockRoute } from '../test/mockApi';
import { AUDIT_PAGE_SIZE, AuditLog } from './AuditLog';
import { PICKER_DEBOUNCE_MS } from './UserPicker';

const LOG = 'admin/query/auditLog';

const entry = (id: number, over: Partial<AuditLogEntry> = {}): AuditLogEntry => ({
  id,
  at: '2025-03-10T12:00:00Z',
  spaceId: 1,
  spaceTitle: 'Kantonsspital St. Gallen',
  actor: { id: 2, name: 'Anna Keller', email: 'anna.admin@kssg.ch' },
  action: 'member.added',
  target: { type: 'user', id: 100 + id, label: `Person ${id}` },
  details: {},
  clientAddr: '192.0.2.7',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0',
  ...over,
});

const max: Member = {
  id: 3,
  firstname: 'Max',
  lastname: 'Muster',
  username: 'max.member@kssg.ch',
  admin: false,
  isAuthor: false,
  title: '',
  about: '',
  language: '',
  weeklyReminder: false,
};

/** A stand-in for the server's paging: 120 entries, newest first. */
const many = Array.from({ length: 120 }, (_, i) => entry(i + 1));
const serverLog: MockRoute = (body: Record<string, unknown>) => {
  const from = Number(body.from ?? 0);
  const size = Number(body.size ?? 50);
  return { entries: many.slice(from, from + size), from, size, hasMore: from + size < many.length };
};

function renderLog(routes: Record<string, MockRoute>, props: Partial<Parameters<typeof AuditLog>[0]> = {}) {
  const fetchMock = mockApi({ 'common/query/searchUserBySpace': [max], ...routes });
  const router = createMemoryRouter([{ path: '/', element: <AuditLog spaceId={1} {...props} /> }]);
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
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('AuditLog', () => {
  it('lists entries as sentences with their details and origin', async () => {
    const fetchMock = renderLog({
      [LOG]: {
        entries: [
          entry(1, {
            action: 'space.updated',
            target: { type: 'space', id: 1, label: 'KSSG' },
            details: { title: { before: 'Old', after: 'KSSG' }, logo: 'replaced' },
          }),
          entry(2, { action: 'collection.memberAdded', details: { collectionId: 4, collection: 'Cardiology' } }),
        ],
        from: 0,
        size: 50,
        hasMore: false,
      },
    });
    expect(await screen.findByText('Anna Keller changed the settings of “KSSG”')).toBeInTheDocument();
    expect(screen.getByText('Anna Keller added Person 2 to the collection “Cardiology”')).toBeInTheDocument();
    const row = screen.getByText('Anna Keller changed the settings of “KSSG”').closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('Old')).toBeInTheDocument();
    expect(within(row).getByText('replaced')).toBeInTheDocument();
    expect(within(row).getByText('192.0.2.7')).toBeInTheDocument();
    expect(within(row).getByText(/Firefox/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages of the audit log' })).not.toBeInTheDocument();
    expect(sentBodies(fetchMock, LOG)).toEqual([{ spaceId: 1, from: 0, size: AUDIT_PAGE_SIZE }]);
  });

  it('pages through older and newer entries', async () => {
    const fetchMock = renderLog({ [LOG]: serverLog });
    expect(await screen.findByText('Anna Keller added Person 1 as a member')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Pages of the audit log' });
    expect(within(pager).getByText('Entries 1–50')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Newer' })).toBeDisabled();

    await userEvent.click(within(pager).getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('Anna Keller added Person 51 as a member')).toBeInTheDocument();
    await userEvent.click(within(pager).getByRole('button', { name: 'Older' }));
    expect(await within(pager).findByText('Entries 101–120')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Older' })).toBeDisabled();
    await userEvent.click(within(pager).getByRole('button', { name: 'Newer' }));
    expect(await within(pager).findByText('Entries 51–100')).toBeInTheDocument();
    // the second page was asked for once and comes back from the cache
    expect(sentBodies(fetchMock, LOG).map((b) => (b as { from: number }).from)).toEqual([0, 50, 100]);
  }, 20_000);

  it('filters by who, what and when, and starts again at the newest entries', async () => {
    const fetchMock = renderLog({ [LOG]: serverLog });
    await screen.findByText('Anna Keller added Person 1 as a member');
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    await screen.findByText('Anna Keller added Person 51 as a member');

    await userEvent.selectOptions(screen.getByLabelText('What'), 'collection.memberAdded');
    await userEvent.type(screen.getByRole('combobox', { name: 'Who' }), 'max');
    await userEvent.click(await screen.findByRole('option', { name: /Max Muster/ }, { timeout: PICKER_DEBOUNCE_MS + 8000 }));
    // the keyboard stays where it was: on the chosen person, who can be removed again
    expect(screen.getByRole('button', { name: 'Remove the filter “Max Muster”' })).toHaveFocus();
    await userEvent.type(screen.getByLabelText('From'), '2025-03-01');
    await userEvent.type(screen.getByLabelText('Until'), '2025-03-31');

    await waitFor(() => {
      const last = sentBodies(fetchMock, LOG).at(-1);
      expect(last).toEqual({
        spaceId: 1,
        actor: 3,
        action: 'collection.memberAdded',
        since: new Date(2025, 2, 1).toISOString(),
        until: new Date(2025, 3, 1).toISOString(),
        from: 0,
        size: AUDIT_PAGE_SIZE,
      });
    });

    await userEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(screen.getByRole('combobox', { name: 'Who' })).toHaveValue('');
    expect(screen.getByLabelText('What')).toHaveValue('');
    expect(screen.getByLabelText('From')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Reset filters' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Pages of the audit log' })).getByText('Entries 1–50')).toBeInTheDocument();
  }, 20_000);

  it('narrows the list to one actor from an entry', async () => {
    const fetchMock = renderLog({ [LOG]: serverLog });
    const buttons = await screen.findAllByRole('button', { name: 'Only entries by Anna Keller' });
    await userEvent.click(buttons[0]);
    await waitFor(() => expect(sentBodies(fetchMock, LOG).at(-1)).toMatchObject({ actor: 2, from: 0 }));
    expect(screen.queryByRole('button', { name: 'Only entries by Anna Keller' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove the filter “Anna Keller”' }));
    expect(screen.getByRole('combobox', { name: 'Who' })).toHaveFocus();
    expect(await screen.findAllByRole('button', { name: 'Only entries by Anna Keller' })).not.toHaveLength(0);
  }, 20_000);

  it('refuses an end before the start without asking the server', async () => {
    const fetchMock = renderLog({ [LOG]: serverLog });
    await screen.findByText('Anna Keller added Person 1 as a member');
    await userEvent.type(screen.getByLabelText('From'), '2025-03-10');
    await userEvent.type(screen.getByLabelText('Until'), '2025-03-01');
    expect(await screen.findByText('“Until” lies before “From”.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    expect(sentBodies(fetchMock, LOG).some((b) => (b as { until?: string }).until === new Date(2025, 2, 2).toISOString())).toBe(false);
  });

  it('shows the empty states', async () => {
    renderLog({ [LOG]: { entries: [], from: 0, size: 50, hasMore: false } });
    expect(await screen.findByText('No entries yet.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('What'), 'guideline.published');
    expect(await screen.findByText('No entries match these filters.')).toBeInTheDocument();
  });

  it('says when the caller may not read the log', async () => {
    renderLog({ [LOG]: { status: 403, body: { message: 'forbidden', params: {} } } });
    expect(await screen.findByRole('heading', { name: /not authori[sz]ed/i })).toBeInTheDocument();
  });

  it('shows a server refusal of a filter inside the card', async () => {
    renderLog({
      [LOG]: (body: Record<string, unknown>) =>
        body.action ? { status: 400, body: { message: 'auditLog.unknownAction', params: { field: 'action' } } } : { entries: [], from: 0, size: 50, hasMore: false },
    });
    await screen.findByText('No entries yet.');
    await userEvent.selectOptions(screen.getByLabelText('What'), 'auth.signIn');
    expect(await screen.findByRole('alert')).toHaveTextContent('The audit log knows no such action.');
  });

  it('downloads the filtered entries as CSV under the server name', async () => {
    const fetchMock = renderLog({ [LOG]: serverLog });
    await screen.findByText('Anna Keller added Person 1 as a member');
    await userEvent.selectOptions(screen.getByLabelText('What'), 'member.added');
    const createObjectURL = vi.fn(() => 'blob:csv');
    vi.stubGlobal(
      'URL',
      class extends URL {
        static createObjectURL = createObjectURL;
        static revokeObjectURL = vi.fn();
      },
    );
    fetchMock.mockImplementationOnce(
      async () => new Response('id,at\n', { status: 200, headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="audit-log-kssg-2025-03-10.csv"' } }),
    );
    let saved = '';
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved = `${this.download} ${this.href}`;
    });
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toBe('audit-log-kssg-2025-03-10.csv blob:csv'));
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/stream/auditLogExport', expect.objectContaining({ method: 'POST', body: '{"spaceId":1,"action":"member.added"}' }));
    click.mockRestore();
  });

  it('shows the space of each entry when asked to', async () => {
    renderLog(
      { [LOG]: { entries: [entry(1), entry(2, { spaceId: null, spaceTitle: '', action: 'user.deleted' })], from: 0, size: 50, hasMore: false } },
      { spaceId: 0, showSpace: true },
    );
    expect(await screen.findByRole('columnheader', { name: 'Space' })).toBeInTheDocument();
    expect(screen.getByText('Kantonsspital St. Gallen')).toBeInTheDocument();
    expect(screen.getByText('User administration')).toBeInTheDocument();
  });
});
