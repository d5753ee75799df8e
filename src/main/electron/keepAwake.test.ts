import { describe, expect, it } from 'vitest';
import type { AppView } from '../../shared';
import { createNightAwakeKeeper } from './keepAwake';

function viewIn(phase: string | null): AppView {
  return {
    night: phase === null ? null : { phase },
    roster: [],
    lastSetup: null,
    storageNotices: [],
    tableScreen: { kind: 'live' },
  } as unknown as AppView;
}

function fakeBlocker() {
  const started = new Set<number>();
  let next = 1;
  const calls: string[] = [];
  return {
    started,
    calls,
    start(type: 'prevent-app-suspension' | 'prevent-display-sleep') {
      calls.push(`start ${type}`);
      started.add(next);
      return next++;
    },
    stop(id: number) {
      calls.push(`stop ${id}`);
      return started.delete(id);
    },
  };
}

describe('the TV stays awake while a night is open', () => {
  it('starts preventing display sleep when a night opens, once however many views follow', () => {
    const blocker = fakeBlocker();
    const keeper = createNightAwakeKeeper(blocker);
    keeper.update(viewIn(null));
    expect(keeper.active()).toBe(false);
    keeper.update(viewIn('draw'));
    keeper.update(viewIn('bet'));
    keeper.update(viewIn('ready'));
    expect(keeper.active()).toBe(true);
    expect(blocker.calls).toEqual(['start prevent-display-sleep']);
  });

  it('releases it when the night ends, and again after a new night ends', () => {
    const blocker = fakeBlocker();
    const keeper = createNightAwakeKeeper(blocker);
    keeper.update(viewIn('bet'));
    keeper.update(viewIn('ended'));
    expect(keeper.active()).toBe(false);
    expect(blocker.started.size).toBe(0);
    keeper.update(viewIn(null));
    keeper.update(viewIn('draw'));
    keeper.update(viewIn(null)); // closed without ending (e.g. a restore replaced everything)
    expect(blocker.started.size).toBe(0);
    expect(blocker.calls).toEqual(['start prevent-display-sleep', 'stop 1', 'start prevent-display-sleep', 'stop 2']);
  });

  it('a night resumed at start keeps the display awake; quitting releases it', () => {
    const blocker = fakeBlocker();
    const keeper = createNightAwakeKeeper(blocker);
    keeper.update(viewIn('cut'));
    keeper.release();
    keeper.release();
    expect(blocker.started.size).toBe(0);
    expect(blocker.calls).toEqual(['start prevent-display-sleep', 'stop 1']);
  });
});
