import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult, AppView, DealerApi } from '../../../shared';
import type { DealerConnection } from '../api';
import { useCommand } from '../composables/useCommand';
import { useViewStore } from './view';

vi.mock('vue-i18n', () => ({ useI18n: () => ({ t: (key: string) => key }) }));

/** A dealer whose answers the test gives in any order, by command name. */
function dealer() {
  const sent: string[] = [];
  const waiting = new Map<string, () => void>();
  const view = { night: null } as unknown as AppView;
  const api = new Proxy({} as DealerApi, {
    get(_target, name: string) {
      if (name === 'onView') return () => () => undefined;
      if (name === 'getView') return () => Promise.resolve(view);
      return () => {
        sent.push(name);
        return new Promise<ApiResult<unknown>>((resolve) => waiting.set(name, () => resolve({ ok: true, view } as ApiResult<unknown>)));
      };
    },
  });
  const connection: DealerConnection = { api, status: () => 'open', onStatus: () => () => undefined };
  return { connection, sent, answer: (name: string) => waiting.get(name)?.() };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('busy: a command on its way', () => {
  beforeEach(() => setActivePinia(createPinia()));

  it('stays busy until every command on its way is answered: the language switched during a bet answering first does not end it', async () => {
    const host = dealer();
    const view = useViewStore();
    await view.connect(host.connection);
    const bet = view.run('bet', { stateId: 3, amount: 1 });
    const language = view.run('updatePreferences', { language: 'fr' });
    expect(view.busy).toBe(true);

    host.answer('updatePreferences');
    await language;
    expect(view.busy).toBe(true);

    host.answer('bet');
    await bet;
    expect(view.busy).toBe(false);
  });

  it('a key waiting for the answer is sent only once the bet too is answered, not when the language switch is', async () => {
    const host = dealer();
    const view = useViewStore();
    await view.connect(host.connection);
    const { send } = useCommand();
    const bet = send('bet', { stateId: 3, amount: 1 });
    void view.run('updatePreferences', { language: 'fr' });
    const deal = send('deal', { stateId: 4 });

    host.answer('updatePreferences');
    await tick();
    expect(host.sent).toEqual(['bet', 'updatePreferences']);

    host.answer('bet');
    expect(await bet).toBe(true);
    await tick();
    expect(host.sent).toEqual(['bet', 'updatePreferences', 'deal']);
    host.answer('deal');
    expect(await deal).toBe(true);
    expect(view.busy).toBe(false);
  });
});

describe('a new view, before the screens change for it', () => {
  beforeEach(() => setActivePinia(createPinia()));

  it('is told to beforeNewView while the view before it is still the one shown; the same view again tells nothing', async () => {
    const view = useViewStore();
    await view.connect(dealer().connection);
    const heard: [unknown, unknown][] = [];
    const stop = view.beforeNewView((next, current) => heard.push([next.night, current?.night ?? null]));
    const bet = { night: { id: 'n1', stateId: 4, phase: 'bet' } } as unknown as AppView;
    const ready = { night: { id: 'n1', stateId: 5, phase: 'ready' } } as unknown as AppView;

    view.accept(bet);
    view.accept(ready);
    view.accept(structuredClone(ready));
    expect(heard).toEqual([
      [bet.night, null],
      [ready.night, bet.night],
    ]);
    expect(view.phase).toBe('ready');

    stop();
    view.accept({ night: { id: 'n1', stateId: 6, phase: 'bet' } } as unknown as AppView);
    expect(view.phase).toBe('bet');
    expect(heard).toHaveLength(2);
  });
});

describe('names as the TV writes them', () => {
  beforeEach(() => setActivePinia(createPinia()));

  const roster = (names: string[]) => names.map((name, i) => ({ id: `p${i}`, name }));
  const viewWith = (names: string[], stateId: number) =>
    ({ roster: roster(names), night: { id: 'n1', stateId, phase: 'bet', players: roster(names) } }) as unknown as AppView;

  it('tells apart two players alike once cut, by id and by name, and cuts a name from elsewhere as everywhere', async () => {
    const view = useViewStore();
    await view.connect(dealer().connection);
    view.accept(viewWith(['Christopher Smith', 'Christopher Jones', 'Zoë'], 1));
    expect(view.phoneNameOf('p0')).toBe('Chris…Smith');
    expect(view.phoneNameOf('p1')).toBe('Chris…Jones');
    expect(view.phoneNameOf('p2')).toBe('Zoë');
    expect(view.phoneName('Christopher Robin')).toBe('Christopher…');
    // Jones leaves the roster: Smith is alone again, and cut as every long name is.
    view.accept(viewWith(['Christopher Smith', 'Zoë'], 2));
    expect(view.phoneNameOf('p0')).toBe('Christopher…');
  });
});
