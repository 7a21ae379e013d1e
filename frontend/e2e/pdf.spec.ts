import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { api, saveVersion, setupCollection } from './guidelineSetup';
import { SPACE_ADMIN, signIn, url } from './helpers';

// PDF of a saved version from the versions tab of the guideline management page: the server
// prints it with Chromium and the browser saves it under the name the server gives.
test('an author downloads a saved version as PDF from the versions tab', async ({ page }) => {
  test.setTimeout(60_000);
  const stamp = Date.now().toString(36);
  await signIn(page, SPACE_ADMIN, 'kssg', '/guidelines');
  const { collectionId, maxId } = await setupCollection(page, `E2E PDF ${stamp}`);
  const id = await api<number>(page, 'author/mutation/createGuideline', { collection: collectionId, validator: maxId });
  await saveVersion(page, id, `E2E Ibuprofen ${stamp}`, '400 mg');

  await page.goto(url('kssg', `/guidelines/guideline/${id}/de`));
  const row = page.locator('.version-row[data-version="1"]');
  await expect(row).toContainText(`E2E Ibuprofen ${stamp}`);
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Version 1 als PDF herunterladen' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`E2E Ibuprofen ${stamp} (de, v1, draft).pdf`);
  const data = await readFile(await file.path());
  expect(data.subarray(0, 5).toString()).toBe('%PDF-');
});
