import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import type { Info as GuidelineInfo, Version as GuidelineVersion, Template, TemplateInput, VersionInput } from '@/lib/api-types.gen';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import { useSnackbarStore } from '@/lib/snackbar';
import { mockApi, sentBodies, type MockRoute } from '@/test/mockApi';
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

  it('asks for no version of a brand-new guideline, and keeps the form after its first save', async () => {
    let versions: GuidelineInfo['languages'] = [];
    const { fetchMock } = renderEditor('/guidelines/guideline/12/de/edit', {
      'author/query/guidelineInfo': () => ({ ...info(), languages: versions }),
      'author/mutation/addGuidelineVersion': () => {
        versions = info().languages.map((l) => ({ ...l, latestVersion: 1 }));
        return 1;
      },
      'author/query/latestGuideline': version({ version: 1, title: 'Neu' }),
      'author/query/guideline': version({ version: 1, title: 'Neu' }),
    });
    await userEvent.type(await screen.findByLabelText('Title'), 'Neu');
    expect(sentBodies(fetchMock, 'author/query/latestGuideline')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Save version' }));
    await waitFor(() => expect(useSnackbarStore.getState().snackbars.map((s) => s.message)).toContain('Version 1 saved'));
    await waitFor(() => expect(sentBodies(fetchMock, 'author/query/latestGuideline')).toHaveLength(1));
    expect(screen.getByLabelText('Title')).toHaveValue('Neu');
    for (const r of await Promise.all(fetchMock.mock.results.map((res) => res.value as Promise<Response>))) expect(r.status).toBe(200);
  });

  it('groups the rare elements under a labelled insert menu that the keyboard opens, and names every tool', async () => {
    renderEditor('/guidelines/guideline/12/de/edit', { 'author/query/guidelineInfo': info(), 'author/query/latestGuideline': version() });
    const text = await screen.findByLabelText('Text of section 1');
    act(() => text.focus());
    const toolbar = await screen.findByRole('toolbar', { name: 'Formatting of section 1' });
    for (const button of within(toolbar).getAllByRole('button')) {
      expect(button).toHaveAccessibleName();
      expect(button.textContent?.trim() || button.getAttribute('title')).toBeTruthy();
    }
    for (const rare of ['Footnote', 'Lookup table', 'Insert template', 'Video', 'Special characters']) expect(within(toolbar).queryByRole('button', { name: rare })).toBeNull();
    const insert = within(toolbar).getByRole('button', { name: 'Insert' });
    insert.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent?.trim())).toEqual(['Footnote', 'Lookup table', 'Insert template', 'Video', 'Ω Special characters']);
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: /footnote/i })).toBeInTheDocument();
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

describe('templates in the editor', () => {
  const template = (over: Partial<Template>): Template => ({
    id: 1,
    title: 'Allergie-Hinweis',
    language: 'de',
    content: '<p>Allergien <em>vorher</em> erfragen.</p>',
    createdByName: 'Anna Keller',
    updated: '2026-02-01T10:00:00Z',
    mayChange: true,
    ...over,
  });
  const templates = [
    template({}),
    template({ id: 2, title: 'Dosierung Erwachsene', content: '<h3>Dosierung</h3><ul><li>1 g alle 8 h</li></ul>', createdByName: 'Max Muster', mayChange: false }),
    template({ id: 3, title: 'Haftungsausschluss', content: '<p>Ohne Gewähr.</p>', createdByName: 'Max Muster', mayChange: false }),
  ];
  const routes = (over: Record<string, MockRoute> = {}): Record<string, MockRoute> => ({
    'author/query/guidelineInfo': info(),
    'author/query/latestGuideline': version(),
    'author/query/templates': (body: Record<string, unknown>) => (body.language === 'de' ? templates : []),
    'author/mutation/addGuidelineVersion': 5,
    'author/query/guideline': version({ version: 5 }),
    ...over,
  });
  const snackbars = () => useSnackbarStore.getState().snackbars.map((s) => s.message);

  /** Puts the caret at the end of section 1 and opens the insert dialog from its toolbar. */
  async function openInsertDialog() {
    const text = await screen.findByLabelText('Text of section 1');
    act(() => text.focus());
    const walker = document.createTreeWalker(text, NodeFilter.SHOW_TEXT);
    let last: Node | null = null;
    while (walker.nextNode()) last = walker.currentNode;
    if (last) {
      const caret = last;
      await act(async () => {
        document.getSelection()?.collapse(caret, caret.textContent?.length ?? 0);
        document.dispatchEvent(new Event('selectionchange'));
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    }
    await userEvent.click(await screen.findByRole('button', { name: 'Insert' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Insert template' }));
    return screen.findByRole('dialog', { name: 'Insert template' });
  }
  const optionNames = (dialog: HTMLElement) => within(dialog).queryAllByRole('option').map((o) => o.querySelector('.ed-tpl__name')?.textContent);

  it('lists the templates of the language, filters them by title and inserts the chosen one into the section', async () => {
    const { fetchMock } = renderEditor('/guidelines/guideline/12/de/edit', routes());
    const dialog = await openInsertDialog();
    await waitFor(() => expect(optionNames(dialog)).toEqual(['Allergie-Hinweis', 'Dosierung Erwachsene', 'Haftungsausschluss']));
    expect(sentBodies(fetchMock, 'author/query/templates')).toEqual([{ language: 'de' }]);
    expect(dialog).toHaveTextContent('inserted into the section where the cursor is');
    // the first one is chosen and shown as readers see it
    expect(within(dialog).getByRole('option', { name: /Allergie-Hinweis/ })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('region', { name: 'Preview of “Allergie-Hinweis”' }).innerHTML).toBe('<p>Allergien <em>vorher</em> erfragen.</p>');

    const search = within(dialog).getByRole('combobox', { name: 'Search templates' });
    expect(search).toHaveFocus();
    await userEvent.type(search, 'ERWACHS');
    expect(optionNames(dialog)).toEqual(['Dosierung Erwachsene']);
    expect(within(dialog).getByRole('region', { name: 'Preview of “Dosierung Erwachsene”' })).toHaveTextContent('1 g alle 8 h');
    await userEvent.clear(search);
    await userEvent.type(search, 'nichts');
    expect(optionNames(dialog)).toEqual([]);
    expect(within(dialog).getByText('No items found')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Insert' })).toBeDisabled();

    // arrow keys choose, Enter inserts
    await userEvent.clear(search);
    await userEvent.keyboard('{ArrowDown}');
    expect(within(dialog).getByRole('option', { name: /Dosierung Erwachsene/ })).toHaveAttribute('aria-selected', 'true');
    expect(search).toHaveAttribute('aria-activedescendant', within(dialog).getByRole('option', { name: /Dosierung Erwachsene/ }).id);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Text of section 1')).toHaveTextContent('Sepsis ist lebensbedrohlich.Dosierung1 g alle 8 h');

    await userEvent.click(screen.getByRole('button', { name: 'Save version' }));
    await waitFor(() => expect(saved(fetchMock)).toHaveLength(1));
    expect(saved(fetchMock)[0].glv.details[0].content).toBe('<p>Sepsis ist <strong>lebensbedrohlich</strong>.</p><h3>Dosierung</h3><ul><li>1 g alle 8 h</li></ul>');
  });

  it('inserts into an empty section with a click and the insert button, footnotes included', async () => {
    const withNote = template({ id: 4, title: 'Quelle', content: '<p>Laut Studie<sup data-footnote-ref="fn1" id="ref-fn1"><a href="#fn1">1</a></sup>.</p><section data-footnotes=""><ol><li id="fn1">NEJM 2024</li></ol></section>' });
    const { fetchMock } = renderEditor('/guidelines/guideline/12/it/edit', routes({ 'author/query/latestGuideline': notFound, 'author/query/templates': [withNote] }));
    const dialog = await openInsertDialog();
    expect(sentBodies(fetchMock, 'author/query/templates')).toEqual([{ language: 'it' }]);
    await userEvent.click(await within(dialog).findByRole('option', { name: /Quelle/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Insert' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.type(screen.getByLabelText('Title'), 'Studie');
    await userEvent.click(screen.getByRole('button', { name: 'Save version' }));
    await waitFor(() => expect(saved(fetchMock)).toHaveLength(1));
    expect(saved(fetchMock)[0].glv.details[0].content).toBe(withNote.content);
  });

  it('says so when the language has no templates yet', async () => {
    renderEditor('/guidelines/guideline/12/fr/edit', routes({ 'author/query/latestGuideline': notFound }));
    const dialog = await openInsertDialog();
    expect(await within(dialog).findByText('No items found')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('There are no templates for this language yet.');
    expect(within(dialog).getByRole('button', { name: 'Insert' })).toBeDisabled();
  });

  it('shows when the templates cannot be loaded', async () => {
    renderEditor('/guidelines/guideline/12/de/edit', routes({ 'author/query/templates': { status: 403, body: { message: 'forbidden', params: {} } } }));
    const dialog = await openInsertDialog();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You are not allowed to do this.');
  });

  it('offers renaming and deleting only for templates the user may change; deleting asks first', async () => {
    let list = [...templates];
    const { fetchMock } = renderEditor(
      '/guidelines/guideline/12/de/edit',
      routes({
        'author/query/templates': () => list,
        'author/mutation/deleteTemplate': (body: Record<string, unknown>) => {
          list = list.filter((tpl) => tpl.id !== body.id);
          return true;
        },
        'author/mutation/saveTemplate': (body: Record<string, unknown>) => {
          const input = body.template as Template;
          list = list.map((tpl) => (tpl.id === input.id ? { ...tpl, title: input.title } : tpl));
          return list.find((tpl) => tpl.id === input.id);
        },
      }),
    );
    const dialog = await openInsertDialog();
    await within(dialog).findByRole('option', { name: /Allergie-Hinweis/ });
    expect(within(dialog).getByRole('button', { name: 'Rename template “Allergie-Hinweis”' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete template “Allergie-Hinweis”' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('option', { name: /Haftungsausschluss/ }));
    expect(within(dialog).getByRole('region', { name: 'Preview of “Haftungsausschluss”' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Rename template/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Delete template/ })).not.toBeInTheDocument();

    // renaming sends the template as it is with the new title
    await userEvent.click(within(dialog).getByRole('option', { name: /Allergie-Hinweis/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rename template “Allergie-Hinweis”' }));
    const title = within(dialog).getByLabelText('New title');
    expect(title).toHaveFocus();
    await userEvent.clear(title);
    await userEvent.type(title, 'Allergien erfragen{Enter}');
    await waitFor(() => expect(sentBodies(fetchMock, 'author/mutation/saveTemplate')).toEqual([{ template: { id: 1, title: 'Allergien erfragen', language: 'de', content: templates[0].content } }]));
    await waitFor(() => expect(optionNames(dialog)).toEqual(['Allergien erfragen', 'Dosierung Erwachsene', 'Haftungsausschluss']));
    expect(snackbars()).toContain('Template renamed to “Allergien erfragen”');
    expect(screen.getByRole('dialog', { name: 'Insert template' })).toBeInTheDocument();

    // deleting: cancelled first, then confirmed
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete template “Allergien erfragen”' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Delete template?' });
    expect(confirm).toHaveTextContent('The template “Allergien erfragen” will be deleted for all authors of this space.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(sentBodies(fetchMock, 'author/mutation/deleteTemplate')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete template “Allergien erfragen”' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Delete template?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'author/mutation/deleteTemplate')).toEqual([{ id: 1 }]));
    await waitFor(() => expect(optionNames(dialog)).toEqual(['Dosierung Erwachsene', 'Haftungsausschluss']));
    expect(snackbars()).toContain('Template “Allergien erfragen” deleted');
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Search templates' })).toHaveFocus());
  });

  it('shows when a template to delete is gone already', async () => {
    renderEditor('/guidelines/guideline/12/de/edit', routes({ 'author/mutation/deleteTemplate': { status: 404, body: { message: 'template.notFound', params: {} } } }));
    const dialog = await openInsertDialog();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Delete template “Allergie-Hinweis”' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete template?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('Template not found');
  });

  it('saves the text of a section as a template of the language', async () => {
    const { fetchMock } = renderEditor(
      '/guidelines/guideline/12/de/edit',
      routes({ 'author/mutation/saveTemplate': (body: Record<string, unknown>) => template({ ...(body.template as TemplateInput), id: 9 }) }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Save section 1 as template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save as template' });
    expect(dialog).toHaveTextContent('The text of section 1 as it is now becomes a template for the language Deutsch.');
    const title = within(dialog).getByLabelText('Title of the template');
    expect(title).toHaveValue('Definition');
    expect(title).toHaveFocus();
    await userEvent.clear(title);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save template' }));
    expect(within(dialog).getByText('Field is required')).toBeInTheDocument();
    await userEvent.type(title, 'Sepsis-Definition');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentBodies(fetchMock, 'author/mutation/saveTemplate')).toEqual([{ template: { title: 'Sepsis-Definition', language: 'de', content: '<p>Sepsis ist <strong>lebensbedrohlich</strong>.</p>' } }]);
    expect(snackbars()).toContain('Template “Sepsis-Definition” saved');
  });

  it('shows the errors of saving a template and refuses empty sections', async () => {
    const details = [
      { id: 41, index: 0, title: 'Leer', content: '', rawContent: '' },
      { id: 42, index: 1, title: 'Kurz', content: '<p>Kurz und bündig</p>', rawContent: '' },
    ];
    renderEditor(
      '/guidelines/guideline/12/de/edit',
      routes({
        'author/query/latestGuideline': version({ details }),
        'author/mutation/saveTemplate': (body: Record<string, unknown>) =>
          (body.template as TemplateInput).title.length > 4
            ? { status: 400, body: { message: 'validation.tooLong', params: { field: 'template.title', max: 300 } } }
            : { status: 400, body: { message: 'validation.tooLong', params: { field: 'template.content', max: 1048576 } } },
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Save section 1 as template' }));
    let dialog = await screen.findByRole('dialog', { name: 'Save as template' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This section has no text yet');
    expect(within(dialog).getByRole('button', { name: 'Save template' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await userEvent.click(screen.getByRole('button', { name: 'Save section 2 as template' }));
    dialog = await screen.findByRole('dialog', { name: 'Save as template' });
    const title = within(dialog).getByLabelText('Title of the template');
    await userEvent.type(title, ' und bündig');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save template' }));
    expect(await within(dialog).findByText('Input is too long')).toBeInTheDocument();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(title);
    await userEvent.type(title, 'Kurz');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save template' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The text is too long.');
    expect(screen.getByRole('dialog', { name: 'Save as template' })).toBeInTheDocument();
  });
});
