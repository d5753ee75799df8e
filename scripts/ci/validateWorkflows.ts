import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateWorkflow, type ValidationError } from '@action-validator/core';

/**
 * The GitHub workflows checked against GitHub's workflow schema
 * (`npm run lint`): a misspelt key, a job without `runs-on` or a step
 * without `run`/`uses` fails here instead of on GitHub after a push. The
 * check is @action-validator/core, a WebAssembly build of action-validator
 * (no binary to download).
 */

export const WORKFLOWS_DIR = resolve(fileURLToPath(new URL('../../.github/workflows', import.meta.url)));

/** One line per problem ("/jobs/test: Additional property 'step' is not allowed"), empty when the workflow is valid. */
export function workflowProblems(yaml: string): string[] {
  return validateWorkflow(yaml).errors.flatMap((error) => describe(error));
}

function describe(error: ValidationError, inherited = ''): string[] {
  const at = 'path' in error && error.path ? error.path : inherited || '/';
  const where = 'location' in error && error.location ? ` (line ${error.location.line}, column ${error.location.column})` : '';
  const nested = 'states' in error && error.states ? error.states.flatMap((state) => state.errors.flatMap((e) => describe(e, at))) : [];
  // A "none of the alternatives fit" is explained by its alternatives' own errors when it has them.
  if (nested.length > 0) return [...new Set(nested)];
  return [`${at}: ${error.detail ?? error.title}${where}`];
}

/** Every .yml/.yaml file in `dir`, with its problems; a folder without workflows is a problem too. */
export function validateWorkflowFolder(dir: string = WORKFLOWS_DIR): { file: string; problems: string[] }[] {
  const files = readdirSync(dir)
    .filter((name) => /\.ya?ml$/.test(name))
    .sort();
  if (files.length === 0) return [{ file: dir, problems: ['no workflow (.yml) found'] }];
  return files.map((name) => ({ file: join(dir, name), problems: workflowProblems(readFileSync(join(dir, name), 'utf8')) }));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const results = validateWorkflowFolder(process.argv[2] ? resolve(process.argv[2]) : WORKFLOWS_DIR);
  let failed = false;
  for (const { file, problems } of results) {
    const name = relative(process.cwd(), file) || file;
    if (problems.length === 0) {
      console.log(`workflow ok: ${name}`);
      continue;
    }
    failed = true;
    console.error(`workflow invalid: ${name}`);
    for (const problem of problems) console.error(`  ${problem}`);
  }
  process.exit(failed ? 1 : 0);
}
