/**
 * A phone at the table, read the way its holder reads it (test ids and their
 * data-value), and the host driven from Node over its own WebSocket for the
 * setup a spec needs (a past night for the running tab, a big table).
 */
import { devices, expect, type BrowserContextOptions, type Page } from '@playwright/test';
import NodeWebSocket from 'ws';
import type { ApiResult, AppView, CommandName, DataOf } from '../../src/shared';
import type { Picture } from './consolePage';

/**
 * A phone's screen and touch from Playwright's device list, in our Chromium:
 * only what Chromium can emulate (not the descriptor's browser).
 */
export function phoneContext(device: keyof typeof devices): BrowserContextOptions {
  const d = devices[device];
  if (!d) throw new Error(`no device descriptor named ${device}`);
  return {
    viewport: d.viewport,
    userAgent: d.userAgent,
    deviceScaleFactor: d.deviceScaleFactor,
    isMobile: d.isMobile,
    hasTouch: d.hasTouch,
  };
}

/** The phone shows the phase, the pot, every stack and whose turn the console shows (polling, no sleeps). */
export async function expectPhoneAgrees(phone: Page, console: Picture): Promise<void> {
  await expect(phone.getByTestId('phase')).toHaveAttribute('data-phase', console.phase);
  if (console.phase === 'ended') return;
  await expect(phone.getByTestId('pot')).toHaveAttribute('data-value', String(console.pot));
  for (const [id, stack] of Object.entries(console.stacks)) {
    await expect(phone.getByTestId(`stack-${id}`)).toHaveAttribute('data-value', String(stack));
  }
  for (const id of Object.keys(console.stacks)) {
    await expect(phone.getByTestId(`phone-player-${id}`)).toHaveAttribute('data-acting', String(id === console.toActId));
  }
}

/** Nothing on the page is wider than the screen: no sideways scrolling on a phone. */
export async function expectNoSidewaysScroll(phone: Page): Promise<void> {
  const widths = await phone.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(widths.scroll, `page ${widths.scroll} px wide in a ${widths.viewport} px screen`).toBeLessThanOrEqual(widths.viewport);
}

/** Opens a WebSocket from inside `page` and sends one request: what a script on that page could do. */
export async function sendFromPage(
  page: Page,
  socketUrl: string,
  request: { id: number; method: string; args: unknown },
): Promise<unknown> {
  return page.evaluate(
    async ({ url, message }) => {
      const socket = new WebSocket(url);
      await new Promise((opened) => (socket.onopen = opened));
      socket.send(JSON.stringify(message));
      const result = await new Promise((answered) => {
        socket.onmessage = (event: MessageEvent<string>) => {
          const reply = JSON.parse(event.data) as { type: string; id?: number; result?: unknown };
          if (reply.type === 'reply' && reply.id === message.id) answered(reply.result);
        };
      });
      socket.close();
      return result;
    },
    { url: socketUrl, message: request },
  );
}

/** The host's own socket from Node (loopback: the host role, no token), for setting up what a spec needs. */
export class HostDriver {
  private nextId = 1;
  private readonly waiting = new Map<number, (result: ApiResult<unknown>) => void>();

  private constructor(private readonly socket: NodeWebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string; id?: number; result?: ApiResult<unknown> };
      if (message.type !== 'reply' || message.id === undefined) return;
      this.waiting.get(message.id)?.(message.result!);
      this.waiting.delete(message.id);
    });
  }

  static async open(origin: string): Promise<HostDriver> {
    const socket = new NodeWebSocket(`${origin.replace(/^http/, 'ws').replace(/\/$/, '')}/ws`);
    await new Promise<void>((opened, failed) => {
      socket.once('open', () => opened());
      socket.once('error', failed);
    });
    return new HostDriver(socket);
  }

  /** A command (its answer typed by the command, DataOf), or getView. */
  ask<K extends CommandName | 'getView'>(method: K, args?: unknown): Promise<ApiResult<K extends CommandName ? DataOf<K> : unknown>> {
    const id = this.nextId++;
    return new Promise((answered) => {
      // The host answers each request with what its command answers (GameSession.run).
      this.waiting.set(id, answered as (result: ApiResult<unknown>) => void);
      this.socket.send(JSON.stringify(method === 'getView' ? { id, method } : { id, method, args }));
    });
  }

  /** Sends a command that must be accepted, and returns the new view. */
  async must(method: CommandName, args: unknown): Promise<AppView> {
    const result = await this.ask(method, args);
    if (!result.ok) throw new Error(`${method} was refused: ${result.error.message}`);
    return result.view;
  }

  async view(): Promise<AppView> {
    const result = await this.ask('getView');
    if (!result.ok) throw new Error(result.error.message);
    return result.view;
  }

  /** Plays until `turns` turns are finished: the draw, cuts at 0, deals, aces high, bets of 1. */
  async playTurns(turns: number): Promise<AppView> {
    let view = await this.view();
    for (;;) {
      const night = view.night;
      if (!night) throw new Error('no night to play');
      if (night.turnsPlayed >= turns && night.phase !== 'bet' && night.phase !== 'ace-call' && night.phase !== 'pair-call') return view;
      const stateId = night.stateId;
      switch (night.phase) {
        case 'draw':
          view = await this.must('drawForDealer', { stateId });
          break;
        case 'cut':
          view = await this.must('cut', { stateId, cut: 0 });
          break;
        case 'ready':
          view = await this.must('deal', { stateId });
          break;
        case 'ace-call':
          view = await this.must('callAce', { stateId, call: 'high' });
          break;
        case 'pair-call':
          view = await this.must('callPair', { stateId, call: night.pairCalls?.[0] ?? 'higher' });
          break;
        case 'bet':
          view = await this.must('bet', { stateId, amount: 1 });
          break;
        default:
          throw new Error(`cannot play in phase ${night.phase}`);
      }
    }
  }

  close(): void {
    this.socket.close();
  }
}
