import os from 'node:os';
import { defineConfig } from 'vitest/config';

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
  },
});
