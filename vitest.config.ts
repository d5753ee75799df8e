import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The tests' temporary folders in memory when the machine has room there (a Linux tmpfs, /dev/shm). Nearly every
 * test that plays a night writes real journals through the store, and the store waits for each append to reach the
 * disk (fdatasync): on a disk that is the night matrix's biggest cost (a third of its time in one profile), while
 * no test can tell a disk from memory, since a process killed with SIGKILL loses nothing the kernel holds either
 * way. The folder is this run's own and goes when the run ends; where there is no tmpfs with room, the system's.
 */
function memoryTmpDir(): string | null {
  const shm = '/dev/shm';
  try {
    const stats = fs.statfsSync(shm);
    if (stats.bavail * stats.bsize < 2 * 1024 ** 3) return null;
    const dir = fs.mkdtempSync(path.join(shm, 'in-between-dealer-tests-'));
    process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
  } catch {
    return null;
  }
}

const tmpDir = process.env.VITEST_WORKER_ID === undefined ? memoryTmpDir() : null;
// The test files' processes are started from this one and inherit its environment: os.tmpdir() is read at each call.
if (tmpDir !== null) process.env.TMPDIR = tmpDir;

// Unit tests live beside the code; Playwright owns e2e/ (see playwright.config.ts).
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude: ['e2e/**', 'node_modules/**', 'out/**'],
    // A test is not a timer (speed lives in `npm run bench`): vitest's 5 s default failed right answers on a
    // 2-core machine under load (a deep-nesting parse, a CLI child, a matrix night); a hang still fails.
    testTimeout: 30_000,
    // Two test files at a time at least. vitest's default keeps a core for its own process (cores - 1), which on a
    // 2-core machine ran one file at a time: the two halves of the night matrix ran one after the other, and a core
    // sat idle whenever a test waited on a child process, a socket or a timer. Its own process needs little.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // Each file in a fresh worker thread rather than a fresh child process: the whole run took 267 s instead of
    // 282-287 s on 2 cores (docs/development.md), every test passing the same; no test changes directory or
    // needs a process of its own (those that kill one start it themselves).
    pool: 'threads',
  },
});
