import { describe, expect, it, vi } from 'vitest';
import type { Announcement, NightView, TurnView } from '../../../shared';
import { CuePlayer, cueFor, scoreOf, type Cue } from './sound';

function turn(n: number, outcome: TurnView['outcome'] = null): TurnView {
  return { n, outcome, void: false } as TurnView;
}

function night(stateId: number, kinds: Announcement['kind'][] = [], current: TurnView | null = null, id = 'n1'): NightView {
  return { id, stateId, turn: current, announcements: kinds.map((kind) => ({ kind })) } as unknown as NightView;
}

describe('sound cues of the table view', () => {
  it('a new turn, a win, a post, a pair and the end of the night each have their cue', () => {
    expect(cueFor(night(1), night(2, [], turn(1)))).toBe('new-turn');
    expect(cueFor(night(2, [], turn(1)), night(3, ['win'], turn(1, 'win')))).toBe('win');
    expect(cueFor(night(2), night(3, ['post']))).toBe('post');
    expect(cueFor(night(2), night(3, ['pair', 're-ante']))).toBe('pair');
    expect(cueFor(night(2), night(3, ['pot-split', 'night-ended']))).toBe('night-ended');
    expect(cueFor(night(2), night(3, ['lose'], turn(1, 'lose')))).toBeNull();
  });

  it('stays silent for an older or repeated view, another night, or the first view after a reload', () => {
    expect(cueFor(night(3), night(3, ['win']))).toBeNull();
    expect(cueFor(night(4), night(3, ['win']))).toBeNull();
    expect(cueFor(night(2, [], null, 'a'), night(3, ['win'], null, 'b'))).toBeNull();
    expect(cueFor(null, night(3, ['win']))).toBeNull();
  });

  it('the same turn still waiting for its bet does not sound again', () => {
    expect(cueFor(night(2, [], turn(4)), night(3, [], turn(4)))).toBeNull();
  });

  it('plays every note of a cue through Web Audio, short and quiet', () => {
    const started: number[] = [];
    const peaks: number[] = [];
    const param = () => ({
      value: 0,
      setValueAtTime: vi.fn(),
      linearRampToValueAtTime: vi.fn((v: number) => peaks.push(v)),
      exponentialRampToValueAtTime: vi.fn(),
    });
    const context = {
      state: 'running',
      currentTime: 0,
      destination: {},
      createOscillator: () => ({
        type: '',
        frequency: param(),
        connect: (g: unknown) => g,
        start: (t: number) => started.push(t),
        stop: vi.fn(),
      }),
      createGain: () => ({ gain: param(), connect: (d: unknown) => d }),
      resume: vi.fn(),
      close: vi.fn(() => Promise.resolve()),
    };
    const player = new CuePlayer(() => context as unknown as AudioContext);
    for (const cue of ['new-turn', 'win', 'post', 'pair', 'night-ended'] as Cue[]) {
      started.length = 0;
      player.play(cue);
      expect(started).toHaveLength(scoreOf(cue).length);
      const last = scoreOf(cue).at(-1)!;
      expect(last.at + last.length).toBeLessThanOrEqual(1.2);
    }
    expect(Math.max(...peaks)).toBeLessThanOrEqual(0.2);
  });

  it('a machine without audio stays silent instead of failing', () => {
    const player = new CuePlayer(() => {
      throw new Error('no audio device');
    });
    expect(() => player.play('win')).not.toThrow();
  });
});
