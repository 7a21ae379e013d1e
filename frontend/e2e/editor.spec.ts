import { deflateSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { SPACE_ADMIN, signIn, url } from './helpers';

/** Calls the API from the signed-in page, in the space of `subdomain`. */
function api<T>(page: Page, subdomain: string, path: string, body: object): Promise<T> {
  return page.evaluate(
    async ({ subdomain, path, body }) => {
      const res = await fetch(`/api/${path}`, { method: 'POST', headers: { Space: subdomain, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json();
    },
    { subdomain, path, body },
  ) as Promise<T>;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** A real PNG (the server sniffs types from the content): a green square with a darker diagonal. */
function png(size = 48): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const diagonal = Math.abs(x - y) < 4;
      row.set(diagonal ? [40, 90, 40] : [99, 151, 72], 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface Version {
  version: number;
  title: string;
  details: { id: number; title: string; content: string; rawContent: string }[];
}

/** A fresh collection of kssg (the demo data has none) with a guideline the space admin authors. */
async function newGuideline(page: Page, name: string): Promise<number> {
  const landing = await api<{ spaces: { id: number; subdomain: string }[]; nationalSpaces: { id: number; subdomain: string }[] }>(page, 'kssg', 'common/query/landingPage', {});
  const kssg = [...landing.spaces, ...landing.nationalSpaces].find((s) => s.subdomain === 'kssg');
  if (!kssg) throw new Error('no kssg');
  const collection = await api<{ id: number }>(page, 'kssg', 'admin/mutation/createCollection', { spaceId: kssg.id, collection: { title: name, visibility: 'protected', admins: [] } });
  return api<number>(page, 'kssg', 'author/mutation/createGuideline', { collection: collection.id, validator: null });
}

test.describe('guideline editor', () => {
  test('writes a version with heading, bold text, footnote, table and image, reopens it and starts a translation from it', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, SPACE_ADMIN, 'kssg', '/');
    const id = await newGuideline(page, `E2E Editor ${Date.now().toString(36)}`);

    await page.goto(url('kssg', `/guidelines/guideline/${id}/de/edit`));
    await expect(page.getByRole('heading', { name: 'Richtlinie bearbeiten' })).toBeVisible();
    await expect(page.getByText('Noch nicht gespeichert')).toBeVisible();
    await page.getByLabel('Titel', { exact: true }).fill('E2E Sepsis');
    await page.getByLabel('Titel des Abschnitts').fill('Dosierung');

    const text = page.getByRole('textbox', { name: 'Text von Abschnitt 1' });
    await text.click();
    const toolbar = page.getByRole('toolbar', { name: 'Formatierung von Abschnitt 1' });
    await toolbar.getByRole('button', { name: 'Überschrift 2' }).click();
    await expect(toolbar.getByRole('button', { name: 'Überschrift 2' })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.type('Erwachsene');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Dosis: ');
    await toolbar.getByRole('button', { name: 'Fett' }).click();
    await page.keyboard.type('1 g');
    await toolbar.getByRole('button', { name: 'Fett' }).click();
    await page.keyboard.type(' i.v. alle 8 h');

    // footnote at the caret
    await toolbar.getByRole('button', { name: 'Einfügen' }).click();
    await page.getByRole('menuitem', { name: 'Fussnote' }).click();
    const footnote = page.getByRole('dialog', { name: 'Fussnote einfügen' });
    await footnote.getByLabel('Text der Fussnote').fill('Quelle: SGAIM 2024');
    await footnote.getByRole('button', { name: 'Übernehmen' }).click();
    await expect(text.getByRole('button', { name: 'Fussnote 1: Quelle: SGAIM 2024' })).toBeVisible();
    await expect(page.locator('.ed-footnotes')).toContainText('Quelle: SGAIM 2024');

    // a 2×2 table with a header row below the paragraph
    await toolbar.getByRole('button', { name: 'Tabelle', exact: true }).click();
    const tableDialog = page.getByRole('dialog', { name: 'Tabelle einfügen' });
    await tableDialog.getByLabel('Zeilen').fill('2');
    await tableDialog.getByLabel('Spalten').fill('2');
    await tableDialog.getByRole('button', { name: 'Einfügen' }).click();
    const cells = text.locator('th, td');
    await expect(cells).toHaveCount(4);
    await cells.nth(0).click();
    await page.keyboard.type('Alter');
    await cells.nth(1).click();
    await page.keyboard.type('Dosis');
    await cells.nth(2).click();
    await page.keyboard.type('< 12 J.');
    await cells.nth(3).click();
    await page.keyboard.type('15 mg/kg');
    await expect(toolbar.getByRole('group', { name: 'Tabelle' })).toBeVisible();

    // an uploaded image in the paragraph after the table
    await text.locator(':scope > p').last().click();
    await toolbar.getByRole('button', { name: 'Bild' }).click();
    const imageDialog = page.getByRole('dialog', { name: 'Bild einfügen' });
    await imageDialog.getByLabel('Bilddatei').setInputFiles({ name: 'schema.png', mimeType: 'image/png', buffer: png() });
    await expect(imageDialog.getByText('Hochgeladen: schema.png')).toBeVisible();
    await expect(imageDialog.getByLabel('Alternativtext')).toHaveValue('schema');
    await imageDialog.getByLabel('Alternativtext').fill('Schema der Dosierung');
    await imageDialog.getByRole('button', { name: 'Einfügen' }).click();
    await expect(text.getByRole('img', { name: 'Schema der Dosierung' })).toBeVisible();

    await expect(page.getByText('Ungespeicherte Änderungen')).toBeVisible();
    await page.getByRole('button', { name: 'Version speichern' }).click();
    await expect(page.locator('.toast').getByText('Version 1 gespeichert')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Einreichen oder veröffentlichen …' })).toHaveAttribute('href', `/guidelines/guideline/${id}/de`);

    // reopened: the same content, from the saved editor state
    await page.reload();
    const again = page.getByRole('textbox', { name: 'Text von Abschnitt 1' });
    await expect(page.getByLabel('Titel', { exact: true })).toHaveValue('E2E Sepsis');
    await expect(page.getByText('Version 1 geladen, keine Änderungen')).toBeVisible();
    await expect(again.locator('h2')).toHaveText('Erwachsene');
    await expect(again.locator('strong')).toHaveText('1 g');
    await expect(again.locator('th').first()).toHaveText('Alter');
    await expect(again.locator('td').last()).toHaveText('15 mg/kg');
    await expect(again.getByRole('img', { name: 'Schema der Dosierung' })).toBeVisible();
    await expect(again.getByRole('button', { name: 'Fussnote 1: Quelle: SGAIM 2024' })).toBeVisible();

    // what readers will get, after the server's sanitiser
    const de = await api<Version>(page, 'kssg', 'author/query/latestGuideline', { id, language: 'de' });
    expect(de.version).toBe(1);
    expect(de.details).toHaveLength(1);
    const html = de.details[0].content;
    expect(html).toContain('<h2>Erwachsene</h2>');
    expect(html).toContain('<strong>1 g</strong>');
    expect(html).toContain('<sup data-footnote-ref="fn1" id="ref-fn1"><a href="#fn1">1</a></sup>');
    expect(html).toContain('<section data-footnotes=""><ol><li id="fn1">Quelle: SGAIM 2024</li></ol></section>');
    expect(html).toContain('<table><thead><tr><th scope="col">Alter</th><th scope="col">Dosis</th></tr></thead><tbody><tr><td>&lt; 12 J.</td><td>15 mg/kg</td></tr></tbody></table>');
    expect(html).toMatch(/<figure><img src="\/api\/common\/get\/document\/[0-9a-f]{64}" alt="Schema der Dosierung"\/?><\/figure>/);
    expect(JSON.parse(de.details[0].rawContent)).toHaveProperty('root');

    // a French version from the German one: same text to translate, sections of its own
    await page.goto(url('kssg', `/guidelines/guideline/${id}/fr/edit?from=de`));
    await expect(page.getByText(/Diese Sprache hat noch keine Version/)).toBeVisible();
    await expect(page.getByLabel('Titel', { exact: true })).toHaveValue('E2E Sepsis');
    await expect(page.getByRole('textbox', { name: 'Text von Abschnitt 1' }).locator('th').first()).toHaveText('Alter');
    await page.getByLabel('Titel', { exact: true }).fill('E2E Sepsis (FR)');
    await page.getByLabel('Titel des Abschnitts').fill('Posologie');
    await page.keyboard.press('Control+s');
    await expect(page.locator('.toast').getByText('Version 2 gespeichert')).toBeVisible();
    const fr = await api<Version>(page, 'kssg', 'author/query/latestGuideline', { id, language: 'fr' });
    expect(fr.title).toBe('E2E Sepsis (FR)');
    expect(fr.details.map((d) => d.title)).toEqual(['Posologie']);
    expect(fr.details[0].id).not.toBe(de.details[0].id);
    expect(fr.details[0].content).toContain('<th scope="col">Alter</th>');
    const deAgain = await api<Version>(page, 'kssg', 'author/query/latestGuideline', { id, language: 'de' });
    expect(deAgain.version).toBe(1);
  });

  test('keeps unsaved changes as a draft, asks before leaving and refuses invalid links', async ({ page }) => {
    test.setTimeout(60_000);
    await signIn(page, SPACE_ADMIN, 'kssg', '/');
    const id = await newGuideline(page, `E2E Entwurf ${Date.now().toString(36)}`);
    await page.goto(url('kssg', `/guidelines/guideline/${id}/de/edit`));
    await page.getByLabel('Titel', { exact: true }).fill('Entwurf');
    const text = page.getByRole('textbox', { name: 'Text von Abschnitt 1' });
    await text.click();
    await page.keyboard.type('Siehe ');

    const toolbar = page.getByRole('toolbar', { name: 'Formatierung von Abschnitt 1' });
    await toolbar.getByRole('button', { name: 'Link', exact: true }).click();
    const link = page.getByRole('dialog', { name: 'Link einfügen' });
    await link.getByRole('button', { name: 'Übernehmen' }).click();
    await expect(link.getByText('Geben Sie eine Webadresse oder E-Mail-Adresse ein')).toBeVisible();
    await link.getByLabel('Webadresse oder E-Mail').fill('javascript:alert(1)');
    await link.getByRole('button', { name: 'Übernehmen' }).click();
    await expect(link.getByText('Ungültige URL')).toBeVisible();
    await link.getByLabel('Webadresse oder E-Mail').fill('apotheke@kssg.ch');
    await link.getByLabel('Linktext').fill('Apotheke');
    await link.getByRole('button', { name: 'Übernehmen' }).click();
    await expect(text.getByRole('link', { name: 'Apotheke' })).toHaveAttribute('href', 'mailto:apotheke@kssg.ch');

    await expect(page.getByText(/Entwurf auf diesem Gerät gesichert/)).toBeVisible();
    await page.getByRole('link', { name: 'Zurück zur Richtlinie' }).click();
    const leave = page.getByRole('alertdialog', { name: 'Ohne Speichern verlassen?' });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(page).toHaveURL(url('kssg', `/guidelines/guideline/${id}/de/edit`));

    // reloading asks too (beforeunload); leaving anyway keeps the draft on this device
    page.on('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await expect(page.getByText(/Auf diesem Gerät wurden ungespeicherte Änderungen/)).toBeVisible();
    await page.getByRole('button', { name: 'Änderungen wiederherstellen' }).click();
    await expect(page.getByLabel('Titel', { exact: true })).toHaveValue('Entwurf');
    await expect(page.getByRole('textbox', { name: 'Text von Abschnitt 1' }).getByRole('link', { name: 'Apotheke' })).toBeVisible();
  });

  test('saves a section as a template, inserts it into another guideline and deletes it after confirming', async ({ page }) => {
    test.setTimeout(90_000);
    const stamp = Date.now().toString(36);
    const name = `Allergieanamnese ${stamp}`;
    await signIn(page, SPACE_ADMIN, 'kssg', '/');

    // a section of one guideline becomes a template
    const source = await newGuideline(page, `E2E Vorlage Quelle ${stamp}`);
    await page.goto(url('kssg', `/guidelines/guideline/${source}/de/edit`));
    await page.getByLabel('Titel', { exact: true }).fill('Antibiotika');
    await page.getByLabel('Titel des Abschnitts').fill('Vor der Gabe');
    await page.getByRole('textbox', { name: 'Text von Abschnitt 1' }).click();
    const toolbar = page.getByRole('toolbar', { name: 'Formatierung von Abschnitt 1' });
    await page.keyboard.type('Allergien erfragen, besonders auf ');
    await toolbar.getByRole('button', { name: 'Fett' }).click();
    await page.keyboard.type('Penicillin');
    await toolbar.getByRole('button', { name: 'Fett' }).click();
    await page.keyboard.type('.');
    await page.getByRole('button', { name: 'Abschnitt 1 als Vorlage speichern' }).click();
    const saveDialog = page.getByRole('dialog', { name: 'Als Vorlage speichern' });
    await expect(saveDialog.getByLabel('Titel der Vorlage')).toHaveValue('Vor der Gabe');
    await saveDialog.getByLabel('Titel der Vorlage').fill(name);
    await saveDialog.getByRole('button', { name: 'Vorlage speichern' }).click();
    await expect(page.locator('.toast').getByText(`Vorlage «${name}» gespeichert`, { exact: true })).toBeVisible();
    await expect(saveDialog).toBeHidden();
    await page.getByRole('button', { name: 'Version speichern' }).click();
    await expect(page.locator('.toast').getByText('Version 1 gespeichert')).toBeVisible();

    // inserted at the caret of another guideline's section, then saved with it
    const target = await newGuideline(page, `E2E Vorlage Ziel ${stamp}`);
    await page.goto(url('kssg', `/guidelines/guideline/${target}/de/edit`));
    await page.getByLabel('Titel', { exact: true }).fill('Pneumonie');
    await page.getByLabel('Titel des Abschnitts').fill('Therapie');
    const text = page.getByRole('textbox', { name: 'Text von Abschnitt 1' });
    await text.click();
    await page.keyboard.type('Zuerst:');
    await page.getByRole('toolbar', { name: 'Formatierung von Abschnitt 1' }).getByRole('button', { name: 'Einfügen' }).click();
    await page.getByRole('menuitem', { name: 'Vorlage einfügen' }).click();
    const insert = page.getByRole('dialog', { name: 'Vorlage einfügen' });
    const search = insert.getByRole('combobox', { name: 'Vorlagen durchsuchen' });
    await expect(search).toBeFocused();
    await search.fill(stamp);
    await expect(insert.getByRole('option')).toHaveCount(1);
    await expect(insert.getByRole('option', { name: new RegExp(name) })).toHaveAttribute('aria-selected', 'true');
    await expect(insert.getByRole('region', { name: `Vorschau von «${name}»` }).locator('strong')).toHaveText('Penicillin');
    await page.keyboard.press('Enter');
    await expect(insert).toBeHidden();
    await expect(text.locator('strong')).toHaveText('Penicillin');
    await page.getByRole('button', { name: 'Version speichern' }).click();
    await expect(page.locator('.toast').getByText('Version 1 gespeichert')).toBeVisible();
    const saved = await api<Version>(page, 'kssg', 'author/query/latestGuideline', { id: target, language: 'de' });
    expect(saved.details[0].content).toBe('<p>Zuerst:</p><p>Allergien erfragen, besonders auf <strong>Penicillin</strong>.</p>');

    // deleted after confirming: gone from the list
    await page.getByRole('toolbar', { name: 'Formatierung von Abschnitt 1' }).getByRole('button', { name: 'Einfügen' }).click();
    await page.getByRole('menuitem', { name: 'Vorlage einfügen' }).click();
    await search.fill(stamp);
    await insert.getByRole('button', { name: `Vorlage «${name}» löschen` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Vorlage löschen?' });
    await expect(confirm).toContainText(`Die Vorlage «${name}» wird für alle Autoren dieses Space gelöscht.`);
    await confirm.getByRole('button', { name: 'Löschen' }).click();
    await expect(page.locator('.toast').getByText(`Vorlage «${name}» gelöscht`, { exact: true })).toBeVisible();
    await expect(insert.getByText('Keine Einträge gefunden')).toBeVisible();
    await expect(search).toBeFocused();
    const left = await api<{ title: string }[]>(page, 'kssg', 'author/query/templates', { language: 'de' });
    expect(left.map((t) => t.title)).not.toContain(name);
  });
});

/** Waits until dialogs and menus have finished opening, so that screenshots show them. */
const settle = (page: Page) => page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));

// Visual review aid, not a check: SCREENSHOTS=1 bash ops/e2e.sh e2e/editor.spec.ts
test.describe('screenshots of the editor', () => {
  test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to write screenshots to e2e/screenshots/');
  const dir = process.env.SCREENSHOT_DIR ?? 'e2e/screenshots';

  for (const size of [
    { name: 'desktop', width: 1280, height: 900 },
    { name: 'phone', width: 375, height: 740 },
  ]) {
    test(`editor ${size.name}`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width: size.width, height: size.height });
      await signIn(page, SPACE_ADMIN, 'kssg', '/');
      const id = await newGuideline(page, `E2E Bilder ${size.name} ${Date.now().toString(36)}`);
      await page.goto(url('kssg', `/guidelines/guideline/${id}/de/edit`));
      await page.getByLabel('Titel', { exact: true }).fill('Sepsis bei Erwachsenen');
      await page.getByLabel('Beschreibung').fill('Erkennen, Abklärung und Therapie in den ersten Stunden.');
      const tags = page.getByRole('textbox', { name: 'Schlagwörter' });
      await tags.fill('Sepsis, Notfall, ');
      await page.getByRole('textbox', { name: 'Suchbegriffe' }).fill('Blutvergiftung');
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Blutvergiftung stärker gewichten' }).click();
      await page.getByLabel('Titel des Abschnitts').fill('Dosierung');
      const text = page.getByRole('textbox', { name: 'Text von Abschnitt 1' });
      await text.click();
      const toolbar = page.getByRole('toolbar', { name: 'Formatierung von Abschnitt 1' });
      await toolbar.getByRole('button', { name: 'Überschrift 2' }).click();
      await page.keyboard.type('Erwachsene');
      await page.keyboard.press('Enter');
      await page.keyboard.type('Ceftriaxon ');
      await toolbar.getByRole('button', { name: 'Fett' }).click();
      await page.keyboard.type('2 g');
      await toolbar.getByRole('button', { name: 'Fett' }).click();
      await page.keyboard.type(' i.v. alle 24 h');
      await toolbar.getByRole('button', { name: 'Einfügen' }).click();
      await page.getByRole('menuitem', { name: 'Fussnote' }).click();
      await page.getByLabel('Text der Fussnote').fill('Fachinformation, Stand 2025');
      await page.getByRole('button', { name: 'Übernehmen' }).click();
      await toolbar.getByRole('button', { name: 'Einfügen' }).click();
      await page.getByRole('menuitem', { name: 'Nachschlagetabelle' }).click();
      await settle(page);
      await page.screenshot({ path: `${dir}/editor-${size.name}-lookup-dialog.png`, fullPage: false });
      await page.getByRole('button', { name: 'Einfügen' }).click();
      await page.getByRole('button', { name: 'Abschnitt hinzufügen' }).click();
      await settle(page);
      await page.screenshot({ path: `${dir}/editor-${size.name}.png`, fullPage: true });

      await text.locator(':scope > p').first().click();
      await toolbar.getByRole('button', { name: 'Link', exact: true }).click();
      await page.getByLabel('Webadresse oder E-Mail').fill('nicht gültig');
      await page.getByRole('button', { name: 'Übernehmen' }).click();
      await settle(page);
      await page.screenshot({ path: `${dir}/editor-${size.name}-link-dialog.png` });
      await page.keyboard.press('Escape');
      await toolbar.getByRole('button', { name: 'Bild' }).click();
      await page.getByLabel('Bilddatei').setInputFiles({ name: 'schema.png', mimeType: 'image/png', buffer: png(160) });
      await expect(page.getByText('Hochgeladen: schema.png')).toBeVisible();
      await settle(page);
      await page.screenshot({ path: `${dir}/editor-${size.name}-image-dialog.png` });
      await page.getByRole('button', { name: 'Einfügen' }).click();
      await toolbar.getByRole('button', { name: 'Einfügen' }).click();
      await page.getByRole('menuitem', { name: 'Video' }).click();
      await settle(page);
      await page.screenshot({ path: `${dir}/editor-${size.name}-video-dialog.png` });
      await page.keyboard.press('Escape');
      await toolbar.getByRole('button', { name: 'Einfügen' }).click();
      await page.getByRole('menuitem', { name: 'Sonderzeichen' }).click();
      await settle(page);
      await page.screenshot({ path: `${dir}/editor-${size.name}-special.png` });
      await page.keyboard.press('Escape');
      await toolbar.getByRole('button', { name: 'Tabelle', exact: true }).click();
      await page.getByRole('button', { name: 'Einfügen' }).click();
      await text.locator('th').first().click();
      await settle(page);
      await page.screenshot({ path: `${dir}/editor-${size.name}-table.png`, fullPage: true });
      await page.getByRole('button', { name: 'Version speichern' }).click();
      await expect(page.locator('.toast').getByText('Version 1 gespeichert')).toBeVisible();
      await settle(page);
      await page.screenshot({ path: `${dir}/editor-${size.name}-saved.png` });
    });
  }
});

// Visual review aid, not a check: SCREENSHOTS=1 bash ops/e2e.sh editor.spec.ts -g screenshots
test.describe('screenshots of the templates', () => {
  test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to write screenshots to e2e/screenshots/');
  const dir = process.env.SCREENSHOT_DIR ?? 'e2e/screenshots';
  const templates = [
    { title: 'Allergieanamnese vor Antibiotikagabe', content: '<p>Vor der ersten Gabe <strong>Allergien erfragen</strong>, besonders auf Penicilline und Cephalosporine.</p>' },
    {
      title: 'Dosierung nach Körpergewicht',
      content:
        '<h3>Kinder</h3><table><thead><tr><th scope="col">Gewicht</th><th scope="col">Dosis</th></tr></thead><tbody><tr><td>&lt; 10 kg</td><td>15 mg/kg alle 6 h</td></tr><tr><td>10–40 kg</td><td>12.5 mg/kg alle 6 h</td></tr><tr><td>&gt; 40 kg</td><td>1 g alle 6 h</td></tr></tbody></table><ul><li>Maximal 4 g pro Tag</li><li>Bei Niereninsuffizienz Intervall verlängern</li></ul>',
    },
    { title: 'Haftungsausschluss', content: '<p>Diese Richtlinie ersetzt nicht die ärztliche Beurteilung im Einzelfall.</p>' },
    { title: 'Notfallnummern des Spitals mit einem sehr langen Titel, der umbrechen muss', content: '<p>Reanimationsteam: <strong>1111</strong></p><p>Giftnotruf: 145</p>' },
  ];

  for (const size of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 375, height: 740 },
  ]) {
    test(`templates ${size.name}`, async ({ page }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width: size.width, height: size.height });
      await signIn(page, SPACE_ADMIN, 'kssg', '/');
      const existing = await api<{ title: string }[]>(page, 'kssg', 'author/query/templates', { language: 'de' });
      for (const t of templates) {
        if (!existing.some((e) => e.title === t.title)) await api(page, 'kssg', 'author/mutation/saveTemplate', { template: { ...t, language: 'de' } });
      }
      const id = await newGuideline(page, `E2E Vorlagen ${size.name} ${Date.now().toString(36)}`);
      await page.goto(url('kssg', `/guidelines/guideline/${id}/de/edit`));
      await page.getByLabel('Titel', { exact: true }).fill('Paracetamol i.v.');
      await page.getByLabel('Titel des Abschnitts').fill('Dosierung');
      await page.getByRole('textbox', { name: 'Text von Abschnitt 1' }).click();
      await page.keyboard.type('Erwachsene erhalten 1 g alle 6 h.');
      await page.getByRole('toolbar', { name: 'Formatierung von Abschnitt 1' }).getByRole('button', { name: 'Einfügen' }).click();
      await page.getByRole('menuitem', { name: 'Vorlage einfügen' }).click();
      const insert = page.getByRole('dialog', { name: 'Vorlage einfügen' });
      // by keyboard: a click would scroll the option into view first
      await expect(insert.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('ArrowDown');
      await expect(insert.getByRole('option', { name: /Dosierung nach Körpergewicht/ })).toHaveAttribute('aria-selected', 'true');
      await settle(page);
      await page.screenshot({ path: `${dir}/templates-${size.name}-insert.png` });
      await insert.getByRole('button', { name: /umbenennen/ }).click();
      await settle(page);
      await page.screenshot({ path: `${dir}/templates-${size.name}-rename.png` });
      await insert.getByRole('button', { name: 'Abbrechen' }).first().click();
      await insert.getByRole('button', { name: /löschen/ }).click();
      await settle(page);
      await page.screenshot({ path: `${dir}/templates-${size.name}-delete.png` });
      await page.getByRole('alertdialog').getByRole('button', { name: 'Abbrechen' }).click();
      await insert.getByRole('combobox').fill('gibt es nicht');
      await settle(page);
      await page.screenshot({ path: `${dir}/templates-${size.name}-empty.png` });
      await insert.getByRole('combobox').fill('');
      await insert.getByRole('option', { name: /Dosierung nach Körpergewicht/ }).click();
      await insert.getByRole('button', { name: 'Einfügen' }).click();
      await settle(page);
      await page.screenshot({ path: `${dir}/templates-${size.name}-inserted.png`, fullPage: true });
      await page.getByRole('button', { name: 'Abschnitt 1 als Vorlage speichern' }).click();
      await settle(page);
      await page.screenshot({ path: `${dir}/templates-${size.name}-save.png` });
    });
  }
});
