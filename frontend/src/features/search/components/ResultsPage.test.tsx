import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import type { Space } from '@/lib/types';
import { mockApi, sentBodies, type MockRoute } from '@/test/mockApi';
import type { SearchResponse, SearchResult } from '../api/search';
import { ResultsPage } from './ResultsPage';

const kssg = { id: 1, title: 'KSSG', subdomain: 'kssg' } as Space;

const hit = (guidelineId: number, over: Partial<SearchResult> = {}): SearchResult => ({
  guidelineId,
  title: `Guideline ${guidelineId}`,
  titleHighlight: `Guideline ${guidelineId}`,
  highlight: '',
  language: 'de',
  languages: ['de'],
  collectionId: 2,
  collectionTitle: 'Notfall',
  collectionSpaceId: 1,
  collectionSpaceTitle: 'KSSG',
  spaceId: 1,
  metadata: [],
  details: [],
  score: 1.5,
  ...over,
});

const response: SearchResponse = {
  totalHits: 23,
  filteredHits: 23,
  took: 4,
  results: [
    hit(11, {
      title: 'Sepsis <Kinder>',
      titleHighlight: '<mark>Sepsis</mark> &lt;Kinder&gt;',
      highlight: 'Bei &lt;script&gt;alert(1)&lt;/script&gt; <mark>Sepsis</mark> sofort',
      languages: ['de', 'fr'],
      details: [{ id: 99, title: 'Therapie', highlight: '<mark>Sepsis</mark>-Bündel' }],
    }),
    hit(12, { spaceId: 7, collectionSpaceId: 7, collectionSpaceTitle: 'HUG', collectionTitle: 'Urgences' }),
  ],
  collectionFilters: [
    { collectionId: 2, spaceId: 1, title: 'Notfall', count: 20 },
    { collectionId: 3, spaceId: 7, title: 'Urgences', count: 3 },
  ],
  metadataCounts: [{ metadataId: 5, optionId: 51, count: 4 }],
  suggestion: '',
  corrected: false,
  unseen: { expired: 0, hidden: 0 },
  signIn: false,
};

function Probe() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function renderResults(path: string, routes: Record<string, MockRoute> = {}) {
  const fetchMock = mockApi({
    'common/query/navigation': { spaceMember: true },
    'admin/query/spaceMetadata': [
      { id: 5, names: { de: 'Fachgebiet', en: '', fr: '', it: '' }, descriptions: { de: '', en: '', fr: '', it: '' }, options: [{ id: 51, names: { de: 'Pädiatrie', en: 'Paediatrics', fr: '', it: '' }, descriptions: { de: '', en: '', fr: '', it: '' } }] },
    ],
    'reader/query/search': response,
    ...routes,
  });
  const router = createMemoryRouter(
    [
      {
        path: '/results',
        element: (
          <>
            <ResultsPage space={kssg} />
            <Probe />
          </>
        ),
      },
      { path: '*', element: <Probe /> },
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
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('results page', () => {
  it('renders hits with safe highlights, collection, source space and language links', async () => {
    const fetchMock = renderResults('/results?query=Sepsis');
    expect(await screen.findByText('23 of 23 hits (4 ms)')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'reader/query/search')).toEqual([{ query: 'Sepsis', collections: [], metadata: {}, from: 0, size: 10, language: 'en' }]);
    const [first, second] = screen.getAllByRole('listitem').filter((li) => li.classList.contains('search-hit'));
    const title = within(first).getByRole('link', { name: 'Sepsis <Kinder>' });
    expect(title).toHaveAttribute('href', '/guideline/11/de');
    expect(title.querySelector('mark')?.textContent).toBe('Sepsis');
    expect(first.querySelector('script')).toBeNull();
    expect(first).toHaveTextContent('Bei <script>alert(1)</script> Sepsis sofort');
    expect(within(first).getByRole('link', { name: 'FR' })).toHaveAttribute('href', '/guideline/11/fr');
    expect(within(first).getByRole('link', { name: 'Therapie' })).toHaveAttribute('href', '/guideline/11/de/99');
    expect(first).not.toHaveTextContent('1.5');
    expect(within(second).getByRole('link', { name: 'Guideline 12' })).toHaveAttribute('href', '/guideline/12/de?space=7');
    expect(second).toHaveTextContent('Urgences · HUG');
  });

  it('keeps filters and the page in the URL and sends them', async () => {
    const user = userEvent.setup();
    const fetchMock = renderResults('/results?query=Sepsis&page=2');
    await screen.findByText('23 of 23 hits (4 ms)');
    expect(sentBodies(fetchMock, 'reader/query/search')[0]).toMatchObject({ from: 10, size: 10 });

    await user.click(screen.getByRole('checkbox', { name: /Urgences/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('?query=Sepsis&collection=7%3A3'));
    await user.click(await screen.findByRole('checkbox', { name: /Paediatrics/ })); // the option's English name
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('?query=Sepsis&collection=7%3A3&meta=5%3A51'));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'reader/query/search').at(-1)).toEqual({ query: 'Sepsis', collections: ['7:3'], metadata: { '5': [51] }, from: 0, size: 10, language: 'en' }),
    );

    await user.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toContain('page=3'));
  });

  it('asks for a term when the query is empty', async () => {
    const fetchMock = renderResults('/results');
    expect(await screen.findByText('What are you looking for?')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'reader/query/search')).toEqual([]);
  });

  it('says when nothing is found', async () => {
    renderResults('/results?query=zzz', { 'reader/query/search': { ...response, totalHits: 0, filteredHits: 0, results: [], collectionFilters: [], metadataCounts: [] } });
    expect(await screen.findByText('No hits for “zzz”')).toBeInTheDocument();
  });

  it('offers the corrected query, and says when the results are its', async () => {
    const user = userEvent.setup();
    renderResults('/results?query=Herzinsufizienz', { 'reader/query/search': { ...response, suggestion: 'Herzinsuffizienz', corrected: true } });
    expect(await screen.findByText('Nothing found for “Herzinsufizienz”; showing results for “Herzinsuffizienz”.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Herzinsuffizienz' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('?query=Herzinsuffizienz'));
  });

  it('offers "Meinten Sie" in German without claiming a correction', async () => {
    await i18n.changeLanguage('de');
    renderResults('/results?query=Sepsis', { 'reader/query/search': { ...response, suggestion: 'Sepsis Kinder' } });
    expect(await screen.findByText(/Meinten Sie/)).toHaveTextContent('Meinten Sie Sepsis Kinder?');
    expect(screen.queryByText(/Keine Treffer/)).toBeNull();
  });

  it("marks results shown in another language than the reader's", async () => {
    renderResults('/results?query=Sepsis', { 'reader/query/search': { ...response, results: [hit(11, { language: 'en' }), hit(12, { language: 'fr' })] } });
    const [first, second] = (await screen.findAllByRole('listitem')).filter((li) => li.classList.contains('search-hit'));
    expect(first).not.toHaveTextContent('in French');
    expect(second).toHaveTextContent('in French');
    expect(within(second).getByRole('link', { name: 'Guideline 12' })).toHaveAttribute('lang', 'fr');
  });

  it('explains an empty result in counts and offers to sign in', async () => {
    const none = { ...response, totalHits: 0, filteredHits: 0, results: [], collectionFilters: [], metadataCounts: [] };
    renderResults('/results?query=Tollwut', { 'reader/query/search': { ...none, unseen: { expired: 1, hidden: 3 }, signIn: true } });
    expect(await screen.findByText('Matching but expired: 1')).toBeInTheDocument();
    expect(screen.getByText('Matching in collections you cannot read: 3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to see more' }).getAttribute('href')).toContain('/auth/login');
    expect(screen.queryByText(/hidden by the chosen filters/)).not.toBeInTheDocument();
  });

  it('says when the filters hide every match', async () => {
    const filtered = { ...response, totalHits: 2, filteredHits: 0, results: [] };
    renderResults('/results?query=Sepsis&collection=1:2', { 'reader/query/search': filtered });
    expect(await screen.findByText('Matching but hidden by the chosen filters: 2')).toBeInTheDocument();
  });

  it('explains a refused filter and offers to clear it', async () => {
    const user = userEvent.setup();
    renderResults('/results?query=a&collection=9:9', {
      'reader/query/search': (body: Record<string, unknown>) => (Array.isArray(body.collections) && body.collections.length > 0 ? { status: 400, body: { message: 'search.unknownCollection', params: {} } } : response),
    });
    expect(await screen.findByText('A chosen collection is no longer available.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('23 of 23 hits (4 ms)')).toBeInTheDocument();
  });
});
