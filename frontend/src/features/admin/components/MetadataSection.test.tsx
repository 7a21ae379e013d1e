import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import type { Metadata } from '@/lib/api-types.gen';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import { mockApi, sentBodies, type MockRoute } from '@/test/mockApi';
import { MetadataSection } from './MetadataSection';

const texts = (de: string, more: Partial<{ en: string; fr: string; it: string }> = {}) => ({ de, en: '', fr: '', it: '', ...more });

const specialty: Metadata = {
  id: 7,
  names: texts('Fachgebiet', { en: 'Specialty' }),
  descriptions: texts('Medizinisches Fachgebiet', { en: 'Medical specialty' }),
  options: [
    { id: 1, names: texts('Kardiologie', { en: 'Cardiology' }), descriptions: texts('Herz', { en: 'Heart' }) },
    { id: 2, names: texts('Neurologie', { en: 'Neurology' }), descriptions: texts('') },
    { id: 3, names: texts('Onkologie', { en: 'Oncology' }), descriptions: texts('') },
  ],
};
const audience: Metadata = { id: 8, names: texts('Zielgruppe'), descriptions: texts(''), options: [] };

function renderSection(routes: Record<string, MockRoute> = {}) {
  const fetchMock = mockApi({ 'admin/query/allMetadata': [specialty, audience], ...routes });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MetadataSection />
    </AppProviders>,
  );
  return fetchMock;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('Metadata section', () => {
  it('lists and filters definitions', async () => {
    renderSection();
    expect(await screen.findByText('Specialty')).toBeInTheDocument();
    expect(screen.getByText('Cardiology')).toBeInTheDocument();
    expect(screen.getByText('Zielgruppe')).toBeInTheDocument(); // no English name: the German one
    await userEvent.type(screen.getByPlaceholderText('Search'), 'neurol');
    expect(screen.queryByText('Zielgruppe')).not.toBeInTheDocument();
    expect(screen.getByText('Specialty')).toBeInTheDocument(); // found by its German option name too
    await userEvent.type(screen.getByPlaceholderText('Search'), 'zzz');
    expect(screen.getByText('No items found')).toBeInTheDocument();
  });

  it('edits options: add, remove and reorder produce the right request body', async () => {
    const fetchMock = renderSection({ 'admin/mutation/saveMetadata': specialty });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Specialty' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Specialty' });
    expect(within(dialog).getByRole('button', { name: /^Deutsch.*required/ })).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByLabelText('Name – Deutsch *')).toHaveValue('Fachgebiet');
    expect(within(dialog).getByLabelText('Name – Deutsch *')).toBeRequired();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Neurologie' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move Onkologie up' }));
    expect(within(dialog).getByRole('button', { name: 'Move Onkologie up' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add option' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name of option 3 – Deutsch' }), 'Pädiatrie');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description of option 3 – Deutsch' }), 'Kinder');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move Pädiatrie up' }));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Français' }));
    const frenchName = within(dialog).getByLabelText('Name – Français');
    expect(frenchName).not.toBeRequired();
    expect(frenchName).toHaveAttribute('placeholder', 'Fachgebiet'); // the German name shows where French has none
    await userEvent.type(frenchName, 'Spécialité');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name of option 2 – Français' }), 'Pédiatrie');
    await userEvent.click(within(dialog).getByRole('button', { name: 'English' }));
    await userEvent.clear(within(dialog).getByLabelText('Description – English'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentBodies(fetchMock, 'admin/mutation/saveMetadata')).toEqual([
      {
        metadata: {
          id: 7,
          names: texts('Fachgebiet', { en: 'Specialty', fr: 'Spécialité' }),
          descriptions: texts('Medizinisches Fachgebiet'),
          options: [
            { id: 3, names: texts('Onkologie', { en: 'Oncology' }), descriptions: texts('') },
            { names: texts('Pädiatrie', { fr: 'Pédiatrie' }), descriptions: texts('Kinder') },
            { id: 1, names: texts('Kardiologie', { en: 'Cardiology' }), descriptions: texts('Herz', { en: 'Heart' }) },
          ],
        },
      },
    ]);
  });

  it('creates a definition; required fields and server field errors show inline', async () => {
    let calls = 0;
    const fetchMock = renderSection({
      'admin/mutation/saveMetadata': (body: Record<string, unknown>) => {
        calls++;
        if (calls === 1) return { status: 400, body: { message: 'metadata.duplicateOption', params: { field: 'metadata.options[1].names.de', name: 'b' } } };
        return { id: 9, ...(body.metadata as object) };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'New metadata' }));
    const dialog = screen.getByRole('dialog', { name: 'New metadata' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add option' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'English' }));
    await userEvent.type(within(dialog).getByLabelText('Name – English'), 'Setting');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    // German missing: the form goes back to German and marks both fields
    expect(within(dialog).getByRole('button', { name: /^Deutsch.*required/ })).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getAllByText('Field is required')).toHaveLength(2);
    expect(sentBodies(fetchMock, 'admin/mutation/saveMetadata')).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Name – Deutsch *'), 'Behandlungsort');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name of option 1 – Deutsch' }), 'Stationär');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add option' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name of option 2 – Deutsch' }), 'Ambulant');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Option names must be unique')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentBodies(fetchMock, 'admin/mutation/saveMetadata')[1]).toEqual({
      metadata: {
        names: texts('Behandlungsort', { en: 'Setting' }),
        descriptions: texts(''),
        options: [
          { names: texts('Stationär'), descriptions: texts('') },
          { names: texts('Ambulant'), descriptions: texts('') },
        ],
      },
    });
  });

  it('deletes after confirmation and explains a definition in use', async () => {
    let calls = 0;
    const fetchMock = renderSection({ 'admin/mutation/deleteMetadata': () => (++calls === 1 ? { status: 409, body: { message: 'metadata.inUse', params: { n: 2 } } } : true) });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Specialty' }));
    const confirm = screen.getByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(confirm).findByText('Used by 2 spaces, so it cannot be deleted')).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(sentBodies(fetchMock, 'admin/mutation/deleteMetadata')).toEqual([{ id: 7 }, { id: 7 }]);
  });
});
