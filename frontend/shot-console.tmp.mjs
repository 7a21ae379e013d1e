import { chromium } from '@playwright/test';
const BASE = 'vademecum.localhost:18390';
const u = (sub, path = '/') => `http://${sub}.${BASE}${path}`;
const op = (extra) => ({ id: 7, spaceId: 3, kind: 'move', state: 'running', step: 'operation.step.copying', stepParams: { table: 'guidelines' }, progress: 0.42, error: null, createdAt: '2026-11-24T10:00:00Z', startedAt: '2026-11-24T10:00:01Z', finishedAt: null, ...extra });
const sp = (id, subdomain, title, extra = {}) => ({ id, subdomain, title, status: 'active', cluster: 'default', placement: 'schema', schemaVersion: 42, rows: 48213, bytes: 23_400_000, members: 312, lastActivity: '2026-11-24T09:12:00Z', operation: null, ...extra });
const spaces = [
  sp(1, 'kssg', 'Kantonsspital St. Gallen', { rows: 1_204_311, bytes: 1_830_000_000, members: 4210 }),
  sp(2, 'insel', 'Inselspital Bern', { cluster: 'second', placement: 'database', schemaVersion: 41 }),
  sp(3, 'hug', 'Hôpitaux Universitaires de Genève', { status: 'moving', operation: op() }),
  sp(4, 'usz', 'Universitätsspital Zürich', { status: 'suspended', lastActivity: '2026-10-02T16:40:00Z' }),
  sp(5, 'neu', 'Spital Neu', { status: 'provisioning', rows: null, bytes: null, members: 0, lastActivity: null }),
  sp(6, 'eoc', 'Ente Ospedaliero Cantonale', { schemaVersion: 40, operation: op({ id: 9, spaceId: 6, kind: 'migrate', state: 'failed', error: { message: 'space.operationRunning', params: {} } }) }),
];
const mock = process.argv[2] !== 'nomock';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const lang of ['de', 'en']) {
  for (const [name, width, height] of [['desktop', 1366, 900], ['phone', 390, 844]]) {
    const context = await browser.newContext({ viewport: { width, height }, locale: 'de-CH' });
    await context.addCookies([{ name: 'lang', value: lang, domain: '.vademecum.localhost', path: '/' }]);
    const page = await context.newPage();
    if (mock) {
      await page.route('**/api/admin/query/consoleSpaces', (r) => r.fulfill({ json: { spaces, total: 1234, latestSchemaVersion: 42 } }));
      await page.route('**/api/admin/query/clusters', (r) => r.fulfill({ json: { clusters: [{ name: 'default', spaces: 1200, reachable: true }, { name: 'second', spaces: 34, reachable: true }, { name: 'eu-west', spaces: 0, reachable: false }] } }));
      await page.route('**/api/admin/query/spaceOperation', (r) => r.fulfill({ json: op({ progress: 0.63 }) }));
    }
    await page.goto(u('www', '/auth/login?r=%2Fconsole'));
    await page.locator('input[name="email"]').fill('admin@vademecum.localhost');
    await page.locator('input[name="password"]').fill('admin');
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(u('www', '/console'));
    await page.waitForTimeout(1500);
    const p = `/tmp/console-shots/${name}-${lang}${mock ? '' : '-nomock'}`;
    await page.screenshot({ path: `${p}-list.png`, fullPage: true });
    await page.screenshot({ path: `${p}-top.png` });
    console.log(lang, name, 'scrollWidth', await page.evaluate(() => document.documentElement.scrollWidth), await page.evaluate(() => [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1).slice(0, 5).map((e) => e.tagName + '.' + e.className).join(' | ')));
    if (!mock) { await context.close(); continue; }
    await page.getByRole('button', { name: /^(Aktionen für|Actions for) Kantonsspital/ }).click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${p}-menu.png` });
    await page.getByRole('menuitem').nth(2).click();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${p}-move.png` });
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    console.log(lang, name, 'focus after move dialog:', await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName));
    await page.locator('.page__header .btn--primary').click();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${p}-create.png` });
    await page.keyboard.press('Escape');
    if (name === 'desktop') {
      await page.goto(u('kssg', '/admin'));
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `${p}-admin.png` });
    }
    await context.close();
  }
}
await browser.close();
