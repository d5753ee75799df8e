import type { NightView } from '../../../shared';

/** The table's sound cues: short, distinct, never louder than a chip on the felt. */
export type Cue = 'new-turn' | 'win' | 'post' | 'pair' | 'night-ended';

/**
 * The cue for a new view, or null. One cue per update, the most telling one:
 * the end of the night over a result, a result over the next turn's cards.
 * Only a newer state of the same night can sound, so a reconnect, a
 * reload or a repeated push stays silent.
 */
export function cueFor(previous: NightView | null, next: NightView | null): Cue | null {
  if (!previous || !next || previous.id !== next.id || next.stateId <= previous.stateId) return null;
  const kinds = new Set(next.announcements.map((a) => a.kind));
  if (kinds.has('night-ended')) return 'night-ended';
  if (kinds.has('post')) return 'post';
  if (kinds.has('pair')) return 'pair';
  if (kinds.has('win')) return 'win';
  const turn = next.turn;
  const newTurn = turn !== null && turn.outcome === null && !turn.void && turn.n !== previous.turn?.n;
  return newTurn ? 'new-turn' : null;
}

/** One note: frequency (Hz), when it starts and how long it lasts (s), its wave. */
interface Note {
  hz: number;
  at: number;
  length: number;
  wave: OscillatorType;
}

const SCORES: Record<Cue, Note[]> = {
  'new-turn': [{ hz: 660, at: 0, length: 0.09, wave: 'sine' }],
  win: [
    { hz: 523, at: 0, length: 0.12, wave: 'triangle' },
    { hz: 659, at: 0.1, length: 0.12, wave: 'triangle' },
    { hz: 784, at: 0.2, length: 0.22, wave: 'triangle' },
  ],
  post: [
    { hz: 196, at: 0, length: 0.18, wave: 'square' },
    { hz: 147, at: 0.16, length: 0.3, wave: 'square' },
  ],
  pair: [
    { hz: 880, at: 0, length: 0.08, wave: 'sine' },
    { hz: 880, at: 0.12, length: 0.08, wave: 'sine' },
  ],
  'night-ended': [
    { hz: 784, at: 0, length: 0.25, wave: 'triangle' },
    { hz: 659, at: 0.2, length: 0.25, wave: 'triangle' },
    { hz: 523, at: 0.4, length: 0.6, wave: 'triangle' },
  ],
};

/** How loud a cue is at its peak (0..1 of the output). */
const PEAK = 0.18;

/**
 * The notes of a cue, for tests and for the player.
 * @internal exported for tests only
 */
export function scoreOf(cue: Cue): readonly Note[] {
  return SCORES[cue];
}

/**
 * Plays cues with Web Audio: oscillators through a short attack-decay
 * envelope, so nothing clicks and no sound file is needed. The context is
 * made ahead (prepare) or on first use, and resumed after a key or a click
 * where the browser holds audio back until then.
 */
export class CuePlayer {
  #context: AudioContext | null = null;
  /** Closed with its view: a cue or a prepare still due then makes no context nobody would close. */
  #closed = false;

  constructor(private readonly makeContext: () => AudioContext = () => new AudioContext()) {}

  play(cue: Cue): void {
    const context = this.context();
    if (!context) return;
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const start = context.currentTime + 0.01;
    for (const note of SCORES[cue]) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = note.wave;
      oscillator.frequency.value = note.hz;
      const t0 = start + note.at;
      gain.gain.setValueAtTime(0, t0);
      gain.gain.linearRampToValueAtTime(PEAK, t0 + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + note.length);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(t0);
      oscillator.stop(t0 + note.length + 0.02);
    }
  }

  /**
   * Makes the audio context ahead of the first cue. Chromium takes a long
   * time to open one (about 0.3 s on a 2-core laptop): made on the first
   * cue, that wait would hold up the TV's first update.
   */
  prepare(): void {
    this.context();
  }

  /** Lets audio start where the browser waits for a gesture (a kiosk TV without the autoplay flag). */
  unlock(): void {
    const context = this.context();
    if (context?.state === 'suspended') void context.resume().catch(() => undefined);
  }

  close(): void {
    this.#closed = true;
    void this.#context?.close().catch(() => undefined);
    this.#context = null;
  }

  private context(): AudioContext | null {
    if (this.#context || this.#closed) return this.#context;
    try {
      this.#context = this.makeContext();
    } catch {
      return null; // no audio device or no Web Audio: the table stays silent
    }
    return this.#context;
  }
}
