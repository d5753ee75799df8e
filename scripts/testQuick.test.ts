import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { E2E_MAP, specsFor } from './testQuick';

const SPECS = [
  'e2e/browser/history.spec.ts',
  'e2e/browser/night.spec.ts',
  'e2e/browser/phone.spec.ts',
  'e2e/browser/phoneNames.spec.ts',
  'e2e/browser/groupTwoHosts.spec.ts',
  'e2e/browser/tvNames.spec.ts',
  'e2e/shell/shell.spec.ts',
];
const noText = (): string => '';

describe('npm run test:quick: the end-to-end specs of the screens a change touches', () => {
  it("runs a screen's specs for a change to its components, and no other screen's", () => {
    expect(specsFor(['src/renderer/src/components/phone/PhoneMe.vue'], SPECS, noText)).toEqual([
      'e2e/browser/phone.spec.ts',
      'e2e/browser/phoneNames.spec.ts',
    ]);
    expect(specsFor(['src/renderer/src/components/table/TvBoard.vue'], SPECS, noText)).toEqual(['e2e/browser/tvNames.spec.ts']);
  });

  it('runs none for a change no screen shows (the rules, docs, scripts)', () => {
    expect(specsFor(['src/main/engine/rules.ts', 'docs/benchmarks.md', 'scripts/phoneLoad.ts'], SPECS, noText)).toEqual([]);
  });

  it('takes the first rule that matches: the Group screen is the two hosts, not every history spec', () => {
    expect(specsFor(['src/renderer/src/components/history/GroupScreen.vue'], SPECS, noText)).toEqual(['e2e/browser/groupTwoHosts.spec.ts']);
  });

  it('runs a changed spec itself, and for a changed helper the specs of its folder that import it, through other helpers too', () => {
    const files = [...SPECS, 'e2e/browser/hostProcess.ts', 'e2e/browser/hostFixture.ts', 'e2e/browser/phonePage.ts'];
    const imports: Record<string, string> = {
      'e2e/browser/phone.spec.ts': "import { openPhone } from './phonePage';\nimport { hostForSpecFile } from './hostFixture';",
      'e2e/browser/history.spec.ts': "import { hostForSpecFile } from './hostFixture';",
      'e2e/browser/groupTwoHosts.spec.ts': "import { startHostProcess } from './hostProcess';",
      'e2e/browser/hostFixture.ts': "import { startHostProcess } from './hostProcess';",
    };
    const read = (file: string): string => imports[file] ?? '';
    expect(specsFor(['e2e/browser/history.spec.ts'], files, read)).toEqual(['e2e/browser/history.spec.ts']);
    expect(specsFor(['e2e/browser/phonePage.ts'], files, read)).toEqual(['e2e/browser/phone.spec.ts']);
    expect(specsFor(['e2e/browser/hostProcess.ts'], files, read)).toEqual([
      'e2e/browser/groupTwoHosts.spec.ts',
      'e2e/browser/history.spec.ts',
      'e2e/browser/phone.spec.ts',
    ]);
  });

  it("names only specs the repo has: every rule's spec names at least one spec file", () => {
    const specs = ['e2e/browser', 'e2e/shell'].flatMap((folder) =>
      readdirSync(folder)
        .filter((name) => name.endsWith('.spec.ts'))
        .map((name) => `${folder}/${name}`),
    );
    const dead = E2E_MAP.flatMap(({ specs: starts }) => starts).filter((start) => !specs.some((spec) => spec.startsWith(start)));
    expect(dead).toEqual([]);
  });
});
