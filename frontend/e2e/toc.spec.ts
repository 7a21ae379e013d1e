import { expect, test, type Locator, type Page } from '@playwright/test';
import { api } from './guidelineSetup';
import { MEMBER, SPACE_ADMIN, signIn, url } from './helpers';

// The demo data: Anna administers the public collection "Notfallmedizin" of kssg, which holds
// the published guidelines "Sepsis – Erstversorgung" (de, fr) and "Anaphylaxie" (de), and
// "Hyperkaliämie" (de), whose validity ran out.
const COLLECTION = 'Notfallmedizin';

async function collectionId(page: Page): Promise<number> {
  const list = await api<{ id: number; title: string }[]>(page, 'common/query/collections', {});
  const c = list.find((x) => x.title === COLLECTION);
  if (!c) throw new Error(`${COLLECTION} is missing from the demo data`);
  return c.id;
}

async function openDrawer(page: Page) {
  await page.getByRole('button', { name: 'Inhaltsverzeichnis öffnen' }).click();
  const drawer = page.getByRole('dialog', { name: 'Inhaltsverzeichnis' });
  await expect(drawer).toBeVisible();
  return drawer;
}

/** The drawer's option of the demo collection: 'title (guideline count)', where the count grows
 * when other tests publish into the collection. */
function collectionOption(drawer: Locator) {
  return drawer.getByLabel('Sammlung', { exact: true }).locator('option', { hasText: new RegExp(`^${COLLECTION} \\(\\d+\\)$`) });
}

async function chooseCollection(drawer: Locator) {
  const option = collectionOption(drawer);
  await expect(option).toHaveCount(1);
  await drawer.getByLabel('Sammlung', { exact: true }).selectOption({ label: (await option.textContent()) ?? '' });
}

test.describe.configure({ mode: 'serial' });

test('a collection admin builds the table of contents of a collection', async ({ page }) => {
  await signIn(page, SPACE_ADMIN);
  const id = await collectionId(page);
  await page.goto(url('kssg', `/collections/${id}/toc`));
  const editor = page.getByRole('region', { name: 'Inhaltsverzeichnis' });
  await expect(editor.getByText('Nicht eingeordnete Richtlinien')).toBeVisible();
  // the demo collection's guidelines (other tests may have published more into it)
  const unsorted = editor.locator('[data-unsorted]');
  await expect(unsorted.filter({ hasText: 'Sepsis – Erstversorgung' })).toHaveCount(1);
  const before = await unsorted.count();

  // a folder, chosen as the place to add to
  await editor.getByLabel('Name des neuen Ordners').fill('Schock und Sepsis');
  await editor.getByRole('button', { name: 'Ordner hinzufügen' }).click();
  await editor.getByTestId('toc-target').selectOption({ label: 'Schock und Sepsis' });

  // the guideline, dragged from the unsorted list onto the folder
  const folderRow = editor.locator('.toc-node--folder', { hasText: 'Schock und Sepsis' });
  await editor.locator('[data-unsorted]', { hasText: 'Sepsis – Erstversorgung' }).dragTo(folderRow);
  await expect(unsorted).toHaveCount(before - 1);

  // an invalid link is refused, a web link lands in the chosen folder
  await editor.getByLabel('Name des Links').fill('Swissmedic');
  await editor.getByLabel('Adresse (Webseite oder Richtlinie)').fill('javascript:alert(1)');
  await editor.getByRole('button', { name: 'Link hinzufügen' }).click();
  await expect(editor.getByText('Ungültige URL')).toBeVisible();
  await editor.getByLabel('Adresse (Webseite oder Richtlinie)').fill('https://www.swissmedic.ch/');
  await editor.getByRole('button', { name: 'Link hinzufügen' }).click();
  await expect(editor.locator('.toc-node--item', { hasText: 'Swissmedic' })).toBeVisible();

  // keyboard path: the link moves above the guideline
  await editor.locator('.toc-node--item', { hasText: 'Swissmedic' }).getByRole('button', { name: 'Nach oben' }).click();
  await editor.getByTestId('toc-save').click();
  await expect(page.getByText('Inhaltsverzeichnis gespeichert.', { exact: true })).toBeVisible();

  const saved = await api<{ tree: { folders: { name: string; items: { name: string; type: string }[] }[] } }>(page, 'toc/query/toc', { collection: id });
  expect(saved.tree.folders.map((f) => f.name)).toEqual(['Schock und Sepsis']);
  expect(saved.tree.folders[0].items.map((i) => i.type)).toEqual(['externalLink', 'guideline']);
});

test('an anonymous reader finds the table of contents in the drawer and filters it', async ({ page }) => {
  await page.goto(url('kssg', '/'));
  const drawer = await openDrawer(page);
  await chooseCollection(drawer);
  await expect(drawer.getByRole('button', { name: 'Sammlung anheften' })).toHaveCount(0);

  await drawer.getByText('Schock und Sepsis').click();
  const link = drawer.getByRole('link', { name: /Swissmedic/ });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(drawer.getByRole('link', { name: /Anaphylaxie/ })).toHaveCount(0);

  await drawer.getByPlaceholder('Einträge filtern').fill('SEPSIS');
  await expect(drawer.getByRole('link', { name: /Swissmedic/ })).toHaveCount(0);
  const guideline = drawer.getByRole('link', { name: /Sepsis – Erstversorgung/ });
  await expect(guideline).toBeVisible();
  await drawer.getByPlaceholder('Einträge filtern').fill('gibt es nicht');
  await expect(drawer.getByText('Kein Eintrag passt zum Filter.')).toBeVisible();
  await drawer.getByPlaceholder('Einträge filtern').fill('sepsis');
  await drawer.getByRole('link', { name: /Sepsis – Erstversorgung/ }).click();
  await expect(page).toHaveURL(/\/guideline\/\d+\/de$/);
});

test('a signed-in reader pins the collection and finds it among the favourites', async ({ page }) => {
  await signIn(page, MEMBER);
  const id = await collectionId(page);
  await api(page, 'reader/mutation/removeCollectionFavorite', { collection: id });
  await page.reload();

  await page.getByTestId('favorites-trigger').click();
  await expect(page.getByRole('menu').getByText(/Noch keine Favoriten/)).toBeVisible();
  await page.keyboard.press('Escape');

  const drawer = await openDrawer(page);
  await chooseCollection(drawer);
  await drawer.getByRole('button', { name: 'Sammlung anheften' }).click();
  await expect(drawer.getByRole('button', { name: 'Sammlung lösen' })).toHaveAttribute('aria-pressed', 'true');
  await expect(drawer.getByLabel('Sammlung', { exact: true }).locator('option').first()).toHaveText(new RegExp(`^${COLLECTION} \\(\\d+\\)$`));
  await page.keyboard.press('Escape');

  await page.getByTestId('favorites-trigger').click();
  const menu = page.getByRole('menu');
  await expect(menu.locator(`[data-favorite-collection="${id}"]`)).toHaveText(COLLECTION);
  await menu.locator(`[data-favorite-collection="${id}"]`).click();
  await expect(page.getByRole('dialog', { name: 'Inhaltsverzeichnis' }).getByLabel('Sammlung', { exact: true })).toHaveValue(new RegExp(`:${id}$`));
});
