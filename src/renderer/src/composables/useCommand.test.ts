import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult, AppView, DealerApi } from '../../../shared';
import type { DealerConnection } from '../api';
import { useViewStore } from '../stores/view';
import { useCommand } from './useCommand';

vi.mock('vue-i18n', () => ({ useI18n: () => ({ t: (key: string) => key }) }));

/** A dealer whose answers the test releases one by one, as a busy main would give them. */
function slowDealer() {
  const sent: string[] = [];
  const release: (() => void)[] = [];
  const view = { night: null } as unknown as AppView;
  const api = new Proxy({} as DealerApi, {
    get(_target, name: string) {
      if (name === 'onView') return () => () => undefined;
      if (name === 'getView') return () => Promise.resolve(view);
      return () => {
        sent.push(name);
        return new Promise<ApiResult<unknown>>((resolve) => release.push(() => resolve({ ok: true, view } as ApiResult<unknown>)));
      };
    },
  });
  const connection: DealerConnection = { api, status: () => 'open', onStatus: () => () => undefined };
  return { connection, sent, answerNext: () => release.shift()?.() };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('keys pressed while a command is on its way', () => {
  beforeEach(() => setActivePinia(createPinia()));

  it('the next key waits for the answer and is sent, not lost; a third key meanwhile is dropped', async () => {
    const dealer = slowDealer();
    await useViewStore().connect(dealer.connection);
    const { send } = useCommand();

    const draw = send('drawForDealer', { stateId: 1 });
    const deal = send('deal', { stateId: 2 });
    const third = send('deal', { stateId: 2 });
    await tick();
    expect(dealer.sent).toEqual(['drawForDealer']);
    expect(await third).toBe(false);

    dealer.answerNext();
    expect(await draw).toBe(true);
    await tick();
    expect(dealer.sent).toEqual(['drawForDealer', 'deal']);
    dealer.answerNext();
    expect(await deal).toBe(true);
  });
});

describe('the number box a command was typed in', () => {
  beforeEach(() => setActivePinia(createPinia()));

  it('has no focus while the bet is on its way (the view that answers removes an unfocused box), and has it back when the bet is refused', async () => {
    const body = {};
    const page: { activeElement: unknown; body: unknown } = { activeElement: null, body };
    const betBox = { isConnected: true, dataset: { keys: 'screen' }, blur: () => (page.activeElement = body), focus: () => (page.activeElement = betBox) };
    page.activeElement = betBox;
    vi.stubGlobal('document', page);
    let refuse: () => void = () => undefined;
    const api = new Proxy({} as DealerApi, {
      get(_target, name: string) {
        if (name === 'onView') return () => () => undefined;
        if (name === 'getView') return () => Promise.resolve({ night: null });
        return () =>
          new Promise<ApiResult<unknown>>((resolve) => {
            refuse = () => resolve({ ok: false, error: { code: 'bet-above-pot', message: 'too much' } } as ApiResult<unknown>);
          });
      },
    });
    try {
      await useViewStore().connect({ api, status: () => 'open', onStatus: () => () => undefined });
      const bet = useCommand().send('bet', { stateId: 1, amount: 99 });
      expect(page.activeElement).toBe(body);
      refuse();
      expect(await bet).toBe(false);
      await tick();
      expect(page.activeElement).toBe(betBox);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
