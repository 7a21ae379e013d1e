import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import type { Comment, ReaderGuideline } from '@/lib/api-types.gen';
import { formatDate } from '@/lib/dates';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import type { Profile, Space } from '@/lib/types';
import { mockApi, sentBodies, type MockRoute } from '@/test/mockApi';
import { ReaderPage } from './ReaderPage';

const kssg = { id: 1, title: 'Kantonsspital', subdomain: 'kssg', color: '#c8102e', accentColor: '' } as Space;
const anonymous = { id: 0, username: 'Anonymous', firstname: '', lastname: '' } as Profile;
const luca = { id: 5, username: 'luca@kssg.ch', firstname: 'Luca', lastname: 'Rossi', preferCollapsed: false } as Profile;

const sepsis: ReaderGuideline = {
  id: 4,
  language: 'de',
  requestedLanguage: 'de',
  version: 3,
  title: 'Sepsis',
  description: 'Erwachsene',
  details: [
    {
      id: 11,
      index: 0,
      title: 'Dosierung',
      content:
        '<p>Siehe<sup data-footnote-ref="fn1" id="ref-fn1"><a href="#fn1">1</a></sup></p><div data-lookup-table="" data-scale=\'["5 kg","10 kg"]\' data-data=\'{"Sirup":["2 ml","4 ml"]}\'></div><section data-footnotes=""><ol><li id="fn1">SGAIM</li></ol></section>',
    },
    { id: 12, index: 1, title: 'Quellen', content: '<p>Literatur<sup data-footnote-ref="fn1" id="ref-fn1"><a href="#fn1">1</a></sup></p><section data-footnotes=""><ol><li id="fn1">NEJM</li></ol></section>' },
    { id: 13, index: 2, title: '', content: '', extern: { guideline: 8, language: 'de', detail: 81, available: true, guidelineTitle: 'Antibiotika', title: 'Wahl', content: '<p>Ceftriaxon</p>' } },
  ],
  tags: ['infektion'],
  languages: ['de', 'fr'],
  metadata: [{ metadataId: 1, names: { de: 'Fachgebiet', en: 'Specialty', fr: '', it: '' }, optionId: 2, optionNames: { de: 'Infektiologie', en: '', fr: '', it: '' } }],
  validator: 'Dr. Meier',
  validationDate: '2026-01-10T00:00:00Z',
  validFrom: '2026-01-10T00:00:00Z',
  validUntil: '2027-01-10T00:00:00Z',
  firstPublishedDate: '2024-03-01T00:00:00Z',
  canonicalLink: 'https://kssg.vademecum.ch/guideline/4/de',
  importantChange: true,
  changeComment: 'Neue Dosis für Kinder',
  collection: { id: 2, title: 'Notfall' },
  sourceSpace: null,
  abilities: { mayComment: true, mayEdit: false, mayReadHistory: false },
  translationOutdated: null,
};

function renderReader(path: string, routes: Record<string, MockRoute>) {
  const fetchMock = mockApi(routes);
  const router = createMemoryRouter([{ path: '/guideline/:id/:lang?/:detailId?', element: <ReaderPage space={kssg} /> }, { path: '/', element: <p>home</p> }], {
    initialEntries: [path],
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return fetchMock;
}

// the comments panel is its own chunk: load it once so that opening the tab is immediate
beforeAll(() => import('./ReaderComments'));

beforeEach(async () => {
  await i18n.changeLanguage('en');
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

describe('the guideline reader', () => {
  it('shows the text with its facts, footnotes kept apart, lookup tables and references', async () => {
    const fetchMock = renderReader('/guideline/4', { 'common/query/profile': anonymous, 'reader/query/guideline': sepsis });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sepsis' })).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'reader/query/guideline')).toEqual([{ id: 4, language: 'de' }]);
    expect(screen.getByText('Neue Dosis für Kinder')).toBeInTheDocument();
    expect(screen.getByText('Infektiologie')).toBeInTheDocument(); // no English name: the German one
    expect(screen.getByText('Infektiologie').closest('li')).toHaveAttribute('title', 'Specialty');
    expect(screen.getByText('Dr. Meier')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Français' })).toHaveAttribute('href', '/guideline/4/fr');
    expect(document.querySelectorAll('#d11-fn1, #d12-fn1')).toHaveLength(2);
    expect(screen.getByRole('grid')).toHaveTextContent('Sirup');
    expect(screen.getByText('Ceftriaxon')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'From “Antibiotika”: Wahl' })).toHaveAttribute('href', '/guideline/8/de/81');
    expect(screen.queryByRole('button', { name: 'Add to favourites' })).not.toBeInTheDocument();
    expect(sentBodies(fetchMock, 'common/query/detailRefs')).toEqual([]);
  });

  it('warns that a translation may be outdated and links to the source language', async () => {
    renderReader('/guideline/4/fr', {
      'common/query/profile': anonymous,
      'reader/query/guideline': { ...sepsis, language: 'fr', translationOutdated: { sourceLanguage: 'de', outdatedSince: '2026-03-01T00:00:00Z' } },
    });
    const notice = await screen.findByText(/This translation may no longer be up to date/);
    expect(notice.closest('[data-notice]')).toContainElement(screen.getByRole('link', { name: 'Read the Deutsch version' }));
    expect(screen.getByRole('link', { name: 'Read the Deutsch version' })).toHaveAttribute('href', '/guideline/4/de');
  });

  it('shows no translation notice for a current text', async () => {
    renderReader('/guideline/4', { 'common/query/profile': anonymous, 'reader/query/guideline': sepsis });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sepsis' })).toBeInTheDocument();
    expect(document.querySelector('[data-notice="translationOutdated"]')).toBeNull();
  });

  it.each([
    ['a phone', false],
    ['a wide screen', true],
  ])('folds the facts into one line on %s, with valid-until and the important change, and opens them on request', async (_, wide) => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: wide, media: query }) as MediaQueryList);
    renderReader('/guideline/4', { 'common/query/profile': anonymous, 'reader/query/guideline': sepsis });
    const summary = (await screen.findByText('About this guideline')).closest('summary')!;
    const fold = summary.closest('details')!;
    expect(fold).not.toHaveAttribute('open');
    expect(summary).toHaveTextContent(`valid until ${formatDate('2027-01-10T00:00:00Z', 'en')}`);
    expect(summary).toHaveTextContent('Important change');
    expect(fold).toContainElement(screen.getByText('Dr. Meier'));
    expect(fold).toContainElement(screen.getByText('Neue Dosis für Kinder'));
    await userEvent.click(summary);
    expect(fold).toHaveAttribute('open');
  });

  it('scrolls to the section of a deep link and collapses sections on request', async () => {
    renderReader('/guideline/4/12', { 'common/query/profile': anonymous, 'reader/query/guideline': sepsis });
    const section = await screen.findByRole('region', { name: 'Quellen' });
    await waitFor(() => expect(section).toHaveClass('reader-section--highlight'));
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
    const toggle = within(section).getByRole('button', { name: 'Quellen' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it.each([
    [{ status: 404, body: { message: 'reader.expired', params: { validUntil: '2020-01-01T00:00:00Z', languages: ['fr'] } } }, 'Expired', 'Français'],
    [{ status: 404, body: { message: 'reader.offline', params: {} } }, 'Temporarily offline', 'Back to home'],
    [{ status: 403, body: { message: 'reader.forbidden', params: { action: 'signIn' } } }, 'No access', 'Sign in'],
    [{ status: 403, body: { message: 'reader.forbidden', params: { action: 'requestMembership' } } }, 'No access', 'Request membership'],
    [{ status: 404, body: { message: 'guideline.notFound', params: {} } }, 'Guideline not found', 'Back to home'],
  ])('answers %j with its message and action', async (reply, title, action) => {
    renderReader('/guideline/4/de', { 'common/query/profile': anonymous, 'reader/query/guideline': reply });
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: action })).toBeInTheDocument();
  });

  it('asks anonymous readers to sign in before messaging the authors', async () => {
    const fetchMock = renderReader('/guideline/4/de?preSelectedTab=comments', { 'common/query/profile': anonymous, 'reader/query/guideline': sepsis });
    expect(await screen.findByText('Sign in to message the authors.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Comments' })).toHaveAttribute('aria-selected', 'true');
    expect(sentBodies(fetchMock, 'reader/query/commentsForGuideline')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Message to the authors' })).not.toBeInTheDocument();
  });

  it('lets a signed-in reader write a comment, shown as plain text, and keep the guideline as a favourite', async () => {
    const written: Comment = { id: 30, guidelineId: 4, language: 'de', authorId: 5, authorName: 'Luca Rossi', timestamp: '2026-05-01T10:00:00Z', body: '<b>Dosis?</b>', mayDelete: true, answers: [] };
    const fetchMock = renderReader('/guideline/4/de?preSelectedTab=comments', {
      'common/query/profile': luca,
      'reader/query/guideline': sepsis,
      'reader/query/commentsForGuideline': [],
      'reader/mutation/commentGuideline': written,
      'reader/query/favorites': { guidelines: [], collections: [] },
      'reader/mutation/addGuidelineFavorite': true,
    });
    await userEvent.type(await screen.findByLabelText('Your comment'), '<b>Dosis?</b>');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('<b>Dosis?</b>')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'reader/mutation/commentGuideline')).toEqual([{ guideline: 4, language: 'de', body: '<b>Dosis?</b>' }]);
    expect(await screen.findByRole('button', { name: 'Message to the authors' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Add to favourites' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'reader/mutation/addGuidelineFavorite')).toEqual([{ guideline: 4, language: 'de' }]));
  });

  it('tells a scanned print whether its version is still the current one', async () => {
    renderReader('/guideline/4/de?print=3', { 'common/query/profile': anonymous, 'reader/query/guideline': sepsis });
    expect(await screen.findByText('This print (version 3) is current.')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('tells a scanned old print which version is current, in German too', async () => {
    await i18n.changeLanguage('de');
    renderReader('/guideline/4/de?print=2', { 'common/query/profile': anonymous, 'reader/query/guideline': sepsis });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Dieser Ausdruck (Version 2) ist nicht mehr aktuell — aktuell ist Version 3 vom ${formatDate('2026-01-10T00:00:00Z', 'de')}.`,
    );
  });

  it('offers the history of the text to who may read it', async () => {
    renderReader('/guideline/4/de', { 'common/query/profile': luca, 'reader/query/guideline': { ...sepsis, abilities: { ...sepsis.abilities, mayReadHistory: true } } });
    expect(await screen.findByRole('link', { name: 'As of a date …' })).toHaveAttribute('href', '/guideline/4/de/asof');
  });
});
