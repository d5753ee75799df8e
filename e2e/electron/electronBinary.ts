import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from '@playwright/test';

/**
 * Whether the real-Electron specs can run, and what to do when they cannot.
 * Here (no Electron binary can be downloaded) they skip, with the reason
 * printed so the output says so. CI on GitHub sets REQUIRE_ELECTRON=1
 * (.github/workflows/ci.yml): there a missing binary or packaged app FAILS
 * the specs, so a green run means they really ran.
 */

const REQUIRE_ELECTRON = 'REQUIRE_ELECTRON';
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface Found {
  path: string;
  installed: boolean;
}

/**
 * Where the `electron` package would take the binary from, found without
 * requiring the package: since Electron 45 requiring it with the binary
 * missing starts a download (which hangs or fails offline).
 */
function findElectronBinary(env: NodeJS.ProcessEnv = process.env): Found {
  const require = createRequire(import.meta.url);
  const packageDir = dirname(require.resolve('electron/package.json'));
  const pathFile = join(packageDir, 'path.txt');
  const relative = existsSync(pathFile)
    ? readFileSync(pathFile, 'utf8').trim()
    : process.platform === 'win32'
      ? 'electron.exe'
      : 'electron';
  const override = env['ELECTRON_OVERRIDE_DIST_PATH'];
  const path = override ? join(override, relative) : join(packageDir, 'dist', relative);
  return { path, installed: existsSync(path) };
}

/** The packaged app `npm run dist` (or `electron-builder --dir`) leaves unpacked in dist/, for this system. */
export function findPackagedApp(distDir = join(ROOT, 'dist'), platform: NodeJS.Platform = process.platform): Found {
  const candidates: string[] = [];
  const folders = existsSync(distDir) ? readdirSync(distDir) : [];
  if (platform === 'darwin') {
    for (const folder of folders.filter((name) => name === 'mac' || name.startsWith('mac-')))
      candidates.push(join(distDir, folder, 'In-Between Dealer.app'));
  } else if (platform === 'win32') {
    for (const folder of folders.filter((name) => /^win.*-unpacked$/.test(name)))
      candidates.push(join(distDir, folder, 'In-Between Dealer.exe'));
  } else {
    for (const folder of folders.filter((name) => /^linux.*-unpacked$/.test(name)))
      candidates.push(join(distDir, folder, 'in-between-dealer'));
  }
  const found = candidates.find((path) => existsSync(path));
  return found
    ? { path: found, installed: true }
    : { path: candidates[0] ?? join(distDir, `<${platform} unpacked app>`), installed: false };
}

export type Verdict = { kind: 'run' } | { kind: 'skip'; reason: string } | { kind: 'fail'; reason: string };

/** Run when `found` is there; otherwise skip with `missing`, or fail under REQUIRE_ELECTRON=1. */
export function verdictFor(found: Found, missing: string, env: NodeJS.ProcessEnv = process.env): Verdict {
  if (found.installed) return { kind: 'run' };
  if (env[REQUIRE_ELECTRON] === '1')
    return { kind: 'fail', reason: `${REQUIRE_ELECTRON}=1 and ${missing}: the real-Electron specs must run here, not skip` };
  return { kind: 'skip', reason: missing };
}

export function binaryVerdict(env: NodeJS.ProcessEnv = process.env): Verdict {
  const binary = findElectronBinary(env);
  return verdictFor(binary, `the Electron binary is not installed (${binary.path} missing; \`npx --no install-electron\` fetches it)`, env);
}

export function packagedAppVerdict(env: NodeJS.ProcessEnv = process.env): Verdict {
  const packaged = findPackagedApp();
  return verdictFor(
    packaged,
    `no packaged app (${packaged.path} missing; \`npm run dist\` or \`npx electron-builder --config electron-builder.config.ts --dir\` makes it)`,
    env,
  );
}

/**
 * Call first inside a spec's describe: skips its tests with the reason
 * printed, or fails each of them with it under REQUIRE_ELECTRON=1.
 */
export function gateSpecs(spec: string, verdict: Verdict): void {
  if (verdict.kind === 'run') return;
  if (verdict.kind === 'skip') {
    console.log(`[e2e/electron] ${spec} skipped: ${verdict.reason}`);
    test.skip(true, verdict.reason);
    return;
  }
  console.error(`[e2e/electron] ${spec} FAILS: ${verdict.reason}`);
  test.beforeAll(() => {
    throw new Error(verdict.reason);
  });
}
