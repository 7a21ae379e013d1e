import { expect, test, type Page } from '@playwright/test';
import { HUG_MEMBER, signIn, url } from './helpers';

async function chooseLanguage(page: Page, language: string) {
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/common/mutation/setLanguage'));
  await page.getByRole('contentinfo').getByRole('combobox').selectOption(language);
  expect((await saved).ok()).toBe(true);
}

test.describe('language', () => {
  test('anonymous switch persists across reload via the lang cookie', async ({ page }) => {
    await page.goto(url('kssg'));
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Hilfe' })).toHaveAttribute('href', '/doc/help/de');
    await footer.getByRole('combobox').selectOption('en');
    await expect(footer.getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/doc/help/en');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Help' })).toBeVisible();
    // the cookie sits on the parent domain, so another space speaks English too
    await page.goto(url('insel'));
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Release Notes' })).toBeVisible();
  });

  test('a signed-in switch is stored in the profile', async ({ page, context }) => {
    await signIn(page, HUG_MEMBER, 'hug');
    // the switch is stored in the profile only once the app knows who is signed in
    await expect(page.getByRole('banner').getByRole('link', { name: 'Profil öffnen' })).toBeVisible();
    await chooseLanguage(page, 'fr');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Aide' })).toBeVisible();
    expect((await context.cookies()).some((c) => c.name === 'lang' && c.value === 'fr')).toBe(true);

    // without the cookie the profile alone brings French back
    await context.clearCookies({ name: 'lang' });
    await page.reload();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Aide' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Ouvrir le profil' })).toBeVisible();

    await chooseLanguage(page, 'de');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Hilfe' })).toBeVisible();
  });
});
