import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { firstLoadLines } from '../../harness/firstLoad';

/**
 * What each page downloads before it shows anything, gzipped, from the build
 * `npm run test:e2e` has just made: a phone joining over the house Wi-Fi, the
 * console and the TV starting. A size, not a time, so it is the same on every
 * machine; the budgets are the `first-load-*-kb` lines of `npm run bench`
 * (docs/benchmarks.md). A page that starts loading the schema library or a panel it does
 * not show yet fails here, before anyone measures it by hand.
 */
const RENDERER = resolve(import.meta.dirname, '../../out/renderer');

test('each page loads no more than its budget before it shows the table (first-load bench lines)', () => {
  const lines = firstLoadLines(RENDERER);
  expect(lines.map((line) => line.bench)).toEqual(['first-load-console-kb', 'first-load-tv-kb', 'first-load-phone-kb']);
  for (const line of lines) {
    expect.soft(line.met, `${String(line.bench)}: ${String(line.kB)} kB, ${String(line.target)}`).toBe(true);
  }
});
