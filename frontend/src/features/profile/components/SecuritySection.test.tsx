import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import type { SecondFactor, SessionInfo } from '@/lib/api-types.gen';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import { useSnackbarStore } from '@/lib/snackbar';
import { mockApi, sentBodies, type MockRoute } from '@/test/mockApi';
import { ProfilePage } from './ProfilePage';

const profile = {
  id: 3,
  username: 'max.member@kssg.ch',
  firstname: 'Max',
  lastname: 'Muster',
  title: '',
  about: '',
  language: 'en',
  weeklyReminder: false,
  preferCollapsed: false,
  darkMode: false,
};

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

const sessions: SessionInfo[] = [
  {
    id: 7,
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    address: '198.51.100.7',
    created: '2026-11-20T08:00:00Z',
    lastSeen: minutesAgo(180),
    current: false,
  },
  {
    id: 9,
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    address: '198.51.100.8',
    created: '2026-11-24T06:00:00Z',
    lastSeen: minutesAgo(0),
    current: true,
  },
];

const off: SecondFactor = { enrolled: false, session: false, required: false, recoveryCodesLeft: 0 };
const on: SecondFactor = { enrolled: true, session: true, required: false, recoveryCodesLeft: 10 };

const assign = vi.fn();

function renderProfile(routes: Record<string, MockRoute> = {}) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const fetchMock = mockApi({
    'common/query/profile': profile,
    'common/query/navigation': {},
    'common/query/sessions': sessions,
    'common/query/secondFactor': off,
    ...routes,
  });
  const router = createMemoryRouter([{ path: '/profile', element: <ProfilePage /> }], { initialEntries: ['/profile'] });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return fetchMock;
}

// the profile's switches (Radix) measure themselves; jsdom has no ResizeObserver
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  vi.stubGlobal('location', { ...window.location, assign, pathname: '/profile', search: '' });
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
  assign.mockReset();
  useSnackbarStore.getState().clear();
});

const passwordForm = () => screen.getByRole('form', { name: 'Change password' });

describe('Changing the password', () => {
  it('checks length and repetition before asking the server', async () => {
    const fetchMock = renderProfile();
    const form = await screen.findByRole('form', { name: 'Change password' });
    expect(form).toHaveTextContent('At least 12 characters.');
    expect(form).toHaveTextContent('a sentence of several words');

    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByLabelText('Current password')).toHaveAccessibleDescription('Field is required');
    expect(within(form).getByLabelText('New password')).toHaveAccessibleDescription('The password needs at least 12 characters.');

    await userEvent.type(within(form).getByLabelText('Current password'), 'demo');
    await userEvent.type(within(form).getByLabelText('New password'), 'Visite am Morgen');
    await userEvent.type(within(form).getByLabelText('Repeat new password'), 'Visite am Abend');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByLabelText('Repeat new password')).toHaveAccessibleDescription('The two new passwords do not match.');
    expect(within(form).getByLabelText('Repeat new password')).toHaveFocus();
    expect(sentBodies(fetchMock, 'common/mutation/changePassword')).toEqual([]);
  });

  it('shows the server’s refusals at their field, in words', async () => {
    const replies = [
      { status: 403, body: { message: 'auth.wrongPassword', params: { field: 'current' } } },
      { status: 400, body: { message: 'user.passwordWeak', params: { field: 'password', reason: 'keyboard' } } },
      { status: 400, body: { message: 'user.passwordWeak', params: { field: 'password', reason: 'personal' } } },
      { status: 429, body: { message: 'auth.tooManyAttempts', params: { retryAfter: 30 } } },
    ];
    const fetchMock = renderProfile({ 'common/mutation/changePassword': () => replies.shift() });
    await screen.findByRole('form', { name: 'Change password' });
    const form = passwordForm();
    const submit = async (password: string) => {
      await userEvent.clear(within(form).getByLabelText('New password'));
      await userEvent.type(within(form).getByLabelText('New password'), password);
      await userEvent.clear(within(form).getByLabelText('Repeat new password'));
      await userEvent.type(within(form).getByLabelText('Repeat new password'), password);
      await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    };
    await userEvent.type(within(form).getByLabelText('Current password'), 'wrong');

    await submit('Visite am Morgen um sieben');
    await waitFor(() => expect(within(form).getByLabelText('Current password')).toHaveAccessibleDescription('The password is wrong.'));
    expect(within(form).getByLabelText('Current password')).toHaveFocus();

    await submit('qwertzuiopasdfgh');
    await waitFor(() =>
      expect(within(form).getByLabelText('New password')).toHaveAccessibleDescription(
        'The password is mostly a keyboard pattern such as “qwerty” or “asdf”, so it is easy to guess.',
      ),
    );
    expect(within(form).getByLabelText('Current password')).not.toHaveAccessibleDescription('The password is wrong.');

    await submit('max.member-kssg-2026');
    await waitFor(() =>
      expect(within(form).getByLabelText('New password')).toHaveAccessibleDescription('The password contains your name or e-mail address, so it is easy to guess.'),
    );

    await submit('Visite am Morgen um sieben');
    expect(await within(form).findByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 30 seconds.');
    expect(sentBodies(fetchMock, 'common/mutation/changePassword')).toHaveLength(4);
    expect(assign).not.toHaveBeenCalled();
  });

  it('says so when the password changed and empties the fields', async () => {
    const fetchMock = renderProfile({ 'common/mutation/changePassword': true });
    await screen.findByRole('form', { name: 'Change password' });
    const form = passwordForm();
    await userEvent.type(within(form).getByLabelText('Current password'), 'demo');
    await userEvent.type(within(form).getByLabelText('New password'), 'Visite am Morgen um sieben');
    await userEvent.type(within(form).getByLabelText('Repeat new password'), 'Visite am Morgen um sieben');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Your password has been changed. You are signed out on your other devices.');
    expect(within(form).getByLabelText('Current password')).toHaveValue('');
    expect(within(form).getByLabelText('New password')).toHaveValue('');
    expect(sentBodies(fetchMock, 'common/mutation/changePassword')).toEqual([{ current: 'demo', password: 'Visite am Morgen um sieben' }]);
    // the other sessions ended: the list is asked again
    await waitFor(() => expect(sentBodies(fetchMock, 'common/query/sessions')).toHaveLength(2));
  });
});

describe('Sessions', () => {
  it('lists the devices in words, this one first and marked', async () => {
    renderProfile();
    const card = await screen.findByRole('region', { name: 'Signed-in devices' });
    const rows = await within(card).findAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Chrome on Windows');
    expect(rows[0]).toHaveTextContent('This device');
    expect(rows[0]).toHaveTextContent('Address 198.51.100.8');
    expect(rows[0]).toHaveTextContent('Last active now');
    expect(rows[1]).toHaveTextContent('Safari on iPhone');
    expect(rows[1]).not.toHaveTextContent('This device');
    expect(rows[1]).toHaveTextContent('Last active 3 hours ago');
    expect(rows[1]).toHaveTextContent(`Signed in on ${new Date('2026-11-20T08:00:00Z').toLocaleString('en-GB', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })}`);
  });

  it('ends another session after confirmation', async () => {
    let gone = false;
    const fetchMock = renderProfile({
      'common/query/sessions': () => (gone ? sessions.filter((s) => s.id !== 7) : sessions),
      'common/mutation/endSession': () => {
        gone = true;
        return true;
      },
    });
    const card = await screen.findByRole('region', { name: 'Signed-in devices' });
    await userEvent.click(await within(card).findByRole('button', { name: 'End session: Safari on iPhone' }));
    const confirm = screen.getByRole('alertdialog', { name: 'End session?' });
    expect(confirm).toHaveTextContent('Safari on iPhone (198.51.100.7) will be signed out.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'End' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(within(card).queryByText('Safari on iPhone')).not.toBeInTheDocument();
    expect(within(card).getByRole('heading', { name: 'Signed-in devices' })).toHaveFocus();
    expect(sentBodies(fetchMock, 'common/mutation/endSession')).toEqual([{ id: 7 }]);
    expect(screen.getByText('Session ended')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows that a session is already gone', async () => {
    renderProfile({ 'common/mutation/endSession': { status: 404, body: { message: 'auth.sessionNotFound', params: { id: 7 } } } });
    const card = await screen.findByRole('region', { name: 'Signed-in devices' });
    await userEvent.click(await within(card).findByRole('button', { name: 'End session: Safari on iPhone' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'End' }));
    expect(await within(screen.getByRole('alertdialog')).findByRole('alert')).toHaveTextContent('This session has already ended.');
  });

  it('ending this device’s session goes to the sign-in page', async () => {
    const fetchMock = renderProfile({ 'common/mutation/endSession': true });
    const card = await screen.findByRole('region', { name: 'Signed-in devices' });
    await userEvent.click(await within(card).findByRole('button', { name: 'End session: Chrome on Windows' }));
    const confirm = screen.getByRole('alertdialog');
    expect(confirm).toHaveTextContent('This is the session on this device: you will be signed out');
    await userEvent.click(within(confirm).getByRole('button', { name: 'End' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/auth/login?r=%2Fprofile'));
    expect(sentBodies(fetchMock, 'common/mutation/endSession')).toEqual([{ id: 9 }]);
    expect(sentBodies(fetchMock, 'common/query/sessions')).toHaveLength(1);
  });
});

describe('Second factor', () => {
  const enrolment = { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Vademecum:max.member@kssg.ch?secret=JBSW', qr: 'data:image/png;base64,iVBORw0KGgo=' };
  const codes = ['aaaa-bbbb-cccc', 'dddd-eeee-ffff', 'gggg-hhhh-iiii', 'jjjj-kkkk-llll', 'mmmm-nnnn-oooo', 'pppp-qqqq-rrrr', 'ssss-tttt-uuuu', 'vvvv-wwww-xxxx', 'yyyy-zzzz-2222', '3333-4444-5555'];

  it('sets it up: QR code and key, a first code, then the recovery codes once', async () => {
    let status = off;
    const fetchMock = renderProfile({
      'common/query/secondFactor': () => status,
      'common/mutation/startSecondFactor': enrolment,
      'common/mutation/confirmSecondFactor': (body: Record<string, unknown>) => {
        if (body.code !== '123456') return { status: 401, body: { message: 'auth.secondFactorInvalid', params: { field: 'code' } } };
        status = on;
        return { recoveryCodes: codes };
      },
    });
    const card = await screen.findByRole('region', { name: 'Second factor' });
    expect(await within(card).findByText('Off')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Set up' }));

    const dialog = await screen.findByRole('dialog', { name: 'Set up a second factor' });
    const qr = await within(dialog).findByRole('img', { name: 'QR code that sets up Vademecum in your authenticator app' });
    expect(qr).toHaveAttribute('src', enrolment.qr);
    expect(dialog).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(within(dialog).getByRole('link', { name: 'Open in the authenticator app' })).toHaveAttribute('href', enrolment.uri);
    const code = within(dialog).getByLabelText('Code from the app');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');

    await userEvent.type(code, '12345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(code).toHaveAccessibleDescription('Please enter the 6 digits from the app.');

    await userEvent.clear(code);
    await userEvent.type(code, '654 321');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription('The code is wrong. Use the current code from the app or an unused recovery code.'));
    // a wrong code is an answer of the form, not a lost session
    expect(assign).not.toHaveBeenCalled();

    await userEvent.type(code, '123 456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const done = await screen.findByRole('dialog', { name: 'Your recovery codes' });
    expect(done).toHaveTextContent('Keep these codes safe, printed or in a password manager. They are shown only now.');
    const list = within(done).getByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(codes);
    expect(sentBodies(fetchMock, 'common/mutation/confirmSecondFactor')).toEqual([{ code: '654321' }, { code: '123456' }]);

    // the card behind already says it is on, and Escape does not lose the codes
    expect(await within(card).findByText('On')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Your recovery codes' })).toBeInTheDocument();

    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await userEvent.click(within(done).getByRole('button', { name: 'Copy codes' }));
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('Vademecum – recovery codes for max.member@kssg.ch'));
    expect(writeText.mock.calls[0][0]).toContain('aaaa-bbbb-cccc\ndddd-eeee-ffff');
    expect(await screen.findByText('Copied to the clipboard')).toBeInTheDocument();

    const createObjectURL = vi.fn(() => 'blob:codes');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await userEvent.click(within(done).getByRole('button', { name: 'Download as text file' }));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(click).toHaveBeenCalledTimes(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('vademecum-recovery-codes.txt');
    click.mockRestore();

    await userEvent.click(within(done).getByRole('button', { name: 'I have stored the codes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(card).getByRole('heading', { name: 'Second factor' })).toHaveFocus();
    expect(card).toHaveTextContent('Unused recovery codes: 10');
  });

  it('turns it off with the password', async () => {
    let status = on;
    const fetchMock = renderProfile({
      'common/query/secondFactor': () => status,
      'common/mutation/disableSecondFactor': (body: Record<string, unknown>) => {
        if (body.password !== 'demo') return { status: 403, body: { message: 'auth.wrongPassword', params: { field: 'password' } } };
        status = off;
        return true;
      },
    });
    const card = await screen.findByRole('region', { name: 'Second factor' });
    await userEvent.click(await within(card).findByRole('button', { name: 'Turn off' }));
    const dialog = screen.getByRole('dialog', { name: 'Turn off the second factor' });
    const password = within(dialog).getByLabelText('Password');
    await userEvent.type(password, 'guess');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription('The password is wrong.'));
    await userEvent.clear(password);
    await userEvent.type(password, 'demo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(card).findByText('Off')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'common/mutation/disableSecondFactor')).toEqual([{ password: 'guess' }, { password: 'demo' }]);
  });

  it('asks an administrator without a second factor to set one up', async () => {
    renderProfile({ 'common/query/secondFactor': { ...off, required: true }, 'common/mutation/startSecondFactor': enrolment });
    const notice = await screen.findByRole('region', { name: 'Your administrator rights need a second factor' });
    expect(notice).toHaveTextContent('Without a second factor your administrator rights do not apply.');
    await userEvent.click(within(notice).getByRole('button', { name: 'Set up now' }));
    expect(await screen.findByRole('dialog', { name: 'Set up a second factor' })).toBeInTheDocument();
  });

  it('asks an administrator signed in without the code to sign in again', async () => {
    const fetchMock = renderProfile({ 'common/query/secondFactor': { ...on, session: false, required: true }, 'common/mutation/endSession': true });
    const notice = await screen.findByRole('region', { name: 'Your administrator rights need a second factor' });
    expect(notice).toHaveTextContent('This session was opened without the code from the authenticator app');
    await userEvent.click(within(notice).getByRole('button', { name: 'Sign in again' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/auth/login?r=%2Fprofile'));
    expect(sentBodies(fetchMock, 'common/mutation/endSession')).toEqual([{ id: 9 }]);
  });

  it('says nothing when the rights do not need it or the session has it', async () => {
    renderProfile({ 'common/query/secondFactor': { ...on, required: true } });
    expect(await screen.findByText('On')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your administrator rights need a second factor' })).not.toBeInTheDocument();
  });
});
