import { expect, test } from '@playwright/test';
import { SPACE_ADMIN } from './helpers';

// Runs under playwright.https.config.ts (ops/e2e-https.sh) only.
const BASE = process.env.E2E_HTTPS_BASE ?? 'vademecum.test:18443';
const HTTP_PORT = process.env.E2E_HTTP_PORT ?? '18444';
const https = (subdomain: string, path = '/') => `https://${subdomain}.${BASE}${path}`;

test('a space over HTTPS: redirected from HTTP, certificate on the first visit, sign-in with Secure cookies, HSTS', async ({ page, context }) => {
  const login = `/auth/login?r=${encodeURIComponent('/')}`;
  // plain HTTP is sent to HTTPS (308); the first HTTPS visit obtains kssg's certificate from
  // Pebble, which Chromium trusts (no interstitial)
  const response = await page.goto(`http://kssg.vademecum.test:${HTTP_PORT}${login}`);
  await expect(page).toHaveURL(https('kssg', login));
  expect(response?.headers()['strict-transport-security']).toContain('max-age=');
  await page.locator('input[name="email"]').fill(SPACE_ADMIN.email);
  await page.locator('input[name="password"]').fill(SPACE_ADMIN.password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(https('kssg'));
  await expect(page.getByRole('banner')).toBeVisible();
  const cookies = await context.cookies(https('kssg'));
  expect(cookies.length).toBeGreaterThan(0);
  for (const c of cookies) expect(c.secure).toBe(true);
});
