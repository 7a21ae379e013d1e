import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import type { Space } from '@/lib/types';
import { mockApi, sentBodies } from '@/test/mockApi';
import { LandingOrder, orderHead, shownOrder } from './LandingOrder';

describe('orderHead', () => {
  const loaded = [1, 2, 3, 4, 5];
  it('is empty when nothing moved', () => {
    expect(orderHead(loaded, loaded)).toEqual([]);
    expect(orderHead([], [])).toEqual([]);
  });
  it('names the spaces up to the last one out of the loaded order', () => {
    // the server puts the named ones first and the others after in their order
    expect(orderHead([2, 1, 3, 4, 5], loaded)).toEqual([2]);
    expect(orderHead([1, 2, 4, 3, 5], loaded)).toEqual([1, 2, 4]);
    expect(orderHead([1, 2, 3, 5, 4], loaded)).toEqual([1, 2, 3, 5]);
  });
  it('names a space brought up from further down alone when the rest kept its order', () => {
    expect(orderHead([99, 1, 2, 3, 4, 5], loaded)).toEqual([99]);
    expect(orderHead([5, 1, 2, 3, 4], loaded)).toEqual([5]);
  });
});

describe('shownOrder', () => {
  it('puts the edited spaces first and the loaded ones after, once each', () => {
    const s = (id: number) => ({ id });
    expect(shownOrder([s(3), s(1)], [s(1), s(2), s(3), s(4)]).map((x) => x.id)).toEqual([3, 1, 2, 4]);
  });
});

const space = (id: number, national = false): Space => ({
  id,
  title: `Spital ${id}`,
  subdomain: `s${id}`,
  color: '',
  accentColor: '',
  emailDomains: [],
  tags: [],
  variables: {},
  lpvisible: true,
  national,
  public: true,
  position: 0,
  member: false,
  selfSignup: false,
  adminsNeedSecondFactor: false,
});

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('LandingOrder', () => {
  it('orders the loaded pages, brings a space up from further down and saves only what moved', async () => {
    const regional = Array.from({ length: 150 }, (_, i) => space(i + 1));
    const national = [space(901, true), space(902, true)];
    const fetchMock = mockApi({
      'common/query/landingPage': (body: Record<string, unknown>) => {
        const query = String(body.query ?? '');
        const from = Number(body.from ?? 0);
        const size = Number(body.size ?? 100);
        const spaces = regional.filter((s) => s.title.includes(query));
        const nationals = national.filter((s) => s.title.includes(query));
        return { spaces: spaces.slice(from, from + size), nationalSpaces: nationals.slice(from, from + size), mySpaces: [], total: spaces.length, nationalTotal: nationals.length };
      },
      'common/mutation/updateLandingPage': { spaces: [], nationalSpaces: [], mySpaces: [], total: 0, nationalTotal: 0 },
    });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <LandingOrder />
      </AppProviders>,
    );
    const others = await screen.findByRole('region', { name: 'More organisations' });
    expect(within(others).getByText('100 of 150 spaces')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save order' });
    expect(save).toBeDisabled();

    // move Spital 2 up: only the first two change
    await userEvent.click(within(others).getByRole('button', { name: 'Move Spital 2 up' }));
    expect(within(others).getAllByRole('listitem')[0]).toHaveTextContent('Spital 2');
    expect(screen.getByRole('status')).toHaveTextContent('Spital 2 is now at position 1');
    expect(save).toBeEnabled();

    // Spital 140 is on the second page: found on the server and brought to the top
    await userEvent.type(within(others).getByRole('combobox', { name: 'Bring to the top' }), 'Spital 140');
    await waitFor(() => expect(sentBodies(fetchMock, 'common/query/landingPage')).toContainEqual({ query: 'Spital 140', size: 20 }));
    await userEvent.click(await within(others).findByRole('option', { name: /Spital 140/ }, { timeout: 5000 }));
    expect(within(others).getAllByRole('listitem').slice(0, 3).map((li) => li.getAttribute('data-space'))).toEqual(['s140', 's2', 's1']);
    expect(within(others).getByText('101 of 150 spaces')).toBeInTheDocument();

    // loading the next page keeps the edits and shows Spital 140 once
    await userEvent.click(screen.getByRole('button', { name: 'Show more spaces' }));
    await waitFor(() => expect(within(others).getByText('150 of 150 spaces')).toBeInTheDocument(), { timeout: 5000 });
    expect(within(others).getAllByRole('listitem').filter((li) => li.getAttribute('data-space') === 's140')).toHaveLength(1);

    await userEvent.click(save);
    await waitFor(() => expect(sentBodies(fetchMock, 'common/mutation/updateLandingPage')).toEqual([{ nationalSpaces: [], spaces: [140, 2] }]));
    expect(await screen.findByText('Order saved')).toBeInTheDocument();
  }, 30_000);

  it('discards the changes', async () => {
    mockApi({ 'common/query/landingPage': { spaces: [space(1), space(2)], nationalSpaces: [space(3, true), space(4, true)], mySpaces: [], total: 2, nationalTotal: 2 } });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <LandingOrder />
      </AppProviders>,
    );
    const national = await screen.findByRole('region', { name: 'National organisations' });
    await userEvent.click(within(national).getByRole('button', { name: 'Move Spital 3 down' }));
    expect(within(national).getAllByRole('listitem').map((li) => li.getAttribute('data-space'))).toEqual(['s4', 's3']);
    await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(within(national).getAllByRole('listitem').map((li) => li.getAttribute('data-space'))).toEqual(['s3', 's4']);
    expect(screen.getByRole('button', { name: 'Save order' })).toBeDisabled();
  });
});
