import { expect, test, type Page } from '@playwright/test';
import { ADMIN, BASE_DOMAIN, signIn, url } from './helpers';

// Single sign-on through the OpenID Provider that ops/e2e.sh starts (OIDC_ISSUER; its users
// are in ops/oidc-users.json): the super admin configures it, people sign in through the
// real redirects and the provider's own login form.
const issuer = process.env.OIDC_ISSUER ?? '';
const LABEL = 'Spital SSO';
const LENA = { username: 'lena', password: 'demo', email: 'lena.sommer@spital-sso.example' };

/** Fills in the provider's login form (a plain HTML page of the example server). */
async function atProvider(page: Page, username: string, password: string) {
  await expect(page).toHaveURL(new RegExp(`^${issuer}login/username`));
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test.describe.serial('single sign-on', () => {
  test.skip(!issuer, 'needs the OpenID Provider of ops/e2e.sh (OIDC_ISSUER)');

  test('the super admin configures an identity provider for kssg', async ({ page }) => {
    await signIn(page, ADMIN, 'kssg', '/admin');
    const section = page.locator('section', { has: page.getByRole('heading', { name: 'Single Sign-on' }) });
    await expect(section).toContainText(`http://www.${BASE_DOMAIN}/auth/oidc/callback`);
    await section.getByRole('button', { name: 'Neuer Anbieter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neuer Anbieter' });
    await dialog.getByLabel('Beschriftung').fill(LABEL);
    await dialog.getByLabel('Issuer-URL').fill('http://idp.example.ch/');
    await dialog.getByLabel('Client-ID').fill('web');
    await dialog.getByLabel('Client-Secret').fill('secret');
    await dialog.getByLabel('E-Mail-Domains').fill('spital-sso.example');
    await dialog.getByRole('combobox', { name: 'Angeboten in' }).fill('kantonsspital');
    await dialog.getByRole('option', { name: /Kantonsspital St. Gallen/ }).click();
    await expect(dialog.getByRole('button', { name: 'Kantonsspital St. Gallen entfernen' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Anlegen' }).click();
    await expect(dialog.getByText('Muss eine HTTPS-URL ohne Query und Fragment sein')).toBeVisible();
    await dialog.getByLabel('Issuer-URL').fill(issuer);
    await dialog.getByRole('button', { name: 'Anlegen' }).click();
    await expect(dialog).toBeHidden();
    const row = section.getByRole('listitem').filter({ hasText: LABEL });
    await expect(row).toContainText('@spital-sso.example');
    await expect(row).toContainText('gesetzt');
    await expect(row).not.toContainText('secret');

    // the secret is write-only
    await row.getByRole('button', { name: `Bearbeiten ${LABEL}` }).click();
    const edit = page.getByRole('dialog', { name: `${LABEL} bearbeiten` });
    await expect(edit.getByLabel('Client-Secret')).toHaveValue('');
    await expect(edit.getByLabel('Client-Secret')).toHaveAttribute('placeholder', 'gesetzt');
    await edit.getByRole('button', { name: 'Abbrechen' }).click();
  });

  test('a first sign-in through the provider creates the account and returns to the page', async ({ page }) => {
    await page.goto(url('kssg', '/auth/login?r=%2Fprofile'));
    await page.getByRole('link', { name: `Anmelden mit ${LABEL}` }).click();
    await atProvider(page, LENA.username, LENA.password);
    await expect(page).toHaveURL(url('kssg', '/profile'));
    await expect(page.locator('input[name="firstname"]')).toHaveValue('Lena');
    await expect(page.locator('input[name="lastname"]')).toHaveValue('Sommer');
    await expect(page.getByRole('banner')).toContainText('Lena Sommer');
  });

  test('an address of the provider’s domain is sent to the provider instead of asking for a password', async ({ page }) => {
    await page.goto(url('kssg', '/auth/login?r=%2F'));
    await page.locator('input[name="email"]').fill(LENA.email);
    await expect(page.getByRole('button', { name: `Weiter mit ${LABEL}` })).toBeVisible();
    await expect(page.locator('input[name="password"]')).toHaveCount(0);
    await page.getByRole('button', { name: `Weiter mit ${LABEL}` }).click();
    await atProvider(page, LENA.username, LENA.password);
    await expect(page).toHaveURL(url('kssg', '/'));
    await expect(page.getByRole('banner')).toContainText('Lena Sommer');
  });

  test('an address the provider did not verify is refused with its reason', async ({ page }) => {
    await page.goto(url('kssg', '/auth/login?r=%2F'));
    await page.getByRole('link', { name: `Anmelden mit ${LABEL}` }).click();
    await atProvider(page, 'ugo', 'demo');
    await expect(page).toHaveURL(new RegExp(`^${url('kssg', '/auth/login')}\\?error=auth.oidc.emailNotVerified`));
    await expect(page.getByRole('alert')).toHaveText('Ihr Identitätsanbieter hat Ihre E-Mail-Adresse nicht bestätigt.');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Profil öffnen' })).toHaveCount(0);
  });

  test('screens of single sign-on', async ({ page, context }) => {
    test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to write screenshots to e2e/screenshots/');
    for (const lang of ['de', 'fr']) {
      await context.clearCookies();
      await context.addCookies([{ name: 'lang', value: lang, domain: `.${BASE_DOMAIN.split(':')[0]}`, path: '/' }]);
      for (const width of [1366, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(url('kssg', '/auth/login?r=%2F'));
        await page.locator('input[name="email"]').fill(LENA.email);
        await page.getByRole('button', { name: /Spital SSO/ }).waitFor();
        await page.screenshot({ path: `e2e/screenshots/sso-${lang}-${width}-login.png`, fullPage: true });
        await page.goto(url('kssg', '/auth/login?error=auth.oidc.domainNotAllowed&r=%2F'));
        await page.getByRole('alert').waitFor();
        await page.screenshot({ path: `e2e/screenshots/sso-${lang}-${width}-refused.png`, fullPage: true });
      }
      await signIn(page, ADMIN, 'kssg', '/admin');
      for (const width of [1366, 390]) {
        await page.setViewportSize({ width, height: 900 });
        const section = page.locator('section', { has: page.getByRole('heading', { name: /Single Sign-on|Authentification unique/ }) });
        await section.screenshot({ path: `e2e/screenshots/sso-${lang}-${width}-admin.png` });
        await page.getByRole('button', { name: new RegExp(`(Bearbeiten|Modifier) ${LABEL}`) }).click();
        await page.waitForTimeout(300);
        await page.screenshot({ path: `e2e/screenshots/sso-${lang}-${width}-editor.png` });
        await page.keyboard.press('Escape');
      }
    }
  });

  test('the super admin removes the provider', async ({ page }) => {
    await signIn(page, ADMIN, 'kssg', '/admin');
    const section = page.locator('section', { has: page.getByRole('heading', { name: 'Single Sign-on' }) });
    await section.getByRole('button', { name: `Löschen ${LABEL}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Löschen' }).click();
    await expect(section.getByText('Keine Identitätsanbieter eingerichtet')).toBeVisible();
    await page.goto(url('kssg', '/auth/login'));
    await expect(page.locator('input[name="password"]')).toBeVisible();
    await expect(page.getByRole('link', { name: `Anmelden mit ${LABEL}` })).toHaveCount(0);
  });
});
