import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { effectScope, nextTick } from 'vue';
import type { AppView } from '../../../shared';
import { CuePlayer, type Cue } from '../lib/sound';
import { useViewStore } from '../stores/view';
import { soundCues } from './useTableSounds';

/** A night's view with what cueFor reads: its id, its state, what it announces. */
function viewAt(stateId: number, announcements: string[], muted = false): AppView {
  const night = { id: 'n1', stateId, phase: 'bet', announcements: announcements.map((kind) => ({ kind })), turn: null };
  return { night, preferences: { muted } } as unknown as AppView;
}

/** A fake audio context: it counts the notes started. */
function fakeContext(started: number[]) {
  return {
    state: 'running',
    currentTime: 0,
    destination: {},
    createOscillator: () => ({ frequency: {}, connect: (g: unknown) => g, start: (t: number) => started.push(t), stop: () => undefined }),
    createGain: () => ({
      gain: { setValueAtTime: () => undefined, linearRampToValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined },
      connect: (d: unknown) => d,
    }),
    close: () => Promise.resolve(),
  };
}

/** A player whose cues are recorded when they sound (a note started), with the tasks `later` was handed kept for the test to run. */
function recorded() {
  const played: Cue[] = [];
  const started: number[] = [];
  const player = new CuePlayer(() => fakeContext(started) as unknown as AudioContext);
  const play = player.play.bind(player);
  vi.spyOn(player, 'play').mockImplementation((cue) => {
    const before = started.length;
    play(cue);
    if (started.length > before) played.push(cue);
  });
  const due: (() => void)[] = [];
  const scope = effectScope();
  scope.run(() => soundCues(player, (work) => due.push(work)));
  return { played, due, player, scope };
}

describe('the TV sounds a cue after its update, not inside it', () => {
  beforeEach(() => setActivePinia(createPinia()));

  it('a win is played in the task after the view changed, once', async () => {
    const view = useViewStore();
    const table = recorded();
    view.accept(viewAt(4, []));
    await nextTick();
    view.accept(viewAt(5, ['win']));
    await nextTick();
    expect(table.played).toEqual([]);
    expect(table.due).toHaveLength(1);
    for (const work of table.due.splice(0)) work();
    expect(table.played).toEqual(['win']);
    table.scope.stop();
  });

  it('muted, nothing is due; once the player is closed, a cue still due stays silent', async () => {
    const view = useViewStore();
    const table = recorded();
    view.accept(viewAt(4, [], true));
    await nextTick();
    view.accept(viewAt(5, ['win'], true));
    await nextTick();
    expect(table.due).toEqual([]);

    view.accept(viewAt(6, ['post']));
    await nextTick();
    expect(table.due).toHaveLength(1);
    table.player.close();
    for (const work of table.due.splice(0)) work();
    expect(table.played).toEqual([]);
    table.scope.stop();
  });
});

describe('the audio context made ahead', () => {
  it('prepare makes the context once; the first cue then uses it; a closed player makes none', () => {
    let made = 0;
    const context = fakeContext([]);
    const player = new CuePlayer(() => {
      made++;
      return context as unknown as AudioContext;
    });
    player.prepare();
    expect(made).toBe(1);
    player.play('win');
    expect(made).toBe(1);
    player.close();
    player.prepare();
    player.play('win');
    expect(made).toBe(1);
  });
});
