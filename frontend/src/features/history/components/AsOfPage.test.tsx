import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import type { AsOf as GuidelineAsOf, Publication } from '@/lib/api-types.gen';
import { formatDate } from '@/lib/dates';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import { mockApi, sentBodies, type MockRoute } from '@/test/mockApi';
import { AsOfPage } from './AsOfPage';

const publication = (version: number, kind: string, from: string, until: string | null): Publication => ({
  version,
  kind,
  from,
  until,
  validFrom: from,
  validUntil: '2027-01-10T00:00:00Z',
  validator: 'Dr. Meier',
  comment: 'Geprüft',
});

const v1 = publication(1, 'submit', '2026-01-10T09:00:00Z', '2026-03-01T10:00:00Z');
const v2 = publication(2, 'hotfix', '2026-03-01T10:00:00Z', '2026-05-02T08:00:00Z');
const v3 = publication(3, 'submit', '2026-05-02T08:00:00Z', null);

const asOf: GuidelineAsOf = {
  id: 4,
  language: 'de',
  date: '2026-03-12',
  title: 'Sepsis',
  description: '',
  details: [{ id: 11, index: 0, title: 'Dosierung', content: '<p>2 mg/kg</p>' }],
  inForce: { ...v2, validFrom: v1.from },
  expired: false,
  withdrawn: false,
  before: [v1],
  after: [v3],
  canonicalLink: 'https://kssg.vademecum.ch/guideline/4/de',
};

function renderAsOf(path: string, routes: Record<string, MockRoute>) {
  const fetchMock = mockApi(routes);
  const router = createMemoryRouter(
    [
      { path: '/guideline/:id/:lang/asof/:date?', element: <AsOfPage /> },
      { path: '/guideline/:id/:lang', element: <p>reader</p> },
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
  await i18n.changeLanguage('de');
});
afterEach(() => vi.unstubAllGlobals());

describe('the guideline as of a date', () => {
  it('shows the version in force that day, marked as not current, with its validation and neighbours', async () => {
    const fetchMock = renderAsOf('/guideline/4/de/asof/2026-03-12', { 'reader/query/guidelineAsOf': asOf });
    expect(await screen.findByText(`Stand am ${formatDate('2026-03-12T12:00:00Z', 'de')} — nicht die aktuelle Fassung`)).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'reader/query/guidelineAsOf')).toEqual([{ id: 4, language: 'de', date: '2026-03-12' }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Sepsis' })).toBeInTheDocument();
    expect(screen.getByText('2 mg/kg')).toBeInTheDocument();
    expect(screen.getAllByText('Dr. Meier').length).toBeGreaterThan(0);
    expect(screen.getByText('Geprüft')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: `← Version 1 vom ${formatDate(v1.from, 'de')}` })).toHaveAttribute('href', '/guideline/4/de/asof/2026-01-10');
    expect(screen.getByRole('link', { name: `Version 3 vom ${formatDate(v3.from, 'de')} →` })).toHaveAttribute('href', '/guideline/4/de/asof/2026-05-02');
  });

  it('goes to the day picked', async () => {
    const fetchMock = renderAsOf('/guideline/4/de/asof/2026-03-12', { 'reader/query/guidelineAsOf': (body: Record<string, unknown>) => ({ ...asOf, date: body.date }) });
    fireEvent.change(await screen.findByLabelText('Stand am'), { target: { value: '2026-02-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Anzeigen' }));
    await screen.findByText(`Stand am ${formatDate('2026-02-01T12:00:00Z', 'de')} — nicht die aktuelle Fassung`);
    expect(sentBodies(fetchMock, 'reader/query/guidelineAsOf')).toContainEqual({ id: 4, language: 'de', date: '2026-02-01' });
  });

  it('warns that the language was withdrawn that day', async () => {
    await i18n.changeLanguage('fr');
    renderAsOf('/guideline/4/de/asof/2026-03-12', { 'reader/query/guidelineAsOf': { ...asOf, withdrawn: true } });
    expect(await screen.findByTestId('asof-withdrawn')).toHaveTextContent('Ce jour-là, cette version linguistique était retirée');
  });

  it('says when nothing was in force yet', async () => {
    await i18n.changeLanguage('en');
    renderAsOf('/guideline/4/de/asof/2025-01-01', {
      'reader/query/guidelineAsOf': { status: 404, body: { message: 'guideline.notInForce', params: { date: '2025-01-01', firstPublished: v1.from } } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `No version was in force on ${formatDate('2025-01-01T12:00:00Z', 'en')}; first published on ${formatDate(v1.from, 'en')}.`,
    );
  });
});
