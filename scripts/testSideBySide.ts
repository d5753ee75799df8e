/**
 * `npm test`'s last step: the unit tests and the end-to-end tests side by side, not one after the other.
 *
 * Why: on a 2-core machine the end-to-end run keeps about one core busy (its time is mostly a browser waiting on
 * frames, sockets and the host's answers, one spec at a time), while a second Playwright worker only fought the
 * first for the same cores. The unit tests fill the other core meanwhile, on one vitest worker. Both run to their
 * end even when one fails, so a run reports every failure; the exit status is 1 when either failed.
 *
 * The end-to-end output is printed as it comes (it is the long one); the unit tests' output is kept and printed in
 * one piece when they finish, so the two never interleave line by line.
 */
import { spawn } from 'node:child_process';

interface Finished {
  name: string;
  code: number;
  seconds: number;
}

function run(name: string, args: string[], live: boolean): Promise<Finished & { output: string }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', args, { stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('close', (code, signal) =>
      resolve({
        name,
        code: code ?? (signal ? 1 : 0),
        seconds: Math.round((Date.now() - started) / 1000),
        output: Buffer.concat(chunks).toString('utf8'),
      }),
    );
  });
}

const unit = run('unit tests', ['run', 'test:unit', '--', '--maxWorkers=1'], false).then((done) => {
  process.stdout.write(`\n----- ${done.name} (beside the end-to-end tests), ${done.seconds} s -----\n${done.output}\n-----\n`);
  return done;
});
const e2e = run('end-to-end tests', ['run', 'test:e2e'], true);

const results: Finished[] = await Promise.all([unit, e2e]);
for (const { name, code, seconds } of results) console.log(`${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s`);
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
