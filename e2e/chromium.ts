import { existsSync } from 'node:fs';

/**
 * Which Chromium the browser and shell e2e projects drive: the one named by
 * DEALER_CHROMIUM (or CHROMIUM_PATH), else Debian's headless shell
 * (/usr/bin/chromium-headless-shell, the build Playwright itself runs headless:
 * no browser window, so none of the full browser's own WebUI pages and its
 * window bookkeeping, about a fifth of the browser's CPU in an e2e run), else
 * Debian's /usr/bin/chromium, when there (CI installs both; Playwright's own
 * browsers cannot be downloaded offline), else undefined, meaning Playwright's own browser (`npx
 * playwright install chromium` on macOS and Windows). DEALER_CHROMIUM=playwright
 * asks for Playwright's own where a system one exists too (CI on GitHub,
 * .github/workflows/ci.yml, whose Ubuntu ships a Chromium of its own version).
 */
export function chromiumExecutable(
  env: NodeJS.ProcessEnv = process.env,
  exists: (path: string) => boolean = existsSync,
): string | undefined {
  const named = env['DEALER_CHROMIUM'] || env['CHROMIUM_PATH'];
  if (named === 'playwright') return undefined;
  if (named) return named;
  for (const candidate of ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (exists(candidate)) return candidate;
  }
  return undefined;
}

/** Flags for a headless Chromium in a CI container: no OS sandbox when root, no GPU, nothing phoning home. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
