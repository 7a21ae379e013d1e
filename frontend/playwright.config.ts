import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';

// The server must already run (ops/e2e.sh or `make run`); tests reach spaces through *.localhost subdomains.
export const BASE_DOMAIN = process.env.E2E_BASE_DOMAIN ?? 'vademecum.localhost:8080';

const chromium = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => existsSync(p));

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://kssg.${BASE_DOMAIN}`,
    locale: 'de-CH',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: [/account-security\.spec\.ts/, /https\.spec\.ts/] },
    // Turns on the super admin's second factor for a while and ends a member's session: runs once
    // every other spec is done, so that their password sign-ins are never asked for a code.
    // Alone: ops/e2e.sh --no-deps account-security.spec.ts
    { name: 'accounts', use: { browserName: 'chromium' }, testMatch: /account-security\.spec\.ts/, dependencies: ['chromium'] },
  ],
});
