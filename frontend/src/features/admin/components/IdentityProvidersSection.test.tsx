import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import type { Provider as IdentityProvider } from '@/lib/api-types.gen';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import { mockApi, sentBodies, type MockRoute } from '@/test/mockApi';
import { IdentityProvidersSection } from './IdentityProvidersSection';

const kssg: IdentityProvider = {
  id: 4,
  label: 'KSSG Login',
  issuer: 'https://login.kssg.ch/',
  clientId: 'vademecum',
  clientSecretSet: true,
  emailDomains: ['kssg.ch'],
  spaces: [1],
  enabled: true,
  logins: 2,
};
const spaces = [
  { id: 1, title: 'Kantonsspital St. Gallen', subdomain: 'kssg', color: '', accentColor: '', emailDomains: [], tags: [], variables: {}, lpvisible: true, national: false, public: true, position: 0 },
  { id: 2, title: 'HUG', subdomain: 'hcuge', color: '', accentColor: '', emailDomains: [], tags: [], variables: {}, lpvisible: true, national: false, public: true, position: 1 },
];

function renderSection(routes: Record<string, MockRoute> = {}) {
  const fetchMock = mockApi({
    'admin/query/identityProviders': { providers: [kssg], redirectUri: 'https://www.vademecum.ch/auth/oidc/callback' },
    // names the providers' spaces by id; the picker searches by query
    'admin/query/spaces': (body: Record<string, unknown>) => {
      const found = Array.isArray(body.ids) ? spaces.filter((s) => (body.ids as number[]).includes(s.id)) : spaces.filter((s) => s.title.toLowerCase().includes(String(body.query ?? '').toLowerCase()));
      return { spaces: found, total: found.length };
    },
    ...routes,
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <IdentityProvidersSection />
    </AppProviders>,
  );
  return fetchMock;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  // jsdom lacks ResizeObserver, which the switch measures itself with
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('Identity providers section', () => {
  it('lists providers with the redirect URI, never a secret', async () => {
    renderSection();
    const row = (await screen.findByText('KSSG Login')).closest('li');
    expect(row).not.toBeNull();
    const r = within(row as HTMLElement);
    expect(r.getByText('https://login.kssg.ch/')).toBeInTheDocument();
    expect(r.getByText('@kssg.ch')).toBeInTheDocument();
    expect(await r.findByText('kssg')).toBeInTheDocument();
    expect(row).toHaveTextContent('set · linked accounts: 2');
    expect(screen.getByText('https://www.vademecum.ch/auth/oidc/callback')).toBeInTheDocument();
  });

  it('edits a provider: the secret is write-only and kept unless replaced or removed', async () => {
    const fetchMock = renderSection({ 'admin/mutation/saveIdentityProvider': kssg });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit KSSG Login' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit KSSG Login' });
    const secret = within(dialog).getByLabelText('Client secret');
    expect(secret).toHaveValue('');
    expect(secret).toHaveAttribute('type', 'password');
    expect(secret).toHaveAttribute('placeholder', 'set');
    expect(within(dialog).getByLabelText('Issuer URL')).toHaveAttribute('readonly');
    // the provider's space is named though no loaded page need hold it; HUG is found by searching
    expect(await within(dialog).findByRole('button', { name: 'Remove Kantonsspital St. Gallen' })).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Offered in' }), 'hu');
    await userEvent.click(await within(dialog).findByRole('option', { name: /HUG/ }));
    expect(within(dialog).getByRole('button', { name: 'Remove HUG' })).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('E-mail domains'));
    await userEvent.type(within(dialog).getByLabelText('E-mail domains'), 'kssg.ch, spital.kssg.ch');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentBodies(fetchMock, 'admin/mutation/saveIdentityProvider')).toEqual([
      {
        provider: {
          id: 4,
          label: 'KSSG Login',
          issuer: 'https://login.kssg.ch/',
          clientId: 'vademecum',
          clientSecret: '',
          clearClientSecret: false,
          emailDomains: ['kssg.ch', 'spital.kssg.ch'],
          spaces: [1, 2],
          enabled: true,
        },
      },
    ]);
  });

  it('checks the form and shows the server’s answers at their fields', async () => {
    const fetchMock = renderSection({
      'admin/mutation/saveIdentityProvider': {
        status: 409,
        body: { message: 'identityProvider.domainTaken', params: { field: 'provider.emailDomains', domain: 'kssg.ch' } },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'New provider' }));
    const dialog = screen.getByRole('dialog', { name: 'New provider' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getAllByText('Field is required')).toHaveLength(4);
    await userEvent.type(within(dialog).getByLabelText('Label'), 'Other');
    await userEvent.type(within(dialog).getByLabelText('Issuer URL'), 'http://idp.example.ch/');
    await userEvent.type(within(dialog).getByLabelText('Client ID'), 'vd');
    await userEvent.type(within(dialog).getByLabelText('Client secret'), 'env:VADEMECUM_SECRET_OTHER');
    await userEvent.type(within(dialog).getByLabelText('E-mail domains'), 'kssg.ch');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Must be an HTTPS URL without query or fragment')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Issuer URL'));
    await userEvent.type(within(dialog).getByLabelText('Issuer URL'), 'https://idp.example.ch/');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('The domain kssg.ch already belongs to another provider')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'admin/mutation/saveIdentityProvider')).toEqual([
      {
        provider: {
          label: 'Other',
          issuer: 'https://idp.example.ch/',
          clientId: 'vd',
          clientSecret: 'env:VADEMECUM_SECRET_OTHER',
          clearClientSecret: false,
          emailDomains: ['kssg.ch'],
          spaces: [],
          enabled: true,
        },
      },
    ]);
  });

  it('deletes a provider after confirmation', async () => {
    const fetchMock = renderSection({ 'admin/mutation/deleteIdentityProvider': true });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete KSSG Login' }));
    const confirm = screen.getByRole('alertdialog');
    expect(confirm).toHaveTextContent('“KSSG Login” will be removed.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'admin/mutation/deleteIdentityProvider')).toEqual([{ id: 4 }]));
  });
});
