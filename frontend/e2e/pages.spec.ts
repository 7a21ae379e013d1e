import { expect, test } from '@playwright/test';
import { api } from './guidelineSetup';
import { signIn, SPACE_ADMIN, url } from './helpers';

test.describe('public pages', () => {
  test('welcome page: overview by collection and recent guidelines for anonymous readers', async ({ page }) => {
    await page.goto('/');
    const overview = page.getByRole('region', { name: 'Übersicht der Richtlinien' });
    const notfall = overview.getByRole('button', { name: /Notfallmedizin/ });
    await expect(notfall).toBeVisible();
    await expect(overview.getByRole('button', { name: /Intensivmedizin/ })).toHaveCount(0);
    await notfall.click();
    await expect(notfall).toHaveAttribute('aria-expanded', 'true');
    await expect(overview.getByRole('link', { name: 'Sepsis – Erstversorgung' })).toBeVisible();

    const recent = page.getByRole('region', { name: 'Neueste Richtlinien' });
    await expect(recent.getByRole('link', { name: /Sepsis|Anaphylaxie/ }).first()).toBeVisible();
    await recent.getByRole('link', { name: 'Anaphylaxie' }).click();
    await expect(page).toHaveURL(/\/guideline\/\d+\/de$/);
  });

  test('announcements: the space admin adds one, the welcome page shows it sanitised', async ({ page }) => {
    await signIn(page, SPACE_ADMIN);
    const space = await api<{ id: number }>(page, 'common/query/space', { idOrDomain: 'kssg' });
    await page.goto(`/spaces/${space.id}/announcements`);
    await page.getByRole('button', { name: 'Neue Mitteilung' }).first().click();
    const dialog = page.getByRole('dialog');
    const teaser = `Neue Sepsis-Richtlinie ${Date.now()}`;
    await dialog.getByRole('group', { name: /Deutsch/ }).getByLabel('Kurztext').fill(teaser);
    await dialog.getByRole('group', { name: /Deutsch/ }).getByLabel('Inhalt').fill('<p>Bitte <strong>lesen</strong></p><script>alert(1)</script>');
    await dialog.getByRole('group', { name: /Français/ }).getByLabel('Kurztext').fill('Nouvelle directive sepsis');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText(teaser)).toBeVisible();

    await page.goto('/');
    const announcement = page.getByRole('region', { name: 'Mitteilungen' }).locator('article').filter({ hasText: teaser });
    await expect(announcement).toBeVisible();
    await expect(announcement.locator('strong')).toHaveText('lesen');
    await expect(announcement.locator('script')).toHaveCount(0);

    await page.goto(`/spaces/${space.id}/announcements`);
    await page.getByRole('button', { name: `Löschen ${teaser}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Löschen' }).click();
    await expect(page.getByText(teaser)).toHaveCount(0);
  });

  test('release notes: list and one release', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Versionshinweise' }).click();
    await expect(page).toHaveURL(/\/releasenotes$/);
    await expect(page.getByRole('heading', { name: 'Versionshinweise' })).toBeVisible();
    await page.getByRole('link', { name: 'v0.4.0' }).click();
    await expect(page).toHaveURL(/\/releasenotes\/v0\.4\.0$/);
    await expect(page.getByRole('heading', { name: 'v0.4.0', level: 1 })).toBeVisible();
    await expect(page.getByText('Search with suggestions as you type')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'v0.1.0' })).toHaveCount(0);
  });

  test('event inbox: important changes with their comment, list and detail', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Wichtige Änderungen' }).click();
    await expect(page).toHaveURL(/\/eventinbox$/);
    await expect(page.getByText('Wählen Sie links eine Änderung.')).toBeVisible();
    const list = page.getByRole('region', { name: 'Änderungen' });
    await list.getByRole('link', { name: /Anaphylaxie/ }).click();
    await expect(page).toHaveURL(/\/eventinbox\/\d+-\d+-de$/);
    const detail = page.getByRole('article');
    await expect(detail.getByRole('heading', { name: 'Anaphylaxie' })).toBeVisible();
    await expect(detail).toContainText('Neue Richtlinie');
    const preselected = page.url();
    await page.goto(preselected);
    await expect(page.getByRole('article').getByRole('heading', { name: 'Anaphylaxie' })).toBeVisible();
    await page.getByRole('link', { name: 'Richtlinie öffnen' }).click();
    await expect(page).toHaveURL(/\/guideline\/\d+\/de$/);
  });

  test('public document in two languages, without the shell', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Impressum' })).toHaveAttribute('href', '/doc/legal/de');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Impressum' }).click();
    await expect(page).toHaveURL(/\/doc\/legal\/de$/);
    await expect(page.getByRole('heading', { name: 'Impressum', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Anbieter' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.locator('img[width="64"]')).toBeVisible();

    await page.getByRole('link', { name: 'Français' }).click();
    await expect(page).toHaveURL(/\/doc\/legal\/fr$/);
    await expect(page.getByRole('heading', { name: 'Mentions légales', level: 1 })).toBeVisible();
    await page.goto('/doc/secret/de');
    await expect(page.getByText('404')).toBeVisible();
    await page.goto('/doc/privacy/fr');
    await page.getByRole('link', { name: 'Zur Startseite' }).click();
    await expect(page).toHaveURL(url('kssg', '/'));
  });
});
