import { test, type Page } from '@playwright/test';
import { api, saveVersion, setupCollection, type SavedDetail } from './guidelineSetup';
import { MEMBER, SPACE_ADMIN, signIn, url } from './helpers';

// Visual review aid for authoring and validation, not a check: SCREENSHOTS=1 npx playwright test screenshots-guidelines
test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to write screenshots to e2e/screenshots/');

const sizes = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 740 },
];

async function shot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: true });
}

test('guidelines and validations', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const title = `Paracetamol i.v. ${stamp}`;
  await signIn(page, SPACE_ADMIN, 'kssg', '/guidelines');
  const { collectionId, maxId } = await setupCollection(page, `Schmerztherapie ${stamp}`);
  const id = await api<number>(page, 'author/mutation/createGuideline', { collection: collectionId, validator: maxId });
  const v1 = await saveVersion(page, id, title, '1 g');
  const first = await api<{ revision: number }>(page, 'author/mutation/submitToValidation', { guidelineId: id, guidelineVersion: v1, validation: { title: 'Erstfassung', description: '', important: false } });

  const maxContext = await browser.newContext();
  const maxPage = await maxContext.newPage();
  await signIn(maxPage, MEMBER, 'kssg', '/');
  await api(maxPage, 'validator/mutation/acceptValidation', { revision: first.revision, comment: '', validationContent: { title: 'Erstfassung', description: '', important: false } });
  const question = await api<{ id: number }>(maxPage, 'reader/mutation/commentGuideline', {
    guideline: id,
    language: 'de',
    body: 'Gilt die Dosis auch für Kinder unter 12 Jahren?\nIn der Tabelle fehlt die Angabe pro kg Körpergewicht.',
  });
  await api(page, 'reader/mutation/answerComment', { comment: question.id, body: 'Danke für den Hinweis. Für Kinder gilt 15 mg/kg alle 6 h; wir ergänzen die Tabelle.' });
  await api(maxPage, 'reader/mutation/answerComment', { comment: question.id, body: 'Merci!' });
  await api(maxPage, 'reader/mutation/commentGuideline', { guideline: id, language: 'de', body: 'Tippfehler im Abschnitt Kontraindikationen: «Leberinsuffizienz».' });

  const latest = await api<{ details: SavedDetail[] }>(page, 'author/query/latestGuideline', { id, language: 'de' });
  const v2 = await saveVersion(page, id, title, '500 mg', latest.details);
  await api(page, 'author/mutation/submitToValidation', {
    guidelineId: id,
    guidelineVersion: v2,
    validation: { title: 'Dosis gesenkt', description: 'Erwachsene erhalten neu 500 mg alle 6 Stunden.', important: true },
  });
  const other = await api<number>(page, 'author/mutation/createGuideline', { collection: collectionId, validator: null });
  await saveVersion(page, other, `Ibuprofen ${stamp}`, '400 mg');
  // a published language that was archived: the settings tab offers restoring it
  const archived = await api<number>(page, 'author/mutation/createGuideline', { collection: collectionId, validator: maxId });
  const a1 = await saveVersion(page, archived, `Metamizol ${stamp}`, '1 g');
  const request = await api<{ revision: number }>(page, 'author/mutation/submitToValidation', { guidelineId: archived, guidelineVersion: a1, validation: { title: 'Erstfassung', description: '', important: false } });
  await api(maxPage, 'validator/mutation/acceptValidation', { revision: request.revision, comment: '', validationContent: { title: 'Erstfassung', description: '', important: false } });
  await api(page, 'author/mutation/archiveGuidelineLanguage', { guidelineId: archived, language: 'de' });

  for (const size of sizes) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await maxPage.setViewportSize({ width: size.width, height: size.height });
    await page.goto(url('kssg', '/guidelines'));
    await shot(page, `gl-${size.name}-my-guidelines`);
    await page.goto(url('kssg', `/guidelines/guideline/${id}/de`));
    await page.getByTestId('version-diff').waitFor();
    await shot(page, `gl-${size.name}-management-versions`);
    await page.goto(url('kssg', `/guidelines/guideline/${id}/de/timeline`));
    await shot(page, `gl-${size.name}-management-timeline`);
    for (const tab of ['comments', 'settings', 'metadata', 'documents', 'notes', 'audit']) {
      await page.goto(url('kssg', `/guidelines/guideline/${id}/de/${tab}`));
      await shot(page, `gl-${size.name}-management-${tab}`);
    }
    await page.goto(url('kssg', `/guidelines/guideline/${id}/de/comments`));
    await page.getByRole('button', { name: 'Antworten' }).first().click();
    await page.getByRole('button', { name: 'Senden' }).click();
    await shot(page, `gl-${size.name}-management-comments-answer`);
    await page.goto(url('kssg', `/guidelines/guideline/${archived}/de/settings`));
    await shot(page, `gl-${size.name}-management-settings-archived`);
    await page.goto(url('kssg', `/guidelines/guideline/${id}/de`));
    await page.getByRole('button', { name: 'Zur Validierung einreichen' }).or(page.getByRole('button', { name: 'Änderungen nachreichen' })).click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `e2e/screenshots/gl-${size.name}-submit-dialog.png` });
    await page.keyboard.press('Escape');

    await maxPage.goto(url('kssg', '/validations'));
    await shot(maxPage, `gl-${size.name}-my-validations`);
    await maxPage.goto(url('kssg', `/validations/${id}/de`));
    await maxPage.getByTestId('version-diff').waitFor();
    await shot(maxPage, `gl-${size.name}-validation`);
    await maxPage.getByRole('button', { name: 'Freigeben', exact: true }).click();
    await maxPage.waitForTimeout(300);
    await maxPage.screenshot({ path: `e2e/screenshots/gl-${size.name}-accept-dialog.png` });
    await maxPage.keyboard.press('Escape');
    await maxPage.goto(url('kssg', '/dashboard'));
    await shot(maxPage, `gl-${size.name}-dashboard`);
    await maxPage.getByRole('banner').getByRole('button', { name: /^Benachrichtigungen/ }).click();
    await maxPage.waitForTimeout(300);
    await maxPage.screenshot({ path: `e2e/screenshots/gl-${size.name}-notifications.png` });
    await maxPage.keyboard.press('Escape');
  }
  await maxContext.close();
});
