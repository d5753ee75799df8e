import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AppView, PreloadApi, PushedViewAnswer } from '../../../shared';
import { withPushedViews } from './pushedViews';

/** A view numbered for the tests: the `n`-th view main pushed (0: the one before any push). */
const viewNumber = (n: number) => ({ night: null, n }) as unknown as AppView;
const numberOf = (view: AppView) => (view as unknown as { n: number }).n;

/**
 * A preload as the Electron windows have it: `push` delivers main's next view
 * (or drops it, as a page that was not listening yet), `answer` is what the
 * next command answers, and every `getView` is counted.
 */
function fakePreload(commands: readonly string[] = ['bet', 'listNights']) {
  let listener: ((view: AppView, pushed: number) => void) | null = null;
  let mainPushes = 0;
  let nextAnswer: unknown = { ok: true, pushed: 0 };
  const asked = { getView: 0 };
  const preload = {
    getView: async () => {
      asked.getView++;
      return viewNumber(mainPushes);
    },
    onView: (relay: (view: AppView, pushed: number) => void) => {
      listener = relay;
      return () => undefined;
    },
    toggleFullScreen: async () => undefined,
    openTableWindow: async () => undefined,
    ...Object.fromEntries(commands.map((name) => [name, async () => nextAnswer])),
  } as unknown as PreloadApi;
  return {
    preload,
    asked,
    push(delivered = true) {
      mainPushes++;
      if (delivered) listener?.(viewNumber(mainPushes), mainPushes);
    },
    answerNext(answer: PushedViewAnswer | { ok: true; view: AppView } | { ok: false; error: unknown }) {
      nextAnswer = answer;
    },
  };
}

describe('the Electron bridge puts back the view a command’s answer names (one path with the socket’s)', () => {
  it('an answer naming the push just heard resolves with that very view, its data kept, and asks nothing more', async () => {
    const main = fakePreload();
    const api = withPushedViews(main.preload);
    const heard: AppView[] = [];
    api.onView((view) => heard.push(view));
    main.push();
    main.answerNext({ ok: true, pushed: 1 });
    const bet = await api.bet({ playerId: 'p1', amount: 1 } as never);
    expect(bet).toEqual({ ok: true, view: heard[0] });
    expect(bet.ok && bet.view).toBe(heard[0]);
    main.answerNext({ ok: true, pushed: 1, data: [] });
    expect(await api.listNights({} as never)).toEqual({ ok: true, view: heard[0], data: [] });
    expect(main.asked.getView).toBe(0);
  });

  it('an answer naming a push the page did not hear (reloaded since, not listening yet) asks for the view', async () => {
    const main = fakePreload();
    const api = withPushedViews(main.preload);
    main.push(false);
    main.answerNext({ ok: true, pushed: 1 });
    const bet = await api.bet({ playerId: 'p1', amount: 1 } as never);
    expect(bet.ok && numberOf(bet.view)).toBe(1);
    expect(main.asked.getView).toBe(1);
  });

  it('an answer that carries its view, and a refusal, are passed on untouched', async () => {
    const main = fakePreload();
    const api = withPushedViews(main.preload);
    const full = { ok: true as const, view: viewNumber(0) };
    main.answerNext(full);
    expect(await api.bet({} as never)).toBe(full);
    const refusal = { ok: false as const, error: { code: 'forbidden-role' } };
    main.answerNext(refusal);
    expect(await api.bet({} as never)).toBe(refusal);
  });

  it('the table window’s bridge has only the commands its preload has', () => {
    const api = withPushedViews(fakePreload(['listNights']).preload);
    expect(typeof api.listNights).toBe('function');
    expect(api.bet).toBeUndefined();
  });

  it('a listener is told of every push until it unsubscribes', () => {
    const main = fakePreload();
    const api = withPushedViews(main.preload);
    const heard: number[] = [];
    const stop = api.onView((view) => heard.push(numberOf(view)));
    main.push();
    main.push();
    stop();
    main.push();
    expect(heard).toEqual([1, 2]);
  });

  it('whatever pushes the page missed, a command resolves with a view at least as new as the one it names', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.boolean(), { minLength: 1, maxLength: 12 }), fc.nat(), async (delivered, pick) => {
        const main = fakePreload();
        const api = withPushedViews(main.preload);
        for (const heard of delivered) main.push(heard);
        const named = 1 + (pick % delivered.length);
        main.answerNext({ ok: true, pushed: named });
        const bet = await api.bet({} as never);
        expect(bet.ok && numberOf(bet.view)).toBeGreaterThanOrEqual(named);
      }),
    );
  });
});
