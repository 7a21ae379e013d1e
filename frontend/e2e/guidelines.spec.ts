import { expect, test, type Browser, type Page } from '@playwright/test';
import { api, saveVersion, setupCollection, type SavedDetail } from './guidelineSetup';
import { MEMBER, SPACE_ADMIN, signIn, url } from './helpers';

// Authoring and validation end to end. The demo data has no collection and no validator, so the
// space admin (Anna, who may author in every collection of kssg) sets one up through the API with
// Max as validator. The editor is another feature: versions are saved through the API as it will.

/** A comment as reader/query/commentsForGuideline returns it. */
interface ReaderComment {
  id: number;
  authorName: string;
  body: string;
  mayDelete: boolean;
  answers: ReaderComment[];
}

async function signedInPage(browser: Browser, user: { email: string; password: string }, returnTo: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, user, 'kssg', returnTo);
  return page;
}

test.describe('Guidelines and validation', () => {
  test('author submits, validator sees, rejects with a reason, author resubmits, validator accepts', async ({ page, browser }) => {
    test.setTimeout(150_000);
    const stamp = Date.now().toString(36);
    const collectionTitle = `E2E Validierung ${stamp}`;
    const title = `E2E Paracetamol ${stamp}`;

    // --- setup: a collection in kssg with Max as member and validator
    await signIn(page, SPACE_ADMIN, 'kssg', '/guidelines');
    const collection = await setupCollection(page, collectionTitle);

    // --- Anna creates the guideline in the UI; the editor would open next
    await page.goto(url('kssg', '/guidelines'));
    await expect(page.getByRole('heading', { level: 1, name: 'Meine Richtlinien' })).toBeVisible();
    await page.getByRole('link', { name: 'Neue Richtlinie' }).click();
    await expect(page).toHaveURL(url('kssg', '/guidelines/guideline/new'));
    await page.getByRole('button', { name: 'Erstellen und bearbeiten' }).click();
    await expect(page.getByText('Pflichtfeld')).toBeVisible();
    await page.getByLabel('Sammlung').selectOption({ label: collectionTitle });
    await page.getByLabel('Hauptvalidator').selectOption({ label: 'Max Muster' });
    await page.getByRole('button', { name: 'Erstellen und bearbeiten' }).click();
    await expect(page).toHaveURL(/\/guidelines\/guideline\/\d+\/de\/edit$/);
    const id = Number(/guideline\/(\d+)\//.exec(page.url())?.[1]);
    expect(id).toBeGreaterThan(0);
    await saveVersion(page, id, title, '1 g');

    // --- My Guidelines shows the new language with its states
    await page.goto(url('kssg', '/guidelines'));
    const row = page.locator(`tr[data-guideline="${id}"][data-language="de"]`);
    await expect(row).toContainText(title);
    await expect(row).toContainText('In Bearbeitung');
    await expect(row).toContainText('Nie publiziert');
    await expect(row).toContainText(collectionTitle);
    await row.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(url('kssg', `/guidelines/guideline/${id}/de`));

    // --- first publication: submit, Max accepts the full text
    await page.getByRole('button', { name: 'Zur Validierung einreichen' }).click();
    let dialog = page.getByRole('dialog', { name: 'Zur Validierung einreichen' });
    await dialog.getByLabel('Zusammenfassung der Änderung').fill('Erstfassung');
    await dialog.getByRole('button', { name: 'Einreichen' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('.gl-head__row [data-state="submitted"]')).toHaveText('Wartet auf Validierung');

    const maxPage = await signedInPage(browser, MEMBER, '/validations');
    try {
      const request = maxPage.locator('.val-row', { hasText: title });
      await expect(request).toHaveClass(/val-row--unread/);
      await request.getByRole('link').click();
      await expect(maxPage).toHaveURL(url('kssg', `/validations/${id}/de?collection=${collection.collectionId}`));
      await expect(maxPage.getByText('Erstpublikation: der vollständige Text von Version 1.')).toBeVisible();
      await expect(maxPage.getByText('Erwachsene: 1 g alle 6 h')).toBeVisible();
      await maxPage.getByRole('button', { name: 'Freigeben', exact: true }).click();
      dialog = maxPage.getByRole('dialog', { name: 'Freigeben und publizieren' });
      await dialog.getByRole('button', { name: 'Freigeben und publizieren' }).click();
      await expect(maxPage.locator('[data-progress="accepted"]')).toBeVisible();

      // --- Anna saves version 2 (new dose) and sees the diff against the published version
      const latest = await api<{ details: SavedDetail[] }>(page, 'author/query/latestGuideline', { id, language: 'de' });
      await saveVersion(page, id, title, '500 mg', latest.details);
      await page.reload();
      await expect(page.locator('.gl-head__row [data-state="edited"]')).toBeVisible();
      const diff = page.getByTestId('version-diff');
      await expect(diff.locator('del.diff__removed', { hasText: '1 g' })).toBeVisible();
      await expect(diff.locator('ins.diff__added', { hasText: '500 mg' })).toBeVisible();

      await page.getByRole('button', { name: 'Zur Validierung einreichen' }).click();
      dialog = page.getByRole('dialog', { name: 'Zur Validierung einreichen' });
      await dialog.getByLabel('Zusammenfassung der Änderung').fill('Dosis gesenkt');
      await dialog.getByLabel('Beschreibung').fill('Erwachsene erhalten neu 500 mg.');
      await dialog.getByLabel('Wichtige Änderung').check();
      await dialog.getByRole('button', { name: 'Einreichen' }).click();
      await expect(dialog).toBeHidden();

      // --- Max: dashboard and My Validations show the request; the validation page shows the diff; he rejects
      await maxPage.goto(url('kssg', '/dashboard'));
      await expect(maxPage.getByRole('heading', { name: /Offene Validierungen/ })).toContainText(/[1-9]/);
      await expect(maxPage.getByRole('region', { name: /Offene Validierungen/ }).getByRole('link', { name: new RegExp(title) })).toBeVisible();
      await maxPage.getByRole('banner').getByRole('button', { name: 'Menü öffnen' }).click();
      const menu = maxPage.getByRole('dialog', { name: 'Menü' });
      await expect(menu.getByRole('link', { name: /Meine Validierungen/ })).toContainText(/[1-9]/);
      await menu.getByRole('link', { name: /Meine Validierungen/ }).click();
      await expect(maxPage).toHaveURL(url('kssg', '/validations'));
      await expect(request).toHaveClass(/val-row--unread/);
      await expect(request).toContainText('Validierung');
      await request.getByRole('link').click();
      await expect(maxPage.getByText('Dosis gesenkt')).toBeVisible();
      await expect(maxPage.getByText('Ja, wird den Lesenden angezeigt')).toBeVisible();
      const validatorDiff = maxPage.getByTestId('version-diff');
      await expect(validatorDiff.locator('del', { hasText: '1 g' })).toBeVisible();
      await expect(validatorDiff.locator('ins', { hasText: '500 mg' })).toBeVisible();
      await maxPage.getByRole('button', { name: 'Ablehnen' }).click();
      dialog = maxPage.getByRole('dialog', { name: 'Antrag ablehnen' });
      await dialog.getByRole('button', { name: 'Ablehnen' }).click();
      await expect(dialog.getByText('Pflichtfeld')).toBeVisible();
      await dialog.getByLabel('Begründung').fill('Bitte Quelle für die neue Dosis angeben.');
      await dialog.getByRole('button', { name: 'Ablehnen' }).click();
      await expect(maxPage.locator('[data-progress="rejected"]')).toContainText('Bitte Quelle für die neue Dosis angeben.');
      // opening marked it read
      await maxPage.goto(url('kssg', '/validations'));
      await expect(maxPage.locator('.val-row', { hasText: title })).toHaveCount(0);

      // --- Anna sees the rejection with its reason and resubmits
      await page.reload();
      await expect(page.locator('.gl-head__row [data-state="rejected"]')).toHaveText('Abgelehnt');
      await page.getByRole('link', { name: 'Verlauf' }).click();
      await expect(page.getByRole('list', { name: 'Verlauf' })).toContainText('Bitte Quelle für die neue Dosis angeben.');
      await page.getByRole('button', { name: 'Hotfix' }).click();
      dialog = page.getByRole('dialog', { name: 'Hotfix' });
      await expect(dialog.getByText('weil der letzte Antrag abgelehnt wurde')).toBeVisible();
      await dialog.getByRole('button', { name: 'Zur Validierung einreichen' }).click();
      dialog = page.getByRole('dialog', { name: 'Zur Validierung einreichen' });
      await dialog.getByLabel('Zusammenfassung der Änderung').fill('Dosis gesenkt, Quelle ergänzt');
      await dialog.getByRole('button', { name: 'Einreichen' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.locator('.gl-head__row [data-state="submitted"]')).toBeVisible();

      // --- Max accepts
      await maxPage.goto(url('kssg', `/validations/${id}/de`));
      await expect(maxPage.getByText('Dosis gesenkt, Quelle ergänzt')).toBeVisible();
      await maxPage.getByRole('button', { name: 'Freigeben', exact: true }).click();
      dialog = maxPage.getByRole('dialog', { name: 'Freigeben und publizieren' });
      await dialog.getByLabel('Kommentar für die Autoren').fill('Danke');
      await dialog.getByRole('button', { name: 'Freigeben und publizieren' }).click();
      await expect(maxPage.locator('[data-progress="accepted"]')).toContainText('Danke');
    } finally {
      await maxPage.context().close();
    }

    // --- the row shows approved and online; the notifications menu has the events
    await page.goto(url('kssg', '/guidelines'));
    await expect(row.locator('[data-state="accepted"]')).toHaveText('Freigegeben');
    await expect(row.locator('[data-state="online"]')).toHaveText('Online');
    const bell = page.getByRole('banner').getByRole('button', { name: /^Benachrichtigungen/ });
    // notifications are written by a background job right after each answer
    await expect(async () => {
      await page.reload();
      await expect(bell).toHaveAccessibleName(/Benachrichtigungen, ([3-9]|\d{2,}) ungelesen/, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await bell.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: new RegExp(`Max Muster hat «${title}» abgelehnt`) })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: new RegExp(`Max Muster hat «${title}» freigegeben`) })).toHaveCount(2);
    await menu.getByRole('menuitem', { name: new RegExp(`Max Muster hat «${title}» abgelehnt`) }).click();
    await expect(page).toHaveURL(url('kssg', `/guidelines/guideline/${id}/de`));
    await bell.click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Alle als gelesen markieren' }).click();
    await page.keyboard.press('Escape');
    await expect(bell).toHaveAccessibleName('Benachrichtigungen');
  });

  test('author classifies a guideline, attaches a file, checks its links and reads the validator notes', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    await signIn(page, SPACE_ADMIN, 'kssg', '/guidelines');
    const { collectionId, maxId } = await setupCollection(page, `E2E Verwaltung ${stamp}`);
    const id = await api<number>(page, 'author/mutation/createGuideline', { collection: collectionId, validator: maxId });
    const version = await api<number>(page, 'author/mutation/addGuidelineVersion', {
      glv: {
        guidelineId: id,
        language: 'de',
        title: `E2E Heparin ${stamp}`,
        description: '',
        tags: [],
        searchTags: [],
        details: [{ id: null, title: 'Dosierung', content: '<p>Siehe <a href="http://127.0.0.1:9/intranet">Intranet</a></p>', rawContent: '' }],
      },
    });

    // --- metadata: the demo space classifies by specialty and target group
    await page.goto(url('kssg', `/guidelines/guideline/${id}/de/metadata`));
    await page.getByLabel('Fachgebiet').selectOption({ label: 'Pharmakologie' });
    await page.getByLabel('Zielgruppe').selectOption({ label: 'Pflege' });
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Metadaten gespeichert', { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Fachgebiet').locator('option:checked')).toHaveText('Pharmakologie');
    await expect(page.getByLabel('Zielgruppe').locator('option:checked')).toHaveText('Pflege');

    // --- files: upload a PDF, rename it, delete it after confirming
    await page.getByRole('navigation', { name: 'Richtlinie' }).getByRole('button', { name: /^Mehr/ }).click();
    await page.getByRole('menuitem', { name: 'Dateien' }).click();
    await expect(page).toHaveURL(url('kssg', `/guidelines/guideline/${id}/de/documents`));
    await expect(page.getByText('Keine Einträge gefunden')).toBeVisible();
    await page.locator('input[type=file]').setInputFiles({ name: 'Dosistabelle.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') });
    await expect(page.getByRole('link', { name: 'Dosistabelle.pdf' })).toBeVisible();
    await page.getByRole('button', { name: 'Dosistabelle.pdf löschen' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Dosistabelle.pdf');
    await confirm.getByRole('button', { name: 'Löschen' }).click();
    await expect(page.getByText('Keine Einträge gefunden')).toBeVisible();

    // --- link check: the address inside the hospital network is never fetched
    await page.goto(url('kssg', `/guidelines/guideline/${id}/de/audit`));
    await expect(page.getByText('Diese Sprache wurde noch nicht geprüft.')).toBeVisible();
    await page.getByRole('button', { name: 'Prüfung starten' }).click();
    const section = page.getByRole('region', { name: 'Dosierung' });
    await expect(section.getByText('Defekter Link')).toBeVisible({ timeout: 20_000 });
    await expect(section.getByText(/Adresse gesperrt/)).toBeVisible();
    await expect(section.getByText('http://127.0.0.1:9/intranet')).toBeVisible();

    // --- notes: the summary of the submission and the validator's remark
    await api(page, 'author/mutation/submitToValidation', { guidelineId: id, guidelineVersion: version, validation: { title: 'Erstfassung', description: 'Bitte Dosis prüfen', important: false } });
    const maxContext = await browser.newContext();
    const maxPage = await maxContext.newPage();
    try {
      await signIn(maxPage, MEMBER, 'kssg', '/');
      const open = await api<{ revision: number; guidelineId: number }[]>(maxPage, 'validator/query/myValidations', {});
      const request = open.find((v) => v.guidelineId === id);
      await api(maxPage, 'validator/mutation/rejectValidation', { revision: request?.revision, comment: `Quelle fehlt ${stamp}` });
    } finally {
      await maxContext.close();
    }
    await page.goto(url('kssg', `/guidelines/guideline/${id}/de/notes`));
    const notes = page.getByRole('list', { name: 'Notizen' });
    await expect(notes.getByRole('listitem').first()).toContainText(`Quelle fehlt ${stamp}`);
    await expect(notes.getByRole('listitem').first()).toContainText('Max Muster');
  });

  test('author answers a reader\'s comment and deletes the thread, then archives and restores the language', async ({ page, browser }) => {
    test.setTimeout(150_000);
    const stamp = Date.now().toString(36);
    const title = `E2E Ibuprofen ${stamp}`;
    await signIn(page, SPACE_ADMIN, 'kssg', '/guidelines');
    const { collectionId, maxId } = await setupCollection(page, `E2E Kommentare ${stamp}`);
    const id = await api<number>(page, 'author/mutation/createGuideline', { collection: collectionId, validator: maxId });
    const version = await saveVersion(page, id, title, '400 mg');
    const request = await api<{ revision: number }>(page, 'author/mutation/submitToValidation', {
      guidelineId: id,
      guidelineVersion: version,
      validation: { title: 'Erstfassung', description: '', important: false },
    });

    const maxPage = await signedInPage(browser, MEMBER, '/');
    try {
      // --- published by Max; as a reader of the protected collection he asks a question
      await api(maxPage, 'validator/mutation/acceptValidation', { revision: request.revision, comment: '', validationContent: { title: 'Erstfassung', description: '', important: false } });
      const question = `Gilt die Dosis auch für Kinder? ${stamp}\nUnd in der Schwangerschaft?`;
      await api(maxPage, 'reader/mutation/commentGuideline', { guideline: id, language: 'de', body: question });

      // --- Anna's notification leads to the comments tab
      await page.goto(url('kssg', '/guidelines'));
      const bell = page.getByRole('banner').getByRole('button', { name: /^Benachrichtigungen/ });
      const notification = page.getByRole('menu').getByRole('menuitem', { name: new RegExp(`Max Muster hat «${title}» kommentiert`) });
      // notifications are written by a background job right after the comment
      await expect(async () => {
        await page.reload();
        await bell.click();
        await expect(notification).toBeVisible({ timeout: 1000 });
      }).toPass({ timeout: 20_000 });
      await notification.click();
      await expect(page).toHaveURL(url('kssg', `/guidelines/guideline/${id}/de/comments`));
      await expect(page.getByRole('heading', { level: 2, name: /^Kommentare/ })).toContainText('1');
      const thread = page.locator('.comment-thread', { hasText: stamp });
      await expect(thread.locator('.comment__body')).toHaveText(question);
      await expect(thread.locator('.comment__author')).toHaveText('Max Muster');

      // --- Anna answers in the UI; an empty answer is refused first
      await thread.getByRole('button', { name: 'Antworten' }).click();
      await thread.getByRole('button', { name: 'Senden' }).click();
      await expect(thread.getByText('Pflichtfeld')).toBeVisible();
      await thread.getByLabel('Ihre Antwort an Max Muster').fill('Nein, erst ab 12 Jahren.');
      await thread.getByRole('button', { name: 'Senden' }).click();
      await expect(page.getByText('Antwort gesendet', { exact: true })).toBeVisible();
      const answers = thread.getByRole('list', { name: 'Antworten auf den Kommentar von Max Muster' });
      await expect(answers.getByRole('listitem')).toHaveCount(1);
      await expect(answers).toContainText('Anna Keller');
      await expect(answers).toContainText('Nein, erst ab 12 Jahren.');

      // --- Max reads the answer in his thread and may not delete it
      const seen = await api<ReaderComment[]>(maxPage, 'reader/query/commentsForGuideline', { id, language: 'de' });
      expect(seen).toHaveLength(1);
      expect(seen[0].body).toBe(question);
      expect(seen[0].answers.map((a) => ({ authorName: a.authorName, body: a.body, mayDelete: a.mayDelete }))).toEqual([
        { authorName: 'Anna Keller', body: 'Nein, erst ab 12 Jahren.', mayDelete: false },
      ]);

      // --- Anna deletes the thread after confirming; its answer goes with it
      await page.reload();
      await thread.getByRole('button', { name: 'Kommentar von Max Muster löschen' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Kommentar löschen?' });
      await expect(confirm).toContainText('mitsamt seinen Antworten');
      await confirm.getByRole('button', { name: 'Löschen' }).click();
      await expect(confirm).toBeHidden();
      await expect(page.getByText('Keine Einträge gefunden')).toBeVisible();
      expect(await api<ReaderComment[]>(maxPage, 'reader/query/commentsForGuideline', { id, language: 'de' })).toEqual([]);
    } finally {
      await maxPage.context().close();
    }

    // --- settings: archive the language, then restore it; it comes back offline
    await page.getByRole('navigation', { name: 'Richtlinie' }).getByRole('button', { name: /^Mehr/ }).click();
    await page.getByRole('menuitem', { name: 'Einstellungen' }).click();
    const row = page.locator('.lang-row[data-language="de"]');
    const online = row.getByRole('switch', { name: 'Deutsch online' });
    await expect(online).toBeChecked();
    await row.getByRole('button', { name: 'Deutsch archivieren' }).click();
    await page.getByRole('alertdialog', { name: 'Sprachversion archivieren?' }).getByRole('button', { name: 'Archivieren' }).click();
    await expect(page.getByText('Die Version auf Deutsch ist archiviert', { exact: true })).toBeVisible();
    await expect(row.locator('[data-state="archived"]')).toBeVisible();
    await expect(online).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Aktionen' })).toHaveCount(0);
    await expect(row).toContainText('Wiederhergestellt ist sie zunächst offline');

    await row.getByRole('button', { name: 'Deutsch wiederherstellen' }).click();
    await expect(page.getByText('Die Version auf Deutsch ist wiederhergestellt und bleibt offline, bis Sie sie online schalten', { exact: true })).toBeVisible();
    await expect(row.locator('[data-state="archived"]')).toHaveCount(0);
    await expect(online).not.toBeChecked();
    await expect(page.getByRole('group', { name: 'Aktionen' }).getByRole('link', { name: 'Bearbeiten' })).toBeVisible();
    await online.click();
    await expect(page.getByText('Die Sprachversion ist online', { exact: true })).toBeVisible();
    await expect(online).toBeChecked();
  });
});
