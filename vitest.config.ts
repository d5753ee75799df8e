import { defineConfig } from 'vitest/config';

// Unit tests live beside the code; Playwright owns e2e/ (see playwright.config.ts).
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude: ['e2e/**', 'node_modules/**', 'out/**'],
  },
});
