import { expect, test, type Page } from '@playwright/test';
import { api } from './guidelineSetup';
import { MEMBER, signIn, url } from './helpers';

// The whole life of a guideline with the demo people of kssg: Max writes it in the editor in
// German and French (with a table and a footnote) and submits it; Vera, the collection's
// validator, rejects it with a reason; Max fixes it and resubmits; Vera accepts; the German
// version is online, the mails arrived (ops/e2e.sh sends them to Mailpit), the notifications
// show; a hotfix replaces the published text. Expiry runs on a controlled clock in the Go tests
// (TestIntegrationExpiry).

const VALIDATOR = { email: 'vera.validator@kssg.ch', password: 'demo' };

interface Mail {
  To: { Address: string }[];
  Subject: string;
}

async function mails(): Promise<Mail[]> {
  const res = await fetch(`${process.env.MAILPIT_URL ?? ''}/api/v1/messages?limit=500`);
  return ((await res.json()) as { messages: Mail[] }).messages;
}

async function saveInEditor(page: Page, version: number) {
  await page.getByRole('button', { name: 'Version speichern' }).click();
  await expect(page.locator('.toast').getByText(`Version ${version} gespeichert`)).toBeVisible();
}

async function submit(page: Page, id: number, summary: string) {
  await page.goto(url('kssg', `/guidelines/guideline/${id}/de`));
  await page.getByRole('button', { name: 'Zur Validierung einreichen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Zur Validierung einreichen' });
  await dialog.getByLabel('Zusammenfassung der Änderung').fill(summary);
  await dialog.getByRole('button', { name: 'Einreichen' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.gl-head__row [data-state="submitted"]')).toBeVisible();
}

test('a guideline from the first draft to publication, a rejection, mails, notifications and a hotfix', async ({ page, browser }) => {
  test.skip(!process.env.MAILPIT_URL, 'needs the Mailpit that ops/e2e.sh starts');
  test.setTimeout(180_000);
  const title = `E2E Reise ${Date.now().toString(36)}`;

  // --- Max creates the guideline in Notfallmedizin with Vera as main validator
  await signIn(page, MEMBER, 'kssg', '/guidelines');
  await page.getByRole('link', { name: 'Neue Richtlinie' }).click();
  await expect(page).toHaveURL(url('kssg', '/guidelines/guideline/new'));
  // the list's collection filter has the same label until the form has replaced the list
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Erstellen und bearbeiten' }) });
  await form.getByLabel('Sammlung').selectOption({ label: 'Notfallmedizin' });
  await form.getByLabel('Hauptvalidator').selectOption({ label: 'Vera Graf' });
  await form.getByRole('button', { name: 'Erstellen und bearbeiten' }).click();
  await expect(page).toHaveURL(/\/guidelines\/guideline\/\d+\/de\/edit$/);
  const id = Number(/guideline\/(\d+)\//.exec(page.url())?.[1]);

  // --- German in the editor: bold text, a footnote and a table
  await page.getByLabel('Titel', { exact: true }).fill(title);
  await page.getByLabel('Titel des Abschnitts').fill('Dosierung');
  const text = page.getByRole('textbox', { name: 'Text von Abschnitt 1' });
  await text.click();
  const toolbar = page.getByRole('toolbar', { name: 'Formatierung von Abschnitt 1' });
  await page.keyboard.type('Erwachsene: ');
  await toolbar.getByRole('button', { name: 'Fett' }).click();
  await page.keyboard.type('1 g');
  await toolbar.getByRole('button', { name: 'Fett' }).click();
  await page.keyboard.type(' alle 8 h');
  await toolbar.getByRole('button', { name: 'Einfügen' }).click();
  await page.getByRole('menuitem', { name: 'Fussnote' }).click();
  const footnote = page.getByRole('dialog', { name: 'Fussnote einfügen' });
  await footnote.getByLabel('Text der Fussnote').fill('Quelle: SGAIM 2024');
  await footnote.getByRole('button', { name: 'Übernehmen' }).click();
  await toolbar.getByRole('button', { name: 'Tabelle', exact: true }).click();
  const tableDialog = page.getByRole('dialog', { name: 'Tabelle einfügen' });
  await tableDialog.getByLabel('Zeilen').fill('2');
  await tableDialog.getByLabel('Spalten').fill('2');
  await tableDialog.getByRole('button', { name: 'Einfügen' }).click();
  const cells = text.locator('th, td');
  await cells.nth(0).click();
  await page.keyboard.type('Gewicht');
  await cells.nth(1).click();
  await page.keyboard.type('Dosis');
  await cells.nth(2).click();
  await page.keyboard.type('< 50 kg');
  await cells.nth(3).click();
  await page.keyboard.type('15 mg/kg');
  await saveInEditor(page, 1);

  // --- French, starting from the German text
  await page.goto(url('kssg', `/guidelines/guideline/${id}/fr/edit?from=de`));
  await expect(page.getByLabel('Titel', { exact: true })).toHaveValue(title);
  await page.getByLabel('Titel', { exact: true }).fill(`${title} (FR)`);
  await page.getByLabel('Titel des Abschnitts').fill('Posologie');
  await saveInEditor(page, 2);

  await submit(page, id, 'Erstfassung');

  // --- Vera finds the request and rejects it with a reason
  const vera = await browser.newContext();
  const veraPage = await vera.newPage();
  try {
    await signIn(veraPage, VALIDATOR, 'kssg', '/validations');
    const request = veraPage.locator('.val-row', { hasText: title });
    await request.getByRole('link').click();
    await expect(veraPage.getByText('Erwachsene: 1 g alle 8 h', { exact: false }).first()).toBeVisible();
    await veraPage.getByRole('button', { name: 'Ablehnen' }).click();
    let dialog = veraPage.getByRole('dialog', { name: 'Antrag ablehnen' });
    await dialog.getByLabel('Begründung').fill('Bitte Höchstdosis angeben.');
    await dialog.getByRole('button', { name: 'Ablehnen' }).click();
    await expect(veraPage.locator('[data-progress="rejected"]')).toBeVisible();

    // --- Max adds the maximum dose and resubmits
    await page.goto(url('kssg', `/guidelines/guideline/${id}/de/edit`));
    const again = page.getByRole('textbox', { name: 'Text von Abschnitt 1' });
    await again.locator('p').first().click();
    await page.keyboard.press('End');
    await page.keyboard.type(', höchstens 4 g pro Tag');
    await saveInEditor(page, 3);
    await submit(page, id, 'Höchstdosis ergänzt');

    // --- Vera reads the fixed text (still a first publication: the whole text) and accepts
    await veraPage.goto(url('kssg', `/validations/${id}/de`));
    await expect(veraPage.getByText('Erstpublikation: der vollständige Text von Version 3.')).toBeVisible();
    await expect(veraPage.getByRole('region', { name: 'Volltext' }).getByText('höchstens 4 g pro Tag', { exact: false })).toBeVisible();
    await veraPage.getByRole('button', { name: 'Freigeben', exact: true }).click();
    dialog = veraPage.getByRole('dialog', { name: 'Freigeben und publizieren' });
    await dialog.getByRole('button', { name: 'Freigeben und publizieren' }).click();
    await expect(veraPage.locator('[data-progress="accepted"]')).toBeVisible();
  } finally {
    await vera.close();
  }

  // --- the German version is online; the notifications show the answers
  await page.goto(url('kssg', '/guidelines'));
  const row = page.locator(`tr[data-guideline="${id}"][data-language="de"]`);
  await expect(row.locator('[data-state="accepted"]')).toBeVisible();
  await expect(row.locator('[data-state="online"]')).toBeVisible();
  const bell = page.getByRole('banner').getByRole('button', { name: /^Benachrichtigungen/ });
  await expect(async () => {
    await page.reload();
    await expect(bell).toHaveAccessibleName(/Benachrichtigungen, ([2-9]|\d{2,}) ungelesen/, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await bell.click();
  await expect(page.getByRole('menu').getByRole('menuitem', { name: new RegExp(`Vera Graf hat «${title}» abgelehnt`) })).toBeVisible();
  await expect(page.getByRole('menu').getByRole('menuitem', { name: new RegExp(`Vera Graf hat «${title}» freigegeben`) })).toBeVisible();
  await page.keyboard.press('Escape');

  // --- the mails: the request to Vera (twice), the rejection and the acceptance to Max
  await expect(async () => {
    const sent = (await mails()).map((m) => `${m.To[0]?.Address} ${m.Subject}`);
    expect(sent.filter((s) => s === `vera.validator@kssg.ch Validierung erbeten: ${title}`)).toHaveLength(2);
    expect(sent).toContain(`max.member@kssg.ch Zurückgewiesen: ${title}`);
    expect(sent).toContain(`max.member@kssg.ch Validiert: ${title}`);
  }).toPass({ timeout: 20_000 });

  // --- a typo fixed by hotfix goes online at once, without validation
  await page.goto(url('kssg', `/guidelines/guideline/${id}/de/edit`));
  await page.getByRole('textbox', { name: 'Text von Abschnitt 1' }).locator('p').first().click();
  await page.keyboard.press('End');
  await page.keyboard.type('.');
  await saveInEditor(page, 4);
  await page.goto(url('kssg', `/guidelines/guideline/${id}/de`));
  await page.getByRole('button', { name: 'Hotfix' }).click();
  const hotfix = page.getByRole('dialog', { name: 'Hotfix' });
  await hotfix.getByLabel('Was wurde korrigiert?').fill('Satzzeichen');
  await hotfix.getByRole('button', { name: 'Hotfix publizieren' }).click();
  await expect(hotfix).toBeHidden();
  const latest = await api<{ languages: { language: string; publishedVersion: number | null; states: string[] }[] }>(page, 'author/query/latestGuideline', { id, language: 'de' });
  const de = latest.languages.find((l) => l.language === 'de');
  expect(de?.publishedVersion).toBe(4);
  expect(de?.states).toEqual(['accepted', 'online']);
});
