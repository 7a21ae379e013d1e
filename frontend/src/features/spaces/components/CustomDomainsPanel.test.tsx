import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import type { CustomDomain } from '@/lib/api-types.gen';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import { mockApi, sentBodies, type MockRoute } from '@/test/mockApi';
import { CustomDomainsPanel } from './CustomDomainsPanel';

const pending = (domain: string, token = 'a1b2c3'): CustomDomain => ({
  domain,
  status: 'pending',
  verifiedAt: null,
  verifiedBy: '',
  token,
  dnsName: `_vademecum-challenge.${domain}`,
  httpUrl: `http://${domain}/.well-known/vademecum-domain/${token}`,
  createdAt: '2026-11-24T10:00:00Z',
});
const verified = (domain: string): CustomDomain => ({ ...pending(domain), status: 'verified', verifiedAt: '2026-11-24T11:00:00Z', verifiedBy: 'dns' });

const LIST = 'admin/query/customDomains';
const ADD = 'admin/mutation/addCustomDomain';
const VERIFY = 'admin/mutation/verifyCustomDomain';
const REMOVE = 'admin/mutation/removeCustomDomain';

function renderPanel(routes: Record<string, MockRoute>) {
  const fetchMock = mockApi(routes);
  render(
    <AppProviders queryClient={createQueryClient()}>
      <CustomDomainsPanel spaceId={7} />
    </AppProviders>,
  );
  return fetchMock;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CustomDomainsPanel', () => {
  it('adds a domain and shows both ways to prove it, with copy buttons', async () => {
    let list: CustomDomain[] = [];
    const fetchMock = renderPanel({
      [LIST]: () => list,
      [ADD]: (body: Record<string, unknown>) => {
        list = [pending(String(body.domain).trim())];
        return list[0];
      },
    });
    expect(await screen.findByText('No custom domains yet.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Domain'), 'richtlinien.kssg.ch');
    await userEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    const item = await screen.findByRole('listitem', { name: 'richtlinien.kssg.ch' });
    expect(sentBodies(fetchMock, ADD)).toEqual([{ spaceId: 7, domain: 'richtlinien.kssg.ch' }]);
    expect(within(item).getByText('Pending')).toHaveClass('state-chip--warning');
    expect(within(item).getByText('_vademecum-challenge.richtlinien.kssg.ch')).toBeInTheDocument();
    expect(within(item).getByText('http://richtlinien.kssg.ch/.well-known/vademecum-domain/a1b2c3')).toBeInTheDocument();

    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await userEvent.click(within(item).getByRole('button', { name: 'Copy Name' }));
    expect(writeText).toHaveBeenCalledWith('_vademecum-challenge.richtlinien.kssg.ch');
    await userEvent.click(within(item).getByRole('button', { name: 'Copy Address' }));
    expect(writeText).toHaveBeenLastCalledWith('http://richtlinien.kssg.ch/.well-known/vademecum-domain/a1b2c3');
    expect(await screen.findAllByText('Copied to the clipboard')).not.toHaveLength(0);
  });

  it("says why adding is refused with the server's message", async () => {
    renderPanel({
      [LIST]: [],
      [ADD]: { status: 409, body: { message: 'domain.taken', params: { domain: 'richtlinien.kssg.ch' } } },
    });
    await userEvent.type(await screen.findByLabelText('Domain'), 'richtlinien.kssg.ch');
    await userEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText('richtlinien.kssg.ch already belongs to another space')).toBeInTheDocument();
  });

  it('verifies: tells the reason of each check, then shows the domain verified', async () => {
    let list = [pending('richtlinien.kssg.ch')];
    let tries = 0;
    renderPanel({
      [LIST]: () => list,
      [VERIFY]: () => {
        tries++;
        if (tries === 1) return { status: 400, body: { message: 'domain.unverified', params: { domain: 'richtlinien.kssg.ch', dns: 'noRecord', http: 'unreachable' } } };
        list = [verified('richtlinien.kssg.ch')];
        return list[0];
      },
    });
    const item = await screen.findByRole('listitem', { name: 'richtlinien.kssg.ch' });
    await userEvent.click(within(item).getByRole('button', { name: 'Verify' }));
    expect(await within(item).findByRole('alert')).toHaveTextContent(
      'Not verified. DNS: no TXT record found. HTTP: the address could not be reached.',
    );
    await userEvent.click(within(item).getByRole('button', { name: 'Verify' }));
    expect(await within(item).findByText('Verified')).toHaveClass('state-chip--success');
    expect(within(item).getByText(/^Verified by DNS on/)).toBeInTheDocument();
    expect(within(item).queryByText('_vademecum-challenge.richtlinien.kssg.ch')).not.toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Verify again' })).toBeInTheDocument();
  });

  it('removes a domain after confirmation', async () => {
    let list = [verified('richtlinien.kssg.ch')];
    const fetchMock = renderPanel({
      [LIST]: () => list,
      [REMOVE]: () => {
        list = [];
        return {};
      },
    });
    const item = await screen.findByRole('listitem', { name: 'richtlinien.kssg.ch' });
    await userEvent.click(within(item).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove richtlinien.kssg.ch?' });
    expect(sentBodies(fetchMock, REMOVE)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'richtlinien.kssg.ch' })).not.toBeInTheDocument());
    expect(sentBodies(fetchMock, REMOVE)).toEqual([{ spaceId: 7, domain: 'richtlinien.kssg.ch' }]);
    expect(screen.getByText('No custom domains yet.')).toBeInTheDocument();
  });

  it('speaks German by default', async () => {
    await i18n.changeLanguage('de');
    renderPanel({ [LIST]: [pending('richtlinien.kssg.ch')] });
    expect(await screen.findByRole('heading', { name: 'Eigene Domains' })).toBeInTheDocument();
    expect(await screen.findByText('Ausstehend')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Prüfen' })).toBeInTheDocument();
  });
});
