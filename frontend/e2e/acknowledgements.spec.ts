import { expect, test, type Browser, type Page } from '@playwright/test';
import { api, saveVersion, setupCollection, type SavedDetail } from './guidelineSetup';
import { MEMBER, SPACE_ADMIN, signIn, url } from './helpers';

// A required acknowledgement from the requirement to the report: the collection admin requires
// it, the validator publishes an important change, the reader sees what changed since their
// read and acknowledges it, and the admin's report shows them done.

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('a required acknowledgement from the important change to the report', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  await signIn(page, SPACE_ADMIN, 'kssg', '/');
  const { collectionId, maxId } = await setupCollection(page, `Lesebestätigung ${stamp}`);
  const title = `Paracetamol ${stamp}`;
  const id = await api<number>(page, 'author/mutation/createGuideline', { collection: collectionId, validator: maxId });
  const v1 = await saveVersion(page, id, title, '1 g');
  const first = await api<{ revision: number }>(page, 'author/mutation/submitToValidation', {
    guidelineId: id,
    guidelineVersion: v1,
    validation: { title: 'Erstfassung', description: '', important: false },
  });
  const max = await freshPage(browser);
  await signIn(max, MEMBER, 'kssg', '/');
  await api(max, 'validator/mutation/acceptValidation', { revision: first.revision, comment: '', validationContent: { title: 'Erstfassung', description: '', important: false } });

  // Max reads the first version: nothing changed for him yet
  await max.goto(url('kssg', `/guideline/${id}/de`));
  await expect(max.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(max.getByTestId('since-read')).toHaveCount(0);

  // Anna requires acknowledgement from everyone who may read the collection
  await page.goto(url('kssg', `/acknowledgements/${id}/de`));
  await page.getByRole('switch', { name: 'Lesebestätigung verlangen' }).click();
  await expect(page.getByRole('radio', { name: 'Von allen, die die Sammlung lesen dürfen' })).toBeChecked();
  await expect(page.getByTestId('ack-done')).toHaveText('0 bestätigt');

  // an important change, published by the validator
  const latest = await api<{ details: SavedDetail[] }>(page, 'author/query/latestGuideline', { id, language: 'de' });
  const v2 = await saveVersion(page, id, title, '500 mg', latest.details);
  const content = { title: 'Dosis halbiert', description: 'Die Dosis für Erwachsene ist halbiert.', important: true };
  const second = await api<{ revision: number }>(page, 'author/mutation/submitToValidation', { guidelineId: id, guidelineVersion: v2, validation: content });
  await api(max, 'validator/mutation/acceptValidation', { revision: second.revision, comment: '', validationContent: content });

  // Max sees what changed since his read and acknowledges it
  await max.goto(url('kssg', `/guideline/${id}/de`));
  const banner = max.getByTestId('since-read');
  await expect(banner.getByRole('heading', { name: 'Geändert seit Ihrem letzten Lesen' })).toBeVisible();
  await expect(banner).toContainText('Die Dosis für Erwachsene ist halbiert.');
  await banner.getByRole('button', { name: 'Änderungen anzeigen' }).click();
  await expect(banner.locator('.diff__section--changed')).toHaveCount(1);
  await banner.getByRole('button', { name: 'Gelesen und verstanden' }).click();
  await expect(max.locator('.toast').last()).toContainText('Danke, Ihre Lesebestätigung ist gespeichert.');
  await expect(banner).toHaveCount(0);

  // Anna's report shows him done
  await page.reload();
  const row = page.getByRole('row').filter({ hasText: 'max.member@kssg.ch' });
  await expect(row).toContainText(String(v2));
  await expect(page.getByTestId('ack-done')).not.toHaveText('0 bestätigt');

  // the collection requires it of all its guidelines; without its own, the guideline follows it
  await page.goto(url('kssg', `/collections/${collectionId}/settings`));
  await page.getByRole('switch', { name: 'Lesebestätigung für alle Richtlinien dieser Sammlung verlangen' }).click();
  await expect(page.getByRole('radio', { name: 'Von allen, die die Sammlung lesen dürfen' })).toBeChecked();
  await page.goto(url('kssg', `/acknowledgements/${id}/de`));
  await page.getByRole('switch', { name: 'Lesebestätigung verlangen' }).click();
  await expect(page.getByTestId('ack-from-collection')).toContainText('Verlangt für alle Richtlinien der Sammlung.');
});
