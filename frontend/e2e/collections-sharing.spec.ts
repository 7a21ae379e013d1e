import { expect, test, type Page } from '@playwright/test';
import { BASE_DOMAIN, SPACE_ADMIN, signIn, url } from './helpers';

const INSEL_ADMIN = { email: 'ines.admin@insel.ch', password: 'demo' };

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

/** Id of a space by subdomain, from the landing page list (the space call answers for the current space only). */
async function spaceId(page: Page, subdomain: string): Promise<number> {
  const landing = await api<{ spaces: { id: number; subdomain: string }[]; nationalSpaces: { id: number; subdomain: string }[] }>(page, 'kssg', 'common/query/landingPage', {});
  const found = [...landing.spaces, ...landing.nationalSpaces].find((s) => s.subdomain === subdomain);
  if (!found) throw new Error(`no space ${subdomain}`);
  return found.id;
}

test.describe('My Collections: sharing tab', () => {
  test('shows the spaces a collection is offered to and whether each has turned it on', async ({ page, browser }) => {
    test.setTimeout(60_000);
    const title = `E2E Teilen ${Date.now().toString(36)}`;
    await signIn(page, SPACE_ADMIN, 'kssg', '/collections');
    const kssg = await spaceId(page, 'kssg');
    const insel = await spaceId(page, 'insel');
    const { id } = await api<{ id: number }>(page, 'kssg', 'admin/mutation/createCollection', { spaceId: kssg, collection: { title, visibility: 'protected', admins: [] } });

    // not offered anywhere yet; the tab sits between the table of contents and statistics
    await page.goto(url('kssg', `/collections/${id}`));
    const tabs = page.getByRole('navigation', { name: 'Bereiche der Sammlung' });
    await expect(tabs.getByRole('link')).toHaveText(['Einstellungen', 'Mitglieder', 'Validatoren', 'Richtlinien', 'Inhaltsverzeichnis', 'Teilen', 'Statistik']);
    await tabs.getByRole('link', { name: 'Teilen' }).click();
    await expect(page).toHaveURL(url('kssg', `/collections/${id}/sharing`));
    await expect(page.getByText('Keine Einträge gefunden')).toBeVisible();
    await expect(page.getByText('Jeder empfangende Space entscheidet selbst')).toBeVisible();
    // Anna is space admin too: she is sent to where offers are made
    await expect(page.getByRole('link', { name: 'Teilen unter «Meine Spaces» verwalten' })).toHaveAttribute('href', `/spaces/${kssg}/sharing`);

    // offered to Inselspital (as the space admin does it in My Spaces): inactive until Insel turns it on
    await api(page, 'kssg', 'admin/spaceadmin/mutation/createSharedCollection', { spaceId: insel, collectionId: id });
    await page.reload();
    const row = page.locator('.share-row[data-space="Inselspital Bern"]');
    await expect(row).toContainText('Inaktiv');

    const inselContext = await browser.newContext();
    try {
      const inselPage = await inselContext.newPage();
      await signIn(inselPage, INSEL_ADMIN, 'insel', '/');
      await api(inselPage, 'insel', 'admin/mutation/activateSharedCollection', { spaceId: kssg, collectionId: id, active: true });
    } finally {
      await inselContext.close();
    }
    await page.reload();
    await expect(row).toContainText('Aktiv');
    await expect(row).not.toContainText('Inaktiv');

    await api(page, 'kssg', 'admin/mutation/deleteCollection', { collectionId: id });
  });
});

// Visual review aid, not a check: SCREENSHOTS=1 bash ops/e2e.sh e2e/collections-sharing.spec.ts
test.describe('screenshots of member paging and sharing', () => {
  test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to write screenshots to e2e/screenshots/');
  const dir = process.env.SCREENSHOT_DIR ?? 'e2e/screenshots';

  for (const size of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 375, height: 740 },
  ]) {
    for (const lang of ['de', 'en']) {
      test(`${size.name} ${lang}`, async ({ page, context, browser }) => {
        test.setTimeout(90_000);
        await page.setViewportSize({ width: size.width, height: size.height });
        await context.addCookies([{ name: 'lang', value: lang, domain: `.${BASE_DOMAIN.split(':')[0]}`, path: '/' }]);
        await signIn(page, SPACE_ADMIN, 'kssg', '/collections');
        const kssg = await spaceId(page, 'kssg');
        const insel = await spaceId(page, 'insel');
        const hug = await spaceId(page, 'hug');
        const title = `Shots ${size.name} ${lang} ${Date.now().toString(36)}`;
        const { id } = await api<{ id: number }>(page, 'kssg', 'admin/mutation/createCollection', { spaceId: kssg, collection: { title, visibility: 'public', admins: [] } });
        await api(page, 'kssg', 'admin/spaceadmin/mutation/createSharedCollection', { spaceId: insel, collectionId: id });
        await api(page, 'kssg', 'admin/spaceadmin/mutation/createSharedCollection', { spaceId: hug, collectionId: id });
        const inselContext = await browser.newContext();
        const inselPage = await inselContext.newPage();
        await signIn(inselPage, INSEL_ADMIN, 'insel', '/');
        await api(inselPage, 'insel', 'admin/mutation/activateSharedCollection', { spaceId: kssg, collectionId: id, active: true });
        // a long member list for the paging footer
        const many = Array.from({ length: 60 }, (_, i) => `shots.${String(i).padStart(2, '0')}@insel.ch`);
        await api(inselPage, 'insel', 'admin/spaceadmin/mutation/addSpaceMembers', { spaceId: insel, users: many });
        await inselPage.setViewportSize({ width: size.width, height: size.height });
        await inselContext.addCookies([{ name: 'lang', value: lang, domain: `.${BASE_DOMAIN.split(':')[0]}`, path: '/' }]);
        await inselPage.goto(url('insel', `/spaces/${insel}/members`));
        await inselPage.locator('.member-list__more').waitFor();
        await inselPage.screenshot({ path: `${dir}/${size.name}-${lang}-space-members-paged.png`, fullPage: true });
        await inselPage.locator('.member-list__more').scrollIntoViewIfNeeded();
        await inselPage.screenshot({ path: `${dir}/${size.name}-${lang}-space-members-paged-footer.png` });
        await inselContext.close();

        await page.goto(url('kssg', `/collections/${id}/sharing`));
        await page.locator('.share-row').nth(1).waitFor();
        await page.screenshot({ path: `${dir}/${size.name}-${lang}-collection-sharing.png`, fullPage: true });
        await page.goto(url('kssg', `/collections/${id}/members`));
        await page.locator('.member-row').first().waitFor();
        await page.screenshot({ path: `${dir}/${size.name}-${lang}-collection-members-list.png`, fullPage: true });
        await page.goto(url('kssg', `/spaces/${kssg}/members`));
        await page.locator('.member-row').first().waitFor();
        await page.screenshot({ path: `${dir}/${size.name}-${lang}-space-members-list.png`, fullPage: true });
        await api(page, 'kssg', 'admin/mutation/deleteCollection', { collectionId: id });
      });
    }
  }
});
