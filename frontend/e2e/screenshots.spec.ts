import { test, type Page } from '@playwright/test';
import { ADMIN, BASE_DOMAIN, MEMBER, signIn, url } from './helpers';

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
        await page.getByRole('button', { name: /(Edit|Bearbeiten) Kantonsspital/ }).click();
        await page.waitForTimeout(300);
        await page.screenshot({ path: `e2e/screenshots/${size.name}-${lang}-admin-edit.png` });
      }
    });
  }
}
