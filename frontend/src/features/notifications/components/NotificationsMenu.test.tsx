import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import type { Notification } from '@/lib/api-types.gen';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import { mockApi, sentBodies, type MockRoute } from '@/test/mockApi';
import { NotificationsMenu } from './NotificationsMenu';

const note = (over: Partial<Notification>): Notification => ({
  id: 1,
  title: 'Paracetamol',
  action: 'rejected',
  role: 'author',
  feedbackId: null,
  language: 'de',
  guidelineId: 11,
  revision: 4,
  seen: false,
  senderName: 'Max Muster',
  timestamp: new Date(Date.now() - 3 * 60_000).toISOString(),
  url: '/guidelines/guideline/11/de',
  ...over,
});

function renderMenu(routes: Record<string, MockRoute>) {
  const fetchMock = mockApi({ 'common/mutation/markNotificationsAsSeen': 1, ...routes });
  const router = createMemoryRouter(
    [
      { path: '/', element: <NotificationsMenu /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/'] },
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

describe('Notifications menu', () => {
  it('shows the unseen count and opens a notification, marking it seen', async () => {
    const { fetchMock, router } = renderMenu({
      'common/query/notifications': [note({}), note({ id: 2, action: 'accepted', seen: true, title: 'Sepsis', url: '/guidelines/guideline/12/fr' })],
    });
    const trigger = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await userEvent.click(trigger);
    expect(await screen.findByRole('menuitem', { name: /Max Muster rejected “Paracetamol”/ })).toHaveTextContent('3 minutes ago');
    expect(screen.getByRole('menuitem', { name: /Max Muster approved “Sepsis”/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: /rejected/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/guidelines/guideline/11/de'));
    expect(sentBodies(fetchMock, 'common/mutation/markNotificationsAsSeen')).toEqual([{ notificationIds: [1] }]);
  });

  it('marks all as seen', async () => {
    let seen = false;
    const { fetchMock } = renderMenu({
      'common/query/notifications': () => [note({ seen }), note({ id: 2, seen })],
      'common/mutation/markNotificationsAsSeen': () => {
        seen = true;
        return 2;
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Mark all as seen' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'common/mutation/markNotificationsAsSeen')).toEqual([{ notificationIds: [] }]));
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('says when there are none', async () => {
    renderMenu({ 'common/query/notifications': [] });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No items found')).toBeInTheDocument();
  });
});
