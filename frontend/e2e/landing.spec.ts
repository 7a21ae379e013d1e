import { expect, test } from '@playwright/test';
import { url } from './helpers';

test.describe('landing page (www)', () => {
  test('filters organisations by title, subdomain and shows the empty result', async ({ page }) => {
    await page.goto(url('www', '/?reset=true'));
    await expect(page.getByRole('heading', { name: 'Weitere Organisationen' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Nationale Organisationen' })).toBeVisible();
    const filter = page.getByPlaceholder('Spaces filtern');
    await filter.fill('INSEL');
    await expect(page.getByRole('heading', { name: 'Gefilterte Organisationen' })).toBeVisible();
    await expect(page.locator('.space-card')).toHaveCount(1);
    await expect(page.locator('.space-card[data-subdomain="insel"]')).toBeVisible();
    await filter.fill('kssg');
    await expect(page.locator('.space-card[data-subdomain="kssg"]')).toBeVisible();
    await filter.fill('no-such-organisation');
    await expect(page.getByRole('heading', { name: 'Keine Organisationen gefunden' })).toBeVisible();
    await expect(page.locator('.space-card')).toHaveCount(0);
  });

  test('remembers the chosen organisation and reset=true clears it', async ({ page }) => {
    await page.goto(url('www', '/?reset=true'));
    await page.locator('.space-card[data-subdomain="insel"]').click();
    await expect(page).toHaveURL(url('insel'));
    await expect(page.getByRole('banner')).toContainText('Inselspital Bern');

    await page.goto(url('www'));
    await expect(page).toHaveURL(url('insel'));

    await page.goto(url('www', '/?reset=true'));
    await expect(page.getByPlaceholder('Spaces filtern')).toBeVisible();
    await page.goto(url('www'));
    await expect(page).toHaveURL(url('www'));
    await expect(page.getByPlaceholder('Spaces filtern')).toBeVisible();
  });

  test('shows a persistent snackbar when the e-mail is not verified', async ({ page }) => {
    await page.goto(url('www', '/?reset=true&emailNotVerified'));
    const toast = page.locator('.toast--error');
    await expect(toast).toContainText('Bestätigungs-E-Mail');
    await page.waitForTimeout(5500);
    await expect(toast).toBeVisible();
    await toast.getByRole('button', { name: 'Schliessen' }).click();
    await expect(toast).toHaveCount(0);
  });
});

test('an unverified account signing in on a space is sent to the landing site with the message', async ({ page }) => {
  await page.goto(url('kssg', '/auth/login?r=%2F'));
  await page.locator('input[name="email"]').fill('uma.unverified@kssg.ch');
  await page.locator('input[name="password"]').fill('demo');
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(url('www', '/?emailNotVerified'));
  await expect(page.locator('.toast--error')).toContainText('Bestätigungs-E-Mail');
});

test('the organisation switcher finds a space on the server, switches to it and makes it the redirect preference', async ({ page }) => {
  await page.goto(url('www', '/?reset=true'));
  await page.goto(url('kssg'));
  await page.getByRole('banner').getByRole('button', { name: 'Organisation wechseln' }).click();
  const switcher = page.getByRole('dialog', { name: 'Organisationen' });
  const box = switcher.getByRole('combobox', { name: 'Organisation suchen' });
  await expect(box).toBeFocused();
  await expect(switcher.getByRole('option', { name: /Kantonsspital St. Gallen/ })).toContainText('aktuelle Organisation');
  // keyboard: type, arrow down, enter
  await box.fill('insel');
  const insel = switcher.getByRole('option', { name: /Inselspital Bern/ });
  await expect(insel).toBeVisible();
  await expect(switcher.getByRole('option')).toHaveCount(1);
  await box.press('ArrowDown');
  await expect(insel).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page).toHaveURL(url('insel'));
  await page.goto(url('www'));
  await expect(page).toHaveURL(url('insel'));
  await page.goto(url('www', '/?reset=true'));
});
