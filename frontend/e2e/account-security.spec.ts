import { expect, test, type Browser, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { ADMIN, MEMBER, signIn, url } from './helpers';
import { totp } from './totp';

// These tests change how shared demo accounts sign in (the super admin's second factor, a
// member's sessions): playwright.config.ts runs them after every other spec.

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/**
 * Leaves the account signing in with the password alone, whatever step a failed test stopped
 * at: signs in from a fresh browser (which, unlike Node, finds *.localhost), with a recovery
 * code when the code is asked for, and turns the second factor off.
 */
async function turnOffSecondFactor(browser: Browser, user: { email: string; password: string }, recoveryCode: string) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.goto(url('kssg', '/auth/login'));
    await page.evaluate(
      async ({ user, recoveryCode }) => {
        const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
          fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
        const login = await post('/auth/login', user);
        if (login.status === 401) await post('/auth/second-factor', { code: recoveryCode });
        await post('/api/common/mutation/disableSecondFactor', { password: user.password }, { Space: 'kssg' });
      },
      { user, recoveryCode },
    );
  } finally {
    await context.close();
  }
}

const secondFactorCard = (page: Page) => page.getByRole('region', { name: 'Zweiter Faktor' });

test.describe('account security', () => {
  test('the super admin sets up a second factor, signs in with password and code, and turns it off', async ({ page, browser }) => {
    await signIn(page, ADMIN, 'kssg', '/profile');
    const card = secondFactorCard(page);
    await expect(card).toContainText('Ausgeschaltet');
    await card.getByRole('button', { name: 'Einrichten' }).click();

    const dialog = page.getByRole('dialog', { name: 'Zweiten Faktor einrichten' });
    await expect(dialog.getByRole('img', { name: 'QR-Code, der Vademecum in Ihrer Authenticator-App einrichtet' })).toBeVisible();
    const secret = (await dialog.locator('[data-secret]').getAttribute('data-secret')) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const enrolledAt = Date.now();
    await dialog.getByLabel('Code aus der App').fill(totp(secret, enrolledAt));
    await dialog.getByRole('button', { name: 'Bestätigen' }).click();

    const done = page.getByRole('dialog', { name: 'Ihre Wiederherstellungscodes' });
    await expect(done).toContainText('Sie werden nur jetzt angezeigt.');
    const codes = await done.getByRole('list', { name: 'Wiederherstellungscodes' }).getByRole('listitem').allTextContents();
    expect(codes).toHaveLength(10);
    expect(codes[0]).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
    try {
      const [download] = await Promise.all([page.waitForEvent('download'), done.getByRole('button', { name: 'Als Textdatei herunterladen' }).click()]);
      expect(download.suggestedFilename()).toBe('vademecum-wiederherstellungscodes.txt');
      const file = await readFile(await download.path(), 'utf8');
      expect(file).toContain('Vademecum – Wiederherstellungscodes für admin@vademecum.localhost');
      for (const code of codes) expect(file).toContain(code);
      await done.getByRole('button', { name: 'Ich habe die Codes gesichert' }).click();
      await expect(done).toBeHidden();
      await expect(card).toContainText('Eingeschaltet');
      await expect(card).toContainText('Unbenutzte Wiederherstellungscodes: 10');

      // signing out: the session of this device ends and the sign-in page follows
      const sessions = page.getByRole('region', { name: 'Angemeldete Geräte' });
      const current = sessions.getByRole('listitem').filter({ hasText: 'Dieses Gerät' });
      await current.getByRole('button', { name: /^Sitzung beenden/ }).click();
      await page.getByRole('alertdialog', { name: 'Sitzung beenden?' }).getByRole('button', { name: 'Beenden' }).click();
      await expect(page).toHaveURL(url('kssg', '/auth/login?r=%2Fprofile'));

      await page.locator('input[name="email"]').fill(ADMIN.email);
      await page.locator('input[name="password"]').fill(ADMIN.password);
      await page.locator('form button[type="submit"]').click();
      await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung bestätigen' })).toBeVisible();
      const code = page.getByLabel('Code aus der Authenticator-App oder Wiederherstellungscode');
      await code.fill('000000');
      await page.getByRole('button', { name: 'Bestätigen' }).click();
      await expect(page.getByRole('alert')).toContainText('Der Code stimmt nicht.');
      // each code counts once: the next step's code, which the server accepts as clock drift
      await code.fill(totp(secret, enrolledAt + 30_000));
      await page.getByRole('button', { name: 'Bestätigen' }).click();
      await expect(page).toHaveURL(url('kssg', '/profile'));
      await expect(card).toContainText('Eingeschaltet');

      // the super admin's help for a user: end all sessions
      await page.goto(url('kssg', '/admin/user/vera.validator%40kssg.ch'));
      const security = page.getByRole('region', { name: 'Anmeldung und Sicherheit' });
      await security.getByRole('button', { name: 'Alle Sitzungen beenden' }).click();
      await page.getByRole('alertdialog', { name: 'Alle Sitzungen beenden?' }).getByRole('button', { name: 'Alle Sitzungen beenden' }).click();
      await expect(page.locator('.toast').last()).toContainText('Beendete Sitzungen von vera.validator@kssg.ch:');

      await page.goto(url('kssg', '/profile'));
      await card.getByRole('button', { name: 'Ausschalten' }).click();
      const off = page.getByRole('dialog', { name: 'Zweiten Faktor ausschalten' });
      await off.getByLabel('Passwort').fill('falsch');
      await off.getByRole('button', { name: 'Ausschalten' }).click();
      await expect(off).toContainText('Das Passwort stimmt nicht.');
      await off.getByLabel('Passwort').fill(ADMIN.password);
      await off.getByRole('button', { name: 'Ausschalten' }).click();
      await expect(off).toBeHidden();
      await expect(card).toContainText('Ausgeschaltet');
    } finally {
      // other specs sign in as the super admin with the password alone
      await turnOffSecondFactor(browser, ADMIN, codes[9]);
    }
  });

  test('a member ends the session of another browser', async ({ page, browser }) => {
    const phone = await browser.newContext({ userAgent: IPHONE, locale: 'de-CH', serviceWorkers: 'block' });
    try {
      const phonePage = await phone.newPage();
      await signIn(phonePage, MEMBER, 'kssg', '/');
      await signIn(page, MEMBER, 'kssg', '/profile');

      const sessions = page.getByRole('region', { name: 'Angemeldete Geräte' });
      await expect(sessions.getByRole('listitem').first()).toContainText('Dieses Gerät');
      const row = sessions.getByRole('listitem').filter({ hasText: 'Safari auf iPhone' });
      await expect(row).toHaveCount(1);
      await row.getByRole('button', { name: 'Sitzung beenden: Safari auf iPhone' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Sitzung beenden?' });
      await expect(confirm).toContainText('Safari auf iPhone');
      await confirm.getByRole('button', { name: 'Beenden' }).click();
      await expect(confirm).toBeHidden();
      await expect(row).toHaveCount(0);
      await expect(page.locator('.toast').last()).toContainText('Sitzung beendet');

      // the phone is signed out at once, this browser is not
      await phonePage.goto(url('kssg', '/profile'));
      await expect(phonePage).toHaveURL(url('kssg', '/auth/login?r=%2Fprofile'));
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
    } finally {
      await phone.close();
    }
  });
});
