import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import type { Doc } from '@/lib/api-types.gen';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import { mockApi, sentBodies } from '@/test/mockApi';
import { DocsSection } from './DocsSection';

const legalDe: Doc = { token: 'legal', language: 'de', title: 'Impressum', details: [{ title: 'Anbieter', content: '<p>Spital</p>' }] };

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('public documents in the admin area', () => {
  it('edits a document per language, starting from the German text where the language has none', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      // no Italian text yet: the server answers with the German one
      'reader/query/doc': (body: Record<string, unknown>) => ({ ...legalDe, token: String(body.token) }),
      'admin/mutation/saveDoc': (body: Record<string, unknown>) => ({ token: body.token, language: body.lang, title: body.title, details: body.details }),
    });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <DocsSection />
      </AppProviders>,
    );
    const section = await screen.findByRole('region', { name: 'Public documents' });
    expect(await within(section).findByDisplayValue('Impressum')).toBeInTheDocument();
    expect(within(section).queryByText(/No Italiano version yet/)).not.toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/doc/legal/de');

    await user.selectOptions(within(section).getByLabelText('Language'), 'it');
    expect(await within(section).findByText('No Italiano version yet: you are editing a copy of the German one.')).toBeInTheDocument();
    const title = within(section).getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Note legali');
    await user.click(within(section).getByRole('button', { name: 'Add section' }));
    await user.type(within(section).getAllByLabelText('Heading')[1], 'Contatto');
    await user.type(within(section).getAllByLabelText('Content (HTML)')[1], '<p>Ospedale</p>');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'admin/mutation/saveDoc')).toEqual([
        {
          token: 'legal',
          lang: 'it',
          title: 'Note legali',
          details: [
            { title: 'Anbieter', content: '<p>Spital</p>' },
            { title: 'Contatto', content: '<p>Ospedale</p>' },
          ],
        },
      ]),
    );
    expect(await within(section).findByDisplayValue('Note legali')).toBeInTheDocument();
    expect(within(section).queryByText(/No Italiano version yet/)).not.toBeInTheDocument();
  });

  it('requires a title', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({ 'reader/query/doc': legalDe });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <DocsSection />
      </AppProviders>,
    );
    const title = await screen.findByDisplayValue('Impressum');
    await user.clear(title);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Field is required')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'admin/mutation/saveDoc')).toEqual([]);
  });
});
