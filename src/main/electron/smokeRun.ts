import { writeFileSync } from 'node:fs';

/**
 * The packaged app's smoke run (the release workflow; docs/release.md):
 * `--smoke-report=FILE --user-data-dir=DIR` starts the app as a host would,
 * waits until both windows have loaded and the console's bridge has
 * answered `getView` from main, writes what it saw to FILE as JSON, and
 * quits. It reads and changes nothing of a host's: it refuses to run without
 * its own --user-data-dir, so the data folder is the throwaway one given.
 */
const SMOKE_SWITCH = '--smoke-report';
export const SMOKE_TIMEOUT_MS = 60_000;

export type SmokeRequest = { kind: 'none' } | { kind: 'run'; reportPath: string } | { kind: 'refused'; reason: string };

function switchValue(argv: readonly string[], name: string): string | undefined | null {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === name) return argv[i + 1] ?? '';
    if (arg.startsWith(`${name}=`)) return arg.slice(name.length + 1);
  }
  return null;
}

/** Whether this launch is a smoke run, from the command line. */
export function smokeRequest(argv: readonly string[]): SmokeRequest {
  const reportPath = switchValue(argv, SMOKE_SWITCH);
  if (reportPath === null) return { kind: 'none' };
  if (!reportPath) return { kind: 'refused', reason: `${SMOKE_SWITCH} needs a file to write the report to (${SMOKE_SWITCH}=FILE)` };
  const userData = switchValue(argv, '--user-data-dir');
  if (!userData)
    return {
      kind: 'refused',
      reason: `${SMOKE_SWITCH} runs only on a throwaway data folder: add --user-data-dir=DIR (a host's data is never opened by a smoke run)`,
    };
  return { kind: 'run', reportPath };
}

/** What a smoke run saw; `ok` only when the app started, both windows loaded from app:// and the bridge answered. */
export interface SmokeReport {
  ok: boolean;
  name: string;
  version: string;
  platform: string;
  /** Each window's page, e.g. app://dealer/index.html#/ and #/table. */
  windows: string[];
  /** The keys of the view main returned through the console's bridge. */
  viewKeys: string[];
  error?: string;
}

/** The verdict on what the app showed: both windows from our origin, and a view with a night slot and a roster. */
export function judgeSmoke(seen: Omit<SmokeReport, 'ok' | 'error'>): SmokeReport {
  const routes = seen.windows.map((url) => url.replace(/^app:\/\/dealer\/index\.html/, '')).sort();
  const problems: string[] = [];
  if (JSON.stringify(routes) !== JSON.stringify(['#/', '#/table']))
    problems.push(`windows ${seen.windows.join(', ') || 'none'} are not the console and the table from app://dealer`);
  for (const key of ['night', 'roster']) if (!seen.viewKeys.includes(key)) problems.push(`the view has no ${key}`);
  return problems.length ? { ...seen, ok: false, error: problems.join('; ') } : { ...seen, ok: true };
}

export function writeSmokeReport(reportPath: string, report: SmokeReport): void {
  writeFileSync(reportPath, `${JSON.stringify(report, null, 2)}\n`, 'utf8');
}
