import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, MEMBER, signIn, url } from './helpers';

// ops/e2e.sh registers a second private cluster as `second` beside the default one.

/** axe-core finds no WCAG 2.1 A/AA violation on what the page shows now. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The console's row of one space, found by searching for its subdomain. */
async function findRow(page: Page, subdomain: string) {
  await page.getByRole('searchbox', { name: 'Titel oder Subdomain suchen' }).fill(subdomain);
  const row = page.locator(`.console-row[data-subdomain="${subdomain}"]`);
  await expect(row).toBeVisible();
  return row;
}

async function chooseAction(page: Page, title: string, action: string) {
  await page.getByRole('button', { name: `Aktionen für ${title}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test.describe('control-plane console', () => {
  test('a signed-out visitor is sent to sign in and back; a member is refused', async ({ page }) => {
    await page.goto(url('www', '/console'));
    await expect(page).toHaveURL(url('www', `/auth/login?r=${encodeURIComponent('/console')}`));
    await signIn(page, MEMBER, 'www', '/console');
    await expect(page.getByText('Sie sind nicht berechtigt')).toBeVisible();
  });

  test('Space Administration of a hospital links to the console', async ({ page }) => {
    await signIn(page, ADMIN, 'kssg', '/admin');
    await expect(page.getByRole('link', { name: 'Konsole öffnen' })).toHaveAttribute('href', url('www', '/console'));
  });

  test('creates a space as a database on the second cluster, suspends, resumes and moves it, then deletes it', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const subdomain = `e2ec${Date.now().toString(36)}`;
    const title = `Konsole Spital ${subdomain}`;
    await signIn(page, ADMIN, 'www', '/console');
    await expect(page.getByRole('banner')).toContainText('Konsole');
    await expect(page.getByRole('heading', { level: 1, name: 'Spaces' })).toBeVisible();
    await expect(page.locator('.console-row[data-subdomain="kssg"]')).toBeVisible();
    await expectAccessible(page);

    // create: on the second cluster, as a database of its own
    const create = page.getByRole('button', { name: 'Neuer Space' });
    await create.click();
    const dialog = page.getByRole('dialog', { name: 'Neuer Space' });
    await dialog.getByLabel('Titel').fill(title);
    await dialog.getByLabel('Subdomain').fill(subdomain);
    await dialog.getByRole('combobox', { name: 'Cluster' }).selectOption('second');
    await dialog.getByRole('radio', { name: /Eigene Datenbank/ }).check();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Anlegen' }).click();
    await expect(dialog).toBeHidden();
    await expect(create).toBeFocused();
    const row = await findRow(page, subdomain);
    await expect(row).toContainText('second · Datenbank');
    await expect(row).toContainText('Aktiv');

    // suspend: a reader on its subdomain sees the temporarily-unavailable page
    await chooseAction(page, title, 'Ausser Betrieb nehmen');
    const suspend = page.getByRole('alertdialog', { name: `${title} ausser Betrieb nehmen?` });
    await suspend.getByRole('button', { name: 'Ausser Betrieb nehmen' }).click();
    await expect(suspend).toBeHidden();
    await expect(row).toContainText('Ausser Betrieb');
    await expect(page.getByRole('button', { name: `Aktionen für ${title}` })).toBeFocused();
    const reader = await browser.newPage();
    try {
      await reader.goto(url(subdomain));
      await expect(reader.getByRole('heading', { name: 'Dieser Space ist vorübergehend nicht verfügbar' })).toBeVisible();

      // resume: the reader gets the space again
      await chooseAction(page, title, 'Wieder in Betrieb nehmen');
      await page.getByRole('alertdialog').getByRole('button', { name: 'Wieder in Betrieb nehmen' }).click();
      await expect(row).toContainText('Aktiv');
      await reader.reload();
      await expect(reader.getByRole('banner')).toContainText(title);
    } finally {
      await reader.close();
    }

    // move back to the default cluster as a schema, and see the operation finish
    await chooseAction(page, title, 'Verschieben');
    const move = page.getByRole('dialog', { name: `${title} verschieben` });
    await expect(move).toContainText('Änderungen kurz angehalten');
    await move.getByRole('combobox', { name: 'Cluster' }).selectOption('default');
    await move.getByRole('radio', { name: /^Schema/ }).check();
    await expectAccessible(page);
    await move.getByRole('button', { name: 'Verschieben' }).click();
    await expect(move).toBeHidden();
    await expect(page.locator('.toast').filter({ hasText: `Verschieben von ${title} abgeschlossen` })).toBeVisible({ timeout: 60_000 });
    await expect(row).toContainText('default · Schema');
    await expect(row.getByRole('progressbar')).toHaveCount(0);

    // delete, with confirmation
    await chooseAction(page, title, 'Löschen');
    await page.getByRole('alertdialog', { name: 'Space löschen?' }).getByRole('button', { name: 'Löschen' }).click();
    await expect(row).toHaveCount(0);
  });

  test('is usable on a phone: rows become cards and axe finds nothing', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, ADMIN, 'www', '/console');
    const row = page.locator('.console-row[data-subdomain="kssg"]');
    await expect(row).toBeVisible();
    expect(await row.evaluate((el) => getComputedStyle(el).display)).toBe('grid');
    await expectAccessible(page);
  });
});
