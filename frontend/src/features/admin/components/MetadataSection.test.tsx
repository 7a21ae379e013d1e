import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import type { Metadata } from '@/lib/api-types.gen';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import { mockApi, sentBodies, type MockRoute } from '@/test/mockApi';
import { MetadataSection } from './MetadataSection';

const specialty: Metadata = {
  id: 7,
  name: 'Specialty',
  description: 'Medical specialty',
  options: [
    { id: 1, name: 'Cardiology', description: 'Heart' },
    { id: 2, name: 'Neurology', description: '' },
    { id: 3, name: 'Oncology', description: '' },
  ],
};
const audience: Metadata = { id: 8, name: 'Audience', description: '', options: [] };

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
    await userEvent.type(screen.getByPlaceholderText('Search'), 'neuro');
    expect(screen.queryByText('Audience')).not.toBeInTheDocument();
    await userEvent.type(screen.getByPlaceholderText('Search'), 'zzz');
    expect(screen.getByText('No items found')).toBeInTheDocument();
  });

  it('edits options: add, remove and reorder produce the right request body', async () => {
    const fetchMock = renderSection({ 'admin/mutation/saveMetadata': specialty });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Specialty' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Specialty' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Specialty');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Neurology' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move Oncology up' }));
    expect(within(dialog).getByRole('button', { name: 'Move Oncology up' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add option' }));
    await userEvent.type(within(dialog).getByLabelText('Name of option 3'), 'Pediatrics');
    await userEvent.type(within(dialog).getByLabelText('Description of option 3'), 'Children');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move Pediatrics up' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentBodies(fetchMock, 'admin/mutation/saveMetadata')).toEqual([
      {
        metadata: {
          id: 7,
          name: 'Specialty',
          description: 'Medical specialty',
          options: [
            { id: 3, name: 'Oncology', description: '' },
            { name: 'Pediatrics', description: 'Children' },
            { id: 1, name: 'Cardiology', description: 'Heart' },
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
        if (calls === 1) return { status: 400, body: { message: 'metadata.duplicateOption', params: { field: 'metadata.options[1].name', name: 'b' } } };
        return { id: 9, ...(body.metadata as object) };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'New metadata' }));
    const dialog = screen.getByRole('dialog', { name: 'New metadata' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add option' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getAllByText('Field is required')).toHaveLength(2);
    expect(sentBodies(fetchMock, 'admin/mutation/saveMetadata')).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Name'), 'Setting');
    await userEvent.type(within(dialog).getByLabelText('Name of option 1'), 'Inpatient');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add option' }));
    await userEvent.type(within(dialog).getByLabelText('Name of option 2'), 'Outpatient');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Option names must be unique')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentBodies(fetchMock, 'admin/mutation/saveMetadata')[1]).toEqual({
      metadata: {
        name: 'Setting',
        description: '',
        options: [
          { name: 'Inpatient', description: '' },
          { name: 'Outpatient', description: '' },
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
