import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import type { Since as ReadSince } from '@/lib/api-types.gen';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import { useSnackbarStore } from '@/lib/snackbar';
import { mockApi, sentBodies, type MockRoute } from '@/test/mockApi';
import { ChangedChip } from './ChangedChip';
import { bannerDue, SinceReadBanner } from './SinceReadBanner';

const version = (n: number, text: string) => ({
  id: 11, version: n, language: 'de', title: 'Sepsis', description: '', tags: [], searchTags: [], created: '2026-11-01T08:00:00Z',
  details: [{ id: 1, index: 0, title: 'Dosis', content: `<p>${text}</p>` }],
});

function renderBanner(since: ReadSince | null, routes: Record<string, MockRoute> = {}) {
  const fetchMock = mockApi(routes);
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter>
        <SinceReadBanner guideline={11} language="de" version={4} changeComment="Dose halved" since={since} />
      </MemoryRouter>
    </AppProviders>,
  );
  return fetchMock;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('bannerDue', () => {
  it.each([
    [null, false],
    [{ readVersion: null, acknowledgedVersion: null, required: false }, false],
    [{ readVersion: 4, acknowledgedVersion: null, required: false }, false],
    [{ readVersion: 2, acknowledgedVersion: null, required: false }, true],
    [{ readVersion: null, acknowledgedVersion: null, required: true }, true],
    [{ readVersion: 4, acknowledgedVersion: 2, required: true }, true],
    [{ readVersion: 4, acknowledgedVersion: 4, required: true }, false],
  ])('%j → %s', (since, due) => expect(bannerDue(since, 4)).toBe(due));
});

describe('Changed since your last read', () => {
  it('says nothing to a reader who read the published version', () => {
    renderBanner({ readVersion: 4, acknowledgedVersion: null, required: false });
    expect(screen.queryByTestId('since-read')).not.toBeInTheDocument();
  });

  it('shows the change note and the diff since the version read, without a button when not required', async () => {
    renderBanner(
      { readVersion: 2, acknowledgedVersion: null, required: false },
      { 'reader/query/changeSinceRead': { before: version(2, 'Give 2 g'), after: version(4, 'Give 1 g') } },
    );
    expect(screen.getByRole('heading', { name: 'Changed since you last read it' })).toBeInTheDocument();
    expect(screen.getByText('Dose halved')).toBeInTheDocument();
    expect(screen.getByText('Version 2 → version 4')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Read and understood' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show changes' }));
    expect(await screen.findByLabelText('Section changed')).toHaveAttribute('data-status', 'changed');
    expect(screen.getByRole('button', { name: 'Hide changes' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('acknowledges the published version, says so and goes', async () => {
    const fetchMock = renderBanner({ readVersion: 4, acknowledgedVersion: 2, required: true }, { 'reader/mutation/acknowledge': { version: 4, acknowledgedAt: '2026-11-25T08:00:00Z' } });
    await userEvent.click(screen.getByRole('button', { name: 'Read and understood' }));
    await waitFor(() => expect(screen.queryByTestId('since-read')).not.toBeInTheDocument());
    expect(sentBodies(fetchMock, 'reader/mutation/acknowledge')).toEqual([{ guideline: 11, language: 'de', version: 4 }]);
    expect(useSnackbarStore.getState().snackbars.map((s) => s.message)).toContain('Thank you, your acknowledgement is saved.');
  });

  it('keeps the banner and explains when the version is no longer current', async () => {
    renderBanner(
      { readVersion: null, acknowledgedVersion: null, required: true },
      { 'reader/mutation/acknowledge': { status: 409, body: { message: 'acknowledgements.notCurrent', params: { current: 5 } } } },
    );
    expect(screen.getByRole('heading', { name: 'Acknowledgement required' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Read and understood' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This version is no longer current (current: version 5)');
    expect(screen.getByTestId('since-read')).toBeInTheDocument();
  });
});

describe('ChangedChip', () => {
  it('tells screen readers in full', () => {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <ChangedChip acknowledgementMissing />
      </AppProviders>,
    );
    expect(screen.getByTestId('changed-chip')).toHaveTextContent('changed');
    expect(screen.getByText('Changed since you last read it, acknowledgement pending')).toHaveClass('visually-hidden');
  });
});
