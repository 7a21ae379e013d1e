import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import { useSnackbarStore } from '@/lib/snackbar';
import { mockApi, sentBodies, type MockRoute } from '@/test/mockApi';
import { FeedbackButton } from './FeedbackButton';

function renderButton(reply: MockRoute) {
  const fetchMock = mockApi({ 'reader/mutation/sendFeedback': reply });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter>
        <FeedbackButton guideline={11} language="de" title="Sepsis" />
      </MemoryRouter>
    </AppProviders>,
  );
  return fetchMock;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('Message to the authors', () => {
  it('sends the trimmed text and subject, closes and says so', async () => {
    const fetchMock = renderButton({ thread: { id: 5 }, messages: [] });
    await userEvent.click(screen.getByRole('button', { name: 'Message to the authors' }));
    expect(screen.getByRole('dialog', { name: 'Message to the authors' })).toHaveTextContent('Your message about “Sepsis” goes to the authors');
    await userEvent.type(screen.getByLabelText('Subject (optional)'), ' Dosis ');
    await userEvent.type(screen.getByLabelText('Message'), '  Is the dose still current?  ');
    expect(screen.getByText('26 / 4000 characters')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentBodies(fetchMock, 'reader/mutation/sendFeedback')).toEqual([{ guideline: 11, language: 'de', text: 'Is the dose still current?', subject: 'Dosis' }]);
    expect(useSnackbarStore.getState().snackbars.map((s) => s.message)).toContain('Message sent to the authors');
  });

  it('refuses an empty message without asking the server', async () => {
    const fetchMock = renderButton({ thread: { id: 5 }, messages: [] });
    await userEvent.click(screen.getByRole('button', { name: 'Message to the authors' }));
    await userEvent.type(screen.getByLabelText('Message'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Field is required');
    expect(sentBodies(fetchMock, 'reader/mutation/sendFeedback')).toEqual([]);
  });

  it('shows the rate limit and keeps the text', async () => {
    renderButton({ status: 429, body: { message: 'feedback.tooMany', params: { max: 10, retryAfter: 1200 } } });
    await userEvent.click(screen.getByRole('button', { name: 'Message to the authors' }));
    await userEvent.type(screen.getByLabelText('Message'), 'Eleventh');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have already sent 10 messages in the past hour');
    expect(screen.getByLabelText('Message')).toHaveValue('Eleventh');
  });
});
