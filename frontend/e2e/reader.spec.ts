import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { api } from './guidelineSetup';
import { HUG_MEMBER, MEMBER, VERA, signIn, url } from './helpers';

// The demo data of kssg: "Sepsis – Erstversorgung" (public collection Notfallmedizin, published
// in German and French, written by Max) is guideline 1; "Anaphylaxie" (same collection,
// German only) is guideline 2; "Hyperkaliämie" (same collection) is guideline 4, whose
// validity ended a month ago.
const SEPSIS = 1;
const ANAPHYLAXIE = 2;
const HYPERKALIAEMIE = 4;

interface Section {
  id: number;
  title: string;
}

async function sections(page: Page, id: number): Promise<Section[]> {
  const g = await api<{ details: Section[] }>(page, 'reader/query/guideline', { id, language: 'de' });
  return g.details;
}

async function signedInPage(browser: Browser, user: { email: string; password: string }, path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, user, 'kssg', path);
  return page;
}

test.describe('reading a guideline', () => {
  test('anonymous reading of a public guideline with a deep link to a section', async ({ page }) => {
    await page.goto(url('kssg', '/'));
    const antibiotics = (await sections(page, SEPSIS)).find((d) => d.title === 'Antibiotika');
    expect(antibiotics).toBeDefined();
    await page.setViewportSize({ width: 390, height: 700 });
    await page.goto(url('kssg', `/guideline/${SEPSIS}/${antibiotics?.id}`));

    await expect(page.getByRole('heading', { level: 1, name: 'Sepsis – Erstversorgung' })).toBeVisible();
    const section = page.getByRole('region', { name: 'Antibiotika' });
    await expect(section).toHaveClass(/reader-section--highlight/);
    await expect(section).toBeInViewport();
    await expect(page.getByText('Notfallmedizin').first()).toBeVisible();
    await expect(page.locator(`#d${(await sections(page, SEPSIS))[0].id}-fn1`)).toHaveText(/Singer M/);
    await expect(page.getByRole('button', { name: 'Zu Favoriten hinzufügen' })).toHaveCount(0);

    await page.getByRole('link', { name: 'Français' }).click();
    await expect(page).toHaveURL(url('kssg', `/guideline/${SEPSIS}/fr`));
    await expect(page.getByRole('heading', { level: 1, name: 'Sepsis – prise en charge initiale' })).toBeVisible();

    await page.getByRole('tab', { name: 'Kommentare' }).click();
    await expect(page.getByText('Melden Sie sich an, um den Autoren eine Nachricht zu schreiben.')).toBeVisible();
  });

  test('an anonymous reader downloads the guideline as PDF', async ({ page }) => {
    await page.goto(url('kssg', `/guideline/${SEPSIS}/de`));
    await expect(page.getByRole('heading', { level: 1, name: 'Sepsis – Erstversorgung' })).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Als PDF herunterladen' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Sepsis – Erstversorgung (de).pdf');
    expect((await readFile(await file.path())).subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('a guideline taken offline and an expired one answer their messages', async ({ page, browser }) => {
    const max = await signedInPage(browser, MEMBER, '/');
    await api(max, 'author/mutation/setGuidelineLanguageOnlineStatus', { guidelineId: ANAPHYLAXIE, language: 'de', online: false });
    try {
      await page.goto(url('kssg', `/guideline/${ANAPHYLAXIE}/de`));
      await expect(page.getByRole('heading', { name: 'Vorübergehend offline' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Zur Startseite' })).toBeVisible();

      // the author is offered the way to management
      await max.goto(url('kssg', `/guideline/${ANAPHYLAXIE}/de`));
      await expect(max.getByRole('heading', { name: 'Vorübergehend offline' })).toBeVisible();
      await expect(max.getByRole('link', { name: 'Verwalten' })).toBeVisible();
    } finally {
      await api(max, 'author/mutation/setGuidelineLanguageOnlineStatus', { guidelineId: ANAPHYLAXIE, language: 'de', online: true });
    }

    // the expired one names the day its validity ended, as the server answers it
    await page.goto(url('kssg', `/guideline/${HYPERKALIAEMIE}/de`));
    await expect(page.getByRole('heading', { name: 'Abgelaufen' })).toBeVisible();
    const ended = await page.evaluate(async (id) => {
      const res = await fetch('/api/reader/query/guideline', {
        method: 'POST',
        headers: { Space: 'kssg', 'Content-Type': 'application/json' },
        body: JSON.stringify({ id, language: 'de' }),
      });
      const body = (await res.json()) as { params: { validUntil: string } };
      return new Date(body.params.validUntil).toLocaleDateString('de', { year: 'numeric', month: '2-digit', day: '2-digit' });
    }, HYPERKALIAEMIE);
    await expect(page.getByText(`am ${ended} abgelaufen`, { exact: false })).toBeVisible();

    // not authorised: the protected collection asks anonymous readers to sign in
    await page.goto(url('kssg', '/guideline/3/de'));
    await expect(page.getByRole('heading', { name: 'Kein Zugriff' })).toBeVisible();
    await expect(page.locator('#main').getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', /\/auth\/login\?r=%2Fguideline%2F3%2Fde/);
  });

  test('comments with answers are seen by their writer and the authors only', async ({ browser }) => {
    test.setTimeout(60_000); // three people in their own browsers
    const body = `Gilt die Dosis auch bei Niereninsuffizienz? ${Date.now()} <b>kein HTML</b>`;
    const luca = await signedInPage(browser, HUG_MEMBER, `/guideline/${SEPSIS}/de?preSelectedTab=comments`);
    await luca.getByLabel('Ihr Kommentar').fill(body);
    await luca.getByRole('button', { name: 'Senden' }).click();
    await expect(luca.getByText(body)).toBeVisible();

    const max = await signedInPage(browser, MEMBER, `/guideline/${SEPSIS}/de?preSelectedTab=comments`);
    const thread = max.locator('.comment-thread', { hasText: body });
    await expect(thread).toBeVisible();
    await thread.getByRole('button', { name: 'Antworten' }).click();
    await thread.getByLabel('Ihre Antwort').fill('Nein, siehe Abschnitt Antibiotika.');
    await thread.getByRole('button', { name: 'Senden' }).click();
    await expect(thread.getByText('Nein, siehe Abschnitt Antibiotika.')).toBeVisible();

    await luca.reload();
    const own = luca.locator('.comment-thread', { hasText: body });
    await expect(own.getByText('Nein, siehe Abschnitt Antibiotika.')).toBeVisible();

    const vera = await signedInPage(browser, VERA, `/guideline/${SEPSIS}/de?preSelectedTab=comments`);
    await expect(vera.getByLabel('Ihr Kommentar')).toBeVisible();
    await expect(vera.getByText(body)).toHaveCount(0);

    await own.getByRole('button', { name: 'Kommentar löschen' }).first().click();
    await luca.getByRole('alertdialog').getByRole('button', { name: 'Löschen' }).click();
    await expect(luca.getByText(body)).toHaveCount(0);
  });
});

test.describe('reading offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a guideline read once stays readable offline, marked with its validity, and warns once expired', async ({ page, context }) => {
    await page.goto(url('kssg', `/guideline/${ANAPHYLAXIE}/de`));
    await expect(page.getByRole('heading', { level: 1, name: 'Anaphylaxie' })).toBeVisible();
    // the service worker has cached the shell once it is active
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Anaphylaxie' })).toBeVisible();

    await context.setOffline(true);
    await page.goto(url('kssg', `/guideline/${ANAPHYLAXIE}/de`));
    await expect(page.getByRole('heading', { level: 1, name: 'Anaphylaxie' })).toBeVisible();
    await expect(page.getByTestId('offline-banner')).toContainText('Gültig bis');
    await expect(page.getByTestId('expired-warning')).toHaveCount(0);

    // a guideline never read has no copy
    await page.goto(url('kssg', `/guideline/${SEPSIS}/fr`));
    await expect(page.getByRole('heading', { name: 'Keine Verbindung' })).toBeVisible();

    // two years later by the device's clock the copy is past its valid-until date
    await page.clock.install({ time: new Date(Date.now() + 2 * 365 * 24 * 3600 * 1000) });
    await page.goto(url('kssg', `/guideline/${ANAPHYLAXIE}/de`));
    await expect(page.getByRole('heading', { level: 1, name: 'Anaphylaxie' })).toBeVisible();
    await expect(page.getByTestId('expired-warning')).toContainText('Abgelaufen seit');
    await context.setOffline(false);
  });
});
