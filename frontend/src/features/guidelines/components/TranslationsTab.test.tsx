import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import type { TranslationStatus } from '@/lib/api-types.gen';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import { mockApi, sentBodies, type MockRoute } from '@/test/mockApi';
import { TranslationsTab } from './TranslationsTab';

const status = (over: Partial<TranslationStatus>): TranslationStatus => ({
  language: 'fr',
  sourceLanguage: 'de',
  sourceVersion: 2,
  currentSourceVersion: 5,
  outdated: true,
  outdatedSince: '2026-03-04T10:00:00Z',
  confirmedAt: null,
  confirmedBy: null,
  confirmedByName: '',
  ...over,
});

const version = (v: number, content: string) => ({
  id: 11,
  version: v,
  language: 'de',
  title: 'Paracetamol',
  description: '',
  tags: [],
  searchTags: [],
  details: [{ id: 100, index: 0, title: 'Dosis', content, rawContent: '', extern: null }],
});

function renderTab(routes: Record<string, MockRoute>, mayConfirm = true) {
  const fetchMock = mockApi({
    'author/query/guideline': (body: Record<string, unknown>) => version(Number(body.version), Number(body.version) === 2 ? '<p>1 g</p>' : '<p>500 mg</p>'),
    ...routes,
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <TranslationsTab guidelineId={11} mayConfirm={mayConfirm} />
    </AppProviders>,
  );
  return fetchMock;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('Translations tab', () => {
  it('lists each translation with its source version, marks the outdated one and shows the source diff', async () => {
    renderTab({ 'author/query/translationStatus': [status({}), status({ language: 'it', outdated: false, outdatedSince: null, sourceVersion: 5 })] });
    const fr = (await screen.findByText('Translated from DE version 2', { exact: false })).closest('li');
    expect(fr).toHaveAttribute('data-outdated', 'true');
    expect(fr).toHaveTextContent('Translation outdated');
    expect(fr).toHaveTextContent('DE published: version 5');
    const it = document.querySelector('[data-language="it"]');
    expect(it).toHaveTextContent('Current');
    expect(within(it as HTMLElement).queryByRole('button', { name: 'Confirm as current' })).not.toBeInTheDocument();
    await userEvent.click(within(fr as HTMLElement).getByRole('button', { name: "Show the source language's changes" }));
    const diff = await screen.findByTestId('version-diff');
    expect([...diff.querySelectorAll('del')].map((d) => d.textContent)).toContain('1 g');
    expect([...diff.querySelectorAll('ins')].map((d) => d.textContent)).toContain('500 mg');
  });

  it('confirms a translation as current', async () => {
    const fetchMock = renderTab({
      'author/query/translationStatus': [status({})],
      'author/mutation/confirmTranslation': [
        status({ outdated: false, outdatedSince: null, sourceVersion: 5, confirmedAt: '2026-03-05T10:00:00Z', confirmedBy: 2, confirmedByName: 'Anna Keller' }),
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm as current' }));
    expect(await screen.findByText(/Confirmed current by Anna Keller/)).toBeInTheDocument();
    await waitFor(() => expect(sentBodies(fetchMock, 'author/mutation/confirmTranslation')).toEqual([{ guideline: 11, language: 'fr' }]));
    expect(document.querySelector('[data-language="fr"]')).toHaveAttribute('data-outdated', 'false');
  });

  it('offers no confirmation to reviewers and says when nothing is translated', async () => {
    renderTab({ 'author/query/translationStatus': [] }, false);
    expect(await screen.findByText(/No translation yet/)).toBeInTheDocument();
  });
});
