import { describe, expect, it } from 'vitest';
import { exportNight, nightExportSchema } from '../night';
import { LaptopsNight, LAPTOPS, playUntil, someCommand } from '../night/testing/laptops';
import { verifyNight } from './fairness';

/**
 * R35 in the history: a deck lost in a takeover is retired unrevealed. The
 * fairness report and the export say so, with the cards it showed, and
 * never count it as a failure; every other deck is still checked.
 */

function takenOverMidTurn(): LaptopsNight {
  const table = LaptopsNight.start({ label: 'fair-move' });
  for (let i = 0; i < 200 && table.night.state.phase.kind !== 'bet'; i++) {
    const command = someCommand(table.night, (i % 10) / 10);
    if (command) table.must(command);
  }
  const taken = table.takeOver(LAPTOPS[1]);
  if (typeof taken === 'string') throw new Error(taken);
  for (let i = 0; i < 30; i++) {
    const command = someCommand(table.night, (i % 7) / 7);
    if (command) table.must(command);
  }
  playUntil(table, 'ready');
  table.must({ type: 'end', at: '2026-12-06T23:00:00.000Z' });
  return table;
}

describe('R35: a deck lost in a takeover, in the history', () => {
  it('the fairness report lists it as unrevealed, its laptop lost, and verifies every other deck', () => {
    const { night } = takenOverMidTurn();
    const lost = night.events.find((e) => e.type === 'deck-lost');
    const report = verifyNight(night.state.nightId, night.events);
    expect(report.verified).toBe(true);
    expect(report.mismatches).toEqual([]);
    expect(report.unchecked).toEqual([
      { deckId: lost?.type === 'deck-lost' ? lost.deckId : '', reason: expect.stringContaining('unrevealed: its laptop was lost (R35)') },
    ]);
    expect(report.decks).toBeGreaterThan(1);
  });

  it('the export marks the deck unrevealed with the cards it showed, and reads back', () => {
    const { night } = takenOverMidTurn();
    const exported = nightExportSchema.parse(JSON.parse(JSON.stringify(exportNight(night))));
    const lost = exported.decks.filter((deck) => deck.unrevealed !== undefined);
    expect(lost).toHaveLength(1);
    expect(lost[0]?.seed).toBeNull();
    expect(lost[0]?.unrevealed).toBe('unrevealed: its laptop was lost (R35)');
    const turnedFromIt = night.turns.flatMap((turn) => turn.cards.filter((c) => c.deck === lost[0]?.id).map((c) => c.card));
    expect(lost[0]?.shown).toEqual(turnedFromIt);
    expect(turnedFromIt.length).toBeGreaterThan(0);
    expect(exported.decks.filter((deck) => deck.seed === null && deck.unrevealed === undefined)).toEqual([]);
  });
});
