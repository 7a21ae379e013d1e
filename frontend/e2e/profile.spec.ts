import { expect, test } from '@playwright/test';
import { MEMBER, signIn } from './helpers';

test.describe('profile', () => {
  test('saves profile fields and asks before deleting the account', async ({ page }) => {
    await signIn(page, MEMBER, 'kssg', '/profile');
    const title = page.locator('input[name="title"]');
    const about = page.locator('textarea[name="about"]');
    await expect(about).toHaveAttribute('rows', '3');
    const stamp = `Dr. med. ${Date.now() % 1000}`;
    await title.fill(stamp);
    await page.getByRole('switch', { name: 'Wöchentliche Erinnerung' }).click();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.locator('.toast')).toContainText('Profil gespeichert');
    await page.reload();
    await expect(title).toHaveValue(stamp);
    await title.fill('');
    await page.getByRole('switch', { name: 'Wöchentliche Erinnerung' }).click();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.locator('.toast').last()).toContainText('Profil gespeichert');

    await page.getByRole('button', { name: 'Konto löschen' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Konto wirklich löschen?');
    await confirm.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(confirm).toBeHidden();
  });
});
