import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ActiveCollection, ReaderToc } from '@/lib/api-types.gen';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import type { Profile } from '@/lib/types';
import { useUiStore } from '@/lib/uiStore';
import { mockApi } from '@/test/mockApi';
import { AppProviders } from '../providers';
import { DRAWER_TOGGLE_ID } from './drawerSelection';
import { LeftDrawer } from './LeftDrawer';

const anonymous = { id: 0, username: 'Anonymous', firstname: '', lastname: '' } as Profile;
const collections: ActiveCollection[] = [{ collectionId: 1, spaceId: 5, spaceTitle: 'Alpha', collectionTitle: 'Emergency', shared: false, guidelinesCount: 1 }];
const toc: ReaderToc = {
  collectionId: 1,
  spaceId: 5,
  title: 'Emergency',
  tree: { id: 'root', name: '', folders: [], items: [{ id: 'i1', name: 'Sepsis', type: 'guideline', glid: 12, space: null, language: 'de', link: '' }] },
};

function renderShell() {
  mockApi({ 'common/query/profile': anonymous, 'common/query/collectionsWithActiveGuidelines': collections, 'reader/query/collectionToc': toc });
  const page = (
    <>
      <button type="button" id={DRAWER_TOGGLE_ID} onClick={() => useUiStore.getState().setDrawerOpen(true)}>
        Contents
      </button>
      <button type="button" onClick={() => useUiStore.getState().setDrawerOpen(true)}>
        Browse a collection
      </button>
      <LeftDrawer />
    </>
  );
  const router = createMemoryRouter([{ path: '*', element: page }], { initialEntries: ['/'] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  act(() => useUiStore.getState().setDrawerOpen(false));
});

describe('the left drawer', () => {
  it.each([
    ['its toggle', 'Contents'],
    ['another button', 'Browse a collection'],
  ])('returns the focus to the header toggle when closed, opened by %s', async (_, opener) => {
    renderShell();
    await userEvent.click(screen.getByRole('button', { name: opener }));
    expect(await screen.findByRole('dialog', { name: 'Table of contents' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Contents' })).toHaveFocus();
  });

  it('returns the focus to the toggle when the reader follows a guideline', async () => {
    renderShell();
    await userEvent.click(screen.getByRole('button', { name: 'Contents' }));
    await userEvent.click(await screen.findByRole('link', { name: /Sepsis/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Contents' })).toHaveFocus();
  });
});
