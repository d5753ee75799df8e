import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createContext, Script } from 'node:vm';
import { expect, test } from '@playwright/test';

/**
 * A sandboxed preload can `require` nothing but `electron` (and a few Node
 * shims): a shared chunk or an npm package makes it throw, and the window
 * then has no `window.api`. Each built preload must be one self-contained
 * CommonJS file (docs/design.md "Practical notes").
 */
const preloadDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../out/preload');

test('each preload is one file per role, with no chunk folder beside it', () => {
  expect(readdirSync(preloadDir).sort()).toEqual(['console.cjs', 'table.cjs']);
});

for (const file of ['console.cjs', 'table.cjs']) {
  test(`${file} requires nothing but electron, and runs where only electron can be required`, () => {
    const code = readFileSync(join(preloadDir, file), 'utf8');
    const required = [...code.matchAll(/\brequire\(\s*(['"`])([^'"`]+)\1\s*\)/g)].map((match) => match[2]);
    expect(required.length).toBeGreaterThan(0);
    expect(new Set(required)).toEqual(new Set(['electron']));
    expect(code).not.toMatch(/\bimport\s*\(/);

    const exposed: Record<string, unknown> = {};
    const electron = {
      contextBridge: { exposeInMainWorld: (key: string, api: unknown) => (exposed[key] = api) },
      ipcRenderer: { invoke: async () => undefined, on: () => undefined, removeListener: () => undefined },
    };
    const sandboxRequire = (name: string) => {
      if (name === 'electron') return electron;
      throw new Error(`module not found: ${name}`);
    };
    const run = new Script(`(function (require, module, exports) {${code}\n})`).runInContext(createContext({})) as (
      require: (name: string) => unknown,
      module: { exports: unknown },
      exports: unknown,
    ) => void;
    const module = { exports: {} };
    run(sandboxRequire, module, module.exports);
    expect(Object.keys(exposed)).toEqual(['api']);
  });
}
