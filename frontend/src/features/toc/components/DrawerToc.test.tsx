import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import type { ActiveCollection, ReaderToc } from '@/lib/api-types.gen';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import { mockApi, sentBodies } from '@/test/mockApi';
import type { CollectionKey } from '../tree';
import { DrawerToc } from './DrawerToc';

const collections: ActiveCollection[] = [
  { collectionId: 1, spaceId: 5, spaceTitle: 'Alpha', collectionTitle: 'Emergency', shared: false, guidelinesCount: 3 },
  { collectionId: 9, spaceId: 7, spaceTitle: 'Beta Clinic', collectionTitle: 'Cardiology', shared: true, guidelinesCount: 1 },
];

const longFolder = 'A folder name that is longer than thirty';
const toc: ReaderToc = {
  collectionId: 1,
  spaceId: 5,
  title: 'Emergency',
  tree: {
    id: 'root',
    name: '',
    folders: [
      { id: 'f1', name: longFolder, folders: [], items: [{ id: 'i1', name: 'Sepsis', type: 'guideline', glid: 12, space: null, language: 'fr', link: '' }] },
      { id: 'f2', name: 'Empty', folders: [], items: [] },
    ],
    items: [{ id: 'i2', name: 'Swissmedic', type: 'externalLink', link: 'https://www.swissmedic.ch/', language: '' }],
  },
};

function renderDrawer(favorites: CollectionKey[] | null, selected: CollectionKey | null = null, at = '/') {
  const fetchMock = mockApi({
    'common/query/collectionsWithActiveGuidelines': collections,
    'reader/query/collectionToc': (body: Record<string, unknown>) => (body.collectionId === 1 ? toc : { ...toc, collectionId: 9, spaceId: 7, title: 'Cardiology', tree: { id: 'root', name: '', folders: [], items: [] } }),
  });
  const onTogglePin = vi.fn();
  const onSelect = vi.fn();
  const router = createMemoryRouter(
    [
      { path: at.split('?')[0], element: <DrawerToc selected={selected} onSelect={onSelect} favorites={favorites} onTogglePin={onTogglePin} pinBusy={false} onNavigate={() => undefined} /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [at] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { fetchMock, onTogglePin, onSelect, router };
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('Drawer table of contents', () => {
  it('preselects the first collection, names options with their counts and hides empty folders', async () => {
    const { fetchMock } = renderDrawer([]);
    const select = await screen.findByLabelText('Collection');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Emergency (3)', 'Cardiology (1) · Beta Clinic']);
    expect(await screen.findByText(longFolder)).toBeInTheDocument();
    expect(screen.queryByText('Empty')).not.toBeInTheDocument();
    expect(sentBodies(fetchMock, 'reader/query/collectionToc')).toEqual([{ collectionId: 1 }]);
    const external = screen.getByRole('link', { name: /Swissmedic/ });
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(external).toHaveTextContent('opens in a new tab');
    expect(screen.getByRole('link', { name: /Sepsis/ })).toHaveAttribute('href', '/guideline/12/fr');
  });

  it('puts favourites first and asks for shared collections with their space', async () => {
    const { fetchMock, onTogglePin } = renderDrawer([{ spaceId: 7, collectionId: 9 }]);
    const select = await screen.findByLabelText('Collection');
    expect(within(select).getAllByRole('option')[0]).toHaveTextContent('Cardiology (1)');
    expect(await screen.findByText('No items found')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'reader/query/collectionToc')).toEqual([{ collectionId: 9, space: 7 }]);
    const unpin = screen.getByRole('button', { name: 'Unpin collection' });
    expect(unpin).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(unpin);
    expect(onTogglePin).toHaveBeenCalledWith(collections[1], true);
  });

  it('filters item names case-insensitively and says when nothing matches', async () => {
    renderDrawer(null);
    await screen.findByText(longFolder);
    expect(screen.queryByRole('button', { name: /pin collection/i })).not.toBeInTheDocument();
    const filter = screen.getByPlaceholderText('Filter entries');
    await userEvent.type(filter, 'SEPS');
    expect(screen.getByRole('link', { name: /Sepsis/ })).toBeVisible();
    expect(screen.queryByRole('link', { name: /Swissmedic/ })).not.toBeInTheDocument();
    await userEvent.clear(filter);
    await userEvent.type(filter, 'nothing');
    expect(screen.getByText('No entry matches the filter.')).toBeInTheDocument();
  });

  it('reports the collection chosen', async () => {
    const { onSelect } = renderDrawer([]);
    await userEvent.selectOptions(await screen.findByLabelText('Collection'), '7:9');
    expect(onSelect).toHaveBeenCalledWith(collections[1]);
  });

  it.each([
    ['the guideline being read, in another language, and opens its folder', '/guideline/12/de/40', true],
    ['no guideline of another space', '/guideline/12/de?space=7', false],
    ['nothing on other pages', '/guidelines', false],
  ])('marks %s', async (_, at, marked) => {
    renderDrawer([], null, at);
    const sepsis = await screen.findByRole('link', { name: /Sepsis/, hidden: true });
    expect(sepsis.getAttribute('aria-current')).toBe(marked ? 'page' : null);
    expect(sepsis.closest('details')?.open).toBe(marked);
    expect(screen.getByRole('link', { name: /Swissmedic/ })).not.toHaveAttribute('aria-current');
  });
});
