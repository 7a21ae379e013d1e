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
  // jsdom lays nothing out; the rich-text editor measures the caret to keep it in view
  Range.prototype.getBoundingClientRect = () => ({ x: 0, y: 0, top: 0, left: 0, bottom: 0, right: 0, width: 0, height: 0, toJSON: () => ({}) });
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
    // the stored HTML opens in the rich-text editor
    expect(within(section).getByRole('textbox', { name: 'Content – Section 1' })).toHaveTextContent('Spital');
    expect(within(section).queryByRole('textbox', { name: /HTML/ })).not.toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Add section' }));
    await user.type(within(section).getAllByLabelText('Heading')[1], 'Contatto');
    const content = within(section).getByRole('textbox', { name: 'Content – Section 2' });
    // Lexical's paste handling asks what kind of event it got; jsdom knows neither of these
    vi.stubGlobal('DragEvent', class DragEvent extends Event {});
    vi.stubGlobal('ClipboardEvent', class ClipboardEvent extends Event {});
    await user.click(content);
    await user.paste('Ospedale');
    await waitFor(() => expect(content).toHaveTextContent('Ospedale'));
    // the toolbar belongs to the section last focused; formatting the selected word sends it as HTML
    const toolbar = within(section).getByRole('toolbar', { name: 'Formatting of section 2' });
    await user.keyboard('{Control>}a{/Control}');
    await user.click(within(toolbar).getByRole('button', { name: 'Bold' }));
    await waitFor(() => expect(content.querySelector('strong, .ed-bold')).not.toBeNull());
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'admin/mutation/saveDoc')).toEqual([
        {
          token: 'legal',
          lang: 'it',
          title: 'Note legali',
          details: [
            { title: 'Anbieter', content: '<p>Spital</p>' },
            { title: 'Contatto', content: '<p><strong>Ospedale</strong></p>' },
          ],
        },
      ]),
    );
    expect(await within(section).findByDisplayValue('Note legali')).toBeInTheDocument();
    expect(within(section).queryByText(/No Italiano version yet/)).not.toBeInTheDocument();
  }, 30_000);

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
