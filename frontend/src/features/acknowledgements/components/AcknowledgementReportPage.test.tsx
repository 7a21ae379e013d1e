import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import type { Report as AcknowledgementReport } from '@/lib/api-types.gen';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import { useSnackbarStore } from '@/lib/snackbar';
import { mockApi, sentBodies, type MockRoute } from '@/test/mockApi';
import { reportCsv } from '../csv';
import { AcknowledgementReportPage } from './AcknowledgementReportPage';

const report: AcknowledgementReport = {
  requirement: { required: true, everyone: false, members: [3, 4], roles: [], fromCollection: false },
  collection: 2,
  version: 7,
  title: 'Sepsis',
  done: 1,
  missing: 1,
  people: [
    { userId: 4, name: 'Max Member', email: 'max@kssg.ch', acknowledgedVersion: 5, acknowledgedAt: '2026-10-01T08:00:00Z', done: false, remindedAt: null },
    { userId: 3, name: 'Anna Admin', email: 'anna@kssg.ch', acknowledgedVersion: 7, acknowledgedAt: '2026-11-20T08:00:00Z', done: true, remindedAt: null },
  ],
};

function renderPage(routes: Record<string, MockRoute>) {
  const fetchMock = mockApi({ 'admin/collectionadmin/query/acknowledgements': report, ...routes });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={['/acknowledgements/11/de']}>
        <Routes>
          <Route path="/acknowledgements/:id/:lang" element={<AcknowledgementReportPage />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  return fetchMock;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('Acknowledgement report', () => {
  it('shows the counts and who acknowledged which version', async () => {
    const fetchMock = renderPage({});
    expect(await screen.findByTestId('ack-done')).toHaveTextContent('1 acknowledged');
    expect(screen.getByTestId('ack-missing')).toHaveTextContent('1 pending');
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Max Member');
    expect(rows[1]).toHaveTextContent('5 (pending)');
    expect(rows[2]).toHaveTextContent('Anna Admin');
    expect(screen.getByRole('switch', { name: 'Require acknowledgement' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'From chosen groups and members' })).toBeChecked();
    expect(sentBodies(fetchMock, 'admin/collectionadmin/query/acknowledgements')).toEqual([{ guideline: 11, language: 'de' }]);
  });

  it('reminds the pending ones after confirmation and says how many', async () => {
    const fetchMock = renderPage({ 'admin/collectionadmin/mutation/remindAcknowledgement': { reminded: 1, skipped: 0 } });
    await userEvent.click(await screen.findByRole('button', { name: 'Remind' }));
    const dialog = screen.getByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remind' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'admin/collectionadmin/mutation/remindAcknowledgement')).toEqual([{ guideline: 11, language: 'de' }]));
    await waitFor(() => expect(useSnackbarStore.getState().snackbars.map((s) => s.message)).toContain('1 reminded, 0 skipped (already reminded in the past seven days).'));
  });

  it('requires acknowledgement from everyone who may read, or from nobody', async () => {
    const fetchMock = renderPage({ 'admin/collectionadmin/mutation/requireAcknowledgement': { required: true, everyone: true, members: [], roles: [], fromCollection: false } });
    await userEvent.click(await screen.findByRole('radio', { name: 'From everyone who may read the collection' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Require acknowledgement' }));
    expect(sentBodies(fetchMock, 'admin/collectionadmin/mutation/requireAcknowledgement')).toEqual([
      { guideline: 11, required: true },
      { guideline: 11, required: false },
    ]);
  });

  it('says when the requirement comes from the collection and offers a setting of its own', async () => {
    const fetchMock = renderPage({
      'admin/collectionadmin/query/acknowledgements': { ...report, requirement: { required: true, everyone: false, members: [3], roles: [], fromCollection: true } },
      'admin/collectionadmin/mutation/requireAcknowledgement': { required: true, everyone: false, members: [], roles: [], fromCollection: false },
    });
    expect(await screen.findByTestId('ack-from-collection')).toHaveTextContent('Required for every guideline of the collection.');
    expect(screen.getByRole('link', { name: 'Collection setting' })).toHaveAttribute('href', '/collections/2/settings');
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'From everyone who may read the collection' }));
    expect(sentBodies(fetchMock, 'admin/collectionadmin/mutation/requireAcknowledgement')).toEqual([{ guideline: 11, required: true }]);
  });
});

describe('reportCsv', () => {
  it('quotes cells and defuses formulas', () => {
    const csv = reportCsv([{ ...report.people[0], name: '=HYPERLINK("x")' }], ['Name', 'E-mail', 'Version', 'At', 'Done']);
    expect(csv).toBe('"Name","E-mail","Version","At","Done"\r\n"\'=HYPERLINK(""x"")","max@kssg.ch","5","2026-10-01T08:00:00Z","0"\r\n');
  });
});
