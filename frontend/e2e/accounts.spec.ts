import { expect, test, type Browser, type Page } from '@playwright/test';
import { api, saveVersion, setupCollection } from './guidelineSetup';
import { MEMBER, SPACE_ADMIN, signIn, url } from './helpers';

// Invitations and the forgotten password, from the mail that Mailpit received to the page its
// link opens on the real server.

const MAILPIT = process.env.MAILPIT_URL ?? '';
const STRONG = 'Kardiologie-Pfad-2041!';

interface MailSummary {
  ID: string;
  To: { Address: string }[];
  Subject: string;
}

/** Waits for the newest mail to an address whose subject contains `subject` and returns the one-time link in it. */
async function linkFromMail(to: string, subject: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await fetch(`${MAILPIT}/api/v1/messages?limit=500`);
    const { messages } = (await res.json()) as { messages: MailSummary[] };
    const mail = messages.find((m) => m.To.some((r) => r.Address === to) && m.Subject.includes(subject));
    if (mail) {
      const full = (await (await fetch(`${MAILPIT}/api/v1/message/${mail.ID}`)).json()) as { Text: string };
      const link = /https?:\/\/\S+#token=[\w-]+/.exec(full.Text)?.[0];
      if (!link) throw new Error(`no link in ${full.Text}`);
      return link;
    }
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test.describe('mails with one-time links', () => {
  test.skip(!MAILPIT, 'needs the Mailpit that ops/e2e.sh starts');

  test('an invited user sets a password from the mail and reads a protected guideline', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    const email = `e2e.invite.${stamp}@kssg.ch`;

    // a guideline published in a protected collection: for members of the space only
    await signIn(page, SPACE_ADMIN, 'kssg', '/');
    const { collectionId, maxId } = await setupCollection(page, `Einladung ${stamp}`);
    const title = `Geschützt ${stamp}`;
    const id = await api<number>(page, 'author/mutation/createGuideline', { collection: collectionId, validator: maxId });
    const version = await saveVersion(page, id, title, '1 g');
    const request = await api<{ revision: number }>(page, 'author/mutation/submitToValidation', {
      guidelineId: id,
      guidelineVersion: version,
      validation: { title: 'Erstfassung', description: '', important: false },
    });
    const max = await freshPage(browser);
    await signIn(max, MEMBER, 'kssg', '/');
    await api(max, 'validator/mutation/acceptValidation', { revision: request.revision, comment: '', validationContent: { title: 'Erstfassung', description: '', important: false } });

    // Anna invites the address from the member list, which then shows it as invited
    const space = await api<{ id: number }>(page, 'common/query/space', { idOrDomain: 'kssg' });
    await page.goto(url('kssg', `/spaces/${space.id}/members`));
    await page.getByRole('button', { name: 'Mitglieder hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mitglieder hinzufügen' });
    await dialog.getByLabel('E-Mail-Adressen').fill(email);
    await dialog.getByRole('button', { name: 'Hinzufügen' }).click();
    await expect(dialog.locator('.result-row[data-operation="invited"]')).toContainText(email);
    await dialog.getByRole('button', { name: 'Fertig' }).click();
    await page.getByPlaceholder('Name oder E-Mail suchen').fill(email);
    const row = page.locator(`.member-row[data-username="${email}"]`);
    await expect(row.locator('[data-state="invited"]')).toContainText('Eingeladen am');
    await expect(row.getByRole('button', { name: `Einladung an ${email} erneut senden` })).toBeVisible();

    // the invitee follows the link of the mail
    const link = await linkFromMail(email, 'Einladung zu Kantonsspital St. Gallen');
    expect(link.startsWith(url('kssg', '/auth/invite#token='))).toBe(true);
    const invitee = await freshPage(browser);
    await invitee.goto(url('kssg', `/guideline/${id}/de`));
    await expect(invitee.getByRole('heading', { name: 'Kein Zugriff' })).toBeVisible();
    await invitee.goto(link);
    await expect(invitee.getByRole('heading', { name: 'Einladung annehmen' })).toBeVisible();
    await expect(invitee.getByText('Anna Keller lädt Sie zu Kantonsspital St. Gallen ein.')).toBeVisible();
    await expect(invitee.getByLabel('E-Mail')).toHaveValue(email);
    await invitee.getByLabel('Vorname').fill('Nora');
    await invitee.getByLabel('Nachname').fill('Einlader');
    await invitee.getByLabel('Passwort wählen').fill('nora-einlader-1');
    await invitee.getByRole('button', { name: 'Konto aktivieren' }).click();
    await expect(invitee.getByText('Das Passwort enthält Ihren Namen oder Ihre E-Mail-Adresse.')).toBeVisible();
    await invitee.getByLabel('Passwort wählen').fill(STRONG);
    await invitee.getByRole('button', { name: 'Konto aktivieren' }).click();

    // signed in, in the inviting space, a member who reads the protected guideline
    await expect(invitee).toHaveURL(url('kssg', '/'));
    await expect(invitee.getByRole('banner').getByRole('link', { name: 'Profil öffnen' })).toContainText('Nora Einlader');
    await invitee.goto(url('kssg', `/guideline/${id}/de`));
    await expect(invitee.getByRole('heading', { level: 1, name: title })).toBeVisible();

    // the link works once
    await invitee.goto(link);
    await expect(invitee.getByRole('heading', { name: 'Link bereits verwendet' })).toBeVisible();
    await expect(invitee.getByRole('link', { name: 'Zur Anmeldung' })).toBeVisible();
    await page.reload();
    await page.getByPlaceholder('Name oder E-Mail suchen').fill(email);
    await expect(page.locator(`.member-row[data-username="${email}"]`)).toContainText('Nora Einlader');
    await expect(page.locator(`.member-row[data-username="${email}"] [data-state="invited"]`)).toHaveCount(0);
  });

  test('a forgotten password: a link by mail, a new password, every session ended', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    const email = `e2e.forgot.${stamp}@kssg.ch`;

    // an account of its own, so that no other test's password changes
    await signIn(page, SPACE_ADMIN, 'kssg', '/');
    const space = await api<{ id: number }>(page, 'common/query/space', { idOrDomain: 'kssg' });
    await api(page, 'admin/spaceadmin/mutation/addSpaceMembers', { spaceId: space.id, users: [email] });
    const invitation = await linkFromMail(email, 'Einladung');
    const earlier = await freshPage(browser);
    await earlier.goto(invitation);
    await earlier.getByLabel('Vorname').fill('Vera');
    await earlier.getByLabel('Nachname').fill('Vergessen');
    await earlier.getByLabel('Passwort wählen').fill(STRONG);
    await earlier.getByRole('button', { name: 'Konto aktivieren' }).click();
    await expect(earlier).toHaveURL(url('kssg', '/'));

    const person = await freshPage(browser);
    await person.goto(url('kssg', '/auth/login'));
    await person.getByRole('link', { name: 'Passwort vergessen?' }).click();
    await expect(person).toHaveURL(url('kssg', '/auth/forgot'));
    await person.getByLabel('E-Mail').fill(email);
    await person.getByRole('button', { name: 'Link senden' }).click();
    await expect(person.getByRole('heading', { name: 'Prüfen Sie Ihr Postfach' })).toBeVisible();

    const link = await linkFromMail(email, 'Neues Passwort für Vademecum');
    expect(link.startsWith(url('kssg', '/auth/reset#token='))).toBe(true);
    await person.goto(link);
    await expect(person.getByRole('heading', { name: 'Neues Passwort wählen' })).toBeVisible();
    await person.getByLabel('Neues Passwort').fill('vergessen-vergessen');
    await person.getByRole('button', { name: 'Passwort speichern' }).click();
    await expect(person.locator('.field__error')).toBeVisible();
    const fresh = 'Morgenrot-über-Säntis-7719';
    await person.getByLabel('Neues Passwort').fill(fresh);
    await person.getByRole('button', { name: 'Passwort speichern' }).click();
    await expect(person.getByRole('heading', { name: 'Passwort geändert' })).toBeVisible();

    // every session of the account ended, the new password signs in, the old one not
    await earlier.reload();
    await expect(earlier.getByRole('banner').getByRole('link', { name: 'Anmelden' })).toBeVisible();
    await person.getByRole('link', { name: 'Zur Anmeldung' }).click();
    await person.locator('input[name="email"]').fill(email);
    await person.locator('input[name="password"]').fill(STRONG);
    await person.locator('form button[type="submit"]').click();
    await expect(person.getByRole('alert')).toHaveText('E-Mail oder Passwort ist falsch.');
    await person.locator('input[name="password"]').fill(fresh);
    await person.locator('form button[type="submit"]').click();
    await expect(person.getByRole('banner').getByRole('link', { name: 'Profil öffnen' })).toContainText('Vera Vergessen');

    // the link works once, and says what to do next
    await person.goto(link);
    await expect(person.getByRole('heading', { name: 'Link bereits verwendet' })).toBeVisible();
    await expect(person.getByRole('link', { name: 'Neuen Link anfordern' })).toHaveAttribute('href', '/auth/forgot');
  });
});
