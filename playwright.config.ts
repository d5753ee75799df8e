import { defineConfig } from '@playwright/test';

const onCi = Boolean(process.env.CI);

/**
 * Two projects (DESIGN.md "Running without the Electron binary"):
 * - `browser`: the built renderer served by the headless host, driven in
 *   Debian's Chromium (specs start the host themselves);
 * - `electron`: the real app through Playwright's `_electron`, skipped with a
 *   printed reason where the Electron binary is not installed.
 */
export default defineConfig({
  outputDir: 'e2e/artifacts/test-results',
  fullyParallel: false,
  forbidOnly: onCi,
  retries: 0,
  workers: onCi ? 1 : undefined,
  timeout: 60_000,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'e2e/artifacts/playwright-report' }]],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'browser',
      testDir: 'e2e/browser',
      use: {
        browserName: 'chromium',
        viewport: { width: 1920, height: 1080 },
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
    {
      name: 'electron',
      testDir: 'e2e/electron',
    },
  ],
});
