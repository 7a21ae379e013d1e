import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { SPACE_ADMIN, signIn, url } from './helpers';

// "Anaphylaxie" of kssg's demo (guideline 2), published in German, validated by Vera Graf.
const ANAPHYLAXIE = 2;

test('the version valid on a date with its validator, and a print checked by its QR code', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, SPACE_ADMIN, 'kssg', `/guideline/${ANAPHYLAXIE}/de`);
  await page.getByRole('link', { name: 'Stand am …' }).click();
  await expect(page.getByText(/^Stand am .* — entspricht der aktuellen Fassung$/)).toBeVisible();
  await expect(page.locator('[data-fact="validator"]')).toContainText('Vera Graf');
  await expect(page.locator('[data-fact="version"]')).toContainText('1');

  // a day before the first publication
  await page.getByLabel('Stand am').fill('2020-01-01');
  await page.getByRole('button', { name: 'Anzeigen' }).click();
  await expect(page).toHaveURL(/\/guideline\/2\/de\/asof\/2020-01-01$/);
  await expect(page.getByRole('alert')).toContainText('Am 01.01.2020 war keine Fassung in Kraft');

  // the print's QR code and link lead to the live version, which says the print is current
  await page.goto(url('kssg', `/guideline/${ANAPHYLAXIE}/de`));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Als PDF herunterladen' }).click();
  const pdf = (await readFile(await (await download).path())).toString('latin1');
  const link = /\/URI \((https?:\/\/[^)]*\?print=\d+)\)/.exec(pdf)?.[1];
  if (!link) throw new Error('the print links to no check address');
  expect(link).toBe(url('kssg', `/guideline/${ANAPHYLAXIE}/de?print=1`));
  await page.goto(link);
  await expect(page.getByText('Dieser Ausdruck (Version 1) ist aktuell.')).toBeVisible();
  await page.goto(url('kssg', `/guideline/${ANAPHYLAXIE}/de?print=0`));
  await expect(page.getByText(/ist aktuell|nicht mehr aktuell/)).toHaveCount(0);
});
