import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { RULE_PRESETS } from '../src/shared/settings';
import { fixtureNight } from '../src/checker/testing/fixtureNight';
import { main } from './checkNight';
import { simulateNight } from './lib/simulation';

/** `npm run check-night -- FILE...`: what it prints and the exit codes, and the checker's layering. */
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'check-night-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

function run(files: string[]): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = main(
    files,
    (text) => (out += text),
    (text) => (err += text),
  );
  return { code, out, err };
}

const night = simulateNight({ seed: Buffer.from('cli-night'), players: 4, turns: 30, rules: RULE_PRESETS.standard, startingChips: 30 });
const good = path.join(folder, 'good.json');
fs.writeFileSync(good, JSON.stringify(night));

describe('npm run check-night', () => {
  it('exit 0 and "no findings" for a night played by the rules', () => {
    const { code, out } = run([good]);
    expect(out).toBe(`${good}: no findings\n`);
    expect(code).toBe(0);
  });

  it('R24: exit 1, each finding with its rule, turn and what was expected and found', () => {
    const changed = JSON.parse(JSON.stringify(night)) as typeof night;
    const turn = changed.turns.find((t) => t.potAfter !== null && t.potAfter > 0 && !t.void);
    if (!turn) throw new Error('no turn');
    turn.potAfter = (turn.potAfter ?? 0) + 1;
    const bad = path.join(folder, 'bad.json');
    fs.writeFileSync(bad, JSON.stringify(changed));
    const { code, out } = run([good, bad]);
    expect(out).toContain(`R24 turn ${turn.n}: expected potAfter ${turn.potAfter - 1}, found potAfter ${turn.potAfter}`);
    expect(code).toBe(1);
  });

  it('R35: a night moved between two laptops: which laptop wrote which lines of its record, and where each signed them', () => {
    const fixture = fs.readFileSync(path.resolve('src/checker/fixtures/signed-night.json'), 'utf8');
    const moved = fixtureNight(fixture, { kind: 'hand-over', after: 10 });
    const file = path.join(folder, 'moved.json');
    fs.writeFileSync(file, JSON.stringify(moved));
    const [first, second] = moved.record.laptops.map((l) => `${l.name} (${l.laptopId})`);
    const { code, out } = run([file]);
    expect(out).toBe(
      `${file}: no findings\n` +
        `  record: lines 2-12 (epoch 1): written by ${first}, signed by it on line 13\n` +
        `  record: lines 14-${moved.record.journal.split('\n').length - 2} (epoch 2): written by ${second}, signed by it on line ${moved.record.journal.split('\n').length - 1}\n`,
    );
    expect(code).toBe(0);
  });

  it('exit 2 for a file that is not JSON, not an export, or missing, with the reason on stderr', () => {
    const notJson = path.join(folder, 'not.json');
    fs.writeFileSync(notJson, '{ nope');
    const other = path.join(folder, 'other.json');
    fs.writeFileSync(other, JSON.stringify({ format: 'in-between-tab/1' }));
    for (const file of [notJson, other, path.join(folder, 'missing.json')]) {
      const { code, err } = run([file]);
      expect(code).toBe(2);
      expect(err).toContain(file);
    }
    expect(run([]).code).toBe(2);
  });
});

describe('layering (eslint.config.js)', () => {
  it('the night checker may not import the engine, ledger, night, session, store or history', async () => {
    // The layering rule alone, without the type-aware rules: their TypeScript program took 10 s to build and has no
    // say on imports.
    const eslint = new ESLint({
      overrideConfig: { files: ['src/checker/**/*.ts'], languageOptions: { parserOptions: { projectService: false } } },
      ruleFilter: ({ ruleId }) => ruleId === '@typescript-eslint/no-restricted-imports',
    });
    const [result] = await eslint.lintText(
      "import { exportNight } from '../main/night';\nimport { foldEntries } from '../main/ledger';\nexport const used = [exportNight, foldEntries];\n",
      {
        // An existing file of the checker, where the checker's rules apply.
        filePath: path.resolve('src/checker/index.ts'),
      },
    );
    const restricted = result?.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports') ?? [];
    expect(restricted.map((m) => m.line)).toEqual([1, 2]);
  }, 60_000);
});
