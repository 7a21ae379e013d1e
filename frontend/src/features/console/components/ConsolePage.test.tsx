import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { Snackbars } from '@/components/Snackbars';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import { useSnackbarStore } from '@/lib/snackbar';
import type { Space } from '@/lib/types';
import { mockApi, sentBodies, type MockRoute } from '@/test/mockApi';
import type { ConsoleSpace, SpaceOperation } from '../types';
import { ConsolePage } from './ConsolePage';

const LATEST = 42;

const consoleSpace = (id: number, extra: Partial<ConsoleSpace> = {}): ConsoleSpace => ({
  id,
  subdomain: `s${id}`,
  title: `Spital ${id}`,
  status: 'active',
  cluster: 'default',
  placement: 'schema',
  schemaVersion: LATEST,
  rows: 12345,
  bytes: 23_400_000,
  members: 1234,
  lastActivity: '2026-11-20T08:30:00Z',
  operation: null,
  certificate: { names: [`s${id}.vademecum.ch`], issuer: 'R11', notAfter: '2027-02-01T00:00:00Z', error: '', errorAt: null },
  ...extra,
});

const fullSpace = (id: number): Space => ({
  id,
  title: `Spital ${id}`,
  subdomain: `s${id}`,
  color: '#226699',
  accentColor: '',
  emailDomains: ['s.ch'],
  tags: [],
  variables: {},
  lpvisible: true,
  national: false,
  public: true,
  position: 0,
  member: false,
  selfSignup: false,
  adminsNeedSecondFactor: false,
});

const operation = (extra: Partial<SpaceOperation> = {}): SpaceOperation => ({
  id: 7,
  spaceId: 1,
  kind: 'move',
  state: 'running',
  step: 'operation.step.copying',
  stepParams: {},
  progress: 0.4,
  error: null,
  createdAt: '2026-11-24T10:00:00Z',
  startedAt: '2026-11-24T10:00:01Z',
  finishedAt: null,
  ...extra,
});

const clusters = { clusters: [{ name: 'default', spaces: 3, reachable: true }, { name: 'second', spaces: 0, reachable: true }, { name: 'down', spaces: 1, reachable: false }] };
const profile = { id: 1, firstname: 'Ada', lastname: 'Admin', username: 'admin@vademecum.localhost', superAdmin: true };

function renderConsole(routes: Record<string, MockRoute>) {
  const fetchMock = mockApi({ 'admin/query/clusters': clusters, 'common/query/profile': profile, ...routes });
  const router = createMemoryRouter([{ path: '/', element: <ConsolePage /> }]);
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
      <Snackbars />
    </AppProviders>,
  );
  return fetchMock;
}

const rowOf = async (title: string) => (await screen.findByRole('rowheader', { name: new RegExp(title) })).closest('tr') as HTMLElement;

async function chooseAction(title: string, action: string) {
  await userEvent.click(screen.getByRole('button', { name: `Actions for ${title}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: action }));
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSnackbarStore.getState().clear();
});

describe('ConsolePage', () => {
  it('shows each space with its state, place, schema version, size, members and last activity', async () => {
    renderConsole({
      'admin/query/consoleSpaces': {
        spaces: [consoleSpace(1), consoleSpace(2, { status: 'suspended', cluster: 'second', placement: 'database', schemaVersion: 40, rows: null, bytes: null, lastActivity: null })],
        total: 2,
        latestSchemaVersion: LATEST,
      },
    });
    expect(screen.getByRole('banner')).toHaveTextContent('VademecumConsole');
    expect(await screen.findByText('Ada Admin')).toBeInTheDocument();
    const first = await rowOf('Spital 1');
    expect(within(first).getByRole('link', { name: 'Spital 1' }).getAttribute('href')).toMatch(/^http:\/\/s1\./);
    expect(first).toHaveTextContent('Active');
    expect(first).toHaveTextContent('default · schema');
    expect(first).toHaveTextContent('12,345 rows');
    expect(first).toHaveTextContent('23 MB');
    expect(first).toHaveTextContent('1,234');
    expect(first).not.toHaveTextContent('outdated');
    const second = await rowOf('Spital 2');
    expect(second).toHaveTextContent('Suspended');
    expect(second).toHaveTextContent('second · database');
    expect(second).toHaveTextContent('outdated (latest 42)');
    expect(within(second).getAllByText('unknown')).toHaveLength(3);
    expect(screen.getByText('2 of 2 spaces')).toBeInTheDocument();
    // the language's figures
    await i18n.changeLanguage('de');
    await vi.waitFor(() => expect(first).toHaveTextContent('12.345 Zeilen'));
    await i18n.changeLanguage('en');
  });

  it("shows each space's certificate and the last failure to obtain one", async () => {
    renderConsole({
      'admin/query/consoleSpaces': {
        spaces: [
          consoleSpace(1),
          consoleSpace(2, { certificate: { names: [], issuer: '', notAfter: null, error: 'rate limited', errorAt: '2026-11-24T10:00:00Z' } }),
          consoleSpace(3, { certificate: null }),
        ],
        total: 3,
        latestSchemaVersion: LATEST,
      },
    });
    const first = await rowOf('Spital 1');
    expect(first).toHaveTextContent('s1.vademecum.ch');
    expect(first).toHaveTextContent('by R11, valid until');
    const second = await rowOf('Spital 2');
    expect(second).toHaveTextContent('No certificate yet');
    expect(second).toHaveTextContent('Last failure: rate limited');
    expect(within(await rowOf('Spital 3')).getAllByText('unknown')).toHaveLength(1);
  });

  // a hundred rows take a while to render in jsdom
  it('searches, filters and pages on the server', async () => {
    const fetchMock = renderConsole({
      'admin/query/consoleSpaces': (body: Record<string, unknown>) =>
        body.from
          ? { spaces: [consoleSpace(101)], total: 101, latestSchemaVersion: LATEST }
          : { spaces: Array.from({ length: 100 }, (_, i) => consoleSpace(i + 1)), total: body.query || body.status || body.cluster ? 1 : 101, latestSchemaVersion: LATEST },
    });
    expect(await screen.findByText('100 of 101 spaces')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more spaces' }));
    expect(await screen.findByText('101 of 101 spaces')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more spaces' })).not.toBeInTheDocument();
    expect(sentBodies(fetchMock, 'admin/query/consoleSpaces')).toContainEqual({ from: 100, size: 100 });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search title or subdomain' }), 'insel');
    await vi.waitFor(() => expect(sentBodies(fetchMock, 'admin/query/consoleSpaces')).toContainEqual({ query: 'insel', from: 0, size: 100 }), { timeout: 10_000 });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Suspended');
    await vi.waitFor(() => expect(sentBodies(fetchMock, 'admin/query/consoleSpaces')).toContainEqual({ query: 'insel', status: 'suspended', from: 0, size: 100 }), { timeout: 10_000 });
    const cluster = screen.getByRole('combobox', { name: 'Cluster' });
    await vi.waitFor(() => expect(within(cluster).getAllByRole('option').map((o) => o.textContent)).toEqual(['All clusters', 'default', 'second', 'down (unreachable)']), { timeout: 10_000 });
    await userEvent.selectOptions(cluster, 'second');
    await vi.waitFor(() =>
      expect(sentBodies(fetchMock, 'admin/query/consoleSpaces')).toContainEqual({ query: 'insel', status: 'suspended', cluster: 'second', from: 0, size: 100 }),
      { timeout: 10_000 },
    );
  }, 60_000);

  it('says when nothing matches and when the list failed', async () => {
    let fail = true;
    renderConsole({
      'admin/query/consoleSpaces': () =>
        fail ? { status: 403, body: { message: 'forbidden', params: {} } } : { spaces: [], total: 0, latestSchemaVersion: LATEST },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not authorised');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No spaces yet')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search title or subdomain' }), 'zzz');
    expect(await screen.findByText('No space matches the search and filters')).toBeInTheDocument();
  });

  it('suspends a space after confirming, and returns focus to its actions', async () => {
    let status: ConsoleSpace['status'] = 'active';
    const fetchMock = renderConsole({
      'admin/query/consoleSpaces': () => ({ spaces: [consoleSpace(1, { status })], total: 1, latestSchemaVersion: LATEST }),
      'admin/mutation/suspendSpace': () => {
        status = 'suspended';
        return consoleSpace(1, { status });
      },
    });
    await rowOf('Spital 1');
    await chooseAction('Spital 1', 'Suspend');
    const confirm = await screen.findByRole('alertdialog', { name: 'Suspend Spital 1?' });
    expect(confirm).toHaveTextContent('temporarily unavailable');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Suspend' }));
    expect((await screen.findAllByText('Spital 1 is suspended'))[0]).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'admin/mutation/suspendSpace')).toEqual([{ id: 1 }]);
    expect(await rowOf('Spital 1')).toHaveTextContent('Suspended');
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Actions for Spital 1' })).toHaveFocus());

    // a suspended space offers resume, not suspend nor move
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Spital 1' }));
    const items = (await screen.findAllByRole('menuitem')).map((i) => i.textContent);
    expect(items).toEqual(['Edit', 'Resume', 'Delete']);
  });

  it('moves a space and follows the operation until it is done', async () => {
    let moved = false;
    let polls = 0;
    const fetchMock = renderConsole({
      'admin/query/consoleSpaces': () => ({
        spaces: [consoleSpace(1, moved ? { cluster: 'second', placement: 'database' } : {})],
        total: 1,
        latestSchemaVersion: LATEST,
      }),
      'admin/mutation/moveSpace': () => operation({ state: 'queued', progress: 0 }),
      'admin/query/spaceOperation': () => {
        polls++;
        if (polls < 2) return operation({ progress: 0.5 });
        moved = true;
        return operation({ state: 'done', progress: 1, step: 'operation.step.done' });
      },
    });
    await rowOf('Spital 1');
    await chooseAction('Spital 1', 'Move');
    const dialog = await screen.findByRole('dialog', { name: 'Move Spital 1' });
    expect(dialog).toHaveTextContent('Writes pause briefly');
    // the same place is refused before asking the server
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The space is placed there already.');
    const cluster = within(dialog).getByRole('combobox', { name: 'Cluster' });
    await vi.waitFor(() => expect(within(cluster).getByRole('option', { name: 'down (unreachable)' })).toBeDisabled());
    await userEvent.selectOptions(cluster, 'second');
    await userEvent.click(within(dialog).getByRole('radio', { name: /Own database/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await vi.waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(sentBodies(fetchMock, 'admin/mutation/moveSpace')).toEqual([{ id: 1, cluster: 'second', placement: 'database' }]);

    expect(await screen.findByRole('progressbar', { name: 'Progress: Move of Spital 1' })).toBeInTheDocument();
    expect((await screen.findAllByText('Move of Spital 1 finished', {}, { timeout: 4000 }))[0]).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByRole('rowheader', { name: /Spital 1/ }).closest('tr')).toHaveTextContent('second · database'));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(sentBodies(fetchMock, 'admin/query/spaceOperation')[0]).toEqual({ id: 7 });
  });

  it('shows a running operation from the list with its translated step, and a failure with its error', async () => {
    let polls = 0;
    renderConsole({
      'admin/query/consoleSpaces': { spaces: [consoleSpace(1, { status: 'moving', operation: operation() })], total: 1, latestSchemaVersion: LATEST },
      'admin/query/spaceOperation': () =>
        ++polls < 2 ? operation({ progress: 0.6 }) : operation({ state: 'failed', error: { message: 'space.unknownCluster', params: {} } }),
    });
    const row = await rowOf('Spital 1');
    expect(within(row).getByRole('progressbar', { name: 'Progress: Move of Spital 1' })).toBeInTheDocument();
    expect(row).toHaveTextContent(/Move: .+ · [46]0%/);
    expect(row).toHaveTextContent('Moving');
    expect(await within(row).findByText(/Move failed: There is no such cluster\./, {}, { timeout: 4000 })).toBeInTheDocument();
    expect((await screen.findAllByText('Move of Spital 1 failed: There is no such cluster.'))[0]).toBeInTheDocument();
  });

  it('migrates only an outdated space', async () => {
    const fetchMock = renderConsole({
      'admin/query/consoleSpaces': { spaces: [consoleSpace(1), consoleSpace(2, { schemaVersion: 41 })], total: 2, latestSchemaVersion: LATEST },
      'admin/mutation/migrateSpace': operation({ id: 8, spaceId: 2, kind: 'migrate', state: 'queued' }),
      'admin/query/spaceOperation': operation({ id: 8, spaceId: 2, kind: 'migrate', progress: 0.1, step: 'operation.step.migrating' }),
    });
    await rowOf('Spital 1');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Spital 1' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).not.toContain('Migrate schema');
    await userEvent.keyboard('{Escape}');
    await chooseAction('Spital 2', 'Migrate schema');
    const confirm = await screen.findByRole('alertdialog', { name: 'Migrate the schema of Spital 2?' });
    expect(confirm).toHaveTextContent('from version 41 to version 42');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Migrate schema' }));
    expect(sentBodies(fetchMock, 'admin/mutation/migrateSpace')).toEqual([{ id: 2 }]);
    expect(await screen.findByRole('progressbar', { name: 'Progress: Migration of Spital 2' })).toBeInTheDocument();
  });

  it('deletes through the existing flow and shows why the server refused', async () => {
    renderConsole({
      'admin/query/consoleSpaces': { spaces: [consoleSpace(1)], total: 1, latestSchemaVersion: LATEST },
      'admin/mutation/deleteSpace': { status: 409, body: { message: 'space.hasCollections', params: {} } },
    });
    await rowOf('Spital 1');
    await chooseAction('Spital 1', 'Delete');
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete space?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('A space containing collections cannot be deleted');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Actions for Spital 1' })).toHaveFocus());
  });

  it('creates a space with its placement, and edits one with its full settings', async () => {
    const fetchMock = renderConsole({
      'admin/query/consoleSpaces': { spaces: [consoleSpace(1)], total: 1, latestSchemaVersion: LATEST },
      'admin/mutation/updateSpace': (body: Record<string, unknown>) => ({ ...fullSpace(2), ...(body.space as object) }),
      'admin/query/spaces': { spaces: [fullSpace(1)], total: 1 },
    });
    await rowOf('Spital 1');
    await userEvent.click(screen.getByRole('button', { name: 'New space' }));
    const dialog = await screen.findByRole('dialog', { name: 'New space' });
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Neues Spital');
    await userEvent.type(within(dialog).getByLabelText('Subdomain'), 'neu');
    const cluster = within(dialog).getByRole('combobox', { name: 'Cluster' });
    await vi.waitFor(() => expect(within(cluster).getAllByRole('option')).toHaveLength(3));
    await userEvent.selectOptions(cluster, 'second');
    await userEvent.click(within(dialog).getByRole('radio', { name: /Own database/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await vi.waitFor(() => expect(sentBodies(fetchMock, 'admin/mutation/updateSpace')).toHaveLength(1));
    expect(sentBodies(fetchMock, 'admin/mutation/updateSpace')[0]).toMatchObject({ space: { title: 'Neues Spital', subdomain: 'neu', cluster: 'second', placement: 'database' } });
    await vi.waitFor(() => expect(dialog).not.toBeInTheDocument());
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'New space' })).toHaveFocus());

    await chooseAction('Spital 1', 'Edit');
    const edit = await screen.findByRole('dialog', { name: 'Edit Spital 1' });
    expect(await within(edit).findByLabelText('E-mail domains')).toHaveValue('s.ch');
    expect(within(edit).queryByRole('combobox', { name: 'Cluster' })).not.toBeInTheDocument();
    expect(sentBodies(fetchMock, 'admin/query/spaces')).toEqual([{ ids: [1], size: 1 }]);
  });
});
