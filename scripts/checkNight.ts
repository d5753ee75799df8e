import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkNight, formatFinding, recordWriters } from '../src/checker';

/**
 * `npm run check-night -- FILE...`: re-judges exported nights from the rules
 * (docs/night-checker.md). Exit 0: no rule broken (what the export cannot
 * tell is printed, as "cannot check"); 1: a rule broken; 2: a file that
 * cannot be read as an export. A night that moved between laptops (R35) is
 * followed by who wrote which lines of its record and where each signed them.
 */
export function main(
  files: readonly string[],
  out: (text: string) => void = (t) => process.stdout.write(t),
  err: (text: string) => void = (t) => process.stderr.write(t),
): number {
  if (files.length === 0) {
    err('usage: npm run check-night -- FILE...\n');
    return 2;
  }
  let code = 0;
  for (const file of files) {
    let json: unknown;
    try {
      json = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch (error) {
      err(`${file}: cannot read: ${(error as Error).message}\n`);
      code = 2;
      continue;
    }
    const findings = checkNight(json);
    if (findings.length === 1 && findings[0]?.rule === 'format') {
      err(`${file}: not an in-between-night/2 export: ${findings[0].found}\n`);
      code = 2;
      continue;
    }
    out(`${file}: ${findings.length === 0 ? 'no findings' : `${findings.length} finding(s)`}\n`);
    for (const finding of findings) out(`  ${formatFinding(finding)}\n`);
    // R35: a night that moved says which laptop wrote which lines of its record, and where each signed them.
    for (const epoch of recordWriters(json)) out(`  record: ${epoch}\n`);
    if (findings.some((f) => f.kind === 'violation') && code === 0) code = 1;
  }
  return code;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2));
}
