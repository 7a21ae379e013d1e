import { expect, test, type Page } from '@playwright/test';

/** The suggestions of the header's search box (the footer's language select has options too). */
const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Vorschläge' }).getByRole('option');

/** Opens the welcome page; returns the header's search box. */
async function searchBox(page: Page) {
  await page.goto('/');
  return page.getByRole('combobox', { name: 'Richtlinien durchsuchen' });
}

test.describe('search (anonymous)', () => {
  test('suggestions as you type; arrow down and enter open the guideline', async ({ page }) => {
    const box = await searchBox(page);
    await expect(async () => {
      await box.fill('');
      await box.pressSequentially('Seps');
      await expect(suggestions(page).first()).toBeVisible({ timeout: 1500 });
    }).toPass({ timeout: 20_000 });
    const first = suggestions(page).first();
    await expect(first).toContainText('Sepsis');
    await expect(box).toHaveAttribute('aria-expanded', 'true');

    await box.press('ArrowDown');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? '');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/guideline\/\d+\/(de|fr)$/);
    await expect(box).toHaveValue('');
  });

  test('enter without a selection shows the results; escape closes the suggestions', async ({ page }) => {
    const box = await searchBox(page);
    await box.fill('Sepsis');
    await expect(async () => {
      await expect(suggestions(page).first()).toBeVisible({ timeout: 1500 });
    }).toPass({ timeout: 20_000 });
    await box.press('Escape');
    await expect(suggestions(page)).toHaveCount(0);
    await box.press('Enter');
    await expect(page).toHaveURL(/\/results\?query=Sepsis$/);
    await expect(page.getByRole('heading', { name: 'Suchergebnisse' })).toBeVisible();
    const hit = page.locator('.search-hit').filter({ hasText: 'Erstversorgung' });
    await expect(hit).toBeVisible();
    await expect(hit.locator('mark').first()).toHaveText(/Sepsis/i);
    await expect(hit).toContainText('Notfallmedizin');
    await expect(page.getByRole('status').filter({ hasText: 'Treffern' })).toContainText(/\d+ von \d+ Treffern \(\d+ ms\)/);
    // languages link to their version
    await expect(hit.getByRole('link', { name: 'FR' })).toHaveAttribute('href', /\/guideline\/\d+\/fr$/);
  });

  test('filters by collection and keeps them in the URL', async ({ page }) => {
    await page.goto('/results?query=Sepsis');
    // the collection filter (a metadata option of the same name sits in its own group)
    const collections = page.getByRole('group', { name: 'Sammlungen' });
    const filter = collections.getByRole('checkbox', { name: /Notfallmedizin/ });
    await expect(async () => {
      await page.reload();
      await expect(filter).toBeVisible({ timeout: 1500 });
    }).toPass({ timeout: 20_000 });
    // the URL holds the filter: the box follows it once the router has navigated
    await filter.click();
    await expect(filter).toBeChecked();
    await expect(page).toHaveURL(/collection=\d+%3A\d+/);
    await expect(page.locator('.search-hit').filter({ hasText: 'Erstversorgung' })).toBeVisible();
    await page.reload();
    await expect(filter).toBeChecked();
    await filter.click();
    await expect(page).toHaveURL(/\/results\?query=Sepsis$/);

    // an empty box with the search icon goes to the results page, which asks for a term
    await page.getByRole('button', { name: 'Suchen' }).first().click();
    await expect(page).toHaveURL(/\/results$/);
    await expect(page.getByText('Wonach suchen Sie?')).toBeVisible();
  });
});
