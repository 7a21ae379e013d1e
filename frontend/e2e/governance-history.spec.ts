import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { SPACE_ADMIN, VERA, signIn, url } from './helpers';

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

// "Reanimation Erwachsene" of kssg's demo (guideline 5): version 1 published eight months ago,
// version 2, an important change, two months ago, both validated by Vera Graf.
const REANIMATION = 5;

test('a validator opens the earlier version valid on a day between two publications, and its PDF', async ({ page }) => {
  test.setTimeout(90_000);
  const day = new Date();
  day.setUTCMonth(day.getUTCMonth() - 5);
  const date = day.toISOString().slice(0, 10);
  await signIn(page, VERA, 'kssg', `/guideline/${REANIMATION}/de/asof/${date}`);
  await expect(page.getByText(/^Stand am .* — nicht die aktuelle Fassung$/)).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[data-fact="version"]')).toContainText('1');
  await expect(page.locator('[data-fact="validator"]')).toContainText('Vera Graf');
  await expect(page.locator('[data-fact="comment"]')).toContainText('Geprüft nach den ERC-Leitlinien 2015');
  await expect(page.locator('[data-fact="validFrom"] dd')).toHaveText(/^\d{2}\.\d{2}\.\d{4}$/);
  await expect(page.locator('[data-fact="validUntil"] dd')).toHaveText(/^\d{2}\.\d{2}\.\d{4}$/);
  await expect(page.getByText('Zieltemperatur 32–36 °C für mindestens 24 Stunden.')).toBeVisible();
  await expect(page.getByText(/Fieber vermeiden/)).toHaveCount(0);
  const steps = page.getByRole('navigation', { name: 'Publikationen' });
  await expect(steps.getByRole('link', { name: /^Version 2 vom / })).toBeVisible();
  await expect(page.locator('.asof__publications tbody tr')).toHaveCount(2);

  // the print of that day is version 1's, and its check says that it is no longer current
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Als PDF herunterladen (historische Fassung)' }).click();
  const pdf = (await readFile(await (await download).path())).toString('latin1');
  const link = /\/URI \((https?:\/\/[^)]*\?print=\d+)\)/.exec(pdf)?.[1];
  expect(link).toBe(url('kssg', `/guideline/${REANIMATION}/de?print=1`));
  await page.goto(link ?? '');
  await expect(page.getByText(/^Dieser Ausdruck \(Version 1\) ist nicht mehr aktuell — aktuell ist Version 2 vom /)).toBeVisible();

  // the next publication leads to the version in force now
  await page.goto(url('kssg', `/guideline/${REANIMATION}/de/asof/${date}`));
  await steps.getByRole('link', { name: /^Version 2 vom / }).click();
  await expect(page.getByText(/^Stand am .* — entspricht der aktuellen Fassung$/)).toBeVisible();
  await expect(page.locator('[data-fact="comment"]')).toContainText('Angepasst an die ERC-Leitlinien 2021');
});
