import { expect, test, type Page } from '@playwright/test';
import { MEMBER, signIn, url } from './helpers';

/** Collects what the browser reports about the content security policy. */
function watchPolicy(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(m.text())) violations.push(m.text());
  });
  page.on('pageerror', (e) => {
    if (/Content Security Policy|unsafe-eval|unsafe-inline/i.test(e.message)) violations.push(e.message);
  });
  return violations;
}

test.describe('web security', () => {
  test('the app runs under its content security policy without a violation', async ({ page }) => {
    // nine pages, signed out and in, in one journey
    test.setTimeout(60_000);
    const violations = watchPolicy(page);
    const res = await page.goto(url('www', '/'));
    const csp = res?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(res?.headers()['x-content-type-options']).toBe('nosniff');
    expect(res?.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
    await expect(page.getByRole('heading', { name: 'Meine Organisationen' }).or(page.getByRole('heading', { name: 'Weitere Organisationen' })).first()).toBeVisible();

    await page.goto(url('kssg', '/'));
    await expect(page.getByRole('banner')).toContainText('Kantonsspital St. Gallen');
    await page.goto(url('kssg', '/guideline/1/de'));
    await expect(page.getByRole('heading', { level: 1, name: 'Sepsis – Erstversorgung' })).toBeVisible();
    await page.goto(url('kssg', '/results?query=sepsis'));
    await expect(page.getByText('Sepsis').first()).toBeVisible();

    await signIn(page, MEMBER, 'kssg', '/guidelines');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.getByRole('banner').getByRole('button', { name: 'Menü öffnen' }).click();
    await expect(page.getByRole('dialog', { name: 'Menü' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.goto(url('kssg', '/guidelines/guideline/1/de/edit'));
    await expect(page.locator('[contenteditable="true"]').first()).toBeVisible();
    await page.goto(url('kssg', '/profile'));
    await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
    await page.goto(url('kssg', '/auth/logout'));
    await expect(page.getByRole('heading', { level: 1, name: 'Abmelden' })).toBeVisible();

    expect(violations).toEqual([]);
    // what the policy is for: a script slipped into the page does not run, and the watch above sees it
    const ran = await page.evaluate(async () => {
      const w = window as unknown as { injected?: boolean };
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return w.injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.length).toBeGreaterThan(0);
  });

  test('a form a sibling space submits does not sign in (login CSRF)', async ({ browser }) => {
    // The attacker's page stands in for a sibling space: the same site, so the browser sends
    // Sec-Fetch-Site: same-site and the base domain's cookies. Its own policy is off, as an
    // attacker's page would have none (ours would not even let it post elsewhere).
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    await page.goto(url('insel', '/'));
    const answer = page.waitForResponse((r) => r.url().startsWith(url('kssg', '/auth/login')));
    await page.evaluate(
      ({ target, email, password }) => {
        const form = document.createElement('form');
        form.method = 'post';
        form.action = target;
        for (const [name, value] of Object.entries({ email, password })) {
          const input = document.createElement('input');
          input.name = name;
          input.value = value;
          form.append(input);
        }
        document.body.append(form);
        form.submit();
      },
      { target: url('kssg', '/auth/login?r=/'), ...MEMBER },
    );
    const res = await answer;
    expect(res.status()).toBe(403);
    expect(await res.json()).toEqual({ message: 'auth.crossOrigin', params: {} });
    expect((await context.cookies()).filter((c) => c.name === 'vademecum_session')).toEqual([]);
    await page.goto(url('kssg', '/'));
    await expect(page.getByRole('banner').getByRole('link', { name: 'Anmelden' })).toBeVisible();

    // the same credentials on the space's own sign-in page do sign in
    await signIn(page, MEMBER);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Profil öffnen' })).toContainText('Max Muster');
    await context.close();
  });
});
