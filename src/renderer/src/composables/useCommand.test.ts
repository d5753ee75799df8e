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
