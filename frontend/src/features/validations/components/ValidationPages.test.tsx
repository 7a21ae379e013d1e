import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import type { Version as GuidelineVersion, RequestData, Validation } from '@/lib/api-types.gen';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import { mockApi, sentBodies, type MockRoute } from '@/test/mockApi';
import { MyValidationsPage } from './MyValidationsPage';
import { ValidationPage } from './ValidationPage';

const validation = (over: Partial<Validation>): Validation => ({
  revision: 4,
  guidelineId: 11,
  guidelineVersion: 3,
  language: 'de',
  kind: 'submit',
  title: 'Dose lowered',
  description: 'Adults now 500 mg',
  important: true,
  progress: 'submitted',
  comment: '',
  validatorComment: '',
  creatorId: 2,
  validatorId: null,
  timestampCreated: '2026-03-02T10:00:00Z',
  timestampCompleted: null,
  read: false,
  guidelineTitle: 'Paracetamol i.v.',
  collectionId: 7,
  collectionTitle: 'Notfall',
  approvals: [],
  requiredApprovals: 1,
  ...over,
});

const request = (over: Partial<RequestData> = {}): RequestData => ({
  ...validation({}),
  expiringSoon: false,
  authorId: 2,
  coAuthorIds: [],
  publishedVersion: 2,
  importantChange: true,
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
  2: version(2, 'Paracetamol', [[100, 'Dosis', '<p>1 g alle 6 h</p>']]),
  3: version(3, 'Paracetamol i.v.', [[100, 'Dosis', '<p>500 mg alle 6 h</p>']]),
};

const base: Record<string, MockRoute> = {
  'validator/query/myValidations': [
    validation({}),
    validation({ revision: 5, guidelineId: 12, guidelineTitle: 'Sepsis', kind: 'renew', read: true, language: 'fr', collectionTitle: 'Intensiv', collectionId: 9 }),
  ],
  'common/mutation/updateValidationSeen': 1,
  'validator/query/validationData': request(),
  'author/query/guideline': (body: Record<string, unknown>) => versions[Number(body.version)] ?? { status: 404, body: { message: 'guideline.versionNotFound', params: {} } },
};

function renderAt(path: string, routes: Record<string, MockRoute> = {}) {
  const fetchMock = mockApi({ ...base, ...routes });
  const router = createMemoryRouter(
    [
      { path: '/validations', element: <MyValidationsPage /> },
      { path: '/validations/:guidelineId/:language', element: <ValidationPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return fetchMock;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('My Validations', () => {
  it('lists open requests, unread ones marked, with language, collection, date and kind', async () => {
    renderAt('/validations');
    const unread = await screen.findByRole('link', { name: /^Paracetamol i\.v\.\s*\(unread\)$/ });
    expect(unread).toHaveAttribute('href', '/validations/11/de?collection=7');
    expect(unread.closest('li')).toHaveClass('val-row--unread');
    const read = screen.getByRole('link', { name: 'Sepsis' });
    expect(read.closest('li')).not.toHaveClass('val-row--unread');
    expect(read.closest('li')).toHaveTextContent('Renewal');
    expect(read.closest('li')).toHaveTextContent('Intensiv');
    expect(unread.closest('li')).toHaveTextContent('Validation');
    expect(screen.getByText('1 unread')).toBeInTheDocument();
  });

  it('marks requests read and unread', async () => {
    const fetchMock = renderAt('/validations');
    await userEvent.click(await screen.findByRole('button', { name: 'Mark “Paracetamol i.v.” as read' }));
    await userEvent.click(screen.getByRole('button', { name: 'Mark “Sepsis” as unread' }));
    expect(sentBodies(fetchMock, 'common/mutation/updateValidationSeen')).toEqual([
      { revisions: [{ revision: 4, version: 3, guidelineId: 11 }], read: true },
      { revisions: [{ revision: 5, version: 3, guidelineId: 12 }], read: false },
    ]);
  });

  it('says so when there is nothing to validate', async () => {
    renderAt('/validations', { 'validator/query/myValidations': [] });
    expect(await screen.findByText('No items found')).toBeInTheDocument();
  });
});

describe('Validation page', () => {
  it('shows the request and the diff against the published version, and marks it read', async () => {
    const fetchMock = renderAt('/validations/11/de?collection=7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Paracetamol i.v.' })).toBeInTheDocument();
    expect(screen.getByText('Dose lowered')).toBeInTheDocument();
    expect(screen.getByText('Yes, shown to readers')).toBeInTheDocument();
    const diff = await screen.findByTestId('version-diff');
    expect([...diff.querySelectorAll('del')].map((d) => d.textContent)).toContain('1 g');
    expect([...diff.querySelectorAll('ins')].map((d) => d.textContent)).toContain('500 mg');
    expect(sentBodies(fetchMock, 'validator/query/validationData')).toEqual([{ guideline: 11, language: 'de' }]);
    await waitFor(() => expect(sentBodies(fetchMock, 'common/mutation/updateValidationSeen')).toEqual([{ revisions: [{ revision: 4, version: 3, guidelineId: 11 }], read: true }]));
    expect(sentBodies(fetchMock, 'author/query/guideline')).toEqual(expect.arrayContaining([{ id: 11, version: 3 }, { id: 11, version: 2 }]));
  });

  it('shows the full text of a first publication', async () => {
    renderAt('/validations/11/de', { 'validator/query/validationData': request({ publishedVersion: null, read: true }) });
    expect(await screen.findByText('First publication: the full text of version 3.')).toBeInTheDocument();
    expect(await screen.findByText('500 mg alle 6 h')).toBeInTheDocument();
    expect(screen.queryByTestId('version-diff')).not.toBeInTheDocument();
  });

  it('rejects only with a reason and then shows the result', async () => {
    let current = request();
    const fetchMock = renderAt('/validations/11/de', {
      'validator/query/validationData': () => current,
      'validator/mutation/rejectValidation': (body: Record<string, unknown>) => {
        current = request({ progress: 'rejected', validatorComment: String(body.comment), timestampCompleted: '2026-03-03T10:00:00Z', read: true });
        return current;
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject request' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Field is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Source missing');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(document.querySelector('[data-progress="rejected"]')).toHaveTextContent('Source missing'));
    expect(document.querySelector('[data-progress="rejected"]')).toHaveTextContent('Rejected');
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(sentBodies(fetchMock, 'validator/mutation/rejectValidation')).toEqual([{ revision: 4, comment: 'Source missing' }]);
  });

  it('accepts with an edited change summary', async () => {
    const fetchMock = renderAt('/validations/11/de', { 'validator/mutation/acceptValidation': validation({ progress: 'accepted' }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    const dialog = screen.getByRole('dialog', { name: 'Accept and publish' });
    expect(within(dialog).getByLabelText('Summary of the change')).toHaveValue('Dose lowered');
    await userEvent.type(within(dialog).getByLabelText('Comment for the authors'), 'Fine');
    await userEvent.click(within(dialog).getByLabelText('Important change'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept and publish' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'validator/mutation/acceptValidation')).toEqual([
        { revision: 4, comment: 'Fine', validationContent: { title: 'Dose lowered', description: 'Adults now 500 mg', important: false } },
      ]),
    );
  });

  it('shows how many approvals are given and records an approval that does not yet publish', async () => {
    const approved = { validatorId: 5, name: 'Eva Meier', at: '2026-03-03T09:00:00Z', comment: 'Dose checked' };
    const fetchMock = renderAt('/validations/11/de', {
      'validator/query/validationData': request({ requiredApprovals: 3, approvals: [approved], progress: 'inValidation' }),
      'validator/mutation/acceptValidation': validation({ progress: 'inValidation', approvals: [approved, { ...approved, validatorId: 6 }] }),
    });
    const progress = await screen.findByText('1 of 3 approvals');
    expect(progress.closest('.approval-progress')).toHaveTextContent('Approved by Eva Meier');
    expect(progress.closest('.approval-progress')).toHaveTextContent('Dose checked');
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve' });
    expect(dialog).toHaveTextContent('It is published once 3 validators have approved it.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Approval recorded; more approvals are needed')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'validator/mutation/acceptValidation')).toHaveLength(1);
  });

  it('shows a validator who approved that the request waits for others, and still lets them reject', async () => {
    renderAt('/validations/11/de', {
      'common/query/profile': { id: 6, firstname: 'Vera', lastname: 'Validator' },
      'validator/query/validationData': request({
        requiredApprovals: 3,
        progress: 'inValidation',
        approvals: [{ validatorId: 6, name: 'Vera Validator', at: '2026-03-03T09:00:00Z', comment: '' }],
      }),
    });
    expect(await screen.findByTestId('you-approved')).toHaveTextContent('You approved – waiting for 2 more approvals');
    expect(screen.getByTestId('you-approved')).toHaveTextContent('You can still reject the request.');
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('says so when the validator approved already', async () => {
    renderAt('/validations/11/de', {
      'validator/query/validationData': request({ requiredApprovals: 2 }),
      'validator/mutation/acceptValidation': { status: 409, body: { message: 'validation.alreadyApproved', params: {} } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You have already approved this request');
  });

  it('says the request was processed or is not accessible when it was answered meanwhile', async () => {
    renderAt('/validations/11/de', { 'validator/mutation/acceptValidation': { status: 409, body: { message: 'validation.alreadyProcessed', params: {} } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    const dialog = screen.getByRole('dialog', { name: 'Accept and publish' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept and publish' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This validation was already processed or you have no access');
  });

  it('says so instead of the page when the request is not the caller\'s to answer', async () => {
    renderAt('/validations/11/de', { 'validator/query/validationData': { status: 404, body: { message: 'validation.notFound', params: {} } } });
    expect(await screen.findByRole('heading', { name: 'This validation was already processed or you have no access' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Validations' })).toHaveAttribute('href', '/validations');
  });

  it('refuses one\'s own guideline with its own message', async () => {
    renderAt('/validations/11/de', { 'validator/query/validationData': { status: 403, body: { message: 'validation.ownGuideline', params: {} } } });
    expect(await screen.findByRole('heading', { name: 'You cannot validate a guideline you write yourself' })).toBeInTheDocument();
  });
});
