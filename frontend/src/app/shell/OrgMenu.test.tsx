import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import { readRedirectSpace } from '@/lib/redirectPreference';
import type { Space } from '@/lib/types';
import { mockApi, sentBodies } from '@/test/mockApi';
import { AppProviders } from '../providers';
import { OrgMenu } from './OrgMenu';

const space = (id: number, title: string, subdomain: string, extra: Partial<Space> = {}): Space => ({
  id,
  title,
  subdomain,
  color: '',
  accentColor: '',
  emailDomains: [],
  tags: [],
  variables: {},
  lpvisible: true,
  national: false,
  public: true,
  position: 0,
  member: false,
  selfSignup: false,
  adminsNeedSecondFactor: false,
  ...extra,
});

const kssg = space(1, 'Kantonsspital St. Gallen', 'kssg', { member: true });
const insel = space(2, 'Inselspital Bern', 'insel');
const sgaim = space(3, 'Swiss Society of General Internal Medicine', 'sgaim', { national: true, member: true });
const far = space(9001, 'Spital Zweisimmen', 'zweisimmen');

function Menu({ current }: { current: Space }) {
  const [open, setOpen] = useState(false);
  return <OrgMenu current={current} open={open} onOpenChange={setOpen} />;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('OrgMenu', () => {
  it('shows my organisations at once and finds the others on the server', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, protocol: 'http:', hostname: 'kssg.vademecum.localhost', port: '8080' });
    const fetchMock = mockApi({
      'common/query/landingPage': (body: Record<string, unknown>) =>
        body.query === 'zwei'
          ? { spaces: [far], nationalSpaces: [], mySpaces: [], total: 1, nationalTotal: 0 }
          : { spaces: [kssg, insel], nationalSpaces: [sgaim], mySpaces: [kssg], total: 9_999, nationalTotal: 1 },
    });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <Menu current={kssg} />
      </AppProviders>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Switch organisation' }));
    const dialog = screen.getByRole('dialog', { name: 'Organisations' });
    const box = within(dialog).getByRole('combobox', { name: 'Search organisations' });
    expect(box).toHaveFocus();
    const mine = await within(dialog).findByRole('group', { name: 'My organisations' });
    expect(within(mine).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Swiss Society of General Internal Medicinesgaim',
      'Kantonsspital St. Gallenkssg(current organisation)',
    ]);
    expect(within(dialog).queryByRole('option', { name: /Inselspital/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Type to find other organisations.');
    expect(sentBodies(fetchMock, 'common/query/landingPage')).toEqual([{ query: '', size: 20 }]);

    await userEvent.type(box, 'zwei');
    const others = await within(dialog).findByRole('group', { name: 'Organisations' });
    expect(within(others).getByRole('option', { name: /Spital Zweisimmen/ })).toBeInTheDocument();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://zweisimmen.vademecum.localhost:8080/'));
    expect(readRedirectSpace()).toBe('zweisimmen');
    expect(within(dialog).getByRole('link', { name: 'All organisations' })).toHaveAttribute('href', 'http://www.vademecum.localhost:8080/?reset=true');
  });

  it('lists the first organisations when I belong to none, and closes on escape', async () => {
    mockApi({ 'common/query/landingPage': { spaces: [insel], nationalSpaces: [], mySpaces: [], total: 1, nationalTotal: 0 } });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <Menu current={insel} />
      </AppProviders>,
    );
    const trigger = screen.getByRole('button', { name: 'Switch organisation' });
    await userEvent.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Organisations' });
    const list = await within(dialog).findByRole('group', { name: 'Organisations' });
    expect(within(list).getByRole('option', { name: /Inselspital/ })).toBeInTheDocument();
    // the current space closes the switcher
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(trigger);
    expect(await screen.findByRole('dialog', { name: 'Organisations' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
  });
});
