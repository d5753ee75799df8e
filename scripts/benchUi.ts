/**
 * `tsx scripts/benchUi.ts [--turns N]`: how fast the TV follows the host.
 *
 * Starts the headless host (seeded decks), opens the host console and the
 * table view in Debian's Chromium, plays N turns on the console's keyboard
 * and, for every bet, measures from the host page receiving Enter to the
 * table page's DOM showing the outcome (the third card turned, or the pot
 * changed when the deal passes and the cards leave the table), first with
 * motion reduced (the target excludes animation), then with it on. Both instants
 * are `performance.timeOrigin + performance.now()` taken inside the pages, so
 * neither Playwright's round trips nor Node's clock are counted.
 *
 * Also reports each page's first-load JavaScript, gzipped (harness/firstLoad.ts). Builds nothing:
 * run `npm run build` first. Prints one JSON object per line; exit code 0
 * whatever the numbers (benchmarks report, they do not fail the build).
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CHROMIUM_ARGS, chromiumExecutable } from '../e2e/chromium';
import { chromium, type Browser, type Page } from '@playwright/test';
import { freshDataDir, removeDataDir, startHostProcess } from '../e2e/browser/hostProcess';
import { firstLoadLines } from '../harness/firstLoad';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const RENDERER = join(ROOT, 'out/renderer');
const DECK_SEED = 'be9c4a11';
const TARGET_P95_MS = 16;
const PLAYERS = ['Ann', 'Bob', 'Cy', 'Dee'];
/** Enough that nobody runs out of chips betting 1 a turn for a few hundred turns. */
const STARTING_CHIPS = '1000';

declare global {
  interface Window {
    /** Host page: when it last received Enter. */
    __enterAt?: number;
    /** Table page: starts watching for the outcome of the bet about to be placed. */
    __armOutcome?: () => void;
    __outcomeAt?: number | null;
    /** Table and host pages: resolves with `__outcomeAt`, and with `__framedAt`, once each is stamped (awaited, not polled). */
    __outcome?: Promise<number>;
    __framed?: Promise<number>;
    /** When the page's WebSocket last received a message, and that instant as of the outcome. */
    __messageAt?: number;
    __outcomeMessageAt?: number | null;
    /** Table page: when the frame showing the outcome had been laid out and painted. */
    __framedAt?: number | null;
  }
}

export async function benchUi(options: { turns: number }): Promise<Record<string, unknown>[]> {
  const results: Record<string, unknown>[] = firstLoadLines(RENDERER);
  const dataDir = freshDataDir();
  const host = await startHostProcess({ deckSeed: DECK_SEED, dataDir });
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
  try {
    // The target excludes animation, so the timed figure runs with motion reduced (the card turn and
    // banner entrance off): on a software-rendered 2-core machine a running flip competes with the host
    // for the CPU. The same path with motion on is reported beside it.
    const still = await playTimedTurns(browser, host.url, { turns: options.turns, motion: 'reduce', startNight: true });
    const moving = await playTimedTurns(browser, host.url, {
      turns: Math.ceil(options.turns / 2),
      motion: 'no-preference',
      startNight: false,
    });
    results.push(
      summary(
        'bet-to-table-ms',
        still.table,
        `p95 <= ${TARGET_P95_MS}`,
        (s) => s.p95 <= TARGET_P95_MS,
        'prefers-reduced-motion: animation excluded',
      ),
      summary('bet-to-table-with-motion-ms', moving.table, 'none (diagnostic)', () => true, 'card turn and banner animations running'),
      // For reading the figures above: the same path to the console's own screen, no target.
      summary('bet-to-console-ms', still.console, 'none (diagnostic)', () => true, 'prefers-reduced-motion'),
      // The console's figure split the same way: the command there and back, then the console's own update.
      summary(
        'bet-to-console-message-ms',
        still.consoleUpstream,
        'none (diagnostic)',
        () => true,
        'Enter to the view arriving back at the console page',
      ),
      summary(
        'console-message-to-dom-ms',
        still.consoleRender,
        'none (diagnostic)',
        () => true,
        'the console page: parse, store, Vue update, DOM',
      ),
      // The table's figure in two parts: until its socket receives the view (console, host, network), then its own update.
      summary('bet-to-table-message-ms', still.upstream, 'none (diagnostic)', () => true, 'Enter to the view arriving at the table page'),
      summary('table-message-to-dom-ms', still.render, 'none (diagnostic)', () => true, 'the table page: parse, store, Vue update, DOM'),
      summary(
        'bet-to-table-frame-ms',
        still.framed,
        'none (diagnostic)',
        () => true,
        'to the end of the frame that shows it: style, layout, paint included',
      ),
      summary('bet-to-table-frame-with-motion-ms', moving.framed, 'none (diagnostic)', () => true, 'the same with animations running'),
      { bench: 'ui-turns-played', turns: moving.turnsPlayed, bets: still.table.length + moving.table.length },
    );
  } finally {
    await browser.close();
    await host.stop();
    removeDataDir(dataDir);
  }
  return results;
}

interface TimedTurns {
  table: number[];
  console: number[];
  /** Enter to the view message reaching the table page's socket. */
  upstream: number[];
  /** The view message to the table's DOM showing the outcome. */
  render: number[];
  /** Enter to the table's next frame after the outcome, laid out and painted (the DOM figure plus style, layout, paint). */
  framed: number[];
  /** Enter to the view message reaching the console's own socket, and from there to the console's DOM. */
  consoleUpstream: number[];
  consoleRender: number[];
  turnsPlayed: number;
}

/** Stamps every message a page's WebSocket receives, before the page's own handler runs (both pages, so each figure splits at its socket). */
const SOCKET_PROBE = `
  (() => {
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(...args) {
        super(...args);
        this.addEventListener('message', () => {
          window.__messageAt = performance.timeOrigin + performance.now();
        });
      }
    };
  })()
`;

/** Opens the console and the table in a fresh browser context and plays `turns` more turns, timing every bet. */
async function playTimedTurns(
  browser: Browser,
  url: string,
  options: { turns: number; motion: 'reduce' | 'no-preference'; startNight: boolean },
): Promise<TimedTurns> {
  // Two contexts, so two renderer processes as with the app's two windows: in one context the pages
  // would share a main thread and each would wait for the other's rendering.
  const contexts = await Promise.all(
    [0, 1].map(() => browser.newContext({ viewport: { width: 1920, height: 1080 }, reducedMotion: options.motion })),
  );
  try {
    await Promise.all(contexts.map((c) => c.addInitScript(SOCKET_PROBE)));
    const consolePage = await contexts[0]!.newPage();
    const table = await contexts[1]!.newPage();
    await consolePage.goto(`${url}#/`);
    await table.goto(`${url}#/table`);
    if (options.startNight) await startNight(consolePage);
    await consolePage.waitForSelector('[data-testid="pot"]');
    await table.waitForSelector('[data-testid="pot"]');
    await installProbes(consolePage, table);
    const timed: TimedTurns = {
      table: [],
      console: [],
      upstream: [],
      render: [],
      framed: [],
      consoleUpstream: [],
      consoleRender: [],
      turnsPlayed: 0,
    };
    const until = (await turnsPlayed(consolePage)) + options.turns;
    while (timed.turnsPlayed < until) {
      const phase = await consolePage.getAttribute('[data-testid="phase"]', 'data-phase');
      if (phase === 'bet') {
        const bet = await timedBet(consolePage, table);
        timed.table.push(bet.table);
        timed.console.push(bet.console);
        timed.upstream.push(bet.upstream);
        timed.render.push(bet.table - bet.upstream);
        timed.framed.push(bet.framed);
        timed.consoleUpstream.push(bet.consoleUpstream);
        timed.consoleRender.push(bet.console - bet.consoleUpstream);
      } else await pressAndWait(consolePage, phase === 'ace-call' ? 'h' : 'Enter');
      timed.turnsPlayed = await turnsPlayed(consolePage);
    }
    return timed;
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
}

/** The lobby on the keyboard, with deep stacks so a few hundred turns of 1-chip bets fit. */
async function startNight(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid="lobby"]');
  await page.fill('[data-testid="starting-chips"]', STARTING_CHIPS);
  await page.keyboard.press('Escape');
  await page.keyboard.press('n');
  for (const name of PLAYERS) {
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
  }
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="pot"]');
}

/** Arms a MutationObserver that stamps the instant a page shows the bet's outcome (same test ids on both screens). */
const OUTCOME_PROBE = `
  (() => {
    let observer = null;
    window.__armOutcome = function () {
      if (observer) observer.disconnect();
      window.__outcomeAt = null;
      window.__framedAt = null;
      let shown, framed;
      window.__outcome = new Promise(function (done) { shown = done; });
      window.__framed = new Promise(function (done) { framed = done; });
      const pot = () => document.querySelector('[data-testid="pot"]')?.getAttribute('data-value');
      const potBefore = pot();
      observer = new MutationObserver(function () {
        const third = document.querySelector('[data-testid="third-card"]')?.getAttribute('data-card');
        if (!third && pot() === potBefore) return;
        window.__outcomeAt = performance.timeOrigin + performance.now();
        window.__outcomeMessageAt = window.__messageAt ?? null;
        observer.disconnect();
        shown(window.__outcomeAt);
        // After the next frame's style, layout and paint on the main thread: a task queued from requestAnimationFrame.
        requestAnimationFrame(function () {
          const channel = new MessageChannel();
          channel.port1.onmessage = function () {
            window.__framedAt = performance.timeOrigin + performance.now();
            framed(window.__framedAt);
          };
          channel.port2.postMessage(0);
        });
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    };
  })()
`;

async function installProbes(consolePage: Page, table: Page): Promise<void> {
  await consolePage.evaluate(() => {
    // Capture phase on the window: runs before the console's own key handler.
    window.addEventListener('keydown', (e) => e.key === 'Enter' && (window.__enterAt = performance.timeOrigin + performance.now()), true);
  });
  // A string, not a function: tsx's name-keeping helper does not exist inside the page.
  await table.evaluate(OUTCOME_PROBE);
  await consolePage.evaluate(OUTCOME_PROBE);
}

/** Bets 1 chip; returns the ms from the host's Enter to each screen showing the outcome, and to the view reaching the table. */
async function timedBet(
  consolePage: Page,
  table: Page,
): Promise<{ table: number; console: number; upstream: number; framed: number; consoleUpstream: number }> {
  await table.waitForFunction(() => document.querySelector('[data-testid="phase"]')?.getAttribute('data-phase') === 'bet');
  await table.evaluate(() => window.__armOutcome!());
  await consolePage.keyboard.press('1');
  await consolePage.evaluate(() => window.__armOutcome!());
  // Until both screens show the outcome, the pages run nothing of the bench's: each awaits a promise its probe
  // resolves (a `waitForFunction` would poll the page on every animation frame, work the app never has).
  await consolePage.waitForFunction(() => !document.querySelector('[data-busy]'));
  await consolePage.keyboard.press('Enter');
  const consoleAt = await consolePage.evaluate(() => window.__outcome!);
  const tableAt = await table.evaluate(() => window.__outcome!);
  const enterAt = await consolePage.evaluate(() => window.__enterAt!);
  const messageAt = await table.evaluate(() => window.__outcomeMessageAt ?? NaN);
  const consoleMessageAt = await consolePage.evaluate(() => window.__outcomeMessageAt ?? NaN);
  const framedAt = await table.evaluate(() => window.__framed!);
  return {
    table: tableAt - enterAt,
    console: consoleAt - enterAt,
    upstream: messageAt - enterAt,
    framed: Number(framedAt) - enterAt,
    consoleUpstream: consoleMessageAt - enterAt,
  };
}

/** Presses a key on the console and waits until the console shows the result. */
async function pressAndWait(page: Page, key: string): Promise<void> {
  // The console ignores keys while its last command is still in flight (the view can arrive before the reply).
  await page.waitForFunction(() => !document.querySelector('[data-busy]'));
  const before = await signature(page);
  await page.keyboard.press(key);
  await page.waitForFunction((was) => {
    const phase = document.querySelector('[data-testid="phase"]')?.getAttribute('data-phase');
    const header = document.querySelector('.bar .deal')?.textContent;
    const recent = document.querySelector('[data-testid="recent-turns"] tr')?.textContent;
    return JSON.stringify([phase, header, recent]) !== was;
  }, before);
}

function signature(page: Page): Promise<string> {
  return page.evaluate(() => {
    const phase = document.querySelector('[data-testid="phase"]')?.getAttribute('data-phase');
    const header = document.querySelector('.bar .deal')?.textContent;
    const recent = document.querySelector('[data-testid="recent-turns"] tr')?.textContent;
    return JSON.stringify([phase, header, recent]);
  });
}

async function turnsPlayed(page: Page): Promise<number> {
  // Before the draw names the first dealer the title bar has no deal line: no turn played yet.
  const header = await page.evaluate(() => document.querySelector('.bar .deal')?.textContent ?? '');
  return Number(/(\d+) turns? played/.exec(header)?.[1] ?? 0);
}

interface Summary {
  p50: number;
  p95: number;
}

function summary(bench: string, samples: number[], target: string, met: (s: Summary) => boolean, note: string): Record<string, unknown> {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN);
  const s = { p50: at(0.5), p95: at(0.95) };
  return { bench, samples: samples.length, ...s, max: round(sorted[sorted.length - 1] ?? NaN), target, met: met(s), note };
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}

const invokedDirectly = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  const { values } = parseArgs({ options: { turns: { type: 'string', default: '200' } } });
  benchUi({ turns: Number(values.turns) }).then(
    (lines) => {
      for (const line of lines) process.stdout.write(`${JSON.stringify(line)}\n`);
    },
    (error: unknown) => {
      process.stderr.write(`benchUi failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}
