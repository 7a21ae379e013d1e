import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import { mockApi, sentBodies } from '@/test/mockApi';
import type { Suggestion } from '@/lib/api-types.gen';
import { HeaderSearch } from './HeaderSearch';

const suggestion = (text: string, guidelineId: number, spaceId = 1, kind = 'title'): Suggestion => ({
  text,
  kind,
  guidelineId,
  language: 'de',
  collectionId: 2,
  collectionSpaceId: spaceId,
  spaceId,
  sectionId: 0,
  sectionTitle: '',
  snippet: '',
});

function Probe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderSearch(path = '/') {
  const fetchMock = mockApi({
    'reader/query/suggestions': (body: Record<string, unknown>) =>
      String(body.query).toLowerCase().startsWith('sep')
        ? [suggestion('Sepsis bei Kindern', 11), suggestion('Sepsis', 12, 7, 'tag')]
        : String(body.query).toLowerCase().startsWith('rhabdo')
          ? [{ ...suggestion('Akute Nierenschädigung', 13, 1, 'section'), sectionId: 99, sectionTitle: 'Ursachen', snippet: 'Eine <mark>Rhabdomyolyse</mark> &amp; mehr' }]
          : [],
  });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <HeaderSearch spaceId={1} />
            <Probe />
          </>
        ),
      },
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

const location = () => screen.getByTestId('location').textContent;

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('header search box', () => {
  it('suggests as you type; arrow down and enter open the guideline', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderSearch();
    const box = screen.getByRole('combobox', { name: 'Search guidelines' });
    await user.type(box, 'Sep');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Sepsis bei KindernDE', 'SepsisTagDE']);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    // debounced: not one call per key
    expect(sentBodies(fetchMock, 'reader/query/suggestions').length).toBeLessThan(3);

    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0].id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1].id);
    await user.keyboard('{Enter}');
    // a guideline of another space (shared collection) names its space
    await waitFor(() => expect(location()).toBe('/guideline/12/de?space=7'));
    expect(box).toHaveValue('');
  });

  it('enter without a selection shows the results; escape closes the list', async () => {
    const user = userEvent.setup();
    renderSearch();
    const box = screen.getByRole('combobox');
    await user.type(box, 'Sepsis');
    await screen.findAllByRole('option');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe('/results?query=Sepsis'));
  });

  it('a click on a suggestion opens it', async () => {
    const user = userEvent.setup();
    renderSearch();
    await user.type(screen.getByRole('combobox'), 'sep');
    await user.click(await screen.findByRole('option', { name: /Sepsis bei Kindern/ }));
    await waitFor(() => expect(location()).toBe('/guideline/11/de'));
  });

  it('suggests guidelines whose text mentions the word, with the section and a snippet', async () => {
    const user = userEvent.setup();
    renderSearch();
    await user.type(screen.getByRole('combobox'), 'rhabdo');
    const option = await screen.findByRole('option', { name: /Akute Nierenschädigung/ });
    expect(option).toHaveTextContent('Ursachen: Eine Rhabdomyolyse & mehr');
    expect(option.querySelector('mark')?.textContent).toBe('Rhabdomyolyse');
    expect(option).toHaveTextContent('Section');
    await user.click(option);
    await waitFor(() => expect(location()).toBe('/guideline/13/de/99'));
  });

  it('the clear button empties the box; the search icon with an empty box goes to /results', async () => {
    const user = userEvent.setup();
    renderSearch('/releasenotes');
    const box = screen.getByRole('combobox');
    await user.type(box, 'abc');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(location()).toBe('/results'));
  });

  it('is hidden on the authoring routes and emptied on route changes', async () => {
    const user = userEvent.setup();
    const { router } = renderSearch();
    await user.type(screen.getByRole('combobox'), 'abc');
    await act(() => router.navigate('/eventinbox'));
    expect(screen.getByRole('combobox')).toHaveValue('');
    await act(() => router.navigate('/guidelines/guideline/4/de'));
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    await act(() => router.navigate('/guideline/4/de'));
    expect(screen.getByRole('combobox')).toBeInTheDocument();
  });
});
