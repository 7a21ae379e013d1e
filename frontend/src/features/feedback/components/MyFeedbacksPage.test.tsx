import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import type { Conversation as FeedbackConversation, Thread as FeedbackThread } from '@/lib/api-types.gen';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import { mockApi, sentBodies, type MockRoute } from '@/test/mockApi';
import { FeedbackThreadPage } from './FeedbackThreadPage';
import { MyFeedbacksPage } from './MyFeedbacksPage';

const thread = (over: Partial<FeedbackThread>): FeedbackThread => ({
  id: 5,
  guidelineId: 11,
  language: 'de',
  title: 'Sepsis',
  subject: '',
  senderId: 3,
  senderName: 'Luca Rossi',
  sent: false,
  lastText: 'Is the dose still current?',
  lastAuthorName: 'Luca Rossi',
  lastAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  count: 1,
  unread: false,
  ...over,
});

function renderAt(path: string, routes: Record<string, MockRoute>) {
  const fetchMock = mockApi(routes);
  const router = createMemoryRouter(
    [
      { path: '/feedbacks', element: <MyFeedbacksPage /> },
      { path: '/feedbacks/:id', element: <FeedbackThreadPage /> },
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

describe('My Feedbacks', () => {
  it('lists threads with the guideline, the last message and an unread marker, and opens one', async () => {
    const { router } = renderAt('/feedbacks', {
      'reader/query/myFeedbacks': [
        thread({ unread: true, count: 2, lastText: 'Yes, since March.', lastAuthorName: 'Anna Keller', sent: true, subject: 'Dose' }),
        thread({ id: 6, title: 'Asthma', language: 'fr' }),
      ],
    });
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Sepsis');
    expect(rows[0]).toHaveTextContent('unread');
    expect(rows[0]).toHaveTextContent('Dose · to the authors · Messages: 2');
    expect(rows[0]).toHaveTextContent('Anna Keller: Yes, since March.');
    expect(rows[0]).toHaveTextContent('5 minutes ago');
    expect(rows[1]).not.toHaveTextContent('unread');
    expect(rows[1]).toHaveTextContent('from Luca Rossi · Messages: 1');
    await userEvent.click(within(rows[1]).getByRole('link'));
    expect(router.state.location.pathname).toBe('/feedbacks/6');
  });

  it('says so when there are none', async () => {
    renderAt('/feedbacks', { 'reader/query/myFeedbacks': [] });
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
  });
});

describe('a thread', () => {
  const conversation: FeedbackConversation = {
    thread: thread({ unread: true, count: 2 }),
    messages: [
      { id: 1, authorId: 3, authorName: 'Luca Rossi', mine: false, timestamp: '2026-11-20T10:00:00Z', text: 'Is the dose <b>still</b> current?' },
      { id: 2, authorId: 4, authorName: 'Anna Keller', mine: true, timestamp: '2026-11-20T11:00:00Z', text: 'Yes.' },
    ],
  };

  it('shows the messages as plain text, marks the thread read and sends an answer', async () => {
    const { fetchMock } = renderAt('/feedbacks/5', {
      'reader/query/feedback': conversation,
      'reader/mutation/markFeedbackRead': true,
      'reader/mutation/answerFeedback': { id: 3, authorId: 4, authorName: 'Anna Keller', mine: true, timestamp: '2026-11-20T12:00:00Z', text: 'See section 2.' },
    });
    expect(await screen.findByRole('heading', { name: 'Message about “Sepsis”' })).toBeInTheDocument();
    expect(screen.getByText('Is the dose <b>still</b> current?')).toBeInTheDocument();
    expect(screen.getByText('You')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sepsis' })).toHaveAttribute('href', '/guideline/11/de');
    await waitFor(() => expect(sentBodies(fetchMock, 'reader/mutation/markFeedbackRead')).toEqual([{ id: 5 }]));

    await userEvent.type(screen.getByLabelText('Your reply'), ' See section 2. ');
    await userEvent.click(screen.getByRole('button', { name: 'Reply' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'reader/mutation/answerFeedback')).toEqual([{ feedback: 5, text: 'See section 2.' }]));
    await waitFor(() => expect(screen.getByLabelText('Your reply')).toHaveValue(''));
  });

  it('shows a thread that is not there as not found', async () => {
    renderAt('/feedbacks/9', { 'reader/query/feedback': { status: 404, body: { message: 'feedback.notFound', params: {} } } });
    expect(await screen.findByRole('heading')).toBeInTheDocument();
    expect(screen.queryByLabelText('Your reply')).not.toBeInTheDocument();
  });
});
