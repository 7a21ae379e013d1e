import { test, type Page } from '@playwright/test';
import { ADMIN, BASE_DOMAIN, MEMBER, SPACE_ADMIN, signIn, url } from './helpers';

// Visual review aid, not a check: SCREENSHOTS=1 npx playwright test screenshots
test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to write screenshots to e2e/screenshots/');

const sizes = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 740 },
];

async function shot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: true });
}

for (const size of sizes) {
  for (const lang of ['de', 'en']) {
    test(`${size.name} ${lang}`, async ({ page, context }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await context.addCookies([{ name: 'lang', value: lang, domain: `.${BASE_DOMAIN.split(':')[0]}`, path: '/' }]);
      await page.goto(url('www', '/?reset=true'));
      await shot(page, `${size.name}-${lang}-landing`);
      await page.goto(url('kssg'));
      await shot(page, `${size.name}-${lang}-home-anon`);
      await page.goto(url('kssg', '/auth/login?r=%2F'));
      await shot(page, `${size.name}-${lang}-login`);
      await page.goto(url('nosuchspace'));
      await shot(page, `${size.name}-${lang}-invalid-domain`);
      await signIn(page, lang === 'de' ? MEMBER : ADMIN, 'kssg', '/profile');
      await shot(page, `${size.name}-${lang}-profile`);
      await page.getByRole('banner').getByRole('button').last().click();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `e2e/screenshots/${size.name}-${lang}-menu.png` });
      await page.keyboard.press('Escape');
      await page.goto(url('kssg', '/admin'));
      await shot(page, `${size.name}-${lang}-admin`);
      if (lang === 'en') {
        // the console on the landing host, and its editor
        await page.goto(url('www', '/console'));
        await page.locator('.console-row').first().waitFor();
        await shot(page, `${size.name}-${lang}-console`);
        await page.getByRole('button', { name: /^Actions for Kantonsspital/ }).click();
        await page.getByRole('menuitem', { name: 'Edit' }).click();
        await page.getByRole('dialog').locator('input[name="title"]').waitFor();
        await page.waitForTimeout(300);
        await page.screenshot({ path: `e2e/screenshots/${size.name}-${lang}-admin-edit.png` });
      }
    });
  }
}

/** Creates (once) a collection with a member and a validator so the organisation screens have content. */
async function ensureCollection(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const call = async <T,>(path: string, body: object): Promise<T> => {
      const res = await fetch(`/api/${path}`, { method: 'POST', headers: { Space: 'kssg', 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      return (await res.json()) as T;
    };
    const existing = await call<{ id: number; title: string }[]>('admin/query/collections', { spaceId: 1 });
    const found = existing.find((c) => c.title === 'Notfallmedizin');
    if (found) return found.id;
    const created = await call<{ id: number }>('admin/mutation/createCollection', { spaceId: 1, collection: { title: 'Notfallmedizin', visibility: 'protected', admins: [] } });
    await call('admin/collectionadmin/mutation/addCollectionMembers', { collection: created.id, members: [3] });
    await call('admin/collectionadmin/mutation/addCollectionValidators', { collection: created.id, validators: [3] });
    return created.id;
  });
}

for (const size of sizes) {
  for (const lang of ['de', 'en']) {
    test(`${size.name} ${lang} organisation`, async ({ page, context }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width: size.width, height: size.height });
      await context.addCookies([{ name: 'lang', value: lang, domain: `.${BASE_DOMAIN.split(':')[0]}`, path: '/' }]);
      await signIn(page, SPACE_ADMIN, 'kssg', '/spaces');
      const id = await ensureCollection(page);
      await shot(page, `${size.name}-${lang}-spaces`);
      await page.goto(url('kssg', '/spaces/1'));
      await shot(page, `${size.name}-${lang}-space-members`);
      await page.locator('.card__tools .btn--primary').click();
      await page.getByRole('dialog').locator('textarea').fill('new.colleague@kssg.ch, max.member@kssg.ch');
      await page.getByRole('dialog').locator('button[type="submit"]').click();
      await page.locator('.result-row').first().waitFor();
      await page.screenshot({ path: `e2e/screenshots/${size.name}-${lang}-space-add-members.png` });
      await page.keyboard.press('Escape');
      await page.goto(url('kssg', '/spaces/1/collections'));
      await shot(page, `${size.name}-${lang}-space-collections`);
      await page.locator('.card__tools .btn--primary').click();
      await page.getByRole('dialog').locator('button[type="submit"]').click();
      await page.screenshot({ path: `e2e/screenshots/${size.name}-${lang}-space-create-collection.png` });
      await page.keyboard.press('Escape');
      await page.goto(url('kssg', '/spaces/1/statistics'));
      await shot(page, `${size.name}-${lang}-space-statistics`);
      for (const tab of ['settings', 'requests', 'sharing', 'metadata']) {
        await page.goto(url('kssg', `/spaces/1/${tab}`));
        await shot(page, `${size.name}-${lang}-space-${tab}`);
      }
      await page.goto(url('kssg', '/collections'));
      await shot(page, `${size.name}-${lang}-collections`);
      await page.goto(url('kssg', `/collections/${id}`));
      await shot(page, `${size.name}-${lang}-collection-settings`);
      await page.goto(url('kssg', `/collections/${id}/members`));
      await page.locator('.picker input').fill('a');
      await page.locator('.picker__option').first().waitFor();
      await page.screenshot({ path: `e2e/screenshots/${size.name}-${lang}-collection-members.png`, fullPage: true });
      await page.goto(url('kssg', `/collections/${id}/validators`));
      await shot(page, `${size.name}-${lang}-collection-validators`);
      await page.goto(url('kssg', `/collections/${id}/statistics`));
      await shot(page, `${size.name}-${lang}-collection-statistics`);
    });
  }
}
