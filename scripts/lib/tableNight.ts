import type { EngineCommand } from '../../src/main/engine';
import { decideStep, emptyNight, exportNight, keepStep, recordedCommandOf, type Dealer, type NightExport } from '../../src/main/night';
import { DEFAULT_RULES } from '../../src/shared/settings';
import { chainFrom, LAPTOP_WITNESS } from '../../src/shared/tableDraw';

/** The phone witness of the nights below. */
export const TABLE_NIGHT_PHONE = '00000000000000a1';

/**
 * A night whose cards the table draws (docs/rules.md R34), played by the
 * engine with the laptop and one phone as witnesses, the phone missing
 * every `missEvery`-th draw (it answered too late), ended and exported as
 * the checkers read it. For the tests of the night checker and of the
 * phone's own check.
 */
export function playTableNight(options: {
  nightId: string;
  players: string[];
  startingChips: number;
  turns: number;
  phoneChain: string[];
  missEvery: number;
}): NightExport {
  const chains = new Map([
    [
      LAPTOP_WITNESS,
      chainFrom(
        Uint8Array.from({ length: 32 }, (_, i) => 0x11 * i),
        4096,
      ),
    ],
    [TABLE_NIGHT_PHONE, options.phoneChain],
  ]);
  type State = Parameters<Dealer['commit']>[0];
  const headOf = (state: State, id: string) => state.witnesses?.heads.find((w) => w.id === id)?.head;
  const next = (state: State, id: string) => {
    const links = chains.get(id) ?? [];
    return links[links.indexOf(headOf(state, id) ?? '') + 1] as string;
  };
  const dealer: Dealer = {
    drawsByTable: true,
    seed: () => {
      throw new Error('no deck is shuffled when the table draws');
    },
    commit: (state) => ({
      heads: [...chains].map(([id, links]) => ({ id, head: headOf(state, id) ?? (links[0] as string) })),
      // R34 *Who was asked*: the phone helps deal from the first commitment on.
      witnessChanges: state.witnesses ? [] : [{ witness: TABLE_NIGHT_PHONE, change: 'joined' as const, afterDraw: 0 }],
    }),
    reveal: (state) => {
      const missing = ((state.witnesses?.draws ?? 0) + 1) % options.missEvery === 0;
      return {
        reveals: [
          { id: LAPTOP_WITNESS, value: next(state, LAPTOP_WITNESS) },
          ...(missing ? [] : [{ id: TABLE_NIGHT_PHONE, value: next(state, TABLE_NIGHT_PHONE) }]),
        ],
        missing: missing ? [TABLE_NIGHT_PHONE] : [],
      };
    },
  };
  const night = emptyNight();
  const play = (command: EngineCommand) => {
    const decided = decideStep(night, command, night.state.stateId, dealer);
    if (!decided.ok) throw new Error(decided.error.message);
    keepStep(night, decided.step, {
      command: recordedCommandOf(command as Exclude<EngineCommand, { type: 'shuffle' | 'commit' | 'reveal' }>),
      // The commitments and reveals, as the journal keeps them with the line (R34 *Who was asked* among them).
      ...(decided.step.table.length > 0 ? { table: decided.step.table } : {}),
    });
  };
  play({
    type: 'start',
    nightId: options.nightId,
    at: '2026-11-26T20:00:00.000Z',
    players: options.players.map((id) => ({ id, name: id.toUpperCase() })),
    startingChips: options.startingChips,
    chipValue: 0,
    currency: 'EUR',
    settings: { ...DEFAULT_RULES, cards: 'table', pair: 'redeal' },
    carryIn: 0,
  });
  play({ type: 'draw' });
  for (let turn = 0; turn < options.turns; turn++) {
    play({ type: 'deal' });
    if (night.state.phase.kind === 'bet') play({ type: 'bet', amount: 1 });
  }
  play({ type: 'end', at: '2026-11-26T23:00:00.000Z' });
  return JSON.parse(JSON.stringify(exportNight(night))) as NightExport;
}
