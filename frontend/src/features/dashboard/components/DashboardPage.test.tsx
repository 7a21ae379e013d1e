import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import type { MyGuideline, Navigation, Space, Validation } from '@/lib/api-types.gen';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import { mockApi, type MockRoute } from '@/test/mockApi';
import { DashboardPage } from './DashboardPage';

const space = { id: 1, title: 'Kantonsspital St. Gallen', subdomain: 'kssg' } as Pick<Space, 'id' | 'title' | 'subdomain'> as Space;

const nav = (over: Partial<Navigation>): Navigation => ({
  dashboard: true,
  superAdmin: false,
  spaceAdmin: false,
  collectionAdmin: false,
  validator: false,
  spaceMember: true,
  dashboardTasks: 0,
  spaceAdminTasks: 0,
  collectionAdminTasks: 0,
  validatorTasks: 0,
  spaceMemberTasks: 0,
  ...over,
});

const row = (id: number, title: string, states: string[]): MyGuideline => ({
  id,
  language: 'de',
  role: 'author',
  online: false,
  collection: 'Notfall',
  collectionId: 7,
  title,
  states,
  edited: '2026-03-01T10:00:00Z',
  latestVersion: 1,
  validUntil: null,
  languages: ['de'],
});

const request: Validation = {
  revision: 4,
  guidelineId: 11,
  guidelineVersion: 3,
  language: 'de',
  kind: 'submit',
  title: '',
  description: '',
  important: false,
  progress: 'submitted',
  comment: '',
  validatorComment: '',
  creatorId: 2,
  validatorId: null,
  timestampCreated: '2026-03-02T10:00:00Z',
  timestampCompleted: null,
  read: false,
  guidelineTitle: 'Paracetamol',
  collectionId: 7,
  collectionTitle: 'Notfall',
  approvals: [],
  requiredApprovals: 1,
};

function renderDashboard(routes: Record<string, MockRoute>) {
  mockApi(routes);
  const router = createMemoryRouter([{ path: '/dashboard', element: <DashboardPage space={space} /> }], { initialEntries: ['/dashboard'] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('Dashboard', () => {
  it('lists the tasks of each role once, each kind with its count and the total above', async () => {
    renderDashboard({
      'common/query/navigation': nav({ validator: true, spaceAdmin: true, dashboardTasks: 4, validatorTasks: 1, spaceMemberTasks: 1, spaceAdminTasks: 2 }),
      'validator/query/myValidations': [request],
      'author/query/myGuidelines': [row(1, 'Sepsis', ['accepted', 'online']), row(2, 'Ibuprofen', ['rejected', 'neverPublished'])],
    });
    expect(await screen.findByText('Open tasks in this space: 4')).toBeInTheDocument();
    const validations = screen.getByRole('region', { name: /Open validations/ });
    expect(await within(validations).findByRole('heading', { name: /^Open validations\s*1$/ })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /^Membership requests\s*2$/ })).toContainElement(screen.getByRole('link', { name: 'Open requests' }));
    expect(screen.getAllByText(/Open validations/)).toHaveLength(1);
    expect(await within(validations).findByRole('link', { name: /Paracetamol/ })).toHaveAttribute('href', '/validations/11/de?collection=7');
    const guidelines = screen.getByRole('region', { name: /Guidelines needing action/ });
    expect(await within(guidelines).findByRole('link', { name: /Ibuprofen/ })).toHaveTextContent('Rejected');
    expect(within(guidelines).queryByText('Sepsis')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /^Guidelines needing action\s*1$/ })).toBeInTheDocument();
  });

  it('says when there is nothing to do', async () => {
    renderDashboard({ 'common/query/navigation': nav({ spaceMember: false, dashboard: false }) });
    expect(await screen.findByText('You have no open tasks in this space.')).toBeInTheDocument();
    expect(screen.getByText('No items found')).toBeInTheDocument();
  });
});
