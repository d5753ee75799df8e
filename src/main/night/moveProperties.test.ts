import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RuleSettings } from '../../shared/settings';
import type { EngineState } from '../engine';
import { chainedJournal, decodeJournal } from './format';
import { replayHeldCopy } from './move';
import { replayJournal, replayPrefix, type PlayedNight } from './play';
import { LAPTOPS, LaptopsNight, NIGHT_ID, someCommand } from './testing/laptops';

/**
 * R35 over random nights: any number of hand-overs and takeovers at random
 * moments, each takeover from a copy that may be behind the holder. Chips
 * are conserved across every move (R24), the last holder's journal replays
 * to the night it plays live, a line of a superseded epoch never enters the
 * night, and a copy replayed without the holder's key is the same table as
 * the holder's replay with it.
 */

const settingsArb: fc.Arbitrary<Partial<RuleSettings>> = fc.record({
  decks: fc.integer({ min: 1, max: 2 }),
  ante: fc.integer({ min: 1, max: 3 }),
  aceLowChoice: fc.boolean(),
  pair: fc.constantFrom('pays-2', 'pays-3', 'redeal', 'high-low'),
  consecutive: fc.constantFrom('lose-minimum', 'push', 'redeal'),
  postPays: fc.constantFrom(1, 2),
  anteWhen: fc.constantFrom('empty-pot', 'every-deal'),
});

type Step = { kind: 'play'; r: number } | { kind: 'hand-over'; to: number } | { kind: 'take-over'; by: number; behind: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({ kind: fc.constant('play' as const), r: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }) }),
    weight: 20,
  },
  { arbitrary: fc.record({ kind: fc.constant('hand-over' as const), to: fc.integer({ min: 0, max: 2 }) }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('take-over' as const),
      by: fc.integer({ min: 0, max: 2 }),
      behind: fc.integer({ min: 0, max: 4 }),
    }),
    weight: 2,
  },
);

/** R24: every chip that came in is in a stack, in the pot or went out. */
function conserved(state: EngineState): boolean {
  const sum = (values: Record<string, number>) => Object.values(values).reduce((a, b) => a + b, 0);
  return sum(state.boughtIn) + state.carriedIn === sum(state.stacks) + state.pot + sum(state.cashedOut) + state.carriedOut;
}

/** What the table and the history show of a night; a deck by the cards it turned (the rest of a sealed one is in no known order). */
function tableFacts(night: PlayedNight) {
  const { deck, ...rest } = night.state;
  return {
    state: rest,
    deck: deck && {
      id: deck.id,
      commitment: deck.commitment,
      cut: deck.cut,
      position: deck.position,
      turned: deck.cards.slice(0, deck.position),
    },
    turns: night.turns,
    ledger: night.ledger.entries,
    stackSeries: night.stackSeries,
  };
}

/** The lines the last takeover wrote: a copy taking over is never behind it. */
function lastMoveLine(table: LaptopsNight): number {
  return table.lines.findLastIndex((line) => line.command.type === 'take-over') + 1;
}

/** Plays `steps` on a night moving between the three laptops, checking after each; returns how many moves were made. */
function playMoving(table: LaptopsNight, steps: readonly Step[], afterEach: () => void): number {
  let moves = 0;
  for (const step of steps) {
    if (step.kind === 'play') {
      const command = someCommand(table.night, step.r);
      if (command) table.play(command);
    } else if (step.kind === 'hand-over') {
      const to = LAPTOPS[step.to] as string;
      if (to !== table.holder && table.handOver(to) === null) moves += 1;
    } else {
      const by = LAPTOPS[step.by] as string;
      const lines = Math.max(lastMoveLine(table), table.lines.length - step.behind, 1);
      if (by !== table.holder && typeof table.takeOver(by, lines) !== 'string') moves += 1;
    }
    afterEach();
  }
  return moves;
}

describe('R35: a night moved any number of times', () => {
  it('R24, R35: chips are conserved across every move, and the last holder replays its journal to the night it plays', () => {
    const seen = { moves: 0, lostDecks: 0, voided: 0 };
    fc.assert(
      fc.property(
        settingsArb,
        fc.integer({ min: 2, max: 5 }),
        fc.array(stepArb, { minLength: 10, maxLength: 160, size: 'max' }),
        (settings, players, steps) => {
          const table = LaptopsNight.start({ settings, players, label: JSON.stringify(steps.slice(0, 3)) });
          seen.moves += playMoving(table, steps, () => expect(conserved(table.night.state)).toBe(true));
          seen.lostDecks += table.night.events.filter((e) => e.type === 'deck-lost').length;
          seen.voided += table.night.turns.filter((t) => t.void).length;
          const read = replayHeldCopy(table.text(), table.opener(table.holder));
          if (!read.ok) throw new Error(read.problem);
          expect(tableFacts(read.night)).toEqual(tableFacts(table.night));
          expect(read.epoch).toBe(table.lines.at(-1)?.epoch ?? 1);
        },
      ),
      { numRuns: 60 },
    );
    // The nights did move, lose decks in play and void turns in play: the property is not vacuous.
    expect(seen.moves).toBeGreaterThan(200);
    expect(seen.lostDecks).toBeGreaterThan(50);
    expect(seen.voided).toBeGreaterThan(20);
  });

  it('R35: a line written at a superseded epoch after the takeover point never enters the night', () => {
    fc.assert(
      fc.property(
        settingsArb,
        fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { minLength: 5, maxLength: 80, size: 'max' }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 2 }),
        (settings, rs, behind, by) => {
          const table = LaptopsNight.start({ settings });
          for (const r of rs) {
            const command = someCommand(table.night, r);
            if (command) table.play(command);
          }
          const taken = table.takeOver(LAPTOPS[by] as string, Math.max(1, table.lines.length - behind));
          if (typeof taken === 'string') throw new Error(taken);
          const kept = tableFacts(table.night);
          for (const aside of taken.aside) {
            // Chained on as if it followed the takeover: the chain holds, the epoch does not.
            const text = chainedJournal(NIGHT_ID, [...table.lines, aside]).text;
            const { failure, night } = replayPrefix(
              decodeJournal(text, table.opener(table.holder), { chain: true, unopened: true }).entries,
            );
            expect(failure?.line).toBe(table.lines.length + 2);
            expect(failure?.message).toMatch(/epoch 1, after the night moved to epoch 2/);
            expect(tableFacts(night)).toEqual(kept);
            // Appended as the old holder wrote it: it does not follow the takeover's chain.
            const raw = `${table.text()}${
              chainedJournal(NIGHT_ID, [...table.lines.slice(0, -1), aside])
                .text.split('\n')
                .at(-2) ?? ''
            }\n`;
            expect(decodeJournal(raw, table.opener(table.holder), { chain: true, unopened: true }).damage?.reason).toMatch(
              /chain is broken/,
            );
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('R12, R35: a copy replayed without the key is the same table as the holder replays with it', () => {
    fc.assert(
      fc.property(
        settingsArb,
        fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { minLength: 1, maxLength: 150, size: 'max' }),
        (settings, rs) => {
          const table = LaptopsNight.start({ settings });
          for (const r of rs) {
            const command = someCommand(table.night, r);
            if (command) table.play(command);
          }
          const holder = replayJournal(decodeJournal(table.text(), table.opener(table.holder)).entries);
          const copy = replayHeldCopy(table.text());
          if (!copy.ok) throw new Error(copy.problem);
          expect(tableFacts(copy.night)).toEqual(tableFacts(holder));
          expect(tableFacts(holder)).toEqual(tableFacts(table.night));
        },
      ),
      { numRuns: 60 },
    );
  });
});
