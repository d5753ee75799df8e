import { registerHooks } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { FakeElectron } from './fakeElectron';

/**
 * Runs the real built main process (out/main/index.js) in this Node process
 * with `electron` resolved to the stand-in: a module resolution hook answers
 * the bare specifier `electron` (from main and from electron-store alike)
 * with a small module re-exporting the fake's objects. Once per process:
 * the main script, like Electron's, runs once.
 */
const GLOBAL_KEY = '__dealerFakeElectron';
let started = false;

export async function runMainProcess(fake: FakeElectron, mainScript: string): Promise<void> {
  if (started) throw new Error('the main process already runs in this worker');
  started = true;
  const exports = fake.mainModule();
  (globalThis as Record<string, unknown>)[GLOBAL_KEY] = exports;
  const source = [
    `const electron = globalThis.${GLOBAL_KEY};`,
    'export default electron;',
    ...Object.keys(exports).map((name) => `export const ${name} = electron.${name};`),
  ].join('\n');
  const url = `data:text/javascript,${encodeURIComponent(source)}`;
  registerHooks({
    resolve: (specifier, context, nextResolve) =>
      specifier === 'electron' ? { url, format: 'module', shortCircuit: true } : nextResolve(specifier, context),
  });
  await import(pathToFileURL(mainScript).href);
}
