import { expect, type Page } from '@playwright/test';

export const BASE_DOMAIN = process.env.E2E_BASE_DOMAIN ?? 'vademecum.localhost:8080';

export const url = (subdomain: string, path = '/') => `http://${subdomain}.${BASE_DOMAIN}${path}`;

export const ADMIN = { email: 'admin@vademecum.localhost', password: 'admin' };
export const SPACE_ADMIN = { email: 'anna.admin@kssg.ch', password: 'demo' };
export const MEMBER = { email: 'max.member@kssg.ch', password: 'demo' };
export const VERA = { email: 'vera.validator@kssg.ch', password: 'demo' };
/** Only the language test changes this user's profile language. */
export const HUG_MEMBER = { email: 'luca.member@hcuge.ch', password: 'demo' };

/** Signs in through the real sign-in page and waits until the app has navigated to `returnTo`. */
export async function signIn(page: Page, user: { email: string; password: string }, subdomain = 'kssg', returnTo = '/') {
  await page.goto(url(subdomain, `/auth/login?r=${encodeURIComponent(returnTo)}`));
  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="password"]').fill(user.password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(url(subdomain, returnTo));
}
