import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EngineCommand } from '../../engine';
import { TestTable } from '../../engine/testing/kit';
import { allowedView } from '../../night/allowedView';
import { nightView } from './nightView';

/**
 * The `allowed` part is worked out when the view is first read, not while the
 * host's action waits (docs/benchmarks-profile.md). What a screen receives must
 * not change: every way a view leaves main (JSON to the phones and TV, structured
 * clone to the Electron windows, a spread) carries the engine's answer.
 */

const commandArb: fc.Arbitrary<EngineCommand> = fc.oneof(
  fc.constant<EngineCommand>({ type: 'draw' }),
  fc.constant<EngineCommand>({ type: 'deal' }),
  fc.integer({ min: 0, max: 51 }).map((cut): EngineCommand => ({ type: 'cut', cut })),
  fc.constantFrom<EngineCommand>({ type: 'ace-call', call: 'high' }, { type: 'ace-call', call: 'low' }),
  fc.constantFrom<EngineCommand>({ type: 'pair-call', call: 'higher' }, { type: 'pair-call', call: 'lower' }),
  fc.constantFrom<EngineCommand>({ type: 'bet', amount: 1 }, { type: 'bet', amount: 'pot' }, { type: 'pass' }),
  fc.constantFrom<EngineCommand>({ type: 'undo' }, { type: 'void-turn' }, { type: 'correct-bet', amount: 1 }),
  fc
    .tuple(fc.constantFrom('sit-out', 'come-back', 'cash-out'), fc.integer({ min: 0, max: 3 }))
    .map(([type, seat]) => ({ type, playerId: `p${seat + 1}` }) as EngineCommand),
  fc.integer({ min: 0, max: 3 }).map((seat): EngineCommand => ({ type: 'buy-in', playerId: `p${seat + 1}`, amount: 5 })),
  fc.constant<EngineCommand>({ type: 'end', at: '2026-01-01T23:00:00.000Z' }),
);

describe("the view's allowed part, read when the view leaves main", () => {
  it("R17, R21, R22, R31, R32: JSON, structured clone and a spread of the view carry exactly the engine's answer, for any state a night reaches", () => {
    fc.assert(
      fc.property(fc.array(commandArb, { maxLength: 60 }), fc.constantFrom(true, false), (commands, pass) => {
        const table = TestTable.start({ players: 4, settings: { pass } }, 'lazy-allowed');
        for (const command of commands) table.apply(command);
        const view = nightView(table.state, [], null);
        const answer = allowedView(table.state);
        expect(JSON.parse(JSON.stringify(view)).allowed).toEqual(answer);
        expect(structuredClone(view).allowed).toEqual(answer);
        expect({ ...view }.allowed).toBe(answer);
        expect(Object.keys(view)).toContain('allowed');
      }),
      { numRuns: 60 },
    );
  });
});
