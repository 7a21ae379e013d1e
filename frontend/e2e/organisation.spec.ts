import { expect, test } from '@playwright/test';
import { MEMBER, SPACE_ADMIN, signIn, url } from './helpers';

test.describe('My Spaces and My Collections', () => {
  test('a plain member sees no spaces and gets the not-authorised page on a space', async ({ page }) => {
    await signIn(page, MEMBER, 'kssg', '/spaces');
    await expect(page.getByRole('heading', { level: 1, name: 'Meine Spaces' })).toBeVisible();
    await expect(page.getByText('Keine Einträge gefunden')).toBeVisible();
    await page.getByRole('banner').getByRole('button', { name: 'Menü öffnen' }).click();
    await expect(page.getByRole('dialog', { name: 'Menü' }).getByRole('link', { name: 'Meine Spaces' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.goto('/spaces/1/members');
    await expect(page.getByText('Sie sind nicht berechtigt')).toBeVisible();
  });

  test('space admin adds members, creates a collection, changes its visibility and adds a member', async ({ page }) => {
    test.setTimeout(60_000);
    const stamp = Date.now().toString(36);
    const email = `e2e-${stamp}@kssg.ch`;
    const title = `E2E Sammlung ${stamp}`;

    await signIn(page, SPACE_ADMIN, 'kssg', '/');
    await page.getByRole('banner').getByRole('button', { name: 'Menü öffnen' }).click();
    await page.getByRole('dialog', { name: 'Menü' }).getByRole('link', { name: 'Meine Spaces' }).click();
    await expect(page).toHaveURL(/\/spaces$/);
    await page.locator('.link-row[data-space="kssg"]').click();
    await expect(page).toHaveURL(/\/spaces\/\d+$/);
    await expect(page.getByRole('link', { name: 'Mitglieder' })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('.member-row[data-username="max.member@kssg.ch"]')).toBeVisible();

    // the last admin cannot drop the role: the server's 409 is shown inline
    await page.getByRole('switch', { name: 'Anna Keller ist Administrator' }).click();
    await expect(page.getByRole('alert')).toContainText('Der Space braucht mindestens einen Administrator');
    await expect(page.getByRole('switch', { name: 'Anna Keller ist Administrator' })).toBeChecked();

    // the search is sent to the server, which answers with the matching members only
    const searched = page.waitForRequest((r) => r.url().endsWith('/api/admin/spaceadmin/query/spaceMembers') && r.postDataJSON().query === 'Muster');
    await page.getByPlaceholder('Name oder E-Mail suchen').fill('Muster');
    expect((await searched).postDataJSON()).toMatchObject({ query: 'Muster', offset: 0, limit: 50 });
    await expect(page.locator('.member-row[data-username="anna.admin@kssg.ch"]')).toHaveCount(0);
    await expect(page.locator('.member-row[data-username="max.member@kssg.ch"]')).toBeVisible();
    await page.getByPlaceholder('Name oder E-Mail suchen').fill('zzz-none');
    await expect(page.getByText('Keine Einträge gefunden')).toBeVisible();
    await page.getByPlaceholder('Name oder E-Mail suchen').fill('');
    await expect(page.locator('.member-row[data-username="anna.admin@kssg.ch"]')).toBeVisible();

    // add members by e-mail list: client-side check, then a fresh address is invited
    await page.getByRole('button', { name: 'Mitglieder hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mitglieder hinzufügen' });
    await dialog.getByLabel('E-Mail-Adressen').fill(`${email}, not-an-address`);
    await dialog.getByRole('button', { name: 'Hinzufügen' }).click();
    await expect(dialog.getByText('Bitte geben Sie gültige E-Mail-Adressen ein')).toBeVisible();
    await dialog.getByLabel('E-Mail-Adressen').fill(`${email}, max.member@kssg.ch`);
    await dialog.getByRole('button', { name: 'Hinzufügen' }).click();
    await expect(dialog.locator(`.result-row[data-operation="invited"]`)).toContainText(email);
    await expect(dialog.locator(`.result-row[data-operation="alreadyMember"]`)).toContainText('max.member@kssg.ch');
    await dialog.getByRole('button', { name: 'Fertig' }).click();
    await expect(dialog).toBeHidden();

    // create a collection (required fields first)
    await page.getByRole('link', { name: 'Sammlungen' }).click();
    await expect(page).toHaveURL(/\/spaces\/\d+\/collections$/);
    await page.getByRole('button', { name: 'Neue Sammlung' }).click();
    const create = page.getByRole('dialog', { name: 'Neue Sammlung' });
    await expect(create.getByLabel('Sichtbarkeit')).toHaveValue('');
    await create.getByRole('button', { name: 'Anlegen' }).click();
    await expect(create.getByText('Pflichtfeld')).toHaveCount(2);
    await create.getByLabel('Titel').fill(title);
    await create.getByLabel('Sichtbarkeit').selectOption('private');
    await create.getByRole('button', { name: 'Anlegen' }).click();
    await expect(create).toBeHidden();

    // the new collection opens at once; change its visibility
    await expect(page).toHaveURL(/\/collections\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('.page__title-row')).toContainText('Privat');
    await page.getByLabel('Sichtbarkeit').selectOption('public');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.locator('.toast').last()).toContainText(`${title} gespeichert`);
    await page.reload();
    await expect(page.getByLabel('Sichtbarkeit')).toHaveValue('public');
    await expect(page.locator('.page__title-row')).toContainText('Öffentlich');

    // add a space member through the search-as-you-type picker
    await page.getByRole('link', { name: 'Mitglieder' }).click();
    await expect(page).toHaveURL(/\/collections\/\d+\/members$/);
    await expect(page.locator('.member-row[data-username="anna.admin@kssg.ch"]')).toBeVisible();
    const picker = page.getByRole('combobox', { name: 'Mitglied aus dem Space hinzufügen' });
    await picker.fill('max');
    await page.getByRole('option', { name: /Max Muster/ }).click();
    await expect(page.locator('.member-row[data-username="max.member@kssg.ch"]')).toBeVisible();

    // the collection's member search also asks the server
    const searchedCollection = page.waitForRequest(
      (r) => r.url().endsWith('/api/admin/collectionadmin/query/collectionMembers') && r.postDataJSON().query === 'keller',
    );
    await page.getByPlaceholder('Name oder E-Mail suchen').fill('keller');
    await searchedCollection;
    await expect(page.locator('.member-row[data-username="max.member@kssg.ch"]')).toHaveCount(0);
    await expect(page.locator('.member-row[data-username="anna.admin@kssg.ch"]')).toBeVisible();

    // keyboard path in the picker adds a validator
    await page.getByRole('link', { name: 'Validatoren' }).click();
    const validatorPicker = page.getByRole('combobox', { name: 'Validator hinzufügen' });
    await validatorPicker.fill('max');
    await expect(page.getByRole('option', { name: /Max Muster/ })).toBeVisible();
    await validatorPicker.press('ArrowDown');
    await validatorPicker.press('Enter');
    await expect(page.locator('.member-row[data-username="max.member@kssg.ch"]')).toBeVisible();

    // statistics render as accessible bars
    await page.getByRole('link', { name: 'Statistik' }).click();
    await expect(page.getByRole('meter', { name: 'Validatoren' })).toHaveAttribute('aria-valuenow', '1');

    // My Collections lists it; clean up from the space
    await page.goto('/collections');
    await expect(page.locator(`.link-row[data-collection="${title}"]`)).toBeVisible();
    await page.goto('/spaces/1/collections');
    const row = page.locator(`.collection-row[data-collection="${title}"]`);
    await expect(row).toContainText('Öffentlich');
    await row.getByRole('button', { name: `${title} löschen` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Löschen' }).click();
    await expect(row).toHaveCount(0);
  });

  test('a long member list loads in pages of 50 and the search runs on the server', async ({ page }) => {
    test.setTimeout(60_000);
    const stamp = `e2e-page-${Date.now().toString(36)}`;
    const emails = Array.from({ length: 55 }, (_, i) => `${stamp}-${String(i).padStart(2, '0')}@insel.ch`);
    // Insel, not KSSG: 55 nameless invitations sort first and would push the KSSG demo members off the first page.
    await signIn(page, { email: 'ines.admin@insel.ch', password: 'demo' }, 'insel', '/');
    const insel = await page.evaluate(async (users) => {
      const call = async (path: string, body: object) => {
        const res = await fetch(`/api/${path}`, { method: 'POST', headers: { Space: 'insel', 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
        return (await res.json()) as { id: number };
      };
      const { id } = await call('common/query/space', { idOrDomain: 'insel' });
      await call('admin/spaceadmin/mutation/addSpaceMembers', { spaceId: id, users });
      return id;
    }, emails);

    await page.goto(url('insel', `/spaces/${insel}/members`));
    await expect(page.locator('.member-row')).toHaveCount(50);
    await expect(page.getByRole('button', { name: 'Weitere laden' })).toBeVisible();
    const searched = page.waitForResponse((r) => r.url().endsWith('/api/admin/spaceadmin/query/spaceMembers') && r.request().postDataJSON().query === stamp);
    await page.getByPlaceholder('Name oder E-Mail suchen').fill(stamp);
    expect((await searched).request().postDataJSON()).toMatchObject({ query: stamp, offset: 0, limit: 50 });
    await expect(page.locator('.member-rows[aria-busy]')).toHaveCount(0);
    await expect(page.locator('.member-row')).toHaveCount(50);
    await expect(page.getByText('50 angezeigt')).toBeVisible();

    const next = page.waitForRequest((r) => r.url().endsWith('/api/admin/spaceadmin/query/spaceMembers') && r.postDataJSON().offset === 50);
    await page.getByRole('button', { name: 'Weitere laden' }).press('Enter');
    expect((await next).postDataJSON()).toMatchObject({ query: stamp, offset: 50, limit: 50 });
    await expect(page.locator('.member-row')).toHaveCount(55);
    await expect(page.locator('.member-row').nth(50)).toHaveAttribute('data-username', `${stamp}-50@insel.ch`);
    // the last page was short: no more button, and the keyboard continues at the first new row
    await expect(page.getByRole('button', { name: 'Weitere laden' })).toHaveCount(0);
    await expect(page.locator('.member-row').nth(50)).toBeFocused();
    await expect(page.getByText('55 angezeigt')).toBeVisible();
  });
});
