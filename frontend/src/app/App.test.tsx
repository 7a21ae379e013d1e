import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n';
import { createQueryClient } from '../lib/queryClient';
import type { Profile, Space } from '../lib/types';
import { App } from './App';
import { AppProviders } from './providers';

const kssg: Space = {
  id: 1,
  title: 'Kantonsspital St. Gallen',
  subdomain: 'kssg',
  color: '#b01e2f',
  accentColor: '#886622',
  emailDomains: ['kssg.ch'],
  tags: [],
  variables: {},
  lpvisible: true,
  national: false,
  public: true,
  position: 1,
  selfSignup: false, adminsNeedSecondFactor: false,
  member: false,
};

const anonymous = { id: 0, username: 'Anonymous', firstname: '', lastname: '', language: '', darkMode: false, superAdmin: false } as Profile;

function mockServer(routes: Record<string, unknown | { status: number; body: unknown }>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    const name = url.split('/').pop() ?? '';
    void _init;
    const hit = routes[name];
    if (hit && typeof hit === 'object' && 'status' in hit) {
      const { status, body } = hit as { status: number; body: unknown };
      return new Response(JSON.stringify(body), { status });
    }
    if (hit === undefined) return new Response('{"message":"not found"}', { status: 404 });
    return new Response(JSON.stringify(hit), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderApp() {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <App />
    </AppProviders>,
  );
}

beforeEach(async () => {
  window.history.pushState({}, '', '/');
  await i18n.changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('App shell', () => {
  it('renders the space header, sign-in button, footer and applies the space colour', async () => {
    const fetchMock = mockServer({ space: kssg, profile: anonymous, landingPage: { spaces: [kssg], nationalSpaces: [], mySpaces: [], total: 1, nationalTotal: 0 } });
    renderApp();
    const header = await screen.findByRole('banner');
    expect(within(header).getByText('Kantonsspital St. Gallen')).toBeInTheDocument();
    expect(await within(header).findByRole('link', { name: /sign in/i })).toHaveAttribute('href', '/auth/login?r=%2F');
    expect(screen.getByRole('link', { name: 'Release Notes' })).toHaveAttribute('href', '/releasenotes');
    expect(screen.getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/doc/help/en');
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#b01e2f');
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect((init.headers as Record<string, string>).Space).toBe('');
  });

  it('switches the language from the footer without reload', async () => {
    mockServer({ space: kssg, profile: anonymous, landingPage: { spaces: [], nationalSpaces: [], mySpaces: [], total: 0, nationalTotal: 0 } });
    renderApp();
    const select = await screen.findByRole('combobox', { name: 'Language' });
    await userEvent.selectOptions(select, 'fr');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Aide' })).toHaveAttribute('href', '/doc/help/fr'));
    expect(document.cookie).toContain('lang=fr');
  });

  it('shows the invalid-domain page for an unknown space', async () => {
    mockServer({ space: { status: 404, body: { message: 'not found' } } });
    renderApp();
    expect(await screen.findByRole('heading', { name: 'This organisation does not exist' })).toBeInTheDocument();
  });

  it('shows at once that a suspended space is temporarily unavailable', async () => {
    mockServer({ space: { status: 503, body: { message: 'space.suspended' } } });
    renderApp();
    expect(await screen.findByRole('heading', { name: 'This space is temporarily unavailable' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the overview' })).toBeInTheDocument();
  });

  it('shows the not-found page for undeclared routes', async () => {
    window.history.pushState({}, '', '/no-such-page');
    mockServer({ space: kssg, profile: anonymous, landingPage: { spaces: [], nationalSpaces: [], mySpaces: [], total: 0, nationalTotal: 0 } });
    renderApp();
    expect(await screen.findByText('Page not found. Please check the URL for typos.')).toBeInTheDocument();
  });

  it('shows the 403 page on /admin for signed-in non super admins', async () => {
    window.history.pushState({}, '', '/admin');
    const member = { ...anonymous, id: 5, username: 'max@kssg.ch', firstname: 'Max', lastname: 'Member', language: 'en' };
    mockServer({ space: kssg, profile: member, navigation: { superAdmin: false }, landingPage: { spaces: [], nationalSpaces: [], mySpaces: [], total: 0, nationalTotal: 0 } });
    renderApp();
    expect(await screen.findByText(/not authorised/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Max Member – Open profile' })).toHaveTextContent('Max Member');
  });
});
