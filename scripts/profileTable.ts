/**
 * `tsx scripts/profileTable.ts`: what the table page's update costs, away from
 * the host and the network. Plays a 4-player night in memory with the real
 * engine (harness/memoryTable.ts), then pushes each view into the built
 * table page (through the layout audit's stand-in for `window.api`) at
 * 1920x1080, software rendering, motion reduced, and times the store update
 * and Vue's patch (to the DOM) and the frame after it (style, layout, paint,
 * until a task queued from requestAnimationFrame runs). With `--trace FILE`
 * it also writes a Chromium performance trace of the pushes; `--screen console`
 * times the host's console instead of the table (the same views). Build first.
 */
import { parseArgs } from 'node:util';
import { CHROMIUM_ARGS, chromiumExecutable } from '../e2e/chromium';
import { chromium } from '@playwright/test';
import type { AppView } from '../src/shared';
import { DEFAULT_RULES } from '../src/shared/settings';
import { FAKE_API } from '../e2e/browser/layoutAudit';
import { freshDataDir, removeDataDir, startHostProcess } from '../e2e/browser/hostProcess';
import { Bot } from '../src/main/simulation/bot';
import { MemoryTable } from '../harness/memoryTable';
import { nextAction, perform } from '../src/main/simulation/playNight';
import { SeededStream } from '../src/main/simulation/seededStream';
import { tickingClock } from '../harness/simulatedClock';
import { latencySummary } from './lib/stats';

const { values } = parseArgs({
  options: {
    css: { type: 'string' },
    trace: { type: 'string' },
    views: { type: 'string', default: '300' },
    motion: { type: 'string', default: 'reduce' },
    screen: { type: 'string', default: 'table' },
  },
});

function views(count: number): AppView[] {
  const seed = Buffer.from('profile-table', 'utf8');
  const roster = ['Ann', 'Bob', 'Cy', 'Dee'].map((name, i) => ({
    id: `p${i + 1}`,
    name,
    colour: ['#f2c14e', '#5fd38d', '#6aa7ff', '#ff7a7a'][i]!,
    initials: name.slice(0, 2).toUpperCase(),
    archived: false,
  }));
  const table = new MemoryTable(new SeededStream(seed, 'dealer'), roster, tickingClock(), 'profile');
  const bot = new Bot(new SeededStream(seed, 'bots'));
  perform(table, {
    command: 'startNight',
    args: { players: roster.map((p) => ({ name: p.name })), startingChips: 1000, chipValue: 0, currency: '', settings: DEFAULT_RULES },
  });
  const out: AppView[] = [];
  while (out.length < count) {
    const night = table.night()!;
    perform(table, nextAction(night, bot, 1000)!);
    out.push({
      night: table.night(),
      roster,
      lastSetup: null,
      storageNotices: [],
      tableScreen: { kind: 'live' },
      settleMode: 'fewest',
      preferences: { language: 'en', muted: true },
    });
  }
  return out;
}

const PUSH = `
  window.__push = (json) => new Promise((done) => {
    const t0 = performance.now();
    window.__auditShow(JSON.parse(json), null);
    // Vue patches the DOM in a microtask after the store changes.
    queueMicrotask(() => queueMicrotask(() => Promise.resolve().then(() => {
      const t1 = performance.now();
      requestAnimationFrame(() => {
        const t2 = performance.now();
        const channel = new MessageChannel();
        channel.port1.onmessage = () => done([t1 - t0, t2 - t1, performance.now() - t2]);
        channel.port2.postMessage(0);
      });
    })));
  });
`;

async function main(): Promise<void> {
  const all = views(Number(values.views));
  const dataDir = freshDataDir();
  const host = await startHostProcess({ deckSeed: '00', dataDir });
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 1920, height: 1080 },
      reducedMotion: values.motion === 'reduce' ? 'reduce' : 'no-preference',
    });
    await context.addInitScript(FAKE_API);
    const page = await context.newPage();
    await page.goto(`${host.url}#/${values.screen === 'console' ? '' : 'table'}`);
    await page.evaluate(PUSH);
    // An experiment: extra CSS over the built page (e.g. to see what a property costs).
    if (values.css) {
      await page.evaluate((css) => {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(css);
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      }, values.css);
    }
    await page.evaluate((json) => (window as unknown as { __push: (j: string) => Promise<unknown> }).__push(json), JSON.stringify(all[0]));
    if (values.trace)
      await browser.startTracing(page, {
        path: values.trace,
        categories: ['devtools.timeline', 'blink', 'cc', 'disabled-by-default-devtools.timeline'],
      });
    const patch: number[] = [];
    const toFrame: number[] = [];
    const frame: number[] = [];
    for (const view of all.slice(1)) {
      const [a, b, c] = await page.evaluate(
        (json) => (window as unknown as { __push: (j: string) => Promise<number[]> }).__push(json),
        JSON.stringify(view),
      );
      patch.push(a!);
      toFrame.push(b!);
      frame.push(c!);
    }
    if (values.trace) await browser.stopTracing();
    const line = (name: string, xs: number[]) => ({ name, ...latencySummary(xs) });
    for (const l of [line('parse+store+patch-ms', patch), line('wait-for-frame-ms', toFrame), line('frame-style-layout-paint-ms', frame)])
      console.log(JSON.stringify(l));
  } finally {
    await browser.close();
    await host.stop();
    removeDataDir(dataDir);
  }
}

void main();
