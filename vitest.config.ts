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
  },
});
