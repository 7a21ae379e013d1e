import { expect, test, type Browser, type Page } from '@playwright/test';
import { api, saveVersion, setupCollection } from './guidelineSetup';
import { MEMBER, SPACE_ADMIN, VERA, signIn, url } from './helpers';

// Four eyes and translation drift end to end. Anna (space admin) sets up a collection and
// authors; Max and Vera validate it.


async function signedInPage(browser: Browser, user: { email: string; password: string }, returnTo: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, user, 'kssg', returnTo);
  return page;
}

/** A collection with Max and Vera as validators; returns its id and Max's. */
async function twoValidators(page: Page, title: string): Promise<{ collectionId: number; maxId: number }> {
  const setup = await setupCollection(page, title);
  const [vera] = await api<{ id: number }[]>(page, 'common/query/searchUserBySpace', { query: 'vera.validator' });
  await api(page, 'admin/collectionadmin/mutation/addCollectionValidators', { collection: setup.collectionId, validators: [vera.id] });
  return setup;
}

/** Saves a version of a language and has it accepted by `validator`. */
async function publish(author: Page, validator: Page, id: number, language: string, text: string, important: boolean) {
  const version = await api<number>(author, 'author/mutation/addGuidelineVersion', {
    glv: { guidelineId: id, language, title: `Sepsis ${language}`, description: '', tags: [], searchTags: [], details: [{ id: null, title: 'Therapie', content: `<p>${text}</p>`, rawContent: '' }] },
  });
  const req = await api<{ revision: number }>(author, 'author/mutation/submitToValidation', { guidelineId: id, guidelineVersion: version, validation: { title: 'Neu', description: '', important } });
  await api(validator, 'validator/mutation/acceptValidation', { revision: req.revision, comment: '', validationContent: { title: 'Neu', description: '', important } });
}

test.describe('Governance of validation', () => {
  test('a request that needs two approvals publishes with the second', async ({ page, browser }) => {
    test.setTimeout(150_000);
    const stamp = Date.now().toString(36);
    await signIn(page, SPACE_ADMIN, 'kssg', '/');
    const { collectionId, maxId } = await twoValidators(page, `E2E Vier Augen ${stamp}`);

    // the collection's admin requires two approvals in the settings form
    await page.goto(url('kssg', `/collections/${collectionId}/settings`));
    await page.getByLabel('Erforderliche Freigaben').fill('2');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText(/gespeichert/).first()).toBeVisible();

    const id = await api<number>(page, 'author/mutation/createGuideline', { collection: collectionId, validator: maxId });
    const version = await saveVersion(page, id, `E2E Paracetamol ${stamp}`, '1 g');
    await api(page, 'author/mutation/submitToValidation', { guidelineId: id, guidelineVersion: version, validation: { title: 'Erstfassung', description: '', important: false } });

    const vera = await signedInPage(browser, VERA, `/validations/${id}/de`);
    await vera.getByRole('button', { name: 'Freigeben' }).click();
    const first = vera.getByRole('dialog', { name: 'Freigeben' });
    await expect(first).toContainText('sobald 2 Validierende freigegeben haben');
    await first.getByRole('button', { name: 'Freigeben' }).click();
    await expect(vera.getByText('1 von 2 Freigaben')).toBeVisible();
    await expect(vera.getByText(/Freigegeben von Vera Graf/)).toBeVisible();

    // still unpublished; the author sees the progress
    await page.goto(url('kssg', `/guidelines/guideline/${id}/de`));
    await expect(page.getByText('1 von 2 Freigaben')).toBeVisible();
    await expect(page.getByText('Nie publiziert')).toBeVisible();

    const max = await signedInPage(browser, MEMBER, `/validations/${id}/de`);
    await max.getByRole('button', { name: 'Freigeben' }).click();
    const last = max.getByRole('dialog', { name: 'Freigeben und publizieren' });
    await last.getByRole('button', { name: 'Freigeben und publizieren' }).click();
    await expect(max.locator('[data-progress="accepted"]')).toBeVisible();

    await page.goto(url('kssg', `/guideline/${id}/de`));
    await expect(page.getByRole('heading', { level: 1, name: `E2E Paracetamol ${stamp}` })).toBeVisible();
  });

  test('an outdated French translation is seen by the author and the reader, and confirmed', async ({ page, browser }) => {
    test.setTimeout(150_000);
    const stamp = Date.now().toString(36);
    await signIn(page, SPACE_ADMIN, 'kssg', '/');
    const { collectionId, maxId } = await twoValidators(page, `E2E Übersetzung ${stamp}`);
    await api(page, 'admin/mutation/updateCollection', { collectionId, collection: { title: `E2E Übersetzung ${stamp}`, visibility: 'protected', translationGraceDays: 0 } });
    const id = await api<number>(page, 'author/mutation/createGuideline', { collection: collectionId, validator: maxId });
    const max = await signedInPage(browser, MEMBER, '/');
    await publish(page, max, id, 'de', 'Antibiotika innert einer Stunde', true);
    await publish(page, max, id, 'fr', 'Antibiotiques dans l’heure', false);
    await publish(page, max, id, 'de', 'Antibiotika innert 30 Minuten', true);

    // the author's Translations tab
    await page.goto(url('kssg', `/guidelines/guideline/${id}/fr/translations`));
    const fr = page.locator('[data-language="fr"]');
    await expect(fr).toContainText('Übersetzung veraltet');
    await fr.getByRole('button', { name: 'Änderungen der Ausgangssprache anzeigen' }).click();
    await expect(page.getByTestId('version-diff')).toContainText('30 Minuten');

    // a reader (not an author) after the grace period of 0 days
    const vera = await signedInPage(browser, VERA, `/guideline/${id}/fr`);
    await expect(vera.getByText(/Diese Übersetzung ist möglicherweise nicht mehr aktuell/)).toBeVisible();
    await vera.getByRole('link', { name: 'Zur Fassung auf Deutsch' }).click();
    await expect(vera).toHaveURL(url('kssg', `/guideline/${id}/de`));

    await fr.getByRole('button', { name: 'Als aktuell bestätigen' }).click();
    await expect(fr).toContainText('Aktuell');
    await expect(fr).toContainText('Als aktuell bestätigt von Anna Keller');
    await vera.goto(url('kssg', `/guideline/${id}/fr`));
    await expect(vera.getByRole('heading', { level: 1, name: 'Sepsis fr' })).toBeVisible();
    await expect(vera.getByText(/Diese Übersetzung ist möglicherweise nicht mehr aktuell/)).toHaveCount(0);
  });
});
