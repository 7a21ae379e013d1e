import { expect, test, type Page } from '@playwright/test';
import { url } from './helpers';

/** Reads the space colour through the API from inside the page (Node cannot resolve *.localhost). */
async function spaceColor(page: Page, subdomain: string): Promise<string> {
  await page.goto(url(subdomain, '/no-such-page'));
  return page.evaluate(async (sub) => {
    const res = await fetch('/api/common/query/space', {
      method: 'POST',
      headers: { Space: sub, 'Content-Type': 'application/json' },
      body: JSON.stringify({ idOrDomain: sub }),
    });
    return ((await res.json()) as { color: string }).color;
  }, subdomain);
}

test.describe('tenancy', () => {
  test('an unknown subdomain shows the invalid-domain page linking to the overview', async ({ page }) => {
    await page.goto(url('nosuchspace'));
    await expect(page.getByRole('heading', { name: 'Diese Organisation gibt es nicht' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Zur Übersicht' })).toHaveAttribute('href', url('www'));
  });

  test('the space colour becomes the browser theme colour', async ({ page }) => {
    const kssg = await spaceColor(page, 'kssg');
    const insel = await spaceColor(page, 'insel');
    expect(kssg.toLowerCase()).not.toBe(insel.toLowerCase());

    const meta = page.locator('meta[name="theme-color"]');
    await page.goto(url('kssg'));
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(meta).toHaveAttribute('content', kssg.toLowerCase());
    await page.goto(url('insel'));
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(meta).toHaveAttribute('content', insel.toLowerCase());
    const headerBg = await page.getByRole('banner').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(headerBg).not.toBe('rgba(0, 0, 0, 0)');
  });

  test('the landing site uses the Vademecum colour', async ({ page }) => {
    await page.goto(url('www', '/?reset=true'));
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#2b3840');
  });
});
