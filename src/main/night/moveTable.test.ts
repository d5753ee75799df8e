import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES } from '../../shared/settings';
import { LAPTOP_WITNESS } from '../../shared/tableDraw';
import type { EngineCommand } from '../engine';
import { chainedJournal, recordedCommandOf, type JournalEntry } from './format';
import { LaptopWitness, laptopDealer } from './laptopWitness';
import { handOverLine, replayHeldCopy, takeOverLine } from './move';
import { decideStep, emptyNight, keepStep, type Dealer, type PlayedNight } from './play';

/** R35 with `cards: table` (R34): the laptop's chain cannot move, so a takeover is R34's *A lost chain* on the new laptop. */

const NIGHT = '2026-12-06-movetb';
const AT = '2026-12-06T21:00:00.000Z';
const [A, B] = ['l-00000000000000a1', 'l-00000000000000b2'];
const noSeed = (): string => {
  throw new Error('no deck is shuffled when the table draws');
};

/** The new laptop's dealer: its own chain, new, under a commitment that says why (R34 *A lost chain*). */
function newLaptopDealer(): Dealer {
  const dealer = laptopDealer(
    new LaptopWitness(
      Uint8Array.from({ length: 32 }, (_, i) => 0x90 + i),
      4096,
    ),
    noSeed,
  );
  return { ...dealer, commit: (state) => ({ ...dealer.commit(state), reason: 'laptop-chain-lost' }) };
}

function tableNight(): { night: PlayedNight; entries: JournalEntry[]; play: (command: EngineCommand) => void } {
  const dealer = laptopDealer(
    new LaptopWitness(
      Uint8Array.from({ length: 32 }, (_, i) => 0x40 + i),
      4096,
    ),
    noSeed,
  );
  const night = emptyNight();
  const entries: JournalEntry[] = [];
  const play = (command: EngineCommand) => {
    const decided = decideStep(night, command, night.state.stateId, dealer);
    if (!decided.ok) throw new Error(decided.error.message);
    const entry: JournalEntry = {
      at: AT,
      command: recordedCommandOf(command as Exclude<EngineCommand, { type: 'shuffle' }>),
      ...(decided.step.table.length > 0 ? { table: decided.step.table } : {}),
    };
    expect(decided.step.shown).toEqual([]);
    keepStep(night, decided.step, entry);
    entries.push(entry);
  };
  play({
    type: 'start',
    nightId: NIGHT,
    at: AT,
    players: [
      { id: 'p0', name: 'Ann' },
      { id: 'p1', name: 'Bob' },
      { id: 'p2', name: 'Cat' },
    ],
    startingChips: 30,
    chipValue: 25,
    currency: 'EUR',
    settings: { ...DEFAULT_RULES, cards: 'table' },
    carryIn: 0,
  });
  play({ type: 'draw' });
  play({ type: 'deal' });
  for (let i = 0; i < 10 && night.state.phase.kind !== 'bet'; i++) {
    if (night.state.phase.kind === 'ace-call') play({ type: 'ace-call', call: 'high' });
    else if (night.state.phase.kind === 'pair-call')
      play({ type: 'pair-call', call: night.state.turn?.posts[0]?.[0] === 'A' ? 'lower' : 'higher' });
    else play({ type: 'deal' });
  }
  expect(night.state.phase.kind).toBe('bet');
  return { night, entries, play };
}

describe('R35 with cards drawn by the table (R34)', () => {
  it('R35, R34: taken over mid-turn, the turn is voided and played again under a new commitment of the new laptop, marked a lost chain', () => {
    const { entries } = tableNight();
    const copy = replayHeldCopy(chainedJournal(NIGHT, entries).text);
    if (!copy.ok) throw new Error(copy.problem);
    const turn = copy.night.state.turn;
    const moved = takeOverLine(copy, A, B, newLaptopDealer(), AT);
    if (!moved.ok) throw new Error(moved.error.message);
    expect(moved.entry.epoch).toBe(2);
    expect(moved.entry.shown).toBeUndefined();
    expect(moved.entry.table?.[0]).toMatchObject({ reason: 'laptop-chain-lost', newChains: [LAPTOP_WITNESS] });
    const events = moved.step.events.map((e) => e.type);
    expect(events).toEqual(expect.arrayContaining(['turn-voided', 'shoe-retired', 'shoe-started', 'turn-started']));
    expect(events).not.toContain('deck-lost');
    expect(moved.step.state.turn?.playerId).toBe(turn?.playerId);
    expect(moved.step.state.turn?.n).toBe((turn?.n ?? 0) + 1);
    expect(moved.step.state.stacks).toEqual(copy.night.state.stacks);
  });

  it('R35: a hand-over puts the shoe away (no seed to reveal); the takeover after it commits anew', () => {
    const { night, play } = tableNight();
    play({ type: 'bet', amount: 1 });
    const handed = handOverLine(night, B, A, AT);
    if (!handed.ok) throw new Error(handed.error.message);
    expect(handed.step.events.map((e) => e.type)).toContain('shoe-retired');
    expect(handed.entry.seeds).toBeUndefined();
  });
});
