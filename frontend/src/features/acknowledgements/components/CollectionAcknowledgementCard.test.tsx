import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import { mockApi, sentBodies, type MockRoute } from '@/test/mockApi';
import { CollectionAcknowledgementCard } from './CollectionAcknowledgementCard';

function renderCard(routes: Record<string, MockRoute>) {
  const fetchMock = mockApi(routes);
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter>
        <CollectionAcknowledgementCard collection={5} />
      </MemoryRouter>
    </AppProviders>,
  );
  return fetchMock;
}

beforeEach(async () => {
  await i18n.changeLanguage('de');
});
afterEach(() => vi.unstubAllGlobals());

describe('Collection acknowledgement', () => {
  it('requires acknowledgement of every guideline from everyone who may read', async () => {
    const fetchMock = renderCard({
      'admin/collectionadmin/query/collectionAcknowledgement': { required: false, everyone: false, members: [], roles: [] },
      'admin/collectionadmin/mutation/requireAcknowledgement': { required: true, everyone: true, members: [], roles: [], fromCollection: false },
    });
    const toggle = await screen.findByRole('switch', { name: 'Lesebestätigung für alle Richtlinien dieser Sammlung verlangen' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'admin/collectionadmin/mutation/requireAcknowledgement')).toEqual([{ collection: 5, required: true }]),
    );
    expect(sentBodies(fetchMock, 'admin/collectionadmin/query/collectionAcknowledgement')[0]).toEqual({ collection: 5 });
  });

  it('shows the chosen members by name and removes one', async () => {
    const fetchMock = renderCard({
      'admin/collectionadmin/query/collectionAcknowledgement': {
        required: true,
        everyone: false,
        members: [
          { userId: 3, name: 'Anna Admin', email: 'anna@kssg.ch' },
          { userId: 4, name: 'Max Member', email: 'max@kssg.ch' },
        ],
        roles: [],
      },
      'admin/collectionadmin/mutation/requireAcknowledgement': { required: true, everyone: false, members: [4], roles: [], fromCollection: false },
    });
    expect(await screen.findByRole('radio', { name: 'Von ausgewählten Gruppen und Mitgliedern' })).toBeChecked();
    expect(screen.getByText('Gilt auch für Richtlinien, die später in die Sammlung kommen. Eine eigene Einstellung einer Richtlinie geht vor.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Anna Admin entfernen' }));
    expect(sentBodies(fetchMock, 'admin/collectionadmin/mutation/requireAcknowledgement')).toEqual([{ collection: 5, required: true, members: [4] }]);
  });

  it('requires acknowledgement from the holders of collection roles, with the chosen members', async () => {
    const fetchMock = renderCard({
      'admin/collectionadmin/query/collectionAcknowledgement': {
        required: true,
        everyone: false,
        members: [{ userId: 4, name: 'Max Member', email: 'max@kssg.ch' }],
        roles: ['validator'],
      },
      'admin/collectionadmin/mutation/requireAcknowledgement': { required: true, everyone: false, members: [4], roles: ['validator', 'admin'], fromCollection: false },
    });
    const validators = await screen.findByRole('checkbox', { name: 'Alle Validierenden' });
    expect(validators).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Alle Autorinnen und Autoren' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Alle Sammlungsadministratorinnen und -administratoren' }));
    await userEvent.click(validators);
    expect(sentBodies(fetchMock, 'admin/collectionadmin/mutation/requireAcknowledgement')).toEqual([
      { collection: 5, required: true, members: [4], roles: ['validator', 'admin'] },
      { collection: 5, required: true, members: [4] },
    ]);
  });
});
