import { expect, test } from '@playwright/test';
import { MEMBER, signIn, url } from './helpers';

test.describe('sign-in', () => {
  test('signs in and out', async ({ page }) => {
    await signIn(page, MEMBER);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Profil öffnen' })).toContainText('Max Muster');
    await header.getByRole('button', { name: 'Menü öffnen' }).click();
    const menu = page.getByRole('dialog', { name: 'Menü' });
    await expect(menu).toContainText('max.member@kssg.ch');
    // signing out posts a form; the server answers with the start page
    await menu.getByRole('button', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL(url('kssg', '/'));
    await expect(page.getByRole('banner').getByRole('link', { name: 'Anmelden' })).toBeVisible();
  });

  test('a visit to /auth/logout asks before signing out', async ({ page }) => {
    await signIn(page, MEMBER);
    await page.goto(url('kssg', '/auth/logout'));
    await expect(page.getByRole('heading', { level: 1, name: 'Abmelden' })).toBeVisible();
    // the visit itself changed nothing
    await expect(page.getByRole('banner').getByRole('link', { name: 'Profil öffnen' })).toContainText('Max Muster');
    await page.locator('main form').getByRole('button', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL(url('kssg', '/'));
    await expect(page.getByRole('banner').getByRole('link', { name: 'Anmelden' })).toBeVisible();
  });

  test('rejects a wrong password', async ({ page }) => {
    await page.goto(url('kssg', '/auth/login'));
    await page.locator('input[name="email"]').fill(MEMBER.email);
    await page.locator('input[name="password"]').fill('wrong');
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByRole('alert')).toHaveText('E-Mail oder Passwort ist falsch.');
  });

  test('an anonymous visit to /profile goes to sign-in and comes back', async ({ page }) => {
    await page.goto(url('kssg', '/profile'));
    await expect(page).toHaveURL(url('kssg', '/auth/login?r=%2Fprofile'));
    await page.locator('input[name="email"]').fill(MEMBER.email);
    await page.locator('input[name="password"]').fill(MEMBER.password);
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(url('kssg', '/profile'));
    await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
    await expect(page.locator('input[name="firstname"]')).toHaveValue('Max');
  });

  test('unknown paths show the not-found page', async ({ page }) => {
    await page.goto(url('kssg', '/no/such/page'));
    await expect(page.getByText('Seite nicht gefunden')).toBeVisible();
    await expect(page.getByRole('banner')).toContainText('Kantonsspital St. Gallen');
  });
});
