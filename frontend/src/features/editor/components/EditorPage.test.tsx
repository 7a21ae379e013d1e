import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import type { GuidelineInfo, GuidelineVersion, VersionInput } from '../../../lib/api-types.gen';
import { i18n } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/queryClient';
import { useSnackbarStore } from '../../../lib/snackbar';
import { mockApi, sentBodies, type MockRoute } from '../../../test/mockApi';
import { draftKey } from '../draft';
import { EditorPage } from './EditorPage';

const user = { id: 2, firstname: 'Anna', lastname: 'Keller', username: 'anna', title: '', about: '', language: 'de', weeklyReminder: false };
const info = (edit = true, states: string[] = ['created']): GuidelineInfo => ({
  id: 12,
  collectionId: 3,
  collectionTitle: 'Notfall',
  author: user,
  coAuthors: [],
  mainValidator: null,
  validationInterval: 12,
  created: '2026-01-01T00:00:00Z',
  languages: [{ language: 'de', title: 'Sepsis', latestVersion: 4, publishedVersion: null, states }],
  abilities: { edit, manageAuthors: edit, settings: edit },
});
const version = (over: Partial<GuidelineVersion> = {}): GuidelineVersion => ({
  id: 12,
  version: 4,
  language: 'de',
  title: 'Sepsis',
  description: 'Erkennen und behandeln',
  tags: ['ICU'],
  searchTags: [{ tag: 'Blutvergiftung', boost: true }],
  details: [
    { id: 41, index: 0, title: 'Definition', content: '<p>Sepsis ist <strong>lebensbedrohlich</strong>.</p>', rawContent: '' },
    { id: 42, index: 1, title: 'Therapie', content: '<ul><li>Antibiotika</li></ul>', rawContent: '' },
  ],
  created: '2026-01-01T00:00:00Z',
  createdBy: 2,
  collectionId: 3,
  collectionTitle: 'Notfall',
  authorId: 2,
  coAuthorIds: [],
  mainValidatorId: null,
  validationInterval: 12,
  languages: [],
  ...over,
});
const notFound = { status: 404, body: { message: 'guideline.versionNotFound', params: { language: 'fr' } } };

function renderEditor(path: string, routes: Record<string, MockRoute>) {
  const fetchMock = mockApi(routes);
  const router = createMemoryRouter(
    [
      { path: '/guidelines/guideline/:id/:lang/edit', element: <EditorPage /> },
      { path: '/guidelines/guideline/:id/:lang', element: <p>management page</p> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { fetchMock, router, view };
}

const saved = (fetchMock: ReturnType<typeof mockApi>) => sentBodies(fetchMock, 'author/mutation/addGuidelineVersion') as { glv: VersionInput }[];
const sectionTitles = () => screen.getAllByLabelText('Section title').map((el) => (el as HTMLInputElement).value);

beforeEach(async () => {
  await i18n.changeLanguage('en');
  useSnackbarStore.getState().clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('guideline editor', () => {
  it('opens the latest version and saves a new one keeping the section ids', async () => {
    const { fetchMock } = renderEditor('/guidelines/guideline/12/de/edit', {
      'author/query/guidelineInfo': info(),
      'author/query/latestGuideline': version(),
      'author/mutation/addGuidelineVersion': 5,
      'author/query/guideline': version({ version: 5 }),
    });
    expect(await screen.findByLabelText('Title')).toHaveValue('Sepsis');
    expect(screen.getByText(/based on version 4/)).toBeInTheDocument();
    expect(sectionTitles()).toEqual(['Definition', 'Therapie']);
    expect(screen.getByLabelText('Text of section 1')).toHaveTextContent('Sepsis ist lebensbedrohlich.');
    expect(screen.getByRole('list', { name: 'Tags' })).toHaveTextContent('ICU');
    expect(screen.getByRole('button', { name: 'Boost Blutvergiftung' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Save version' }));
    await waitFor(() => expect(saved(fetchMock)).toHaveLength(1));
    const glv = saved(fetchMock)[0].glv;
    expect(glv).toMatchObject({ guidelineId: 12, language: 'de', title: 'Sepsis', tags: ['ICU'], searchTags: [{ tag: 'Blutvergiftung', boost: true }] });
    expect(glv.details.map((d) => [d.id, d.title, d.content])).toEqual([
      [41, 'Definition', '<p>Sepsis ist <strong>lebensbedrohlich</strong>.</p>'],
      [42, 'Therapie', '<ul><li>Antibiotika</li></ul>'],
    ]);
    expect(JSON.parse(glv.details[0].rawContent)).toHaveProperty('root');
    await waitFor(() => expect(useSnackbarStore.getState().snackbars.map((s) => s.message)).toContain('Version 5 saved'));
    expect(screen.getByRole('link', { name: 'Submit or publish …' })).toHaveAttribute('href', '/guidelines/guideline/12/de');
  });

  it('starts a translation from another language without section ids', async () => {
    const { fetchMock } = renderEditor('/guidelines/guideline/12/fr/edit?from=de', {
      'author/query/guidelineInfo': info(),
      'author/query/latestGuideline': (body: Record<string, unknown>) => (body.language === 'de' ? version() : notFound),
      'author/mutation/addGuidelineVersion': 5,
      'author/query/guideline': version({ version: 5, language: 'fr' }),
    });
    expect(await screen.findByLabelText('Title')).toHaveValue('Sepsis');
    expect(screen.getByText(/has been filled in as a starting point/)).toBeInTheDocument();
    expect(screen.getByText(/first version of this language/)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Title'));
    await userEvent.type(screen.getByLabelText('Title'), 'Sepsis (fr)');
    await userEvent.click(screen.getByRole('button', { name: 'Save version' }));
    await waitFor(() => expect(saved(fetchMock)).toHaveLength(1));
    const glv = saved(fetchMock)[0].glv;
    expect(glv.language).toBe('fr');
    expect(glv.title).toBe('Sepsis (fr)');
    expect(glv.details.map((d) => ('id' in d ? d.id : 'none'))).toEqual(['none', 'none']);
  });

  it('starts empty for a language without versions', async () => {
    renderEditor('/guidelines/guideline/12/it/edit', { 'author/query/guidelineInfo': info(), 'author/query/latestGuideline': notFound });
    expect(await screen.findByLabelText('Title')).toHaveValue('');
    expect(sectionTitles()).toEqual(['']);
    expect(screen.getByText('Not saved yet')).toBeInTheDocument();
  });

  it('requires a title', async () => {
    const { fetchMock } = renderEditor('/guidelines/guideline/12/de/edit', { 'author/query/guidelineInfo': info(), 'author/query/latestGuideline': version() });
    const title = await screen.findByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.click(screen.getByRole('button', { name: 'Save version' }));
    expect(screen.getByText('Field is required')).toBeInTheDocument();
    expect(title).toHaveFocus();
    expect(saved(fetchMock)).toHaveLength(0);
  });

  it('is read only for those who may not write and for archived languages', async () => {
    renderEditor('/guidelines/guideline/12/de/edit', { 'author/query/guidelineInfo': info(false), 'author/query/latestGuideline': version() });
    expect(await screen.findByText('Read only')).toBeInTheDocument();
    expect(screen.getByText(/Only the author and co-authors/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save version' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add section' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Text of section 1')).toHaveAttribute('contenteditable', 'false');
  });

  it('turns read only when saving finds the language archived', async () => {
    renderEditor('/guidelines/guideline/12/de/edit', {
      'author/query/guidelineInfo': info(),
      'author/query/latestGuideline': version(),
      'author/mutation/addGuidelineVersion': { status: 409, body: { message: 'guideline.archived', params: { language: 'de' } } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Save version' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This language version is archived');
    expect(screen.getByText('Read only')).toBeInTheDocument();
  });

  it('moves sections with the keyboard-reachable buttons and deletes after confirming', async () => {
    const { fetchMock } = renderEditor('/guidelines/guideline/12/de/edit', {
      'author/query/guidelineInfo': info(),
      'author/query/latestGuideline': version(),
      'author/mutation/addGuidelineVersion': 5,
      'author/query/guideline': version({ version: 5 }),
    });
    await screen.findByLabelText('Title');
    expect(screen.getByRole('button', { name: 'Move section 1 up' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Move section 2 up' }));
    expect(sectionTitles()).toEqual(['Therapie', 'Definition']);
    expect(screen.getByText('Section moved to position 1 of 2')).toBeInTheDocument();
    // the pressed button is disabled at the top: focus goes to its neighbour
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move section 1 down' })).toHaveFocus());

    await userEvent.click(screen.getByRole('button', { name: 'Add section' }));
    expect(sectionTitles()).toEqual(['Therapie', 'Definition', '']);
    await userEvent.type(screen.getAllByLabelText('Section title')[2], 'Neu');

    await userEvent.click(screen.getByRole('button', { name: 'Delete section 2' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Section 2 “Definition”');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(sectionTitles()).toEqual(['Therapie', 'Neu']);

    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await waitFor(() => expect(saved(fetchMock)).toHaveLength(1));
    expect(saved(fetchMock)[0].glv.details.map((d) => [d.id ?? null, d.title])).toEqual([
      [42, 'Therapie'],
      [null, 'Neu'],
    ]);
  });

  it('keeps unsaved changes as a draft on this device and offers them again', async () => {
    const routes = { 'author/query/guidelineInfo': info(), 'author/query/latestGuideline': version() };
    const first = renderEditor('/guidelines/guideline/12/de/edit', routes);
    const title = await screen.findByLabelText('Title');
    await userEvent.type(title, ' neu');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem(draftKey(12, 'de'))).not.toBeNull(), { timeout: 3000 });
    expect(screen.getByText(/draft kept on this device/)).toBeInTheDocument();
    first.view.unmount();

    renderEditor('/guidelines/guideline/12/de/edit', routes);
    expect(await screen.findByText(/Unsaved changes from .* were found on this device/)).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Sepsis');
    await userEvent.click(screen.getByRole('button', { name: 'Restore changes' }));
    expect(screen.getByLabelText('Title')).toHaveValue('Sepsis neu');
    expect(sectionTitles()).toEqual(['Definition', 'Therapie']);
    expect(screen.getByLabelText('Text of section 1')).toHaveTextContent('Sepsis ist lebensbedrohlich.');
  });

  it('asks before leaving with unsaved changes', async () => {
    const { router } = renderEditor('/guidelines/guideline/12/de/edit', { 'author/query/guidelineInfo': info(), 'author/query/latestGuideline': version() });
    await userEvent.type(await screen.findByLabelText('Title'), '!');
    await act(async () => {
      await router.navigate('/guidelines/guideline/12/de');
    });
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Leave without saving?');
    expect(localStorage.getItem(draftKey(12, 'de'))).not.toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText('Title')).toHaveValue('Sepsis!');
    await act(async () => {
      await router.navigate('/guidelines/guideline/12/de');
    });
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('management page')).toBeInTheDocument();
  });

  it('shows not found for a language guidelines are not written in', async () => {
    renderEditor('/guidelines/guideline/12/xx/edit', {});
    expect(await screen.findByText(/Page not found/i)).toBeInTheDocument();
  });
});
