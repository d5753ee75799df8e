/**
 * The TV turns its pages by itself (the results, then each page of bank codes: usePages.ts, every 12 s). A spec
 * that waits for the next page does not sit through those seconds: the page's clock is Playwright's (installed
 * before the page loads, it flows like the real one), and the spec jumps it a second at a time until what the next
 * page shows is there. The same timer turns the same page within the same bound, only sooner.
 */
import type { BrowserContext, Page } from '@playwright/test';

/** One jump of the page's clock: shorter than a page, so no page is skipped between two looks. */
const STEP_MS = 1_000;
/** How long (real time) each look waits for what is asked before the clock jumps again. */
export const LOOK = { timeout: 250 } as const;

/** Installs the jumpable clock in every page of the context; call it before the first page loads. */
export async function jumpableClock(context: BrowserContext | Page): Promise<void> {
  await context.clock.install();
}

/**
 * Runs `check` (assertions with a short timeout, e.g. `LOOK`) until it passes, jumping the page's clock a second
 * after each failed look, for at most `withinMs` of the page's time; then the last failure is thrown.
 */
export async function untilTvTurns(page: Page, check: () => Promise<void>, withinMs = 15_000): Promise<void> {
  for (let jumped = 0; ; jumped += STEP_MS) {
    try {
      await check();
      return;
    } catch (failure) {
      if (jumped >= withinMs) throw failure;
    }
    await page.clock.fastForward(STEP_MS);
  }
}
