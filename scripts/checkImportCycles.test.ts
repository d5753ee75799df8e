import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readSources } from './checkImportCycles';
import { importCycles } from './lib/importCycles';

const check = (files: Record<string, string>) => importCycles(new Map(Object.entries(files)));

describe('the import-circle check run by npm run lint', () => {
  it('finds no import circle in the repo, type imports counted', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    expect(importCycles(readSources(root))).toEqual([]);
  }, 60_000);

  it('counts a circle made only of type imports, and names one way round it', () => {
    const cycles = check({
      'src/state.ts': "import { Dealer } from './dealer';\nexport class State { dealer = new Dealer(); }\n",
      'src/dealer.ts': "import type { State } from './state';\nexport class Dealer { state?: State; }\n",
      'src/alone.ts': "import { State } from './state';\n",
    });
    expect(cycles).toEqual([['src/dealer.ts', 'src/state.ts', 'src/dealer.ts']]);
  });

  it('follows re-exports, dynamic imports and the script blocks of .vue files', () => {
    const cycles = check({
      'src/Panel.vue': '<template><p /></template>\n<script setup lang="ts">\nimport type { Row } from \'./rows\';\n</script>\n',
      'src/rows.ts': "export * from './more';\n",
      'src/more.ts': "export const load = () => import('./Panel.vue');\nexport interface Row { id: string }\n",
      'src/index.ts': "export { load } from './more.js';\n",
    });
    expect(cycles).toEqual([['src/Panel.vue', 'src/rows.ts', 'src/more.ts', 'src/Panel.vue']]);
  });

  it('finds nothing in imports that only point one way', () => {
    expect(
      check({
        'src/a.ts': "import './b';\nimport 'vue';\n",
        'src/b.ts': "import type { C } from './c';\n",
        'src/c.ts': 'export type C = 1;\n',
      }),
    ).toEqual([]);
  });
});
