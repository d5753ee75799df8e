/**
 * Reading the host console and the table view the way a person would: what
 * the screen shows (test ids and their data-value), never the app's state.
 */
import { expect, type Page } from '@playwright/test';

/**
 * How often `expect.poll` looks again for what a key changes on the console. Playwright's own intervals (100, 250,
 * 500, then 1,000 ms) sleep past an answer that came after 20 ms by up to a second, on every key of a night; this
 * looks as often as a person would see it change, and waits as long (the expect timeout) for it.
 */
export const EVERY_FEW_MS = { intervals: [20, 20, 50, 100] };

/** One moment of a screen, read in a single pass so its parts agree. */
export interface Picture {
  phase: string;
  pot: number | null;
  stacks: Record<string, number>;
  /** Finished turns, from the console's header. */
  turns: number;
  /** The player whose row is marked to act, or null. */
  toActId: string | null;
  /** The newest row of "Recent turns": its number and outcome word. */
  lastTurn: { n: number; outcome: string } | null;
  /** "{winners} of {remaining} cards win" while a bet is awaited. */
  odds: { winners: number; remaining: number } | null;
  /** "{name} bets {min} to {max}" while a bet is awaited. */
  betLimits: { min: number; max: number } | null;
  error: string | null;
}

/** The chips and the step of the night: what must not change when nothing was recorded. */
export function chipsAndPhase(p: Picture): Pick<Picture, 'phase' | 'pot' | 'stacks' | 'turns'> {
  return { phase: p.phase, pot: p.pot, stacks: p.stacks, turns: p.turns };
}

export async function picture(page: Page): Promise<Picture> {
  return page.evaluate(() => {
    const byId = (id: string) => document.querySelector(`[data-testid="${id}"]`);
    const number = (el: Element | null) => (el?.getAttribute('data-value') != null ? Number(el.getAttribute('data-value')) : null);
    const stacks: Record<string, number> = {};
    for (const el of document.querySelectorAll('[data-testid^="stack-"]')) {
      stacks[el.getAttribute('data-testid')!.slice('stack-'.length)] = Number(el.getAttribute('data-value'));
    }
    const turns = /(\d+) turns? played/.exec(document.querySelector('.bar .deal')?.textContent ?? '');
    const acting =
      document
        .querySelector('tr.acting')
        ?.getAttribute('data-testid')
        ?.replace(/^player-/, '') ?? null;
    const row = document.querySelector('[data-testid="recent-turns"] tr');
    const cells = row ? [...row.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '') : [];
    const odds = /(\d+) of (\d+) cards win/.exec(byId('odds')?.textContent ?? '');
    const limits = /bets (\d+) to (\d+)/.exec(document.querySelector('.phase-panel')?.textContent ?? '');
    return {
      phase: byId('phase')?.getAttribute('data-phase') ?? '',
      pot: number(byId('pot')),
      stacks,
      turns: turns ? Number(turns[1]) : 0,
      toActId: acting,
      lastTurn: cells.length > 0 ? { n: Number(cells[0]), outcome: cells[cells.length - 1] ?? '' } : null,
      odds: odds ? { winners: Number(odds[1]), remaining: Number(odds[2]) } : null,
      betLimits: limits ? { min: Number(limits[1]), max: Number(limits[2]) } : null,
      error: byId('error')?.textContent?.trim() ?? null,
    };
  });
}

/** What a keypress can change on the console; a refused command changes none of it. */
function gameKey(p: Picture): string {
  return JSON.stringify([p.phase, p.pot, p.stacks, p.turns, p.lastTurn]);
}

/** The table view shows the pot, every stack and the phase the console shows (polling, no sleeps). */
export async function expectTableAgrees(table: Page, console: Picture): Promise<void> {
  await expect(table.getByTestId('phase')).toHaveAttribute('data-phase', console.phase);
  if (console.phase === 'ended') {
    await expect(table.getByTestId('results')).toBeVisible();
    return;
  }
  await expect(table.getByTestId('pot')).toHaveAttribute('data-value', String(console.pot));
  for (const [id, stack] of Object.entries(console.stacks)) {
    await expect(table.getByTestId(`stack-${id}`)).toHaveAttribute('data-value', String(stack));
  }
}

/** Waits until the console shows something new after a key, and returns it. */
export async function nextPicture(page: Page, before: Picture, what: string): Promise<Picture> {
  let now = before;
  await expect
    .poll(
      async () => {
        now = await picture(page);
        return gameKey(now) !== gameKey(before);
      },
      { ...EVERY_FEW_MS, message: `the console should change after ${what}` },
    )
    .toBe(true);
  return now;
}

/**
 * Presses a key on the console and waits until its answer is on the screen: the command's in-flight mark gone
 * (CommandInFlight.vue) and the page's text changed. As soon as a person could see it, instead of a fixed pause;
 * a key that shows nothing new fails here rather than later.
 */
export async function pressAndSee(page: Page, key: string): Promise<void> {
  const before = await page.evaluate(() => document.body.innerText);
  await page.keyboard.press(key);
  await page.waitForFunction((shown) => !document.querySelector('[data-busy]') && document.body.innerText !== shown, before, {
    timeout: 10_000,
  });
}

export function sum(stacks: Record<string, number>): number {
  return Object.values(stacks).reduce((a, b) => a + b, 0);
}

/** Plays turns from the keyboard (a bet of 1 whenever one is asked) until `turns` are played and the next deal waits. */
export async function playTurns(page: Page, turns: number): Promise<void> {
  for (let guard = 0; guard < 200; guard++) {
    const now = await picture(page);
    if (now.turns >= turns && now.phase === 'ready') return;
    const before = JSON.stringify([now.phase, now.turns, now.pot, now.stacks]);
    // The view of the last command can arrive before its answer: the next key goes once the console is not busy.
    await expect(page.locator('[data-busy]')).toHaveCount(0);
    if (now.phase === 'bet') {
      await page.keyboard.press('1');
      await page.keyboard.press('Enter');
    } else if (now.phase === 'ace-call' || now.phase === 'pair-call') {
      const higher =
        (await page.getByTestId('pair-call-prompt').count()) === 0 ||
        ((await page.getByTestId('pair-call-prompt').textContent()) ?? '').includes('H for higher');
      await page.keyboard.press(higher ? 'h' : 'l');
    } else {
      await page.keyboard.press('Enter');
    }
    await expect
      .poll(async () => {
        const after = await picture(page);
        return JSON.stringify([after.phase, after.turns, after.pot, after.stacks]);
      }, EVERY_FEW_MS)
      .not.toBe(before);
  }
  throw new Error(`the night did not reach ${turns} turns`);
}

/** E, then Enter on the question: the night ends (R22) and the console shows its results. */
export async function endNight(page: Page): Promise<void> {
  await page.keyboard.press('e');
  await expect(page.getByTestId('confirm')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('phase')).toHaveAttribute('data-phase', 'ended');
}
