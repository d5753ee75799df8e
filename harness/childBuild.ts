import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

/**
 * The child process of a crash test, bundled into plain JavaScript so a test can start it many times and kill it
 * with SIGKILL (src/main/group/crash.test.ts, src/main/session/crash.test.ts, src/main/host/pairingCrash.test.ts,
 * src/main/host/liveCopyKill.test.ts, scripts/killMoves.ts). Started through tsx, each start would first spend about
 * a second compiling; the bundle is the same source with its dependencies (conf's atomic writes) included.
 *
 * A bundle is built once for an entry and the sources it can reach, then reused by every test file and every run
 * until one of them changes: it lives in a folder named by a hash of the entry, every non-test source under src/,
 * package-lock.json (the bundled dependencies) and the build options below. A run that changes nothing builds nothing.
 */

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/** Where bundles are kept between runs (the usual tools' cache folder; the key holds the checkout's path, so two checkouts sharing one node_modules never take each other's). */
const CACHE_ROOT = path.join(repoRoot, 'node_modules', '.cache', 'in-between-dealer-child-builds');
/** Raise when the build options below change, so no bundle built with the old ones is reused. */
const BUILD_VERSION = 1;
/** Bundles older than this are removed when a new one is built (each source change leaves one behind). */
const STALE_MS = 2 * 24 * 3600 * 1000;

let sourcesHash: string | null = null;

/** Every file a bundle may be made of: the non-test sources under src/ and the locked dependencies. */
function hashSources(): string {
  if (sourcesHash !== null) return sourcesHash;
  const hash = createHash('sha256');
  const files: string[] = [path.join(repoRoot, 'package-lock.json')];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|json|vue)$/.test(entry.name) && !entry.name.endsWith('.test.ts')) files.push(full);
    }
  };
  walk(path.join(repoRoot, 'src'));
  for (const file of files.sort()) {
    hash.update(path.relative(repoRoot, file)).update('\0');
    hash.update(fs.existsSync(file) ? fs.readFileSync(file) : '').update('\0');
  }
  sourcesHash = hash.digest('hex');
  return sourcesHash;
}

function removeStaleBundles(keep: string): void {
  let names: string[];
  try {
    names = fs.readdirSync(CACHE_ROOT);
  } catch {
    return;
  }
  for (const name of names) {
    const dir = path.join(CACHE_ROOT, name);
    if (dir === keep) continue;
    try {
      if (Date.now() - fs.statSync(dir).mtimeMs > STALE_MS) fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // Another run removed it first.
    }
  }
}

/**
 * The bundled child of `entry` (a path from the repository's root, e.g. `src/main/session/testing/crashChild.ts`):
 * the path of its `.mjs`, built now unless a bundle of the same sources is already there.
 */
export async function buildChild(entry: string): Promise<string> {
  const source = path.resolve(repoRoot, entry);
  if (!fs.existsSync(source)) throw new Error(`buildChild: no child entry at ${entry}`);
  const name = path.basename(source).replace(/\.ts$/, '');
  const key = createHash('sha256')
    .update(`${BUILD_VERSION}\0${repoRoot}\0${path.relative(repoRoot, source)}\0${hashSources()}`)
    .digest('hex')
    .slice(0, 20);
  const dir = path.join(CACHE_ROOT, `${name}-${key}`);
  const child = path.join(dir, `${name}.mjs`);
  if (fs.existsSync(child)) {
    // Marked as used, so no other build takes it for stale while this run starts it.
    const now = new Date();
    fs.utimesSync(dir, now, now);
    return child;
  }

  // Built beside its final folder and renamed into it whole: a test file building the same child at the same time,
  // or a run killed mid-build, never leaves a half bundle where the next run would take it.
  fs.mkdirSync(CACHE_ROOT, { recursive: true });
  const building = fs.mkdtempSync(path.join(CACHE_ROOT, `.${name}-`));
  try {
    await build({
      configFile: false,
      logLevel: 'silent',
      root: repoRoot,
      build: {
        ssr: source,
        outDir: building,
        emptyOutDir: true,
        minify: false,
        target: 'node20',
        rollupOptions: { output: { format: 'es', entryFileNames: `${name}.mjs` } },
      },
      ssr: { noExternal: true, target: 'node' },
    });
    try {
      fs.renameSync(building, dir);
    } catch (error) {
      // Another test file finished the same bundle first: theirs is as good.
      if (!fs.existsSync(child)) throw error;
    }
  } finally {
    fs.rmSync(building, { recursive: true, force: true });
  }
  removeStaleBundles(dir);
  return child;
}
