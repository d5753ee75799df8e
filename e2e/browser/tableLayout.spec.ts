/**
 * The TV layout audit: for each screen size, a few hundred table
 * states made by the real engine (tableStates.ts) are pushed into the built
 * table view through a fake `window.api` (layoutAudit.ts), and each is checked
 * for text overlapped or cut without an ellipsis, anything outside the 5%
 * safe area, and the key numbers under their minimum size. Seeded: every run
 * audits the same states. The states that came closest to breaking (or broke)
 * are saved as screenshots in e2e/artifacts/layout/ to be looked at, with
 * the tightest state of each kind of screen, and a JSON report of every state.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { hostForSpecFile } from './hostFixture';
import { auditLayout, FAKE_API, MIN_FONT_PX_AT_1080, WHOLE_NAMES, type AuditReport } from './layoutAudit';
import { houseRuleStates, shortNameStates, showcaseState, tableState, type TableState } from './tableStates';

const SEED = 'tv-layout-audit-1';
const STATES = Number(process.env.LAYOUT_AUDIT_STATES ?? 200);
/** States whose players all have short wide names (WHOLE_NAMES): they must show whole. */
const SHORT_NAME_STATES = Number(process.env.LAYOUT_AUDIT_SHORT_NAMES ?? 48);
/** States of 7 to 12 players under house rules (R26-R30): the rules line must still be there, whole. */
const HOUSE_RULE_STATES = Number(process.env.LAYOUT_AUDIT_HOUSE_RULES ?? 36);
const SHOTS = 'e2e/artifacts/layout';

const SCREENS = [
  { name: '1280x720', viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 },
  { name: '1920x1080', viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 1 },
  // A 4K TV at 200%: 3840x2160 pixels, a 1920x1080 CSS viewport.
  { name: '3840x2160', viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 2 },
] as const;

const host = hostForSpecFile('7ab1e1a7');

let states: TableState[] | null = null;
function allStates(): TableState[] {
  states ??= [
    ...Array.from({ length: STATES }, (_, i) => tableState(SEED, i)),
    ...shortNameStates(SEED, SHORT_NAME_STATES),
    ...houseRuleStates(SEED, HOUSE_RULE_STATES),
  ];
  return states;
}

/** What shows that a state's screen is on the TV. */
function markOf(state: TableState): string {
  const screen = state.view.tableScreen.kind;
  if (screen === 'standings') return '[data-testid="tv-standings"] .rows';
  if (screen === 'night') return '[data-testid="tv-stack-chart"]';
  if (screen === 'phones') return '[data-testid="phones-screen"] [data-testid="phone-qr"]';
  return `[data-testid="phase"][data-phase="${state.view.night?.phase ?? 'lobby'}"]`;
}

async function show(page: Page, state: TableState): Promise<void> {
  await page.evaluate(([view, answers]) => window.__auditShow!(view, answers), [state.view, state.answers] as const);
  await page.locator(markOf(state)).waitFor();
  // A language shown for the first time is fetched first (i18n/index.ts): the page's lang says when its words are in.
  await page.waitForFunction((language) => document.documentElement.lang === language, state.view.preferences?.language ?? 'en');
  // Two frames: the update is laid out and painted.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** How many states go into the page per call: one call's round trip costs as much as a state's audit. */
const STATES_PER_CALL = 24;

/**
 * `show` and the audit (with the house rules' check) inside the page, many states per call: for each state the
 * same waits as `show` but the frames (the screen's mark visible, the language's words in, every entrance at its
 * end) and the same checks, without a round trip between the spec and the page for each state (284 states, three
 * screens). The states go in as one JSON string: Playwright's own serialisation of a view object cost more than
 * the audit of its state.
 */
async function showAndAuditEach(page: Page, states: TableState[]): Promise<AuditReport[]> {
  const asked = states.map((state) => ({
    view: state.view,
    answers: state.answers,
    mark: markOf(state),
    language: state.view.preferences?.language ?? 'en',
    options: { minFont: MIN_FONT_PX_AT_1080, wholeNames: WHOLE_NAMES },
    houseRules: houseRulesAsked(state),
  }));
  return page.evaluate(async (json) => {
    const each = JSON.parse(json) as {
      view: unknown;
      answers: unknown;
      mark: string;
      language: string;
      options: Parameters<typeof auditLayout>[0];
      houseRules: { capped: boolean } | null;
    }[];
    // A turn of the event loop: Vue's update (a microtask after the push) is in the page, and a fetch or a lazy
    // chunk may answer. Not a frame: the audit reads layout, which the browser computes when asked, so a state
    // needs no paint of its own; waiting two frames for each cost more than its update and its checks together.
    const turn = () => new Promise((done) => setTimeout(done, 0));
    const reports: AuditReport[] = [];
    for (const { view, answers, mark, language, options, houseRules } of each) {
      window.__auditShow!(view, answers);
      await turn();
      // As Playwright's locator.waitFor: one element (more is an error), a box that is not empty, not visibility: hidden.
      const shown = () => {
        const found = document.querySelectorAll(mark);
        if (found.length > 1) throw new Error(`${found.length} elements match ${mark}`);
        const box = found[0]?.getBoundingClientRect();
        return !!box && box.width > 0 && box.height > 0 && getComputedStyle(found[0]!).visibility !== 'hidden';
      };
      const since = performance.now();
      while (!shown() || document.documentElement.lang !== language) {
        if (performance.now() - since > 30_000) throw new Error(`${mark} in ${language} was not shown within 30 s`);
        await turn();
      }
      // The banner's and the cards' entrances (0.001 ms under reduced motion) at their end, where two frames left
      // them: an animation not yet started draws its first keyframe (the banner lower, transparent).
      for (const animation of document.getAnimations()) animation.finish();
      const report = window.__auditLayout!(options);
      // R26-R30, R27: the house rules whole (not in the ellipsis) and, while a house limit caps the bet, the largest bet allowed.
      if (houseRules) {
        const line = document.querySelector('[data-testid="tv-house-rules"]');
        const core = document.querySelector('[data-testid="tv-house-core"]');
        if (!line || !core) report.problems.push('no house rules on the TV');
        else {
          const clip = line.getBoundingClientRect();
          const limit = document.querySelector('[data-testid="tv-bet-limit"]');
          if (![...core.getClientRects()].every((r) => r.bottom <= clip.bottom + 1 && r.right <= clip.right + 1))
            report.problems.push(`house rules cut: ${core.textContent}`);
          else if (houseRules.capped && (!limit || limit.getBoundingClientRect().bottom > clip.bottom + 1))
            report.problems.push('no largest bet allowed on the TV');
        }
      }
      reports.push(report);
    }
    return reports;
  }, JSON.stringify(asked));
}

declare global {
  interface Window {
    __auditShow?: (view: unknown, answers: unknown) => void;
    __auditLayout?: typeof auditLayout;
  }
}

/**
 * R26-R30, R27: whether the table must see the house rules (a live night of the house-rule states), and whether a
 * house limit caps the bet (then the largest bet allowed must show too); null when the state asks neither.
 */
function houseRulesAsked(state: TableState): { capped: boolean } | null {
  const night = state.view.night;
  if (state.view.tableScreen.kind !== 'live' || !night || night.phase === 'ended' || !state.label.includes('-house')) return null;
  return { capped: night.phase === 'bet' && night.betLimits?.cap != null };
}

/** Lower is worse: broken states first, then the ones with the least room left or the smallest key figures. */
function tightness(report: AuditReport): number {
  return -report.problems.length * 1000 + Math.min(report.slackPx, 50) + report.smallestRatio * 40 - Math.min(report.ellipsized, 10) * 0.5;
}

/** What a state shows, so the screenshots cover each kind of screen. */
function kindOf(state: TableState): string {
  return state.view.tableScreen.kind === 'live' ? (state.view.night?.phase ?? 'lobby') : state.view.tableScreen.kind;
}

/** Every broken state (up to 12), the three tightest, and the tightest of each kind of screen. */
function worstOf(reports: { state: TableState; report: AuditReport }[]): { state: TableState; report: AuditReport }[] {
  const sorted = [...reports].sort((a, b) => tightness(a.report) - tightness(b.report));
  const chosen = new Set(sorted.filter((r) => r.report.problems.length > 0).slice(0, 12));
  for (const r of sorted.slice(0, 3)) chosen.add(r);
  const kinds = new Set<string>();
  for (const r of sorted) {
    if (kinds.has(kindOf(r.state))) continue;
    kinds.add(kindOf(r.state));
    chosen.add(r);
  }
  return [...chosen];
}

for (const screen of SCREENS) {
  test(`the TV holds at ${screen.name}: ${STATES} table states, no overlap, no clipping, all inside the safe area, R26-R30 house rules shown at up to 12 players`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    mkdirSync(SHOTS, { recursive: true });
    for (const old of readdirSync(SHOTS)) if (old.startsWith(`${screen.name}-`)) rmSync(`${SHOTS}/${old}`);
    const context = await browser.newContext({
      viewport: screen.viewport,
      deviceScaleFactor: screen.deviceScaleFactor,
      reducedMotion: 'reduce',
    });
    try {
      await context.addInitScript(FAKE_API);
      // The audit's checks, in the page for showAndAudit (page.evaluate(auditLayout) sends the same source every call).
      await context.addInitScript(`window.__auditLayout = ${auditLayout.toString()};`);
      const page = await context.newPage();
      await page.goto(`${host.url}#/table`);
      const reports: { state: TableState; report: AuditReport }[] = [];
      for (let first = 0; first < allStates().length; first += STATES_PER_CALL) {
        const some = allStates().slice(first, first + STATES_PER_CALL);
        for (const [i, report] of (await showAndAuditEach(page, some)).entries()) reports.push({ state: some[i]!, report });
      }
      for (const [rank, { state }] of worstOf(reports).entries()) {
        await show(page, state);
        await page.screenshot({ path: `${SHOTS}/${screen.name}-worst${rank + 1}-${state.label}.jpg`, quality: 90 });
      }
      if (screen.name === '1920x1080') {
        // The README's picture of the table view, audited like the rest.
        const showcase = showcaseState();
        await show(page, showcase);
        expect((await page.evaluate(auditLayout, { minFont: MIN_FONT_PX_AT_1080, wholeNames: WHOLE_NAMES })).problems).toEqual([]);
        await page.screenshot({ path: `${SHOTS}/table-view.png` });
      }
      const broken = reports.filter((r) => r.report.problems.length > 0);
      writeFileSync(
        `${SHOTS}/${screen.name}-report.json`,
        JSON.stringify(
          reports.map(({ state, report }) => ({ label: state.label, ...report })),
          null,
          1,
        ),
      );
      const summary = broken.slice(0, 8).map(({ state, report }) => `${state.label}: ${report.problems.slice(0, 4).join('; ')}`);
      expect(summary, `${broken.length} of ${reports.length} states break the layout at ${screen.name}`).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
