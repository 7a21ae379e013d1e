import { expect, test } from '@playwright/test';
import { ADMIN, signIn, url } from './helpers';

test.describe('Space Administration: users', () => {
  test('searches users, opens a user page, adds and removes a login', async ({ page }) => {
    const extra = `max.e2e.${Date.now().toString(36)}@example.org`;
    await signIn(page, ADMIN, 'kssg', '/admin');

    const users = page.getByRole('region', { name: 'Benutzer' });
    await users.getByPlaceholder('Name oder E-Mail suchen').fill('kssg.ch');
    const result = users.getByRole('link', { name: /max\.member@kssg\.ch/ });
    await expect(result).toBeVisible();
    await result.click();
    await expect(page).toHaveURL(url('kssg', '/admin/user/max.member%40kssg.ch'));
    await expect(page.getByRole('heading', { level: 1, name: 'max.member@kssg.ch' })).toBeVisible();

    const logins = page.getByRole('region', { name: 'Logins' });
    const primary = logins.locator('.login-row[data-email="max.member@kssg.ch"]');
    await expect(primary).toContainText('Primär');
    await expect(page.getByRole('region', { name: 'Spaces und Rollen' }).getByRole('heading', { name: 'Kantonsspital St. Gallen' })).toBeVisible();

    // a taken address is refused at the field
    await logins.getByRole('button', { name: 'Login hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Login hinzufügen' });
    await dialog.getByLabel('E-Mail').fill('anna.admin@kssg.ch');
    await dialog.getByRole('button', { name: 'Hinzufügen' }).click();
    await expect(dialog.getByText('anna.admin@kssg.ch wird bereits von einem anderen Login verwendet')).toBeVisible();

    await dialog.getByLabel('E-Mail').fill(extra);
    await dialog.getByRole('button', { name: 'Hinzufügen' }).click();
    await expect(dialog).toBeHidden();
    const added = logins.locator(`.login-row[data-email="${extra}"]`);
    await expect(added).toContainText('Bestätigt');
    await expect(added).not.toContainText('Primär');

    // the user page is also reachable under the new login's address
    await page.goto(url('kssg', `/admin/user/${encodeURIComponent(extra)}`));
    await expect(page.getByRole('heading', { level: 1, name: 'max.member@kssg.ch' })).toBeVisible();

    await added.getByRole('button', { name: `Login ${extra} entfernen` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(extra);
    await confirm.getByRole('button', { name: 'Entfernen' }).click();
    await expect(confirm).toBeHidden();
    await expect(added).toHaveCount(0);
    await expect(primary).toBeVisible();
  });

  test('changes the e-mail of a fresh user, refuses removing its last login and deletes it', async ({ page }) => {
    const stamp = Date.now().toString(36);
    const fresh = `e2e.fresh.${stamp}@kssg.ch`;
    const renamed = `e2e.renamed.${stamp}@kssg.ch`;
    await signIn(page, ADMIN, 'kssg', '/admin');
    // a fresh account, so the demo users other tests sign in with stay untouched: inviting an unknown address creates one
    const status = await page.evaluate(async (email) => {
      const res = await fetch('/api/admin/spaceadmin/mutation/addSpaceMembers', {
        method: 'POST',
        headers: { Space: 'kssg', 'Content-Type': 'application/json' },
        body: JSON.stringify({ spaceId: 1, users: [email] }),
      });
      return res.status;
    }, fresh);
    expect(status).toBe(200);

    await page.goto(url('kssg', `/admin/user/${encodeURIComponent(fresh)}`));
    await expect(page.getByRole('heading', { level: 1, name: fresh })).toBeVisible();
    const logins = page.getByRole('region', { name: 'Logins' });
    await expect(logins.locator('.login-row')).toHaveCount(1);
    await expect(logins.locator('.login-row')).toContainText('Nicht bestätigt');
    await expect(page.getByRole('region', { name: 'Spaces und Rollen' }).getByText('Mitglied')).toBeVisible();

    // its only login cannot be removed
    await logins.getByRole('button', { name: `Login ${fresh} entfernen` }).click();
    const refuse = page.getByRole('alertdialog');
    await refuse.getByRole('button', { name: 'Entfernen' }).click();
    await expect(refuse.getByText('Das letzte Login eines Benutzers kann nicht entfernt werden')).toBeVisible();
    await refuse.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(refuse).toBeHidden();

    await logins.getByRole('button', { name: 'E-Mail ändern' }).click();
    const dialog = page.getByRole('dialog', { name: 'E-Mail ändern' });
    await expect(dialog.getByLabel('E-Mail')).toHaveValue(fresh);
    await dialog.getByLabel('E-Mail').fill('max.member@kssg.ch');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog.getByText('max.member@kssg.ch wird bereits von einem anderen Login verwendet')).toBeVisible();
    await dialog.getByLabel('E-Mail').fill(renamed);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(url('kssg', `/admin/user/${encodeURIComponent(renamed)}`));
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();

    await page.getByRole('button', { name: 'Benutzer löschen' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(renamed);
    await confirm.getByRole('button', { name: 'Löschen' }).click();
    await expect(page).toHaveURL(url('kssg', '/admin'));
    await page.getByRole('region', { name: 'Benutzer' }).getByPlaceholder('Name oder E-Mail suchen').fill(stamp);
    await expect(page.getByRole('region', { name: 'Benutzer' }).getByText('Keine Einträge gefunden')).toBeVisible();
  });

  test('an unknown user is not found', async ({ page }) => {
    await signIn(page, ADMIN, 'kssg', '/admin/user/nobody%40nowhere.example');
    await expect(page.getByText('404')).toBeVisible();
  });
});

test.describe('Space Administration: metadata', () => {
  test('creates a definition with two options, edits and deletes it', async ({ page }) => {
    const name = `E2E Fachgebiet ${Date.now().toString(36)}`;
    await signIn(page, ADMIN, 'kssg', '/admin');
    const section = page.getByRole('region', { name: 'Metadaten' });

    await section.getByRole('button', { name: 'Neue Metadaten' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neue Metadaten' });
    await dialog.getByRole('button', { name: 'Anlegen' }).click();
    await expect(dialog.getByText('Pflichtfeld')).toBeVisible();
    await dialog.getByLabel('Name – Deutsch').fill(name);
    await dialog.getByLabel('Beschreibung – Deutsch').fill('Medizinisches Fachgebiet');
    await dialog.getByRole('button', { name: 'Option hinzufügen' }).click();
    await dialog.getByLabel('Name von Option 1 – Deutsch').fill('Kardiologie');
    await dialog.getByRole('button', { name: 'Option hinzufügen' }).click();
    await dialog.getByLabel('Name von Option 2 – Deutsch').fill('Neurologie');
    await dialog.getByLabel('Beschreibung von Option 2 – Deutsch').fill('Gehirn und Nerven');
    await dialog.getByRole('button', { name: 'Anlegen' }).click();
    await expect(dialog).toBeHidden();

    await section.getByPlaceholder('Suchen').fill(name);
    const row = section.locator('.metadata-row', { hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row.locator('.chip')).toHaveText(['Kardiologie', 'Neurologie']);

    // edit: rename, reorder, add a third option, remove the first
    await row.getByRole('button', { name: `Bearbeiten ${name}` }).click();
    const edit = page.getByRole('dialog', { name: `${name} bearbeiten` });
    await expect(edit.getByLabel('Name von Option 2 – Deutsch')).toHaveValue('Neurologie');
    await edit.getByRole('button', { name: 'Neurologie nach oben' }).click();
    await edit.getByRole('button', { name: 'Option hinzufügen' }).click();
    await edit.getByLabel('Name von Option 3 – Deutsch').fill('Onkologie');
    await edit.getByRole('button', { name: 'Kardiologie entfernen' }).click();
    await edit.getByLabel('Name – Deutsch').fill(`${name} (neu)`);
    await edit.getByRole('button', { name: 'Speichern' }).click();
    await expect(edit).toBeHidden();
    await section.getByPlaceholder('Suchen').fill(`${name} (neu)`);
    const edited = section.locator('.metadata-row', { hasText: `${name} (neu)` });
    await expect(edited.locator('.chip')).toHaveText(['Neurologie', 'Onkologie']);
    await expect(edited.locator('.chip').first()).toHaveAttribute('title', 'Gehirn und Nerven');

    await edited.getByRole('button', { name: `Löschen ${name} (neu)` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(`${name} (neu)`);
    await confirm.getByRole('button', { name: 'Löschen' }).click();
    await expect(confirm).toBeHidden();
    await expect(section.getByText('Keine Einträge gefunden')).toBeVisible();
  });
});
