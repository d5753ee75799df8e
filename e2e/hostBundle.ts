/**
 * The headless host (src/main/host/cli.ts) built into one ESM file for the
 * e2e run (playwright.config.ts `globalSetup`), so each of the run's host
 * starts is plain Node: through tsx's loader every start compiled the
 * host's TypeScript again, about half a second of a 1 s start
 * (docs/benchmarks.md). Node packages stay in node_modules, as in
 * `npm run serve`; the file is rebuilt at every run, so it is never older
 * than the source it runs. `npm run serve` and the scripts that start a
 * host themselves keep tsx.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Under the run's own artifacts (ignored by git, never packaged); Node finds the packages from there. */
const OUT_DIR = join(ROOT, 'e2e/artifacts/host');
const BUNDLE = join(OUT_DIR, 'cli.mjs');

/** The variable that tells e2e/browser/hostProcess.ts to start this file; Playwright's workers inherit it. */
export const HOST_BUNDLE_VARIABLE = 'DEALER_E2E_HOST_BUNDLE';

export default async function buildHostBundle(): Promise<void> {
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    build: {
      ssr: join(ROOT, 'src/main/host/cli.ts'),
      outDir: OUT_DIR,
      emptyOutDir: true,
      target: 'node22',
      minify: false,
      sourcemap: false,
      rollupOptions: { output: { format: 'esm', entryFileNames: 'cli.mjs' } },
    },
  });
  process.env[HOST_BUNDLE_VARIABLE] = BUNDLE;
}
