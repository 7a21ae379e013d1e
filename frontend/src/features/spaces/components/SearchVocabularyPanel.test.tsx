import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import type { Gaps as SearchGaps, Synonyms as SearchSynonyms } from '@/lib/api-types.gen';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import { mockApi, sentBodies, type MockRoute } from '@/test/mockApi';
import { SearchVocabularyPanel } from './SearchVocabularyPanel';

const SYNONYMS = 'admin/query/searchSynonyms';
const SET = 'admin/mutation/setSearchSynonyms';
const GAPS = 'admin/query/searchGaps';

function renderPanel(routes: Record<string, MockRoute>) {
  const fetchMock = mockApi(routes);
  render(
    <AppProviders queryClient={createQueryClient()}>
      <SearchVocabularyPanel spaceId={7} />
    </AppProviders>,
  );
  return fetchMock;
}

const none: SearchGaps = { gaps: [] };

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SearchVocabularyPanel', () => {
  it('edits, adds and removes the groups of a language and saves them', async () => {
    let synonyms: SearchSynonyms = { synonyms: { de: [['SHT', 'Schädel-Hirn-Trauma']], en: [], fr: [], it: [] } };
    const fetchMock = renderPanel({
      [SYNONYMS]: () => synonyms,
      [SET]: (body: Record<string, unknown>) => {
        synonyms = { synonyms: { ...synonyms.synonyms, [String(body.language)]: body.synonyms as string[][] } };
        return synonyms;
      },
      [GAPS]: () => none,
    });
    const first = await screen.findByLabelText('Group 1');
    expect(first).toHaveValue('SHT, Schädel-Hirn-Trauma');
    await userEvent.click(screen.getByRole('button', { name: 'Add group' }));
    await userEvent.type(screen.getByLabelText('Group 2'), 'HI,  Herzinsuffizienz , ');
    await userEvent.click(screen.getByRole('button', { name: 'Save search terms' }));
    await vi.waitFor(() =>
      expect(sentBodies(fetchMock, SET)).toEqual([
        { spaceId: 7, language: 'de', synonyms: [['SHT', 'Schädel-Hirn-Trauma'], ['HI', 'Herzinsuffizienz']] },
      ]),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Remove group 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save search terms' }));
    await vi.waitFor(() => expect(sentBodies(fetchMock, SET)[1]).toEqual({ spaceId: 7, language: 'de', synonyms: [['HI', 'Herzinsuffizienz']] }));
  });

  it('refuses a group of one term before sending, and switches language', async () => {
    const fetchMock = renderPanel({
      [SYNONYMS]: () => ({ synonyms: { de: [], en: [['TBI', 'traumatic brain injury']], fr: [], it: [] } }),
      [GAPS]: () => none,
    });
    expect(await screen.findByText('No groups in this language yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add group' }));
    await userEvent.type(screen.getByLabelText('Group 1'), 'SHT');
    await userEvent.click(screen.getByRole('button', { name: 'Save search terms' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A group needs 2 to 20 terms');
    expect(sentBodies(fetchMock, SET)).toEqual([]);
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'en');
    expect(await screen.findByLabelText('Group 1')).toHaveValue('TBI, traumatic brain injury');
  });

  it('lists the searches without results, or says there were none', async () => {
    renderPanel({
      [SYNONYMS]: () => ({ synonyms: { de: [], en: [], fr: [], it: [] } }),
      [GAPS]: () => ({ gaps: [{ query: 'rhabdomyolyse', count: 12, lastDay: '2026-11-24' }] }),
    });
    const table = await screen.findByRole('table');
    const row = within(table).getByRole('row', { name: /rhabdomyolyse/ });
    expect(row).toHaveTextContent('12');
    expect(row).toHaveTextContent('24/11/2026');
  });

  it('shows an empty report', async () => {
    renderPanel({ [SYNONYMS]: () => ({ synonyms: { de: [], en: [], fr: [], it: [] } }), [GAPS]: () => none });
    expect(await screen.findByText('No search went without results in the last 30 days.')).toBeInTheDocument();
  });
});
