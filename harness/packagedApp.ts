import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FuseState, FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { DEALER_FUSES } from './electronFuses';

/**
 * Checks of a packaged app (the release workflow and e2e/electron/packaged.spec.ts):
 * its fuses read back from the binary, and a smoke run of it.
 */

/** electron-builder's option for each fuse on @electron/fuses' wire (WasmTrapHandlers stays Electron's default). */
const OPTION_FOR_FUSE: Partial<Record<FuseV1Options, keyof typeof DEALER_FUSES>> = {
  [FuseV1Options.RunAsNode]: 'runAsNode',
  [FuseV1Options.EnableCookieEncryption]: 'enableCookieEncryption',
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: 'enableNodeOptionsEnvironmentVariable',
  [FuseV1Options.EnableNodeCliInspectArguments]: 'enableNodeCliInspectArguments',
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: 'enableEmbeddedAsarIntegrityValidation',
  [FuseV1Options.OnlyLoadAppFromAsar]: 'onlyLoadAppFromAsar',
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: 'loadBrowserProcessSpecificV8Snapshot',
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: 'grantFileProtocolExtraPrivileges',
};

/** One line per fuse whose state in the binary is not DEALER_FUSES's; empty when all agree. */
function fuseMismatches(wire: Partial<Record<number, FuseState | string>>): string[] {
  const problems: string[] = [];
  for (const [index, option] of Object.entries(OPTION_FOR_FUSE)) {
    const wanted = DEALER_FUSES[option] ? FuseState.ENABLE : FuseState.DISABLE;
    const actual = wire[Number(index)];
    if (actual !== wanted) {
      const name = FuseV1Options[Number(index)];
      problems.push(`${name} (${option}) is ${describeState(actual)}, should be ${describeState(wanted)}`);
    }
  }
  return problems;
}

function describeState(state: FuseState | string | undefined): string {
  if (state === FuseState.ENABLE) return 'on';
  if (state === FuseState.DISABLE) return 'off';
  if (state === FuseState.REMOVED) return 'removed';
  return state === undefined ? 'absent' : `unknown (${JSON.stringify(state)})`;
}

/** The fuses of the app at `appPath` (an executable, or a macOS .app), checked against DEALER_FUSES. */
export async function readFuseMismatches(appPath: string): Promise<string[]> {
  return fuseMismatches((await getCurrentFuseWire(appPath)) as unknown as Record<number, FuseState>);
}

/** The program to start for an app at `appPath`: a macOS .app's executable inside it, else the path itself. */
export function executableOf(appPath: string): string {
  if (!appPath.endsWith('.app')) return appPath;
  const name = appPath
    .replace(/\\/g, '/')
    .split('/')
    .pop()!
    .replace(/\.app$/, '');
  return join(appPath, 'Contents', 'MacOS', name);
}

export interface SmokeResult {
  ok: boolean;
  exitCode: number | null;
  report: Record<string, unknown> | null;
  output: string;
}

/**
 * Starts the packaged app with `--smoke-report` on a throwaway data folder
 * (src/main/electron/smokeRun.ts) and reads the report it writes before
 * quitting (a file, because a packaged GUI app's stdout may go nowhere on
 * Windows). On Linux without a display, run the caller under xvfb-run.
 */
export async function smokeRun(executable: string, options: { timeoutMs?: number; extraArgs?: string[] } = {}): Promise<SmokeResult> {
  const work = mkdtempSync(join(tmpdir(), 'dealer-smoke-'));
  const reportPath = join(work, 'report.json');
  const args = [`--smoke-report=${reportPath}`, `--user-data-dir=${join(work, 'user-data')}`, ...(options.extraArgs ?? [])];
  if (process.platform === 'linux' && process.getuid?.() === 0) args.push('--no-sandbox');
  try {
    const { exitCode, output } = await new Promise<{ exitCode: number | null; output: string }>((done, failed) => {
      const child = spawn(executable, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      const timer = setTimeout(() => {
        child.kill();
        output += `\n(killed after ${options.timeoutMs ?? 90_000} ms)`;
      }, options.timeoutMs ?? 90_000);
      child.on('error', failed);
      child.on('exit', (code) => {
        clearTimeout(timer);
        done({ exitCode: code, output });
      });
    });
    let report: Record<string, unknown> | null = null;
    try {
      report = JSON.parse(readFileSync(reportPath, 'utf8')) as Record<string, unknown>;
    } catch {
      report = null;
    }
    return { ok: report?.['ok'] === true && exitCode === 0, exitCode, report, output };
  } finally {
    rmSync(work, { recursive: true, force: true, maxRetries: 5 });
  }
}
