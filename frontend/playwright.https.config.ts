import { defineConfig } from '@playwright/test';
import baseConfig from './playwright.config';

// The journey over HTTPS (ops/e2e-https.sh): spaces under vademecum.test, which Chromium
// resolves to the loopback; Pebble's root is trusted through the NSS database the script makes.
export default defineConfig({
  ...baseConfig,
  use: {
    ...baseConfig.use,
    launchOptions: {
      ...baseConfig.use?.launchOptions,
      args: [...(baseConfig.use?.launchOptions?.args ?? []), '--host-resolver-rules=MAP *.vademecum.test 127.0.0.1, MAP vademecum.test 127.0.0.1'],
    },
  },
  projects: [{ name: 'https', use: { browserName: 'chromium' }, testMatch: /https\.spec\.ts/ }],
});
