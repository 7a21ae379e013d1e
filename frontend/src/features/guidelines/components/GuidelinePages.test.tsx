import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import type { Info as GuidelineInfo, Language as GuidelineLanguage, Version as GuidelineVersion, MyGuideline, SubmitData, User } from '@/lib/api-types.gen';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import { mockApi, sentBodies, type MockRoute } from '@/test/mockApi';
import { CreateGuidelinePage } from './CreateGuidelinePage';
import { GuidelinePage, GuidelineRedirect } from './GuidelinePage';
import { MyGuidelinesPage } from './MyGuidelinesPage';

const user = (id: number, firstname: string, lastname: string, username: string): User => ({
  id,
  firstname,
  lastname,
  username,
  title: '',
  about: '',
  language: 'de',
  weeklyReminder: false,
});
const anna = user(2, 'Anna', 'Keller', 'anna.admin@kssg.ch');
const max = user(3, 'Max', 'Muster', 'max.member@kssg.ch');

const row = (over: Partial<MyGuideline>): MyGuideline => ({
  id: 11,
  language: 'de',
  role: 'author',
  online: false,
  collection: 'Notfall',
  collectionId: 7,
  title: 'Paracetamol',
  states: ['created', 'neverPublished'],
  edited: '2026-03-01T10:00:00Z',
  latestVersion: 1,
  validUntil: null,
  languages: ['de'],
  ...over,
});

const lang = (over: Partial<GuidelineLanguage>): GuidelineLanguage => ({
  language: 'de',
  title: 'Paracetamol',
  latestVersion: 3,
  publishedVersion: 2,
  validUntil: '2027-03-01T00:00:00Z',
  states: ['edited', 'online'],
  ...over,
});

const info = (over: Partial<GuidelineInfo> = {}): GuidelineInfo => ({
  id: 11,
  collectionId: 7,
  collectionTitle: 'Notfall',
  author: anna,
  coAuthors: [],
  mainValidator: max,
  validationInterval: 24,
  created: '2026-01-01T00:00:00Z',
  languages: [lang({})],
  abilities: { edit: true, manageAuthors: true, settings: true },
  ...over,
});

const submitData = (over: Partial<SubmitData> = {}): SubmitData => ({
  latestProgress: 'accepted',
  importantChange: false,
  canHotfix: true,
  hotfixBlockedBy: '',
  isAlreadySubmitted: false,
  openKind: '',
  openRevision: null,
  language: 'de',
  publishedVersion: 2,
  latestVersion: 3,
  ...over,
});

const version = (v: number, title: string, details: [number, string, string][]): GuidelineVersion => ({
  id: 11,
  version: v,
  language: 'de',
  title,
  description: '',
  tags: [],
  searchTags: [],
  details: details.map(([id, t, content], index) => ({ id, index, title: t, content, rawContent: '', extern: null })),
  created: '2026-03-01T10:00:00Z',
  createdBy: 2,
  collectionId: 7,
  collectionTitle: 'Notfall',
  authorId: 2,
  coAuthorIds: [],
  mainValidatorId: 3,
  validationInterval: 24,
  languages: [],
});

const versions: Record<number, GuidelineVersion> = {
  1: version(1, 'Paracetamol', [[100, 'Dosis', '<p>1 g</p>']]),
  2: version(2, 'Paracetamol', [[100, 'Dosis', '<p>1 g alle 6 h</p>'], [101, 'Kontraindikation', '<p>Leberinsuffizienz</p>']]),
  3: version(3, 'Paracetamol i.v.', [[100, 'Dosis', '<p>500 mg alle 6 h</p>'], [102, 'Überwachung', '<p>Leberwerte</p>']]),
};

const base: Record<string, MockRoute> = {
  'author/query/myGuidelines': [
    row({}),
    row({ id: 12, title: 'Ibuprofen', role: 'coAuthor', states: ['rejected', 'neverPublished'], edited: '2026-03-03T10:00:00Z' }),
    row({ id: 13, title: 'Sepsis', collection: 'Intensiv', collectionId: 9, states: ['accepted', 'expiring', 'online'], edited: '2026-02-01T10:00:00Z', validUntil: '2026-04-01T00:00:00Z' }),
  ],
  'author/query/guidelineInfo': info(),
  'author/query/validationData': submitData(),
  'author/query/guidelineVersion': [
    { version: 3, title: 'Paracetamol i.v.', created: '2026-03-03T10:00:00Z', createdBy: 'Anna Keller', published: false },
    { version: 2, title: 'Paracetamol', created: '2026-03-02T10:00:00Z', createdBy: 'Anna Keller', published: true },
    { version: 1, title: 'Paracetamol', created: '2026-03-01T10:00:00Z', createdBy: 'Anna Keller', published: false },
  ],
  'author/query/guideline': (body: Record<string, unknown>) => versions[Number(body.version)] ?? { status: 404, body: { message: 'guideline.versionNotFound', params: {} } },
  'author/query/createGuidelineData': [
    { collectionId: 7, collectionTitle: 'Notfall', validators: [{ label: 'Max Muster', value: 3 }] },
    { collectionId: 9, collectionTitle: 'Intensiv', validators: [] },
  ],
};

function renderAt(path: string, routes: Record<string, MockRoute> = {}) {
  const fetchMock = mockApi({ ...base, ...routes });
  const router = createMemoryRouter(
    [
      { path: '/guidelines', element: <MyGuidelinesPage /> },
      { path: '/guidelines/guideline/new', element: <CreateGuidelinePage /> },
      { path: '/guidelines/guideline/:id', element: <GuidelineRedirect /> },
      { path: '/guidelines/guideline/:id/:lang/edit', element: <p>editor</p> },
      { path: '/guidelines/guideline/:id/:lang/:tab?', element: <GuidelinePage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { fetchMock, router };
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('My Guidelines', () => {
  it('lists one row per language with translated state chips, newest edit first', async () => {
    renderAt('/guidelines');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual(['Ibuprofen', 'Paracetamol', 'Sepsis']);
    expect(within(rows[0]).getByRole('link')).toHaveAttribute('href', '/guidelines/guideline/12/de');
    expect(within(rows[0]).getByText('Rejected')).toHaveClass('state-chip--danger');
    expect(within(rows[0]).getByText('Co-author')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Expiring')).toHaveClass('state-chip--warning');
    expect(within(rows[2]).getByText('Online')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New guideline' })).toHaveAttribute('href', '/guidelines/guideline/new');
  });

  it('filters by text, state, collection and role and sorts by edit date', async () => {
    renderAt('/guidelines');
    await screen.findByRole('table');
    await userEvent.selectOptions(screen.getByLabelText('State'), 'rejected');
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('1 of 3');
    await userEvent.selectOptions(screen.getByLabelText('State'), '');
    await userEvent.selectOptions(screen.getByLabelText('Collection'), '9');
    expect(screen.getByRole('link', { name: 'Sepsis' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Paracetamol' })).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Collection'), '');
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'author');
    await userEvent.click(screen.getByRole('button', { name: 'Edited: newest first' }));
    expect(screen.getByRole('columnheader', { name: /Edited/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getAllByRole('row').slice(1).map((r) => within(r).getByRole('link').textContent)).toEqual(['Sepsis', 'Paracetamol']);
    await userEvent.type(screen.getByPlaceholderText('Filter by title or collection'), 'zzz');
    expect(screen.getByText('No items found')).toBeInTheDocument();
  });

  it('says so when there is nothing yet', async () => {
    renderAt('/guidelines', { 'author/query/myGuidelines': [] });
    expect(await screen.findByText('No items found')).toBeInTheDocument();
  });
});

describe('Create guideline', () => {
  it('requires a collection, offers its validators and opens the editor of the German version', async () => {
    const { fetchMock, router } = renderAt('/guidelines/guideline/new', { 'author/mutation/createGuideline': 42 });
    const collection = await screen.findByLabelText('Collection');
    expect(within(collection).getByRole('option', { name: 'Select an option' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create and edit' }));
    expect(screen.getByText('Field is required')).toBeInTheDocument();
    await userEvent.selectOptions(collection, '7');
    await userEvent.selectOptions(screen.getByLabelText('Main validator'), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Create and edit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/guidelines/guideline/42/de/edit'));
    expect(sentBodies(fetchMock, 'author/mutation/createGuideline')).toEqual([{ collection: 7, validator: 3 }]);
  });
});

describe('Guideline management', () => {
  it('redirects /guidelines/guideline/{id} to the German language', async () => {
    const { router } = renderAt('/guidelines/guideline/11');
    await waitFor(() => expect(router.state.location.pathname).toBe('/guidelines/guideline/11/de'));
  });

  it('shows the header, the actions SubmitData allows and the diff between published and latest version', async () => {
    const { fetchMock } = renderAt('/guidelines/guideline/11/de');
    expect(await screen.findByRole('heading', { level: 1, name: 'Paracetamol' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/guidelines/guideline/11/de/edit');
    expect(await screen.findByRole('button', { name: 'Submit to validation' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hotfix' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Renew validation' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Versions' })).toHaveAttribute('aria-current', 'page');

    const diff = await screen.findByTestId('version-diff');
    expect(screen.getByLabelText('Older version')).toHaveValue('2');
    expect(screen.getByLabelText('Newer version')).toHaveValue('3');
    expect(within(diff).getByText('Changed sections: 3')).toBeInTheDocument();
    const removed = [...diff.querySelectorAll('del.diff__removed')].map((d) => d.textContent);
    const added = [...diff.querySelectorAll('ins.diff__added')].map((d) => d.textContent);
    expect(removed).toContain('1 g');
    expect(added).toContain('500 mg');
    expect(added).toContain(' i.v.');
    expect(diff.querySelector('[data-status="removed"]')).toHaveTextContent('Kontraindikation');
    expect(diff.querySelector('[data-status="added"]')).toHaveTextContent('Überwachung');
    expect(sentBodies(fetchMock, 'author/query/guidelineVersion')).toEqual([{ id: 11, version: 3 }]);
    expect(sentBodies(fetchMock, 'author/query/validationData')).toEqual([{ guidelineId: 11, guidelineVersion: 3 }]);

    await userEvent.selectOptions(screen.getByLabelText('Older version'), '1');
    await waitFor(() => expect(within(screen.getByTestId('version-diff')).getByText('Changed sections: 2')).toBeInTheDocument());
  });

  it('offers every version as PDF and says when no PDF can be made', async () => {
    const { fetchMock } = renderAt('/guidelines/guideline/11/de', {
      'author/stream/guidelineDraftAsPDF': { status: 503, body: { message: 'pdf.unavailable', params: {} } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Download version 2 as PDF' }));
    expect(await screen.findByText('The PDF cannot be created right now. Please try again later.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'author/stream/guidelineDraftAsPDF')).toEqual([{ guideline: 11, version: 2 }]);
    expect(screen.getAllByRole('button', { name: /^Download version \d as PDF$/ })).toHaveLength(3);
  });

  it('submits the latest version to validation with the change summary', async () => {
    const { fetchMock } = renderAt('/guidelines/guideline/11/de', { 'author/mutation/submitToValidation': { revision: 5 } });
    await userEvent.click(await screen.findByRole('button', { name: 'Submit to validation' }));
    const dialog = screen.getByRole('dialog', { name: 'Submit to validation' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByText('Field is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Summary of the change'), 'Dose lowered');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Adults now 500 mg');
    await userEvent.click(within(dialog).getByLabelText('Important change'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentBodies(fetchMock, 'author/mutation/submitToValidation')).toEqual([
      { guidelineId: 11, guidelineVersion: 3, validation: { title: 'Dose lowered', description: 'Adults now 500 mg', important: true } },
    ]);
  });

  it('offers adding changes to the open request, and explains a blocked hotfix', async () => {
    const { fetchMock } = renderAt('/guidelines/guideline/11/de', {
      'author/query/validationData': submitData({ isAlreadySubmitted: true, openRevision: 8, canHotfix: false, hotfixBlockedBy: 'submitted' }),
      'validator/query/validation': { revision: 8, title: 'Dose lowered', description: 'old words', important: false, approvals: [], requiredApprovals: 1 },
      'author/mutation/updateValidation': { revision: 8 },
    });
    expect(screen.queryByRole('button', { name: 'Renew validation' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Hotfix' }));
    const hotfix = screen.getByRole('dialog', { name: 'Hotfix' });
    expect(within(hotfix).getByText('A hotfix is not possible while a validation request is open.')).toBeInTheDocument();
    await userEvent.click(within(hotfix).getByRole('button', { name: 'Add changes to the open request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add changes to the open request' });
    expect(await within(dialog).findByLabelText('Summary of the change')).toHaveValue('Dose lowered');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add changes' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'author/mutation/updateValidation')).toEqual([
      { guidelineId: 11, version: 3, revision: 8, data: { title: 'Dose lowered', description: 'old words', important: false } },
    ]));
  });

  it('publishes a hotfix with a comment and shows a refusal of the server', async () => {
    const { fetchMock } = renderAt('/guidelines/guideline/11/de', {
      'author/mutation/submitHotfix': { status: 409, body: { message: 'validation.hotfixBlocked', params: { reason: 'rejected' } } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Hotfix' }));
    const dialog = screen.getByRole('dialog', { name: 'Hotfix' });
    await userEvent.type(within(dialog).getByLabelText('What was corrected?'), 'Typo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish hotfix' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('because the last request was rejected');
    expect(sentBodies(fetchMock, 'author/mutation/submitHotfix')).toEqual([{ guidelineId: 11, guidelineVersion: 3, comment: 'Typo' }]);
  });

  it('renews the published version', async () => {
    const { fetchMock } = renderAt('/guidelines/guideline/11/de', { 'author/mutation/renewValidation': { revision: 9 } });
    await userEvent.click(await screen.findByRole('button', { name: 'Renew validation' }));
    const dialog = screen.getByRole('dialog', { name: 'Renew validation' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request renewal' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'author/mutation/renewValidation')).toEqual([{ guidelineId: 11, guidelineVersion: 2, comment: '' }]));
  });

  it('shows only what the abilities allow', async () => {
    renderAt('/guidelines/guideline/11/de', { 'author/query/guidelineInfo': info({ abilities: { edit: false, manageAuthors: false, settings: false } }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Paracetamol' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit to validation' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    expect(screen.queryByRole('menuitem', { name: 'Settings' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Co-authors' }));
    expect(await screen.findByText('Only the author and the collection\'s administrators can change the authors.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('offers writing the first version of a language without one, and adding languages', async () => {
    renderAt('/guidelines/guideline/11/fr');
    expect(await screen.findByText('There is no Français version yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Write the first version' })).toHaveAttribute('href', '/guidelines/guideline/11/fr/edit');
    await userEvent.click(screen.getByRole('button', { name: 'Add language' }));
    expect(await screen.findByRole('menuitem', { name: /Italiano/ })).toHaveAttribute('href', '/guidelines/guideline/11/it/edit');
  });

  it('lists the timeline newest first', async () => {
    renderAt('/guidelines/guideline/11/de/timeline', {
      'author/query/timeline': [
        { time: '2026-03-03T10:00:00Z', kind: 'rejected', version: 3, revision: 4, user: 'Max Muster', comment: 'Source missing' },
        { time: '2026-03-02T10:00:00Z', kind: 'submit', version: 3, revision: 4, user: 'Anna Keller', comment: 'Dose lowered' },
      ],
    });
    const list = await screen.findByRole('list', { name: 'Timeline' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Version 3 rejected');
    expect(items[0]).toHaveTextContent('Max Muster');
    expect(items[0]).toHaveTextContent('Source missing');
    expect(items[1]).toHaveTextContent('Version 3 submitted to validation');
  });

  it('saves validation settings and refuses a validity end that is not after today', async () => {
    const { fetchMock } = renderAt('/guidelines/guideline/11/de/settings', {
      'author/query/validationSettings': { mainValidator: 3, validationInterval: 24, validators: [{ label: 'Max Muster', value: 3 }] },
      'author/mutation/updateValidationSettings': { mainValidator: null, validationInterval: 12, validators: [{ label: 'Max Muster', value: 3 }] },
      'author/query/validationExpirations': [{ language: 'de', time: '2027-03-01T00:00:00Z' }],
    });
    const interval = await screen.findByLabelText('Validity in months');
    await userEvent.clear(interval);
    await userEvent.type(interval, '200');
    await userEvent.click(within(interval.closest('form') as HTMLFormElement).getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Must be between 1 and 120 months')).toBeInTheDocument();
    await userEvent.clear(interval);
    await userEvent.type(interval, '12');
    await userEvent.selectOptions(screen.getByLabelText('Main validator'), '');
    await userEvent.click(within(interval.closest('form') as HTMLFormElement).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'author/mutation/updateValidationSettings')).toEqual([{ guideline: 11, validator: null, validationInterval: 12 }]));

    const date = await screen.findByLabelText('New end of validity');
    await userEvent.type(date, '2020-01-01');
    await userEvent.click(within(date.closest('form') as HTMLFormElement).getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Must be after today')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'author/mutation/updateValidationExpiration')).toEqual([]);
  });

  it('archives a language only after confirmation', async () => {
    const { fetchMock } = renderAt('/guidelines/guideline/11/de/settings', {
      'author/query/validationSettings': { mainValidator: 3, validationInterval: 24, validators: [] },
      'author/query/validationExpirations': [],
      'author/mutation/archiveGuidelineLanguage': [lang({ states: ['archived', 'offline'] })],
    });
    await screen.findByRole('heading', { name: 'Language versions' });
    await userEvent.click(await screen.findByRole('button', { name: 'Archive Deutsch' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Archive language version?' });
    expect(sentBodies(fetchMock, 'author/mutation/archiveGuidelineLanguage')).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'author/mutation/archiveGuidelineLanguage')).toEqual([{ guidelineId: 11, language: 'de' }]));
  });

  it('restores an archived language, which comes back offline', async () => {
    const archived = info({ languages: [lang({ states: ['archived', 'offline'] }), lang({ language: 'fr', title: 'Paracétamol', publishedVersion: null, states: ['archived'] })] });
    let restored = false;
    const { fetchMock } = renderAt('/guidelines/guideline/11/de/settings', {
      'author/query/guidelineInfo': () => (restored ? info({ languages: [lang({ states: ['edited', 'offline'] })] }) : archived),
      'author/query/validationSettings': { mainValidator: 3, validationInterval: 24, validators: [] },
      'author/query/validationExpirations': [],
      'author/mutation/restoreGuidelineLanguage': () => {
        restored = true;
        return [lang({ states: ['edited', 'offline'] })];
      },
    });
    const row = (await screen.findByRole('button', { name: 'Restore Deutsch' })).closest('li') as HTMLElement;
    expect(within(row).getByText(/comes back offline/)).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Archive Deutsch' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('switch')).not.toBeInTheDocument();
    // a language never published has nothing to take offline
    const draft = screen.getByRole('button', { name: 'Restore Français' }).closest('li') as HTMLElement;
    expect(within(draft).getByText('Restored, it can be edited again.')).toBeInTheDocument();
    // the archived language offers no lifecycle actions in the header
    expect(screen.queryByRole('group', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: 'Restore Deutsch' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'author/mutation/restoreGuidelineLanguage')).toEqual([{ guidelineId: 11, language: 'de' }]));
    expect(await screen.findByText('The Deutsch version is restored and stays offline until you take it online')).toBeInTheDocument();
    // guidelineInfo is read anew: the language offers archiving and the online switch again
    expect(await screen.findByRole('button', { name: 'Archive Deutsch' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Deutsch online' })).not.toBeChecked();
    expect(screen.queryByRole('button', { name: /^Restore/ })).not.toBeInTheDocument();
  });

  it('shows a refused restore', async () => {
    renderAt('/guidelines/guideline/11/de/settings', {
      'author/query/guidelineInfo': info({ languages: [lang({ states: ['archived', 'offline'] })] }),
      'author/query/validationSettings': { mainValidator: 3, validationInterval: 24, validators: [] },
      'author/query/validationExpirations': [],
      'author/mutation/restoreGuidelineLanguage': { status: 409, body: { message: 'guideline.notArchived', params: { language: 'de' } } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Restore Deutsch' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This language version is not archived');
  });

  it('offers no restore without the edit ability', async () => {
    renderAt('/guidelines/guideline/11/de/settings', {
      'author/query/guidelineInfo': info({ languages: [lang({ states: ['archived', 'offline'] })], abilities: { edit: false, manageAuthors: true, settings: true } }),
      'author/query/validationSettings': { mainValidator: 3, validationInterval: 24, validators: [] },
    });
    expect(await screen.findByRole('heading', { name: 'Validation' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Language versions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Restore/ })).not.toBeInTheDocument();
  });

  it('adds co-authors and transfers authorship after confirmation', async () => {
    const { fetchMock } = renderAt('/guidelines/guideline/11/de/coauthors', {
      'common/query/searchUserBySpace': [{ ...max, admin: false, isAuthor: false }],
      'author/mutation/addGuidelineCoAuthors': [3],
      'author/mutation/setGuidelineAuthor': true,
      'common/query/profile': { ...anna, id: 99 },
    });
    await userEvent.type(await screen.findByRole('combobox', { name: 'Add co-author' }), 'max');
    await userEvent.click(await screen.findByRole('option', { name: /Max Muster/ }));
    await waitFor(() => expect(sentBodies(fetchMock, 'author/mutation/addGuidelineCoAuthors')).toEqual([{ guideline: 11, id: [3] }]));

    await userEvent.type(screen.getByRole('combobox', { name: 'New author' }), 'max');
    await userEvent.click(await screen.findByRole('option', { name: /Max Muster/ }));
    const confirm = screen.getByRole('alertdialog', { name: 'Transfer authorship?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'author/mutation/setGuidelineAuthor')).toEqual([{ guideline: 11, author: 3 }]));
  });

  it('shows not found for an unknown tab and the error page for a forbidden guideline', async () => {
    renderAt('/guidelines/guideline/11/de/nope');
    expect(await screen.findByText('Page not found. Please check the URL for typos.')).toBeInTheDocument();
  });

  it('shows the not-authorised page when the guideline is not the caller\'s', async () => {
    renderAt('/guidelines/guideline/11/de', { 'author/query/guidelineInfo': { status: 403, body: { message: 'forbidden', params: {} } } });
    expect(await screen.findByText(/not authorised/)).toBeInTheDocument();
  });
});
