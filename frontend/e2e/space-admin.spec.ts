import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN, BASE_DOMAIN, HUG_MEMBER, SPACE_ADMIN, signIn, url } from './helpers';

const INSEL_ADMIN = { email: 'ines.admin@insel.ch', password: 'demo' };

/** Calls the API from a signed-in page, in the space of `subdomain`. */
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

/** Opens My Spaces from the sidebar menu and the given space in it; returns the space id from the URL. */
async function openMySpace(page: Page, subdomain: string): Promise<number> {
  await page.getByRole('banner').getByRole('button', { name: 'Menü öffnen' }).click();
  await page.getByRole('dialog', { name: 'Menü' }).getByRole('link', { name: /^Meine Spaces/ }).click();
  await page.locator(`.link-row[data-space="${subdomain}"]`).click();
  await expect(page).toHaveURL(/\/spaces\/\d+$/);
  return Number(new URL(page.url()).pathname.split('/')[2]);
}

/** A second signed-in user in a browser context of its own. */
async function signedInPage(browser: Browser, user: { email: string; password: string }, subdomain: string, returnTo = '/') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, user, subdomain, returnTo);
  return { context, page };
}

test.describe('My Spaces: sharing and membership requests', () => {
  test('kssg offers a collection to insel, insel turns it on, kssg withdraws the offer', async ({ page, browser }) => {
    test.setTimeout(60_000);
    const title = `E2E Angebot ${Date.now().toString(36)}`;
    await signIn(page, SPACE_ADMIN, 'kssg', '/');
    const kssg = await openMySpace(page, 'kssg');
    const created = await api<{ id: number }>(page, 'kssg', 'admin/mutation/createCollection', { spaceId: kssg, collection: { title, visibility: 'protected', admins: [] } });

    const tabs = page.getByRole('navigation', { name: 'Bereiche des Space' });
    await expect(tabs.getByRole('link')).toHaveText(['Einstellungen', 'Mitglieder', /^Anfragen/, 'Sammlungen', 'Teilen', 'Metadaten', 'Mitteilungen', 'Statistik', 'Protokoll']);
    await tabs.getByRole('link', { name: 'Teilen' }).click();
    await expect(page).toHaveURL(url('kssg', `/spaces/${kssg}/sharing`));

    // required fields first, then the offer
    await page.getByRole('button', { name: 'Einem Space anbieten' }).click();
    const dialog = page.getByRole('dialog', { name: 'Einem Space anbieten' });
    await expect(dialog.getByLabel('Sammlung')).toHaveValue('');
    await dialog.getByRole('button', { name: 'Anbieten' }).click();
    await expect(dialog.getByText('Pflichtfeld')).toHaveCount(2);
    await dialog.getByLabel('Sammlung').selectOption({ label: title });
    // the own space is never a target; the target is found on the server
    const target = dialog.getByRole('combobox', { name: 'Space' });
    await target.fill('kantonsspital');
    await expect(dialog.getByRole('option', { name: /Kantonsspital St. Gallen/ })).toHaveAttribute('aria-disabled', 'true');
    await target.fill('insel');
    await dialog.getByRole('option', { name: /Inselspital Bern/ }).click();
    await expect(dialog.getByRole('button', { name: 'Inselspital Bern entfernen' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Anbieten' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('.toast').last()).toContainText(`${title} wird Inselspital Bern angeboten`);
    const offer = page.locator(`.sharing-row[data-collection="${title}"] .sharing-target[data-space="Inselspital Bern"]`);
    await expect(offer).toContainText('Inaktiv');

    // Insel's admin finds it under "Offered to this space" and turns it on
    const insel = await signedInPage(browser, INSEL_ADMIN, 'insel');
    try {
      const inselId = await openMySpace(insel.page, 'insel');
      await insel.page.getByRole('link', { name: 'Teilen' }).click();
      await expect(insel.page).toHaveURL(url('insel', `/spaces/${inselId}/sharing`));
      const incoming = insel.page.getByRole('region', { name: /Diesem Space angeboten/ }).locator(`.sharing-row[data-collection="${title}"]`);
      await expect(incoming).toContainText('von Kantonsspital St. Gallen');
      const toggle = incoming.getByRole('switch', { name: `${title} von Kantonsspital St. Gallen aktiv` });
      await expect(toggle).not.toBeChecked();
      await toggle.press('Space');
      await expect(toggle).toBeChecked();
      await expect(incoming).toContainText('Aktiv');
      await insel.page.reload();
      await expect(insel.page.getByRole('switch', { name: `${title} von Kantonsspital St. Gallen aktiv` })).toBeChecked();
    } finally {
      await insel.context.close();
    }

    // KSSG sees the offer switched on, then withdraws it after confirming
    await page.reload();
    await expect(offer).toContainText('Aktiv');
    await expect(offer).not.toContainText('Inaktiv');
    await offer.getByRole('button', { name: `Angebot von ${title} an Inselspital Bern zurückziehen` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Geteilte Sammlung löschen?' });
    await confirm.getByRole('button', { name: 'Zurückziehen' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.locator(`.sharing-row[data-collection="${title}"]`)).toHaveCount(0);

    await api(page, 'kssg', 'admin/mutation/deleteCollection', { collectionId: created.id });
  });

  test('a non-member requests membership, the admin sees it in the badge and the requests tab and accepts it', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const stamp = `E2E Anfrage ${Date.now().toString(36)}`;
    await signIn(page, SPACE_ADMIN, 'kssg', '/');
    const kssgId = (await api<{ id: number }>(page, 'kssg', 'common/query/space', { idOrDomain: 'kssg' })).id;
    await removeFromKssg(page, kssgId);

    // Luca (a HUG member) asks to join KSSG. His profile language is changed by the language test
    // running in parallel, so this part goes by roles and states instead of German texts.
    const luca = await signedInPage(browser, HUG_MEMBER, 'kssg');
    try {
      const card = luca.page.locator('.membership-card');
      await expect(card).toHaveAttribute('data-state', /none|declined/);
      await expect(card.getByRole('heading')).toContainText('Kantonsspital St. Gallen');
      await card.getByRole('button').click();
      const dialog = luca.page.getByRole('dialog');
      await expect(dialog.locator('textarea')).toHaveAttribute('rows', '3');
      await dialog.locator('textarea').fill(`${stamp}: neu auf der Notfallstation`);
      await dialog.locator('button[type="submit"]').click();
      await expect(dialog).toBeHidden();
      await expect(card).toHaveAttribute('data-state', 'pending');
      await luca.page.reload();
      await expect(luca.page.locator('.membership-card')).toHaveAttribute('data-state', 'pending');

      // Anna: the sidebar badge counts the request, the requests tab shows it with its message
      await page.reload();
      await page.getByRole('banner').getByRole('button', { name: 'Menü öffnen' }).click();
      const menuLink = page.getByRole('dialog', { name: 'Menü' }).getByRole('link', { name: /^Meine Spaces/ });
      await expect(menuLink.locator('.badge')).toHaveText(/^[1-9]\d*$/);
      await menuLink.click();
      await page.locator('.link-row[data-space="kssg"]').click();
      const requestsTab = page.getByRole('navigation', { name: 'Bereiche des Space' }).getByRole('link', { name: /^Anfragen \(\d+ offen\)$/ });
      await expect(requestsTab.locator('.badge')).toHaveText(/^[1-9]\d*$/);
      await requestsTab.click();
      await expect(page).toHaveURL(url('kssg', `/spaces/${kssgId}/requests`));
      const row = page.locator('.request-row[data-username="luca.member@hcuge.ch"]');
      await expect(row).toContainText('Luca Rossi');
      await expect(row).toContainText(`${stamp}: neu auf der Notfallstation`);
      await row.getByRole('button', { name: 'Anfrage von Luca Rossi annehmen' }).click();
      await expect(page.locator('.toast').last()).toContainText('Luca Rossi ist jetzt Mitglied');
      await expect(row).toHaveCount(0);

      // he is in the member list now
      await page.getByRole('link', { name: 'Mitglieder' }).click();
      await page.getByPlaceholder('Name oder E-Mail suchen').fill('Rossi');
      await expect(page.locator('.member-row[data-username="luca.member@hcuge.ch"]')).toBeVisible();

      // and for Luca the space counts him as a member: the card is gone
      await luca.page.reload();
      await expect(luca.page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(luca.page.locator('.membership-card')).toHaveCount(0);
      expect((await api<{ spaceMember: boolean }>(luca.page, 'kssg', 'common/query/navigation', {})).spaceMember).toBe(true);
    } finally {
      await luca.context.close();
      // leave the demo data as it was, so the test can run again on the same server
      await removeFromKssg(page, kssgId);
    }
  });
});

/** Removes Luca from KSSG and declines a pending request of his (left over by an interrupted run). */
async function removeFromKssg(page: Page, spaceId: number) {
  const members = await api<{ id: number; username: string }[]>(page, 'kssg', 'admin/spaceadmin/query/spaceMembers', { space: spaceId, query: 'luca.member' });
  for (const m of members.filter((m) => m.username === HUG_MEMBER.email)) {
    await api(page, 'kssg', 'admin/spaceadmin/mutation/deleteSpaceMember', { spaceId, id: m.id });
  }
  const requests = await api<{ id: number; user: { username: string } }[]>(page, 'kssg', 'admin/spaceadmin/query/membershipRequests', { spaceId });
  for (const r of requests.filter((r) => r.user.username === HUG_MEMBER.email)) {
    await api(page, 'kssg', 'admin/spaceadmin/mutation/answerMembershipRequest', { id: r.id, accept: false });
  }
}

// Visual review aid with seeded requests, offers and metadata, not a check:
// SCREENSHOTS=1 bash ops/e2e.sh e2e/space-admin.spec.ts
test.describe('screenshots of the space admin tabs and the membership card', () => {
  test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to write screenshots to e2e/screenshots/');
  const dir = process.env.SCREENSHOT_DIR ?? 'e2e/screenshots';

  for (const size of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 375, height: 740 },
  ]) {
    for (const lang of ['de', 'en']) {
      test(`${size.name} ${lang}`, async ({ page, context, browser }) => {
        test.setTimeout(120_000);
        const domain = `.${BASE_DOMAIN.split(':')[0]}`;
        const stamp = Date.now().toString(36);

        // the super admin seeds metadata definitions and a HUG collection offered to KSSG
        const admin = await signedInPage(browser, ADMIN, 'hug');
        const all = await api<{ names: { de: string } }[]>(admin.page, 'hug', 'admin/query/allMetadata', {});
        const definitions = [
          { name: 'Fachgebiet', description: 'Medizinisches Fachgebiet der Richtlinie', options: ['Kardiologie', 'Neurologie', 'Notfallmedizin', 'Pädiatrie'] },
          { name: 'Zielgruppe', description: 'Für wen die Richtlinie geschrieben ist', options: ['Ärzteschaft', 'Pflege', 'Therapie'] },
          { name: 'Setting', description: '', options: [] },
        ];
        const german = (de: string) => ({ de, en: '', fr: '', it: '' });
        for (const d of definitions.filter((d) => !all.some((m) => m.names.de === d.name))) {
          await api(admin.page, 'hug', 'admin/mutation/saveMetadata', {
            metadata: { names: german(d.name), descriptions: german(d.description), options: d.options.map((name) => ({ names: german(name), descriptions: german('') })) },
          });
        }
        const hugSpace = await api<{ id: number }>(admin.page, 'hug', 'common/query/space', { idOrDomain: 'hug' });
        const hugCollections = await api<{ id: number; title: string }[]>(admin.page, 'hug', 'admin/query/collections', { spaceId: hugSpace.id });
        const hugCollection =
          hugCollections.find((c) => c.title === 'Soins intensifs') ??
          (await api<{ id: number }>(admin.page, 'hug', 'admin/mutation/createCollection', {
            spaceId: hugSpace.id,
            // the super admin is no HUG member, so a member administers it
            collection: { title: 'Soins intensifs', visibility: 'public', admins: await hugMemberIds(admin.page, hugSpace.id) },
          }));

        await page.setViewportSize({ width: size.width, height: size.height });
        await context.addCookies([{ name: 'lang', value: lang, domain, path: '/' }]);
        await signIn(page, SPACE_ADMIN, 'kssg', '/');
        const kssg = (await api<{ id: number }>(page, 'kssg', 'common/query/space', { idOrDomain: 'kssg' })).id;
        const landing = await api<{ spaces: { id: number; subdomain: string }[] }>(page, 'kssg', 'common/query/landingPage', {});
        const inselId = landing.spaces.find((s) => s.subdomain === 'insel')?.id ?? 0;
        const mine = await api<{ id: number }>(page, 'kssg', 'admin/mutation/createCollection', {
          spaceId: kssg,
          collection: { title: `Notfallmedizin ${stamp}`, visibility: 'protected', admins: [] },
        });
        await api(page, 'kssg', 'admin/spaceadmin/mutation/createSharedCollection', { spaceId: inselId, collectionId: mine.id });
        await api(page, 'kssg', 'admin/spaceadmin/mutation/createSharedCollection', { spaceId: hugSpace.id, collectionId: mine.id });
        // offered once; later runs find it offered already (409)
        await api(admin.page, 'hug', 'admin/spaceadmin/mutation/createSharedCollection', { spaceId: kssg, collectionId: hugCollection.id }).catch(() => undefined);
        await admin.context.close();
        await removeFromKssg(page, kssg);

        // Luca: the card before and after asking
        const luca = await browser.newContext({ viewport: { width: size.width, height: size.height } });
        await luca.addCookies([{ name: 'lang', value: lang, domain, path: '/' }]);
        const lucaPage = await luca.newPage();
        await signIn(lucaPage, HUG_MEMBER, 'kssg', '/');
        await lucaPage.locator('.membership-card').waitFor();
        await lucaPage.screenshot({ path: `${dir}/${size.name}-${lang}-home-not-member.png`, fullPage: true });
        await lucaPage.locator('.membership-card button').click();
        await lucaPage.getByRole('dialog').locator('textarea').fill('Ich arbeite ab Juni auf der Notfallstation und brauche Zugang zu den Richtlinien.');
        await lucaPage.waitForTimeout(300);
        await lucaPage.screenshot({ path: `${dir}/${size.name}-${lang}-home-request-dialog.png` });
        await lucaPage.getByRole('dialog').locator('button[type="submit"]').click();
        await lucaPage.locator('.membership-card[data-state="pending"]').waitFor();
        await lucaPage.screenshot({ path: `${dir}/${size.name}-${lang}-home-request-pending.png`, fullPage: true });
        await luca.close();

        for (const tab of ['settings', 'requests', 'sharing', 'metadata']) {
          await page.goto(url('kssg', `/spaces/${kssg}/${tab}`));
          await page.locator('.card').first().waitFor();
          await page.waitForLoadState('networkidle');
          if (tab === 'metadata') {
            // two chosen, so the order list has content (not saved)
            await page.locator('.metadata-choice__row input').nth(2).check();
            await page.locator('.metadata-choice__row input').nth(0).check();
          }
          await page.screenshot({ path: `${dir}/${size.name}-${lang}-space-admin-${tab}.png`, fullPage: true });
        }
        await page.goto(url('kssg', `/spaces/${kssg}/sharing`));
        await page.locator('.card__tools .btn--primary').click();
        await page.getByRole('dialog').locator('select').first().waitFor();
        await page.getByRole('dialog').locator('button[type="submit"]').click();
        await page.waitForTimeout(300); // dialog animation
        await page.screenshot({ path: `${dir}/${size.name}-${lang}-space-admin-offer-dialog.png` });
        await page.keyboard.press('Escape');
        await page.goto(url('kssg', `/spaces/${kssg}/requests`));
        await page.locator('.request-row .btn--ghost').first().click();
        await page.getByRole('alertdialog').waitFor();
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${dir}/${size.name}-${lang}-space-admin-decline.png` });
        await page.keyboard.press('Escape');
        await page.goto(url('kssg', `/spaces/${kssg}/settings`));
        await page.locator('input[name="title"]').fill('');
        await page.locator('input[name="emailDomains"]').fill('kssg.ch, KSSG.CH');
        await page.locator('form button[type="submit"]').click();
        await page.screenshot({ path: `${dir}/${size.name}-${lang}-space-admin-settings-errors.png`, fullPage: true });

        await removeFromKssg(page, kssg);
        await api(page, 'kssg', 'admin/spaceadmin/mutation/deleteSharedCollection', { spaceId: inselId, collectionId: mine.id });
        await api(page, 'kssg', 'admin/spaceadmin/mutation/deleteSharedCollection', { spaceId: hugSpace.id, collectionId: mine.id });
        await api(page, 'kssg', 'admin/mutation/deleteCollection', { collectionId: mine.id });
      });
    }
  }
});

async function hugMemberIds(page: Page, spaceId: number): Promise<number[]> {
  const members = await api<{ id: number; username: string }[]>(page, 'hug', 'admin/spaceadmin/query/spaceMembers', { space: spaceId, query: 'luca.member' });
  return members.filter((m) => m.username === HUG_MEMBER.email).map((m) => m.id);
}
