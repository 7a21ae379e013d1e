import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import type { Space } from '@/lib/types';
import { LandingPage } from './LandingPage';

const space = (id: number, title: string, subdomain: string, member: boolean): Space => ({
  id,
  title,
  subdomain,
  member,
  color: '#336699',
  accentColor: '',
  emailDomains: [],
  tags: [],
  variables: {},
  lpvisible: true,
  national: false,
  public: true,
  position: id,
  selfSignup: false, adminsNeedSecondFactor: false,
});

const responses: Record<string, unknown> = {
  profile: { id: 7, username: 'max@kssg.ch', firstname: 'Max', lastname: 'Muster', language: '' },
  landingPage: { spaces: [space(1, 'Kantonsspital St. Gallen', 'kssg', true), space(2, 'Inselspital Bern', 'insel', false)], nationalSpaces: [], mySpaces: [space(1, 'Kantonsspital St. Gallen', 'kssg', true)], total: 2, nationalTotal: 0 },
  apiVersion: { version: 'test' },
};

beforeEach(async () => {
  await i18n.changeLanguage('en');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const name = String(input).split('/').pop() ?? '';
      return new Response(JSON.stringify(responses[name] ?? {}), { status: 200 });
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

function renderLanding() {
  const router = createMemoryRouter([{ path: '/', element: <LandingPage /> }]);
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('LandingPage', () => {
  it('lists my and more organisations, then filters', async () => {
    renderLanding();
    expect(await screen.findByRole('heading', { name: 'My organisations' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'More organisations' })).toBeInTheDocument();
    expect(screen.getByText('Max Muster')).toBeInTheDocument();
    // signing out changes state: a button posting a form, never a link
    const signOut = screen.getByRole('button', { name: /sign out/i });
    expect(signOut).toHaveAttribute('type', 'submit');
    expect(signOut.closest('form')).toHaveAttribute('method', 'post');
    expect(signOut.closest('form')).toHaveAttribute('action', '/auth/logout');
    expect(screen.queryByRole('link', { name: /sign out/i })).not.toBeInTheDocument();

    const filter = screen.getByPlaceholderText('Filter Spaces');
    await userEvent.type(filter, 'bern');
    expect(screen.getByRole('heading', { name: 'Filtered organisations' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Inselspital/ })).toHaveLength(1);
    expect(screen.queryByText('Kantonsspital St. Gallen')).not.toBeInTheDocument();

    await userEvent.clear(filter);
    await userEvent.type(filter, 'zzz');
    expect(screen.getByRole('heading', { name: 'No organisations found' })).toBeInTheDocument();
  });

  it('filters on the server and loads more pages', async () => {
    const many = Array.from({ length: 100 }, (_, i) => space(10 + i, `Spital ${10 + i}`, `s${10 + i}`, false));
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const name = String(input).split('/').pop() ?? '';
        if (name !== 'landingPage') return new Response(JSON.stringify(responses[name] ?? {}), { status: 200 });
        const body = JSON.parse(String(init?.body ?? '{}')) as { query?: string; from?: number };
        bodies.push(body);
        const spaces = body.from ? [space(200, 'Spital 200', 's200', false)] : many;
        return new Response(JSON.stringify({ spaces, nationalSpaces: [], mySpaces: [], total: 101, nationalTotal: 0 }), { status: 200 });
      }),
    );
    renderLanding();
    expect(await screen.findByText('100 of 101 organisations')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('101 of 101 organisations')).toBeInTheDocument();
    expect(screen.getByText('Spital 200')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();

    await userEvent.type(screen.getByPlaceholderText('Filter Spaces'), 'spital');
    await vi.waitFor(() => expect(bodies).toContainEqual({ query: 'spital', from: 0, size: 100 }));
  });

  it('stores the chosen organisation as redirect preference', async () => {
    renderLanding();
    const card = await screen.findByRole('link', { name: /Inselspital/ });
    card.addEventListener('click', (e) => e.preventDefault());
    await userEvent.click(card);
    expect(document.cookie).toContain('vademecum_space=insel');
  });
});
