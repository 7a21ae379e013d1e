import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { MEMBER, SPACE_ADMIN, signIn, url } from './helpers';

/** Calls the API from a signed-in page in kssg; answers the status and the body. */
function call(page: Page, path: string, body: object): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ({ path, body }) => {
      const res = await fetch(`/api/${path}`, { method: 'POST', headers: { Space: 'kssg', 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      return { status: res.status, body: await res.json() };
    },
    { path, body },
  );
}

test.describe('Audit log', () => {
  test('a space admin changes a setting, finds it in the audit log and downloads it as CSV', async ({ page }) => {
    test.setTimeout(60_000);
    await signIn(page, SPACE_ADMIN, 'kssg', '/');
    type Space = { id: number; title: string; subdomain: string; color: string; accentColor: string; emailDomains: string[]; lpvisible: boolean; national: boolean; public: boolean; position: number };
    const space = (await call(page, 'common/query/space', { idOrDomain: 'kssg' })).body as Space;
    const original = space.accentColor;
    const changed = original === '#7a0020' ? '#7a0021' : '#7a0020';
    try {
      await page.goto(url('kssg', `/spaces/${space.id}/settings`));
      const accent = page.getByLabel('Akzentfarbe', { exact: true });
      await accent.fill(changed);
      await page.getByRole('button', { name: 'Speichern', exact: true }).click();
      await expect(page.locator('.toast').last()).toContainText('gespeichert');

      const tabs = page.getByRole('navigation', { name: 'Bereiche des Space' });
      await tabs.getByRole('link', { name: 'Protokoll' }).click();
      await expect(page).toHaveURL(url('kssg', `/spaces/${space.id}/auditlog`));
      const log = page.getByRole('region', { name: 'Protokoll' });
      // this change, by Anna, with the colours before and after (other tests may write entries meanwhile)
      const entry = log.locator('tbody tr', { hasText: `Akzentfarbe: ${original} → ${changed}` }).first();
      await expect(entry).toContainText('Anna Keller hat die Einstellungen von «Kantonsspital St. Gallen» geändert');

      // keyboard: the action filter narrows the list to space settings
      await log.getByLabel('Was').focus();
      await log.getByLabel('Was').selectOption('space.updated');
      await expect(log.locator('tbody tr:not([data-action="space.updated"])')).toHaveCount(0);
      await expect(log.locator('tbody tr[data-action="space.updated"]')).not.toHaveCount(0);

      const [download] = await Promise.all([page.waitForEvent('download'), log.getByRole('button', { name: 'CSV herunterladen' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^audit-log-kssg-\d{4}-\d{2}-\d{2}\.csv$/);
      const path = await download.path();
      const csv = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
      const lines = csv.trim().split('\n');
      expect(lines[0]).toBe('id,at,space_id,space,actor_id,actor_name,actor_email,action,target_type,target_id,target_label,details,client_address,user_agent');
      expect(lines.length).toBeGreaterThan(1);
      expect(lines.slice(1).every((l) => l.includes(',space.updated,'))).toBe(true);
      expect(csv).toContain(changed);

      // the download itself is on record
      await log.getByLabel('Was').selectOption('export.auditLog');
      await expect(log.locator('tbody tr').first()).toContainText('Anna Keller hat das Protokoll als CSV heruntergeladen');
      await expect(log.locator('tbody tr').first()).toContainText('Was: … hat die Einstellungen von «…» geändert');
    } finally {
      const { id, title, subdomain, color, emailDomains, lpvisible, national, position } = space;
      await call(page, 'admin/mutation/updateSpace', { space: { id, title, subdomain, color, accentColor: original, emailDomains, lpvisible, national, public: space.public, position } });
    }
  });

  test('a member may not read the audit log', async ({ page }) => {
    await signIn(page, MEMBER, 'kssg', '/');
    const space = (await call(page, 'common/query/space', { idOrDomain: 'kssg' })).body as { id: number };
    expect((await call(page, 'admin/query/auditLog', { spaceId: space.id })).status).toBe(403);
  });
});
