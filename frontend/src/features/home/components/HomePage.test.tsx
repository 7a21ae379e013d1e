import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import type { ContentGuidelineEntry as GuidelineEntry, MembershipRequest } from '@/lib/api-types.gen';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import type { Profile, Space } from '@/lib/types';
import { mockApi, sentBodies, type MockRoute } from '@/test/mockApi';
import { HomePage } from './HomePage';

const kssg: Space = {
  id: 1,
  title: 'Kantonsspital St. Gallen',
  subdomain: 'kssg',
  color: '#c8102e',
  accentColor: '#7a0019',
  emailDomains: ['kssg.ch'],
  tags: [],
  variables: {},
  lpvisible: true,
  national: false,
  public: true,
  position: 0,
  selfSignup: false, adminsNeedSecondFactor: false,
  member: false,
};
const luca = { id: 5, username: 'luca.member@hcuge.ch', firstname: 'Luca', lastname: 'Rossi' } as Profile;
const anonymous = { id: 0, username: 'Anonymous', firstname: '', lastname: '' } as Profile;
const outsider = { spaceMember: false, spaceAdmin: false };
const pending: MembershipRequest = {
  id: 9,
  spaceId: 1,
  user: { id: 5, firstname: 'Luca', lastname: 'Rossi', username: 'luca.member@hcuge.ch', title: '', about: '', language: 'it', weeklyReminder: false },
  message: '',
  status: 'pending',
  createdAt: '2024-05-03T10:00:00Z',
};

function renderHome(routes: Record<string, MockRoute>) {
  const fetchMock = mockApi(routes);
  const router = createMemoryRouter([{ path: '/', element: <HomePage space={kssg} /> }], { initialEntries: ['/'] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return fetchMock;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('membership on the welcome page', () => {
  it('shows nothing to anonymous users and asks no membership question', async () => {
    const fetchMock = renderHome({ 'common/query/profile': anonymous });
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByText(/not a member/)).not.toBeInTheDocument();
    expect(sentBodies(fetchMock, 'common/query/myMembershipRequest')).toEqual([]);
  });

  it('shows nothing to members', async () => {
    const fetchMock = renderHome({ 'common/query/profile': luca, 'common/query/navigation': { spaceMember: true } });
    await waitFor(() => expect(sentBodies(fetchMock, 'common/query/navigation')).toHaveLength(1));
    expect(screen.queryByText(/not a member/)).not.toBeInTheDocument();
    expect(sentBodies(fetchMock, 'common/query/myMembershipRequest')).toEqual([]);
  });

  it('lets a signed-in outsider request membership with a message, then shows it pending', async () => {
    let mine: MembershipRequest | null = null;
    const fetchMock = renderHome({
      'common/query/profile': luca,
      'common/query/navigation': outsider,
      'common/query/myMembershipRequest': () => mine,
      'common/mutation/requestMembership': (body: Record<string, unknown>) => {
        mine = { ...pending, message: String(body.message) };
        return mine;
      },
    });
    expect(await screen.findByRole('heading', { name: 'You are not a member of Kantonsspital St. Gallen' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Request membership' }));
    const dialog = screen.getByRole('dialog', { name: 'Request membership' });
    const message = within(dialog).getByLabelText('Message (optional)');
    expect(message).toHaveAttribute('rows', '3');
    expect(message).toHaveAttribute('maxLength', '2000');
    await userEvent.type(message, '  Neu auf der Notfallstation  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('heading', { name: 'Your membership request is pending' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request membership' })).not.toBeInTheDocument();
    expect(sentBodies(fetchMock, 'common/mutation/requestMembership')).toEqual([{ message: 'Neu auf der Notfallstation' }]);
  });

  it('offers to ask again after a declined request and shows a pending conflict in the dialog', async () => {
    renderHome({
      'common/query/profile': luca,
      'common/query/navigation': outsider,
      'common/query/myMembershipRequest': { ...pending, status: 'declined' },
      'common/mutation/requestMembership': { status: 409, body: { message: 'space.requestPending', params: {} } },
    });
    expect(await screen.findByRole('heading', { name: 'Your membership request was declined' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ask again' }));
    const dialog = screen.getByRole('dialog', { name: 'Request membership' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A membership request is already pending');
  });
});

const entry = (guidelineId: number, title: string, over: Partial<GuidelineEntry> = {}): GuidelineEntry => ({
  guidelineId,
  language: 'de',
  languages: ['de', 'fr'],
  title,
  collectionId: 2,
  collectionTitle: 'Notfallmedizin',
  spaceId: 1,
  spaceTitle: 'Kantonsspital St. Gallen',
  shared: false,
  published: '2026-11-20T08:00:00Z',
  ...over,
});

describe('guidelines on the welcome page', () => {
  it('shows announcements, the overview by collection and the recent guidelines', async () => {
    const fetchMock = renderHome({
      'common/query/profile': anonymous,
      'reader/query/announcements': [{ id: 1, language: 'en', teaser: 'New sepsis guideline', content: '<p>Please <strong>read</strong></p>', startDate: '2026-11-20', endDate: null }],
      'common/query/collectionsWithActiveGuidelines': [
        { collectionId: 2, collectionTitle: 'Notfallmedizin', spaceId: 1, spaceTitle: 'KSSG', shared: false, guidelinesCount: 2 },
        { collectionId: 2, collectionTitle: 'Urgences', spaceId: 7, spaceTitle: 'HUG', shared: true, guidelinesCount: 1 },
      ],
      'common/query/recentGuidelines': (body: Record<string, unknown>) =>
        body.collectionId === '1:2'
          ? [entry(11, 'Sepsis'), entry(12, 'Anaphylaxie')]
          : body.collectionId === '7:2'
            ? [entry(40, 'Urgences', { shared: true, spaceId: 7, spaceTitle: 'HUG', collectionTitle: 'Urgences', language: 'fr' })]
            : [entry(11, 'Sepsis'), entry(40, 'Urgences', { shared: true, spaceId: 7, spaceTitle: 'HUG', collectionTitle: 'Urgences', language: 'fr' })],
    });
    const announcement = await screen.findByRole('heading', { name: 'New sepsis guideline' });
    expect(announcement.parentElement?.querySelector('strong')).toHaveTextContent('read');
    expect(sentBodies(fetchMock, 'reader/query/announcements')).toEqual([{ lang: 'en' }]);

    const recent = await screen.findByRole('region', { name: 'Recent guidelines' });
    expect(await within(recent).findByRole('link', { name: 'Urgences' })).toHaveAttribute('href', '/guideline/40/fr?space=7');
    expect(recent).toHaveTextContent('Urgences · HUG');
    expect(within(recent).getByRole('link', { name: 'Sepsis' })).toHaveAttribute('href', '/guideline/11/de');
    expect(sentBodies(fetchMock, 'common/query/recentGuidelines')).toEqual([{ limit: 10, lang: 'en' }]);

    const overview = screen.getByRole('region', { name: 'Guideline overview' });
    const toggle = await within(overview).findByRole('button', { name: /Notfallmedizin/ });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await within(overview).findByRole('link', { name: 'Anaphylaxie' })).toHaveAttribute('href', '/guideline/12/de');
    expect(sentBodies(fetchMock, 'common/query/recentGuidelines')).toContainEqual({ collectionId: '1:2', limit: 50, lang: 'en' });

    // a collection shared to the space is listed as if local, naming its space
    const shared = within(overview).getByRole('button', { name: /Urgences \(shared by HUG\)/ });
    await userEvent.click(shared);
    expect(await within(overview).findAllByRole('link', { name: 'Urgences' })).not.toHaveLength(0);
    expect(sentBodies(fetchMock, 'common/query/recentGuidelines')).toContainEqual({ collectionId: '7:2', limit: 50, lang: 'en' });
  });

  it('has empty states for an empty space, for anonymous visitors and for members', async () => {
    renderHome({ 'common/query/profile': anonymous, 'common/query/collectionsWithActiveGuidelines': [], 'common/query/recentGuidelines': [], 'reader/query/announcements': [] });
    expect(await screen.findByText(/There are no public guidelines here yet/)).toBeInTheDocument();
    expect(await screen.findByText('Nothing published yet.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Announcements' })).not.toBeInTheDocument();
  });
});
