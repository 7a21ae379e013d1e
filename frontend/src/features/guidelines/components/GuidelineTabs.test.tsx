import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import type { AuditResult, Comment, Document, Info as GuidelineInfo, Metadata, Note, Space, User } from '@/lib/api-types.gen';
import { formatDateTime } from '@/lib/dates';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import { mockApi, sentBodies, type MockRoute } from '@/test/mockApi';
import { answerError, MAX_COMMENT } from './CommentsTab';
import { GuidelinePage } from './GuidelinePage';

const anna: User = { id: 2, firstname: 'Anna', lastname: 'Keller', username: 'anna.admin@kssg.ch', title: '', about: '', language: 'de', weeklyReminder: false };

const info = (over: Partial<GuidelineInfo> = {}): GuidelineInfo => ({
  id: 11,
  collectionId: 7,
  collectionTitle: 'Notfall',
  author: anna,
  coAuthors: [],
  mainValidator: null,
  validationInterval: 24,
  created: '2026-01-01T00:00:00Z',
  languages: [{ language: 'de', title: 'Paracetamol', latestVersion: 3, publishedVersion: 2, validUntil: null, states: ['edited', 'online'] }],
  abilities: { edit: true, manageAuthors: true, settings: true },
  ...over,
});
const readOnly = info({ abilities: { edit: false, manageAuthors: false, settings: false } });

const kssg: Space = {
  id: 1,
  title: 'Kantonsspital St. Gallen',
  subdomain: 'kssg',
  color: '#c8102e',
  accentColor: '#7a0019',
  emailDomains: ['kssg.ch'],
  tags: [],
  variables: {},
  lpvisible: true,
  national: false,
  public: true,
  position: 0,
  selfSignup: false, adminsNeedSecondFactor: false,
  member: true,
};

const definitions: Metadata[] = [
  {
    id: 1,
    names: { de: 'Fachgebiet', en: '', fr: '', it: '' },
    descriptions: { de: 'Medizinisches Fachgebiet', en: 'Medical field', fr: '', it: '' },
    options: [
      { id: 10, names: { de: 'Kardiologie', en: 'Cardiology', fr: '', it: '' }, descriptions: { de: '', en: '', fr: '', it: '' } },
      { id: 11, names: { de: 'Neurologie', en: '', fr: '', it: '' }, descriptions: { de: '', en: '', fr: '', it: '' } },
    ],
  },
  {
    id: 2,
    names: { de: 'Zielgruppe', en: '', fr: '', it: '' },
    descriptions: { de: '', en: '', fr: '', it: '' },
    options: [
      { id: 20, names: { de: 'Pflege', en: '', fr: '', it: '' }, descriptions: { de: '', en: '', fr: '', it: '' } },
      { id: 21, names: { de: 'Ärzte', en: '', fr: '', it: '' }, descriptions: { de: '', en: '', fr: '', it: '' } },
    ],
  },
];

const doc = (over: Partial<Document>): Document => ({
  id: 51,
  archived: false,
  hash: 'abc',
  name: 'Dosierung.pdf',
  timestamp: '2026-03-01T10:00:00Z',
  guidelineId: 11,
  length: 245_000,
  mime: 'application/pdf',
  url: '/media/abc',
  ...over,
});

const note = (id: number, created: string, content: string): Note => ({ id, created, content, language: 'de', author: 'Anna Keller' });

const audit = (over: Partial<AuditResult>): AuditResult => ({ status: 'none', version: 0, details: [], checkedAt: null, ...over });

const comment = (over: Partial<Comment>): Comment => ({
  id: 71,
  guidelineId: 11,
  language: 'de',
  authorId: 3,
  authorName: 'Max Muster',
  parentId: null,
  timestamp: '2026-03-02T09:30:00Z',
  body: 'Gilt die Dosis auch für Kinder?',
  mayDelete: true,
  answers: [],
  ...over,
});
const threads: Comment[] = [
  comment({
    id: 72,
    timestamp: '2026-03-04T08:00:00Z',
    body: 'Erste Zeile\nZweite Zeile <b>nicht fett</b>',
    answers: [
      comment({ id: 80, parentId: 72, authorId: 2, authorName: 'Anna Keller', timestamp: '2026-03-04T10:00:00Z', body: 'Danke, wird geprüft.' }),
      comment({ id: 81, parentId: 72, authorId: 3, authorName: 'Max Muster', timestamp: '2026-03-04T11:00:00Z', body: 'Merci', mayDelete: false }),
    ],
  }),
  comment({ authorName: 'Lea Leser', authorId: 4, mayDelete: false }),
];

const base: Record<string, MockRoute> = {
  'author/query/guidelineInfo': info(),
  'common/query/space': kssg,
  'admin/query/spaceMetadata': definitions,
  'common/query/guidelineMetadata': [{ metadataId: 1, names: { de: 'Fachgebiet', en: '', fr: '', it: '' }, optionId: 10, optionNames: { de: 'Kardiologie', en: 'Cardiology', fr: '', it: '' } }],
  'author/query/documentsForGuideline': [doc({}), doc({ id: 52, name: 'Schema.png', mime: 'image/png', length: 2_400_000, archived: true, url: '/media/def' })],
  'author/query/notes': [note(1, '2026-02-01T10:00:00Z', 'Erste Notiz'), note(2, '2026-03-01T10:00:00Z', 'Neuere Notiz')],
  'author/query/audit': audit({}),
  'reader/query/commentsForGuideline': threads,
  'author/query/guideline': {
    id: 11,
    version: 3,
    language: 'de',
    title: 'Paracetamol',
    details: [{ id: 100, index: 0, title: 'Dosis', content: '', rawContent: '', extern: null }],
  },
};

function renderTab(tab: string, routes: Record<string, MockRoute> = {}) {
  const fetchMock = mockApi({ ...base, ...routes });
  const router = createMemoryRouter([{ path: '/guidelines/guideline/:id/:lang/:tab?', element: <GuidelinePage /> }], {
    initialEntries: [`/guidelines/guideline/11/de/${tab}`],
  });
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

describe('Guideline tabs', () => {
  it('puts the common work first and the rest under a menu that the keyboard opens and that names the open tab', async () => {
    renderTab('notes');
    const nav = await screen.findByRole('navigation', { name: 'Guideline' });
    expect(within(nav).getAllByRole('link').map((l) => l.textContent)).toEqual(['Versions', 'Timeline', 'Comments']);
    const more = within(nav).getByRole('button', { name: 'More: Notes' });
    expect(more).toHaveAttribute('aria-current', 'page');
    more.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((l) => l.textContent)).toEqual(['Settings', 'Co-authors', 'Metadata', 'Files', 'Notes', 'Translations', 'Audit']);
    expect(within(menu).getByRole('menuitem', { name: 'Notes' })).toHaveAttribute('aria-current', 'page');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(await within(nav).findByRole('button', { name: 'More: Metadata' })).toBeInTheDocument();
  });
});

describe('Metadata tab', () => {
  it('shows one select per definition and saves the choices, an empty choice removing one', async () => {
    const saved = [{ metadataId: 2, names: { de: 'Zielgruppe', en: '', fr: '', it: '' }, optionId: 21, optionNames: { de: 'Ärzte', en: '', fr: '', it: '' } }];
    const { fetchMock } = renderTab('metadata', { 'admin/mutation/setMetadata': saved });
    const field = await screen.findByLabelText('Fachgebiet');
    expect(field).toHaveValue('10');
    expect(within(field).getByRole('option', { name: 'Select an option' })).toBeInTheDocument();
    expect(within(field).getByRole('option', { name: 'Cardiology' })).toBeInTheDocument();
    expect(within(field).getByRole('option', { name: 'Neurologie' })).toBeInTheDocument(); // no English name: the German one
    expect(screen.getByText('Medical field')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'admin/query/spaceMetadata')).toEqual([{ spaceId: 1 }]);
    await userEvent.selectOptions(field, '');
    await userEvent.selectOptions(screen.getByLabelText('Zielgruppe'), '21');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'admin/mutation/setMetadata')).toEqual([{ guidelineId: 11, metadata: [{ metadataId: 2, optionId: 21 }] }]));
    expect(await screen.findByText('Metadata saved')).toBeInTheDocument();
  });

  it('shows a refusal of the server', async () => {
    renderTab('metadata', { 'admin/mutation/setMetadata': { status: 400, body: { message: 'guideline.invalidMetadata', params: { reason: 'option' } } } });
    await screen.findByLabelText('Fachgebiet');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid metadata');
  });

  it('is read only without the settings ability', async () => {
    renderTab('metadata', { 'author/query/guidelineInfo': readOnly });
    expect(await screen.findByLabelText('Fachgebiet')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('says when the space uses no metadata', async () => {
    renderTab('metadata', { 'admin/query/spaceMetadata': [] });
    expect(await screen.findByText('This space uses no metadata.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});

describe('Files tab', () => {
  it('lists the files with link, type, size and date', async () => {
    renderTab('documents');
    const link = await screen.findByRole('link', { name: 'Dosierung.pdf' });
    expect(link).toHaveAttribute('href', '/media/abc');
    expect(link).toHaveAttribute('target', '_blank');
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]).getByText('PDF')).toBeInTheDocument();
    expect(within(rows[0]).getByText('245 kB')).toBeInTheDocument();
    expect(within(rows[1]).getByText('PNG')).toBeInTheDocument();
    expect(within(rows[1]).getByText('2.4 MB')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Archived')).toBeInTheDocument();
  });

  it('renames, archives and restores files', async () => {
    const { fetchMock } = renderTab('documents', { 'author/mutation/updateDocument': (b: Record<string, unknown>) => ({ ...doc({}), ...(b.doc as object) }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Rename Dosierung.pdf' }));
    const input = screen.getByLabelText('New name for Dosierung.pdf');
    await userEvent.clear(input);
    await userEvent.type(input, 'Dosis.pdf');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(screen.getByRole('button', { name: 'Archive Dosierung.pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Restore Schema.png' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'author/mutation/updateDocument')).toEqual([
        { doc: { id: 51, name: 'Dosis.pdf', archived: false } },
        { doc: { id: 51, name: 'Dosierung.pdf', archived: true } },
        { doc: { id: 52, name: 'Schema.png', archived: false } },
      ]),
    );
  });

  it('deletes a file only after confirmation', async () => {
    const { fetchMock } = renderTab('documents', { 'author/mutation/deleteDocument': true });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Dosierung.pdf' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Dosierung.pdf');
    expect(sentBodies(fetchMock, 'author/mutation/deleteDocument')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'author/mutation/deleteDocument')).toEqual([{ docId: 51 }]));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('uploads a file and registers it with the guideline', async () => {
    const { fetchMock } = renderTab('documents', {
      'author/upload': { hash: 'h1', mime: 'application/pdf', length: 10, name: 'Neu.pdf' },
      'author/mutation/createDocument': doc({ id: 53, name: 'Neu.pdf' }),
    });
    await screen.findByRole('link', { name: 'Dosierung.pdf' });
    await userEvent.upload(screen.getByLabelText('Upload file'), new File(['%PDF'], 'Neu.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'author/mutation/createDocument')).toEqual([{ doc: { hash: 'h1', name: 'Neu.pdf', guidelineId: 11 } }]));
    expect(await screen.findByText('Uploaded: Neu.pdf')).toBeInTheDocument();
  });

  it('explains a refused upload', async () => {
    const { fetchMock } = renderTab('documents', { 'author/upload': { status: 400, body: { message: 'media.unsupportedType', params: {} } } });
    await screen.findByRole('link', { name: 'Dosierung.pdf' });
    await userEvent.upload(screen.getByLabelText('Upload file'), new File(['x'], 'a.exe'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file type is not accepted');
    expect(sentBodies(fetchMock, 'author/mutation/createDocument')).toEqual([]);
  });

  it('offers no changes without the edit ability, and says when there are no files', async () => {
    renderTab('documents', { 'author/query/guidelineInfo': readOnly, 'author/query/documentsForGuideline': [] });
    expect(await screen.findByText('No items found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload file' })).not.toBeInTheDocument();
  });
});

describe('Notes tab', () => {
  it('lists the notes newest first', async () => {
    renderTab('notes');
    await screen.findByText('Neuere Notiz');
    const items = within(screen.getByRole('list', { name: 'Notes' })).getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('data-note-id'))).toEqual(['2', '1']);
    expect(items[0]).toHaveTextContent('Anna Keller');
  });

  it('says when there are none', async () => {
    renderTab('notes', { 'author/query/notes': [] });
    expect(await screen.findByText('No items found')).toBeInTheDocument();
  });
});

describe('Comments tab', () => {
  it('lists the threads of the language newest first with their answers indented below', async () => {
    const { fetchMock } = renderTab('comments');
    const list = await screen.findByRole('list', { name: 'Comments' });
    expect(sentBodies(fetchMock, 'reader/query/commentsForGuideline')).toEqual([{ id: 11, language: 'de' }]);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Comments2');
    const threadItems = [...list.children];
    expect(threadItems.map((li) => li.getAttribute('data-thread-id'))).toEqual(['72', '71']);
    const first = threadItems[0] as HTMLElement;
    // plain text: markup is shown as written, line breaks are kept
    const body = within(first).getByText(/Erste Zeile/);
    expect(body.textContent).toBe('Erste Zeile\nZweite Zeile <b>nicht fett</b>');
    expect(first.querySelector('b')).toBeNull();
    const head = within(first).getAllByRole('article')[0];
    expect(head).toHaveTextContent('Max Muster');
    expect(within(head).getByText(formatDateTime('2026-03-04T08:00:00Z', 'en'))).toHaveAttribute('datetime', '2026-03-04T08:00:00Z');
    const answers = within(first).getByRole('list', { name: 'Answers to the comment by Max Muster' });
    expect(within(answers).getAllByRole('listitem').map((a) => a.textContent)).toEqual([
      expect.stringContaining('Danke, wird geprüft.'),
      expect.stringContaining('Merci'),
    ]);
    expect(within(answers).getAllByRole('listitem')[0]).toHaveTextContent('Anna Keller');
    expect(within(threadItems[1] as HTMLElement).queryByRole('list')).not.toBeInTheDocument();
  });

  it('answers a thread, refusing an empty answer inline', async () => {
    const answer = comment({ id: 90, parentId: 71, authorId: 2, authorName: 'Anna Keller', timestamp: '2026-03-05T10:00:00Z', body: 'Nein, nur Erwachsene.' });
    const { fetchMock } = renderTab('comments', { 'reader/mutation/answerComment': answer });
    const thread = (await screen.findByText('Gilt die Dosis auch für Kinder?')).closest('li') as HTMLElement;
    await userEvent.click(within(thread).getByRole('button', { name: 'Answer' }));
    const field = within(thread).getByLabelText('Your answer to Lea Leser');
    await userEvent.type(field, '   ');
    await userEvent.click(within(thread).getByRole('button', { name: 'Send' }));
    expect(within(thread).getByRole('alert')).toHaveTextContent('Field is required');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(sentBodies(fetchMock, 'reader/mutation/answerComment')).toEqual([]);
    await userEvent.type(field, ' Nein, nur Erwachsene.{Enter}ab 12 Jahren ');
    await userEvent.click(within(thread).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'reader/mutation/answerComment')).toEqual([{ comment: 71, body: 'Nein, nur Erwachsene.\nab 12 Jahren' }]));
    const answers = await within(thread).findByRole('list', { name: 'Answers to the comment by Lea Leser' });
    expect(answers).toHaveTextContent('Nein, nur Erwachsene.');
    expect(within(thread).queryByLabelText('Your answer to Lea Leser')).not.toBeInTheDocument();
    expect(await screen.findByText('Answer sent')).toBeInTheDocument();
  });

  it('checks an answer like the server: required, at most 4000 characters after trimming', () => {
    expect(answerError(' \n ')).toBe('validation.required');
    expect(answerError(` ${'ä'.repeat(MAX_COMMENT)} `)).toBeNull();
    expect(answerError('😀'.repeat(MAX_COMMENT))).toBeNull();
    expect(answerError('x'.repeat(MAX_COMMENT + 1))).toBe('validation.tooLong');
  });

  it('shows a refusal of the server below the answer', async () => {
    renderTab('comments', { 'reader/mutation/answerComment': { status: 404, body: { message: 'comment.notFound', params: {} } } });
    const thread = (await screen.findByText('Gilt die Dosis auch für Kinder?')).closest('li') as HTMLElement;
    await userEvent.click(within(thread).getByRole('button', { name: 'Answer' }));
    await userEvent.type(within(thread).getByLabelText('Your answer to Lea Leser'), 'Hallo');
    await userEvent.click(within(thread).getByRole('button', { name: 'Send' }));
    expect(await within(thread).findByRole('alert')).toHaveTextContent('This comment no longer exists');
    expect(within(thread).getByLabelText('Your answer to Lea Leser')).toHaveValue('Hallo');
  });

  it('deletes a thread only after confirmation, and one answer alone', async () => {
    const { fetchMock } = renderTab('comments', { 'reader/mutation/deleteComment': true });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete comment by Max Muster' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete comment?' });
    expect(dialog).toHaveTextContent('The comment by Max Muster is deleted together with its answers.');
    expect(sentBodies(fetchMock, 'reader/mutation/deleteComment')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete answer by Anna Keller' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete answer?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'reader/mutation/deleteComment')).toEqual([{ id: 80 }]));
    await waitFor(() => expect(screen.queryByText('Danke, wird geprüft.')).not.toBeInTheDocument());
    expect(screen.getByText('Merci')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete comment by Max Muster' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete comment?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'reader/mutation/deleteComment')).toEqual([{ id: 80 }, { id: 72 }]));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.queryByText('Merci')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Comments1');
    expect(await screen.findByText('Comment deleted')).toBeInTheDocument();
  });

  it('offers deleting only what the server allows', async () => {
    renderTab('comments');
    await screen.findByText('Gilt die Dosis auch für Kinder?');
    expect(screen.queryByRole('button', { name: 'Delete comment by Lea Leser' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete answer by Max Muster/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Delete / }).map((b) => b.getAttribute('aria-label'))).toEqual(['Delete comment by Max Muster', 'Delete answer by Anna Keller']);
  });

  it('shows a refused deletion in the dialog', async () => {
    renderTab('comments', { 'reader/mutation/deleteComment': { status: 403, body: { message: 'forbidden', params: {} } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete comment by Max Muster' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You are not authorised');
    expect(screen.getByText('Danke, wird geprüft.')).toBeInTheDocument();
  });

  it('says when there are none', async () => {
    renderTab('comments', { 'reader/query/commentsForGuideline': [] });
    expect(await screen.findByText('No items found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Comments0');
  });

  it('shows the error page when the comments cannot be loaded', async () => {
    renderTab('comments', { 'reader/query/commentsForGuideline': { status: 403, body: { message: 'forbidden', params: {} } } });
    expect(await screen.findByText(/not authorised/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Comments' })).not.toBeInTheDocument();
  });
});

describe('Audit tab', () => {
  it('shows the hints per section with translated issue, error and fix', async () => {
    renderTab('audit', {
      'author/query/audit': audit({
        status: 'issues',
        version: 3,
        checkedAt: '2026-03-05T10:00:00Z',
        details: [
          {
            detailId: 100,
            hints: [
              { issue: 'brokenLink', fix: 'correctLink', url: 'https://example.org/x', error: 'status 404' },
              { issue: 'brokenReference', fix: 'chooseSection', url: '', error: 'detail' },
              { issue: 'invalidLink', fix: 'correctLink', url: 'ftp://x', error: 'weird thing' },
            ],
          },
          { detailId: 999, hints: [{ issue: 'missingImage', fix: 'uploadAgain', url: '/media/gone' }] },
          { detailId: 101, hints: [] },
        ],
      }),
    });
    const dosis = await screen.findByRole('region', { name: 'Dosis' });
    expect(within(dosis).getByText('Broken link')).toBeInTheDocument();
    expect(within(dosis).getByText(/Response 404/)).toBeInTheDocument();
    expect(within(dosis).getByText('https://example.org/x')).toBeInTheDocument();
    expect(within(dosis).getByText(/section not found/)).toBeInTheDocument();
    expect(within(dosis).getByText('Choose an existing section as target in the editor.')).toBeInTheDocument();
    expect(within(dosis).getByText(/weird thing/)).toBeInTheDocument();
    const other = screen.getByRole('region', { name: 'Section 2' });
    expect(within(other).getByText('Missing image')).toBeInTheDocument();
    expect(within(other).getByText('Upload the image again.')).toBeInTheDocument();
    expect(screen.getByText('Problems found: 4')).toBeInTheDocument();
    // sections without problems are left out
    const card = screen.getByRole('region', { name: 'Audit' });
    expect(within(card).getAllByRole('region')).toHaveLength(2);
  });

  it('runs an audit and polls while it is running until it is done', async () => {
    let calls = 0;
    const { fetchMock } = renderTab('audit', {
      'author/query/audit': () => (++calls === 1 ? audit({}) : audit({ status: 'ok', version: 3, checkedAt: '2026-03-05T10:00:00Z' })),
      'author/mutation/runAudit': audit({ status: 'running', version: 3 }),
    });
    expect(await screen.findByText('This language has not been audited yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Run audit' }));
    expect(await screen.findByText('The audit is running …')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'author/mutation/runAudit')).toEqual([{ glid: 11, lang: 'de' }]);
    expect(screen.getByRole('button', { name: 'Run audit' })).toBeDisabled();
    expect(await screen.findByText('No problems found.', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'author/query/audit')).toContainEqual({ glid: 11, lang: 'de' });
  });

  it('offers no run without the edit ability', async () => {
    renderTab('audit', { 'author/query/guidelineInfo': readOnly, 'author/query/audit': audit({ status: 'ok', version: 3 }) });
    expect(await screen.findByText('No problems found.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run audit' })).not.toBeInTheDocument();
  });
});
