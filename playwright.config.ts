import os from 'node:os';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from './e2e/chromium';

const onCi = Boolean(process.env.CI);

/**
 * Three projects (docs/design.md "Running without the Electron binary"):
 * - `browser`: the built renderer served by the headless host, driven in
 *   Chromium (e2e/chromium.ts says which; specs start the host themselves);
 * - `shell`: the real built main process and preloads in Node on a stand-in
 *   for Electron's APIs, each window's page in Chromium (runs without the
 *   Electron binary; e2e/shell/fakeElectron.ts);
 * - `electron`: the real app through Playwright's `_electron`, skipped with a
 *   printed reason where the Electron binary is not installed.
 */
export default defineConfig({
  // The headless host built once for the run (e2e/hostBundle.ts): every host start is plain Node, not tsx.
  globalSetup: './e2e/hostBundle.ts',
  outputDir: 'e2e/artifacts/test-results',
  fullyParallel: false,
  forbidOnly: onCi,
  // A test that fails is run once more, recording a trace, and the run fails all the same (failOnFlakyTests):
  // recording a trace of every test to keep only the failures' took a third of the run (three specs: 80-82 s
  // with it, 52 s without; docs/development.md). A test passing only the second time is a failure, never a pass.
  retries: 1,
  failOnFlakyTests: true,
  // Two workers at least: alone, one worker left a core of two idle while its test waited on the host, a socket or a
  // frame; two took the run from about 8 minutes to 6.1 (docs/development.md). Playwright's default is half the cores.
  workers: Math.max(2, Math.floor(os.availableParallelism() / 2)),
  timeout: 60_000,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'e2e/artifacts/playwright-report' }]],
  use: {
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'browser',
      testDir: 'e2e/browser',
      use: {
        browserName: 'chromium',
        viewport: { width: 1920, height: 1080 },
        // DEALER_CHROMIUM / CHROMIUM_PATH, else /usr/bin/chromium when present, else Playwright's own.
        launchOptions: { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS },
      },
    },
    {
      // The real built main process and preloads on a stand-in for Electron, pages in Chromium.
      name: 'shell',
      testDir: 'e2e/shell',
      use: { browserName: 'chromium', launchOptions: { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS } },
    },
    {
      name: 'electron',
      testDir: 'e2e/electron',
    },
  ],
});
