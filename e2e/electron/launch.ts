import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, expect, type ElectronApplication, type Page } from '@playwright/test';
import type { ApiResult, DataOf } from '../../src/shared/api';
import type { CommandName } from '../../src/shared/registry';
import type { AppView } from '../../src/shared/view';
import { ROOT } from './electronBinary';

/** The real desktop app, launched from this checkout's build (out/) on a throwaway data folder. */
export interface RunningDealer {
  app: ElectronApplication;
  hostPage: Page;
  tablePage: Page;
}

export function throwawayUserData(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'dealer-electron-'));
}

export async function removeUserData(userData: string | undefined): Promise<void> {
  if (userData) await rm(userData, { recursive: true, force: true, maxRetries: 5 });
}

/**
 * Launches the app on `userData` and waits for both windows on their routes.
 * No executablePath: the `electron` package finds the binary (and
 * ELECTRON_OVERRIDE_DIST_PATH), and launching the project folder makes the
 * app's name and version its own.
 */
export async function launchDealer(userData: string, extraArgs: string[] = []): Promise<RunningDealer> {
  const env = { ...process.env } as Record<string, string>;
  delete env['ELECTRON_RENDERER_URL'];
  const app = await electron.launch({
    cwd: ROOT,
    args: [
      '.',
      `--user-data-dir=${userData}`,
      // Chromium refuses to start as root with its OS sandbox (CI containers); the renderer sandbox stays on.
      ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
      // Linux CI runs a Secret Service (gnome-keyring) without a desktop that Chromium would recognise.
      ...(process.platform === 'linux' ? ['--password-store=gnome-libsecret'] : []),
      ...extraArgs,
    ],
    env,
  });
  const routes = () =>
    app
      .windows()
      .map((page) => new URL(page.url() || 'about:blank').hash)
      .sort();
  await expect.poll(routes, { timeout: 30_000 }).toEqual(['#/', '#/table']);
  const byRoute = (hash: string) => app.windows().find((page) => new URL(page.url()).hash === hash)!;
  const hostPage = byRoute('#/');
  const tablePage = byRoute('#/table');
  for (const page of [hostPage, tablePage]) await page.waitForLoadState('domcontentloaded');
  await expect.poll(() => hostPage.evaluate(() => typeof window.api?.getView)).toBe('function');
  return { app, hostPage, tablePage };
}

/** A command sent through the console's bridge (IPC to main), which must be accepted. */
export async function must<K extends CommandName>(
  page: Page,
  command: K,
  args: unknown = {},
): Promise<ApiResult<DataOf<K>> & { ok: true }> {
  const result = await page.evaluate(
    // The page's bridge checks the arguments itself (zod, in main); a spec may send any to see them refused.
    async ([name, given]) => {
      const answer = await (
        window.api as unknown as Record<string, (a: unknown) => Promise<ApiResult<unknown> | { ok: true; pushed: number }>>
      )[name]!(given);
      // A success whose view main has just pushed names that push (PushedViewAnswer): that view is the window's now.
      return answer.ok && 'pushed' in answer ? { ...answer, view: await window.api!.getView() } : answer;
    },
    [command, args] as const,
  );
  if (!result.ok) throw new Error(`${command} refused: ${JSON.stringify(result.error)}`);
  // Serialized through the page: what the bridge's method for `command` answered (DealerApi types it by command).
  return result as ApiResult<DataOf<K>> & { ok: true };
}

/**
 * A short night through IPC: three players, `turns` turns (cut at 0, aces
 * high, bets of 1), ended and closed. `whileOpen` runs after the turns,
 * before the night ends. Returns the night's id.
 */
export async function playNightThroughIpc(page: Page, turns = 2, whileOpen?: () => Promise<void>): Promise<string> {
  const players = [{ name: 'Ann' }, { name: 'Bob' }, { name: 'Cy' }];
  let view: AppView = (await must(page, 'startNight', { players, startingChips: 20, chipValue: 0, currency: '' })).view;
  const id = view.night!.id;
  for (let step = 0; step < 500; step++) {
    const night = view.night!;
    const stateId = night.stateId;
    if (night.turnsPlayed >= turns && ['draw', 'shuffle', 'cut', 'ready'].includes(night.phase)) break;
    if (night.phase === 'draw') view = (await must(page, 'drawForDealer', { stateId })).view;
    else if (night.phase === 'cut') view = (await must(page, 'cut', { stateId, cut: 0 })).view;
    else if (night.phase === 'ready') view = (await must(page, 'deal', { stateId })).view;
    else if (night.phase === 'ace-call') view = (await must(page, 'callAce', { stateId, call: 'high' })).view;
    else if (night.phase === 'pair-call') view = (await must(page, 'callPair', { stateId, call: night.pairCalls?.[0] ?? 'higher' })).view;
    else if (night.phase === 'bet') view = (await must(page, 'bet', { stateId, amount: 1 })).view;
    else if (night.phase === 'reveal' || night.phase === 'shuffle') {
      // Main moves on by itself (the reveal's wait, the shuffle): look again shortly.
      await page.waitForTimeout(100);
      view = await page.evaluate(() => window.api!.getView());
    } else throw new Error(`cannot play in phase ${night.phase}`);
  }
  await whileOpen?.();
  view = (await must(page, 'endNight', { stateId: view.night!.stateId })).view;
  await must(page, 'closeNight', { stateId: view.night!.stateId });
  return id;
}
