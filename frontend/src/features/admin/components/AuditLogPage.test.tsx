import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import type { LogEntry as AuditLogEntry } from '@/lib/api-types.gen';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import { mockApi, sentBodies } from '@/test/mockApi';
import { AuditLogPage } from './AuditLogPage';

const space = (id: number, title: string, subdomain: string) => ({
  id,
  title,
  subdomain,
  color: '#886622',
  accentColor: '#886622',
  emailDomains: [],
  tags: [],
  variables: {},
  lpvisible: true,
  national: false,
  public: false,
  position: 0,
  member: false,
});

const deleted: AuditLogEntry = {
  id: 7,
  at: '2025-03-10T12:00:00Z',
  spaceId: null,
  spaceTitle: '',
  actor: { id: 1, name: 'Super Admin', email: 'admin@vademecum.localhost' },
  action: 'user.deleted',
  target: { type: 'user', id: 9, label: 'Max Muster' },
  details: {},
  clientAddr: '192.0.2.1',
  userAgent: '',
};

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('AuditLogPage', () => {
  it('shows every space by default and one space when chosen, finding people of every space', async () => {
    const fetchMock = mockApi({
      'admin/query/spaces': (body: Record<string, unknown>) => ({ spaces: body.query === 'ins' ? [space(2, 'Inselspital', 'insel')] : [], total: body.query === 'ins' ? 1 : 0 }),
      'admin/query/auditLog': { entries: [deleted], from: 0, size: 50, hasMore: false },
      'common/query/searchUser': [{ id: 9, firstname: 'Max', lastname: 'Muster', username: 'max@insel.ch', title: '', about: '', language: '', weeklyReminder: false }],
    });
    const router = createMemoryRouter([{ path: '/admin/auditlog', element: <AuditLogPage /> }], { initialEntries: ['/admin/auditlog'] });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
    expect(await screen.findByText('Super Admin deleted the account Max Muster')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Space' })).toBeInTheDocument();
    expect(screen.getByText('User administration')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'admin/query/auditLog')[0]).toEqual({ spaceId: 0, from: 0, size: 50 });

    // the space is found on the server, among all of them
    await userEvent.type(screen.getByRole('combobox', { name: 'Space' }), 'ins');
    await waitFor(() => expect(sentBodies(fetchMock, 'admin/query/spaces')).toContainEqual({ query: 'ins', size: 20 }));
    await userEvent.click(await screen.findByRole('option', { name: /Inselspital/ }));
    await waitFor(() => expect(sentBodies(fetchMock, 'admin/query/auditLog').at(-1)).toEqual({ spaceId: 2, from: 0, size: 50 }));
    expect(screen.queryByRole('columnheader', { name: 'Space' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Inselspital' })).toHaveFocus();

    await userEvent.type(screen.getByRole('combobox', { name: 'Who' }), 'max');
    await userEvent.click(await screen.findByRole('option', { name: /Max Muster/ }));
    await waitFor(() => expect(sentBodies(fetchMock, 'admin/query/auditLog').at(-1)).toEqual({ spaceId: 2, actor: 9, from: 0, size: 50 }));
    expect(sentBodies(fetchMock, 'common/query/searchUser')).toEqual([{ query: 'max' }]);

    // removing the space shows every space again
    await userEvent.click(screen.getByRole('button', { name: 'Remove Inselspital' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'admin/query/auditLog').at(-1)).toEqual({ spaceId: 0, actor: 9, from: 0, size: 50 }));
    expect(screen.getByRole('combobox', { name: 'Space' })).toHaveFocus();
  });
});
