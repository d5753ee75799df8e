import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, verdictFor } from '../../e2e/electron/electronBinary';

/**
 * REQUIRE_ELECTRON=1 (set by .github/workflows/ci.yml) turns a missing
 * Electron binary from a skip into a failure of the real-Electron specs.
 * Shown here by running one of them under Playwright with the binary taken
 * from an empty folder (ELECTRON_OVERRIDE_DIST_PATH), so it is missing on
 * every machine, CI's included.
 */

const missing = { path: '/nowhere/electron', installed: false };

describe('REQUIRE_ELECTRON decides what a missing Electron binary does to its specs', () => {
  it('without it the specs skip, with the reason', () => {
    expect(verdictFor(missing, 'the Electron binary is not installed', {})).toEqual({
      kind: 'skip',
      reason: 'the Electron binary is not installed',
    });
  });

  it('with REQUIRE_ELECTRON=1 they fail, saying so', () => {
    expect(verdictFor(missing, 'the Electron binary is not installed', { REQUIRE_ELECTRON: '1' })).toEqual({
      kind: 'fail',
      reason: 'REQUIRE_ELECTRON=1 and the Electron binary is not installed: the real-Electron specs must run here, not skip',
    });
  });

  it('an installed binary runs them either way', () => {
    expect(verdictFor({ ...missing, installed: true }, 'x', { REQUIRE_ELECTRON: '1' })).toEqual({ kind: 'run' });
  });
});

const noBinary = mkdtempSync(join(tmpdir(), 'dealer-no-electron-'));
afterAll(() => rmSync(noBinary, { recursive: true, force: true }));

/** Runs e2e/electron/app.spec.ts under Playwright with no Electron binary to be found. */
function runAppSpec(extraEnv: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
  const output = mkdtempSync(join(noBinary, 'out-'));
  const env: NodeJS.ProcessEnv = { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: noBinary, ...extraEnv };
  if (!extraEnv['REQUIRE_ELECTRON']) delete env['REQUIRE_ELECTRON'];
  return new Promise((done, failed) => {
    const child = spawn(
      process.execPath,
      [cli, 'test', 'e2e/electron/app.spec.ts', '--project', 'electron', '--reporter=line', '--output', output],
      {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    child.on('error', failed);
    child.on('exit', (code) => done({ code, output: text }));
  });
}

describe('the Electron specs under Playwright with no Electron binary', () => {
  it('skip with the reason printed, and the run passes, without REQUIRE_ELECTRON; fail with a clear message with REQUIRE_ELECTRON=1', async () => {
    const [skipping, requiring] = await Promise.all([runAppSpec({}), runAppSpec({ REQUIRE_ELECTRON: '1' })]);

    expect(skipping.code, skipping.output).toBe(0);
    expect(skipping.output).toMatch(/app\.spec skipped: the Electron binary is not installed/);
    expect(skipping.output).toMatch(/\d+ skipped/);
    expect(skipping.output).not.toMatch(/\d+ failed/);

    expect(requiring.code, requiring.output).toBe(1);
    expect(requiring.output).toMatch(/REQUIRE_ELECTRON=1 and the Electron binary is not installed \(.*missing/);
    expect(requiring.output).toMatch(/\d+ failed/);
  }, 180_000);
});
