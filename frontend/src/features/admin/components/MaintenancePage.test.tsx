import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import { mockApi, sentBodies, type MockRoute } from '@/test/mockApi';
import { MaintenancePage } from './MaintenancePage';

const base: Record<string, MockRoute> = {
  'admin/maintenance/query/copyGuidelineSpaces': [
    { label: 'KSSG', value: 1 },
    { label: 'Insel', value: 2 },
  ],
  'admin/maintenance/query/copyGuidelineCollections': [{ label: 'Notfall', value: 7 }],
  'admin/maintenance/query/copyGuidelineData': { validators: [{ label: 'Vera Valid', value: 5 }], authors: [{ label: 'Ines Admin', value: 4 }] },
  'admin/maintenance/query/validatedGuidelines': { ids: [11, 12], message: 'maintenance.guidelinesFound', params: { found: 2, missing: null } },
  'admin/maintenance/mutation/copyGuidelines': { id: 1, name: 'copy', progress: 0, failed: false, message: '', started: '2026-11-21T10:00:00Z', updated: '2026-11-21T10:00:00Z' },
  'admin/maintenance/query/maintenanceTasks': [
    { id: 1, name: 'copyGuidelines kssg → insel (2)', progress: 50, failed: false, message: '11 → 40', started: '2026-11-21T10:00:00Z', updated: '2026-11-21T10:00:01Z' },
    { id: 0, name: 'older', progress: 30, failed: true, message: 'guideline 9: not found', started: '2026-11-20T10:00:00Z', updated: '2026-11-20T10:00:01Z' },
  ],
};

function renderAt(path: string, routes: Record<string, MockRoute> = {}) {
  const fetchMock = mockApi({ ...base, ...routes });
  const router = createMemoryRouter([{ path: '/admin/maintenance/:tab?', element: <MaintenancePage /> }], { initialEntries: [path] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { fetchMock, router };
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('Maintenance', () => {
  it('checks the ids, picks the target and starts the copy', async () => {
    const { fetchMock, router } = renderAt('/admin/maintenance');
    const ids = await screen.findByLabelText('Guideline ids');
    await userEvent.type(ids, '11, x');
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByText('Please enter guideline ids (numbers) only')).toBeInTheDocument();
    await userEvent.clear(ids);
    await userEvent.type(ids, '11 12 11');
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('2 guidelines found')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'admin/maintenance/query/validatedGuidelines')).toEqual([{ ids: [11, 12] }]);

    const copy = screen.getByRole('button', { name: 'Copy' });
    expect(copy).toBeDisabled();
    await userEvent.selectOptions(screen.getByLabelText('Target space'), '2');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Notfall' })).toBeInTheDocument());
    await userEvent.selectOptions(screen.getByLabelText('Target collection'), '7');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Ines Admin' })).toBeInTheDocument());
    await userEvent.selectOptions(screen.getByLabelText('Author of the copies'), '4');
    await userEvent.selectOptions(screen.getByLabelText('Main validator'), '5');
    await userEvent.click(copy);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/maintenance/tasks'));
    expect(sentBodies(fetchMock, 'admin/maintenance/mutation/copyGuidelines')).toEqual([
      { guidelineIds: [11, 12], space: 2, collection: 7, validator: 5, author: 4 },
    ]);
  });

  it('names the ids that were not found and keeps the copy disabled', async () => {
    renderAt('/admin/maintenance/copy', {
      'admin/maintenance/query/validatedGuidelines': { ids: [11], message: 'maintenance.guidelinesFound', params: { found: 1, missing: [99] } },
    });
    await userEvent.type(await screen.findByLabelText('Guideline ids'), '11 99');
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Not found: 99')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeDisabled();
  });

  it('lists tasks with their progress and failures', async () => {
    renderAt('/admin/maintenance/tasks');
    expect(await screen.findByText('copyGuidelines kssg → insel (2)')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progress of copyGuidelines kssg → insel (2)' })).toHaveAttribute('value', '50');
    expect(screen.getByText('running')).toBeInTheDocument();
    expect(screen.getByText('failed')).toBeInTheDocument();
    expect(screen.getByText('guideline 9: not found')).toBeInTheDocument();
  });

  it('starts a reindex of guidelines or users and lists it by name', async () => {
    const task = { id: 2, name: 'reindexGuidelines', progress: 0, failed: false, message: '', started: '2026-11-21T11:00:00Z', updated: '2026-11-21T11:00:00Z' };
    const { fetchMock } = renderAt('/admin/maintenance/tasks', {
      'admin/maintenance/mutation/startReindexGuidelines': task,
      'admin/maintenance/mutation/startReindexUsers': { ...task, id: 3, name: 'reindexUsers' },
      'admin/maintenance/query/maintenanceTasks': [task],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Reindex guidelines' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reindex users' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'admin/maintenance/mutation/startReindexUsers')).toEqual([{}]));
    expect(sentBodies(fetchMock, 'admin/maintenance/mutation/startReindexGuidelines')).toEqual([{}]);
    expect(await screen.findByRole('progressbar', { name: 'Progress of Reindex guidelines' })).toHaveAttribute('value', '0');
  });
});
