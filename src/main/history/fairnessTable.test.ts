import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES } from '../../shared/settings';
import type { EngineCommand, EngineEvent } from '../engine';
import { decideStep, emptyNight, keepStep, LaptopWitness, laptopDealer, recordedCommandOf, type PlayedNight } from '../night';
import { verifyNight } from './fairness';

/** The history's fairness check of a night whose cards the table drew (docs/rules.md R34): every draw recomputed, no deck seed needed. */

const NIGHT = '2026-11-26-fair34';

function tableNight(): PlayedNight {
  const laptop = new LaptopWitness(
    Uint8Array.from({ length: 32 }, (_, i) => 0x60 + i),
    4096,
  );
  const night = emptyNight();
  const play = (command: EngineCommand) => {
    const decided = decideStep(
      night,
      command,
      night.state.stateId,
      laptopDealer(laptop, () => 'ab'.repeat(32)),
    );
    if (!decided.ok) throw new Error(decided.error.message);
    keepStep(night, decided.step, {
      command: recordedCommandOf(command as Exclude<EngineCommand, { type: 'shuffle' | 'commit' | 'reveal' }>),
    });
  };
  play({
    type: 'start',
    nightId: NIGHT,
    at: '2026-11-26T20:00:00.000Z',
    players: [
      { id: 'ann', name: 'Ann' },
      { id: 'bob', name: 'Bob' },
    ],
    startingChips: 40,
    chipValue: 0,
    currency: 'EUR',
    settings: { ...DEFAULT_RULES, cards: 'table' },
    carryIn: 0,
  });
  play({ type: 'draw' });
  for (let turn = 0; turn < 8; turn++) {
    play({ type: 'deal' });
    if (night.state.phase.kind === 'bet') play({ type: 'bet', amount: 1 });
  }
  return night;
}

describe('R34: the fairness check of cards drawn by the table', () => {
  it('R34: every shoe and draw of an open night checks, with no deck left unchecked', () => {
    const { events } = tableNight();
    const report = verifyNight(NIGHT, events);
    expect(report).toMatchObject({ verified: true, mismatches: [], unchecked: [] });
    expect(report.cards).toBe(events.filter((e) => e.type === 'card-drawn').length);
    expect(report.decks).toBe(events.filter((e) => e.type === 'shoe-started').length);
  });

  it('R34: a card turned that is not the card drawn, or a draw whose reveal was changed, fails the check', () => {
    const { events } = tableNight();
    const at = events.findIndex((e) => e.type === 'card-turned');
    const turned = events[at] as Extract<EngineEvent, { type: 'card-turned' }>;
    const swapped = events.map((e, i) => (i === at ? { ...turned, card: turned.card === '2C' ? '3C' : '2C' } : e)) as EngineEvent[];
    expect(verifyNight(NIGHT, swapped).mismatches).toEqual([
      { deckId: 'table', reason: expect.stringMatching(/the table turned .* where .* was drawn \(R34\)$/) },
    ]);
    const drawnAt = events.findIndex((e) => e.type === 'card-drawn');
    const drawn = events[drawnAt] as Extract<EngineEvent, { type: 'card-drawn' }>;
    const changed = events.map((e, i) =>
      i === drawnAt ? { ...drawn, reveals: [{ id: drawn.reveals[0]?.id ?? '', value: 'c'.repeat(64) }] } : e,
    ) as EngineEvent[];
    const report = verifyNight(NIGHT, changed);
    expect(report.verified).toBe(false);
    expect(report.mismatches.map((m) => m.reason).join('\n')).toMatch(/does not hash to its head/);
  });
});
