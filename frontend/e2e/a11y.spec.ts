import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { api } from './guidelineSetup';
import { ADMIN, MEMBER, SPACE_ADMIN, VERA, signIn, url } from './helpers';

// Every route, as the role that uses it, has no axe-core violation of any impact (every rule
// axe runs by default, best practices included), in every language of the interface: German
// checks every route, each other language one route in three, so that together they check
// every route once more. The demo data of kssg: guideline 1 is "Sepsis – Erstversorgung",
// published in German and French.
const SEPSIS = 1;
const OTHER_LANGUAGES = ['en', 'fr', 'it'];

/** Speaks a language through the `lang` cookie on the parent domain, as the language selector does. */
async function speak(context: BrowserContext, language: string) {
  const domain = new URL(url('www')).hostname.replace(/^www/, '');
  await context.addCookies([{ name: 'lang', value: language, domain, path: '/' }]);
}

/** Waits until the route has rendered (no loader left) and lists axe's findings, one line per rule. */
async function violations(page: Page): Promise<string[]> {
  await expect(page.locator('main, [role="main"]').first()).toBeVisible();
  await expect(page.locator('.loader')).toHaveCount(0);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ') + ' ' + n.html.slice(0, 300)).join(', ')}`);
}

async function expectAccessible(page: Page, language: string, routes: string[], subdomain = 'kssg') {
  const found: Record<string, string[]> = {};
  const other = OTHER_LANGUAGES.indexOf(language);
  for (const route of other < 0 ? routes : routes.filter((_, i) => i % OTHER_LANGUAGES.length === other)) {
    await page.goto(url(subdomain, route));
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const v = await violations(page);
    if (v.length > 0) found[`${language} ${route}`] = v;
  }
  expect(found).toEqual({});
}

for (const language of ['de', ...OTHER_LANGUAGES]) {
  test.describe(`accessibility of every route (${language})`, () => {
    // axe takes a few seconds a page on a busy machine
    test.slow();
    test.setTimeout(300_000);
    test.beforeEach(async ({ context }) => speak(context, language));

    test('anonymous reader', async ({ page }) => {
      await page.goto(url('www', '/'));
      expect(await violations(page)).toEqual([]);
      await expectAccessible(page, language, [
        '/',
        '/results?query=Sepsis',
        '/results?query=zzzzzz',
        `/guideline/${SEPSIS}/de`,
        `/guideline/${SEPSIS}/fr`,
        '/auth/login',
        '/auth/forgot',
        '/releasenotes',
        '/no-such-page',
      ]);
    });

    test('member', async ({ page }) => {
      await signIn(page, MEMBER);
      await expectAccessible(page, language, [
        '/',
        '/dashboard',
        '/guidelines',
        '/guidelines/guideline/new',
        ...['', '/versions', '/timeline', '/comments', '/settings', '/coauthors', '/metadata', '/documents', '/notes', '/audit', '/edit'].map(
          (tab) => `/guidelines/guideline/${SEPSIS}/de${tab}`,
        ),
        '/profile',
        '/eventinbox',
        `/guideline/${SEPSIS}/de`,
      ]);
    });

    test('validator', async ({ page }) => {
      await signIn(page, VERA);
      await expectAccessible(page, language, ['/validations', '/dashboard']);
    });

    test('space admin', async ({ page }) => {
      await signIn(page, SPACE_ADMIN);
      const space = await api<{ id: number }>(page, 'common/query/space', { idOrDomain: 'kssg' });
      const collections = await api<{ id: number }[]>(page, 'admin/collectionadmin/query/collections', {});
      await expectAccessible(page, language, [
        '/admin',
        '/admin/auditlog',
        '/spaces',
        ...['settings', 'members', 'requests', 'collections', 'sharing', 'metadata', 'announcements', 'statistics', 'auditlog'].map(
          (tab) => `/spaces/${space.id}/${tab}`,
        ),
        '/collections',
        ...collections
          .slice(0, 1)
          .flatMap((c) => ['settings', 'members', 'validators', 'guidelines', 'toc', 'sharing', 'statistics'].map((tab) => `/collections/${c.id}/${tab}`)),
      ]);
    });

    test('super admin', async ({ page }) => {
      await signIn(page, ADMIN, 'www', '/console');
      expect(await violations(page)).toEqual([]);
      await signIn(page, ADMIN);
      await expectAccessible(page, language, ['/admin/maintenance', '/admin/maintenance/tasks', '/admin/auditlog']);
    });
  });
}
