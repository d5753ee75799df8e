import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { executableOf, readFuseMismatches, smokeRun } from '../../harness/packagedApp';

/**
 * The release workflow's check of each installer it built
 * (.github/workflows/release.yml): every artifact is opened as a host's
 * system would install it (the AppImage extracted, the deb unpacked, the dmg
 * mounted, the NSIS installer run silently into a folder), then the
 * installed app's fuses are read back and it gets a smoke run.
 *
 *   tsx scripts/packaging/checkArtifacts.ts dist
 */

const LINUX_EXECUTABLE = 'in-between-dealer';
const PRODUCT = 'In-Between Dealer';

/** The installers electron-builder leaves in `dist` (not the blockmaps, update feeds or unpacked folders). */
export function installersIn(dist: string): string[] {
  return readdirSync(dist)
    .filter((name) => /\.(AppImage|deb|dmg)$/.test(name) || (/\.exe$/.test(name) && !/uninstall/i.test(name)))
    .map((name) => join(dist, name))
    .filter((path) => statSync(path).isFile());
}

function findFile(root: string, wanted: (path: string) => boolean, depth = 6): string | null {
  if (depth < 0 || !existsSync(root)) return null;
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const path = join(root, entry.name);
    if (wanted(path)) return path;
    if (entry.isDirectory() && !entry.name.endsWith('.app')) {
      const found = findFile(path, wanted, depth - 1);
      if (found) return found;
    }
  }
  return null;
}

/** Opens `installer` into a temporary folder; returns the installed app and how to clean up. */
function install(installer: string): { app: string; cleanUp: () => void } {
  const work = mkdtempSync(join(tmpdir(), 'dealer-artifact-'));
  const none = () => {};
  if (installer.endsWith('.AppImage')) {
    chmodSync(installer, 0o755);
    execFileSync(resolve(installer), ['--appimage-extract'], { cwd: work, stdio: 'ignore' });
    return { app: join(work, 'squashfs-root', LINUX_EXECUTABLE), cleanUp: none };
  }
  if (installer.endsWith('.deb')) {
    execFileSync('dpkg-deb', ['-x', installer, work]);
    const app = findFile(join(work, 'opt'), (path) => basename(path) === LINUX_EXECUTABLE);
    if (!app) throw new Error(`no ${LINUX_EXECUTABLE} in ${installer}`);
    return { app, cleanUp: none };
  }
  if (installer.endsWith('.dmg')) {
    const mount = join(work, 'mount');
    mkdirSync(mount);
    execFileSync('hdiutil', ['attach', '-nobrowse', '-readonly', '-mountpoint', mount, installer]);
    return { app: join(mount, `${PRODUCT}.app`), cleanUp: () => execFileSync('hdiutil', ['detach', mount, '-force']) };
  }
  if (installer.endsWith('.exe')) {
    // NSIS: /S silent, /D= the folder (last, unquoted, as NSIS wants it).
    const target = join(work, 'installed');
    const run = spawnSync(installer, ['/S', `/D=${target}`], { windowsVerbatimArguments: true, stdio: 'inherit' });
    if (run.status !== 0) throw new Error(`${installer} /S exited with ${run.status ?? run.error?.message}`);
    return { app: join(target, `${PRODUCT}.exe`), cleanUp: none };
  }
  throw new Error(`not an installer this check knows: ${installer}`);
}

export async function checkInstaller(installer: string): Promise<string[]> {
  const { app, cleanUp } = install(installer);
  try {
    if (!existsSync(app)) return [`the installed app is not at ${app}`];
    const problems = (await readFuseMismatches(app)).map((problem) => `fuse ${problem}`);
    const smoke = await smokeRun(executableOf(app));
    if (!smoke.ok) problems.push(`smoke run failed (exit ${smoke.exitCode}): ${JSON.stringify(smoke.report)}\n${smoke.output}`);
    else console.log(`  smoke run: ${JSON.stringify(smoke.report)}`);
    return problems;
  } finally {
    cleanUp();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = resolve(process.argv[2] ?? 'dist');
  const installers = installersIn(dist);
  if (installers.length === 0) {
    console.error(`no installer in ${dist}`);
    process.exit(1);
  }
  let failed = false;
  for (const installer of installers) {
    console.log(`checking ${basename(installer)}`);
    const problems = await checkInstaller(installer);
    for (const problem of problems) console.error(`  ${problem}`);
    if (problems.length) failed = true;
    else console.log(`  fuses and smoke run ok`);
  }
  process.exit(failed ? 1 : 0);
}
