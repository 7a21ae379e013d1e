import { expect, test } from '@playwright/test';
import { ADMIN, MEMBER, signIn, url } from './helpers';

test.describe('Space Administration', () => {
  test('a member who is not super admin gets the not-authorised page', async ({ page }) => {
    await signIn(page, MEMBER, 'kssg', '/admin');
    await expect(page.getByText('Sie sind nicht berechtigt')).toBeVisible();
  });

  test('creates, validates, edits and deletes a space in the console', async ({ page }) => {
    test.setTimeout(60_000);
    const subdomain = `e2e${Date.now().toString(36)}`;
    await signIn(page, ADMIN, 'www', '/console');
    await expect(page.getByRole('heading', { level: 1, name: 'Spaces' })).toBeVisible();
    await expect(page.locator('.console-row[data-subdomain="kssg"]')).toBeVisible();

    await page.getByRole('button', { name: 'Neuer Space' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neuer Space' });
    await dialog.getByRole('button', { name: 'Anlegen' }).click();
    await expect(dialog.getByText('Pflichtfeld').first()).toBeVisible();

    await dialog.getByLabel('Titel').fill('E2E Spital');
    await dialog.getByLabel('Subdomain').fill('1-bad-');
    await dialog.getByLabel('Farbe', { exact: true }).fill('red');
    await dialog.getByLabel('E-Mail-Domains').fill('E2E.ch');
    await dialog.getByRole('button', { name: 'Anlegen' }).click();
    await expect(dialog.getByText('Muss mit einem Buchstaben beginnen')).toBeVisible();
    await expect(dialog.getByText('Muss eine Hex-Farbe sein')).toBeVisible();
    await expect(dialog.getByText('Muss eine Liste von Domainnamen in Kleinbuchstaben sein')).toBeVisible();

    await dialog.getByLabel('Subdomain').fill(subdomain);
    await dialog.getByLabel('Farbe', { exact: true }).fill('#226699');
    await dialog.getByLabel('E-Mail-Domains').fill('e2e.ch, spital-e2e.ch');
    await dialog.getByRole('button', { name: 'Anlegen' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('searchbox', { name: 'Titel oder Subdomain suchen' }).fill(subdomain);
    const row = page.locator(`.console-row[data-subdomain="${subdomain}"]`);
    await expect(row).toContainText('E2E Spital');

    // a taken subdomain is refused by the server
    await page.getByRole('button', { name: 'Neuer Space' }).click();
    const second = page.getByRole('dialog', { name: 'Neuer Space' });
    await second.getByLabel('Titel').fill('Duplicate');
    await second.getByLabel('Subdomain').fill(subdomain);
    await second.getByRole('button', { name: 'Anlegen' }).click();
    await expect(second.getByText('Diese Subdomain ist bereits vergeben')).toBeVisible();
    await second.getByRole('button', { name: 'Abbrechen' }).click();

    // edit: title and a variable
    await row.getByRole('button', { name: 'Aktionen für E2E Spital' }).click();
    await page.getByRole('menuitem', { name: 'Bearbeiten' }).click();
    const edit = page.getByRole('dialog', { name: 'E2E Spital bearbeiten' });
    await expect(edit.getByLabel('E-Mail-Domains')).toHaveValue('e2e.ch, spital-e2e.ch');
    await edit.getByLabel('Titel').fill('E2E Spital Renamed');
    await edit.getByRole('textbox', { name: 'Name' }).fill('hotline');
    await edit.getByRole('textbox', { name: 'Wert' }).fill('+41 71 000 00 00');
    await edit.getByRole('button', { name: 'Hinzufügen' }).click();
    await expect(edit.getByRole('cell', { name: 'hotline', exact: true })).toBeVisible();
    await edit.getByRole('button', { name: 'Speichern' }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('E2E Spital Renamed');

    // the new space is reachable on its own subdomain with its colour
    const other = await page.context().newPage();
    await other.goto(url(subdomain));
    await expect(other.getByRole('banner')).toContainText('E2E Spital Renamed');
    await expect(other.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#226699');
    await other.close();

    // delete with confirmation
    await row.getByRole('button', { name: 'Aktionen für E2E Spital Renamed' }).click();
    await page.getByRole('menuitem', { name: 'Löschen' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('E2E Spital Renamed');
    await confirm.getByRole('button', { name: 'Löschen' }).click();
    await expect(row).toHaveCount(0);
  });

  test('filters the space list in the console on the server', async ({ page }) => {
    await signIn(page, ADMIN, 'www', '/console');
    const search = page.getByRole('searchbox', { name: 'Titel oder Subdomain suchen' });
    await search.fill('insel');
    await expect(page.locator('.console-row')).toHaveCount(1);
    await search.fill('zzz-none');
    await expect(page.getByText('Kein Space passt zu Suche und Filtern')).toBeVisible();
    await search.fill('');
    await page.getByRole('combobox', { name: 'Zustand' }).selectOption({ label: 'Ausser Betrieb' });
    await expect(page.locator('.console-row[data-subdomain="kssg"]')).toHaveCount(0);
  });

  test('brings an organisation to the top of the landing order; the others keep theirs', async ({ page }) => {
    await signIn(page, ADMIN, 'kssg', '/admin');
    type Landing = { spaces: { id: number; subdomain: string }[] };
    const landing = () =>
      page.evaluate(async () => {
        const res = await fetch('/api/common/query/landingPage', { method: 'POST', headers: { Space: 'kssg', 'Content-Type': 'application/json' }, body: '{}' });
        return (await res.json()) as Landing;
      });
    const before = (await landing()).spaces;
    const hug = before.find((s) => s.subdomain === 'hug');
    expect(hug).toBeDefined();
    try {
      const order = page.getByRole('region', { name: 'Weitere Organisationen' });
      const box = order.getByRole('combobox', { name: 'An die Spitze holen' });
      await box.fill('genève');
      await expect(order.getByRole('option')).toHaveCount(1);
      await box.press('ArrowDown');
      await box.press('Enter');
      await expect(order.locator('.order-list__item').first()).toHaveAttribute('data-space', 'hug');
      const [request] = await Promise.all([
        page.waitForRequest('**/api/common/mutation/updateLandingPage'),
        page.getByRole('button', { name: 'Reihenfolge speichern' }).click(),
      ]);
      // only the space that moved is named: the others keep their order (and their ties)
      expect(request.postDataJSON()).toEqual({ nationalSpaces: [], spaces: [hug?.id] });
      await expect(page.locator('.toast').last()).toContainText('Reihenfolge gespeichert');
      // (other tests may add spaces meanwhile)
      const known = new Set(before.map((s) => s.subdomain));
      const after = (await landing()).spaces.map((s) => s.subdomain).filter((s) => known.has(s));
      expect(after).toEqual(['hug', ...before.map((s) => s.subdomain).filter((s) => s !== 'hug')]);
    } finally {
      await page.evaluate(async (ids) => {
        await fetch('/api/common/mutation/updateLandingPage', { method: 'POST', headers: { Space: 'kssg', 'Content-Type': 'application/json' }, body: JSON.stringify({ spaces: ids, nationalSpaces: [] }) });
      }, before.map((s) => s.id));
    }
  });

  test('the audit log finds a space to filter by on the server', async ({ page }) => {
    await signIn(page, ADMIN, 'kssg', '/admin/auditlog');
    const log = page.getByRole('region', { name: 'Protokoll' });
    await expect(log.getByRole('columnheader', { name: 'Space' })).toBeVisible();
    const box = page.getByRole('combobox', { name: 'Space' });
    await box.fill('insel');
    await page.getByRole('option', { name: /Inselspital Bern/ }).click();
    await expect(page.getByRole('button', { name: 'Inselspital Bern entfernen' })).toBeFocused();
    await expect(log.getByRole('columnheader', { name: 'Space' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Inselspital Bern entfernen' }).press('Enter');
    await expect(page.getByRole('combobox', { name: 'Space' })).toBeFocused();
    await expect(log.getByRole('columnheader', { name: 'Space' })).toBeVisible();
  });
});
