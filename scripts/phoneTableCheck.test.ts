import { describe, expect, it } from 'vitest';
import type { EngineCommand } from '../src/main/engine';
import { decideStep, emptyNight, exportNight, keepStep, recordedCommandOf, type Dealer, type NightExport } from '../src/main/night';
import { checkTableNight } from '../src/renderer/src/phone/tableCheck';
import { DEFAULT_RULES } from '../src/shared/settings';
import { chainFrom, LAPTOP_WITNESS } from '../src/shared/tableDraw';

/**
 * The phone's own "Check this night" (docs/rules.md R34) on a night the
 * engine played with the laptop and this phone as witnesses, over many
 * deals (a fresh shoe each): the page's recomputation agrees with
 * the engine on every card, counts the draws the phone's values went into,
 * and names a card or a value of the phone's that was changed.
 */

const NIGHT = '2026-11-26-phone34';
const PHONE = '00000000000000a1';
const PHONE_CHAIN = chainFrom(
  Uint8Array.from({ length: 32 }, (_, i) => 0x80 + i),
  4096,
);

function witnesses(): Dealer {
  const chains = new Map([
    [
      LAPTOP_WITNESS,
      chainFrom(
        Uint8Array.from({ length: 32 }, (_, i) => 0x11 * i),
        4096,
      ),
    ],
    [PHONE, PHONE_CHAIN],
  ]);
  type State = Parameters<Dealer['commit']>[0];
  const headOf = (state: State, id: string) => state.witnesses?.heads.find((w) => w.id === id)?.head;
  const next = (state: State, id: string) => {
    const links = chains.get(id) ?? [];
    return links[links.indexOf(headOf(state, id) ?? '') + 1] as string;
  };
  return {
    drawsByTable: true,
    seed: () => {
      throw new Error('no deck is shuffled when the table draws');
    },
    commit: (state) => ({ heads: [...chains].map(([id, links]) => ({ id, head: headOf(state, id) ?? (links[0] as string) })) }),
    reveal: (state) => {
      // The phone misses one draw in eleven: it answered too late.
      const missing = ((state.witnesses?.draws ?? 0) + 1) % 11 === 0;
      return {
        reveals: [
          { id: LAPTOP_WITNESS, value: next(state, LAPTOP_WITNESS) },
          ...(missing ? [] : [{ id: PHONE, value: next(state, PHONE) }]),
        ],
        missing: missing ? [PHONE] : [],
      };
    },
  };
}

function playedNight(turns: number): NightExport {
  const dealer = witnesses();
  const night = emptyNight();
  const play = (command: EngineCommand) => {
    const decided = decideStep(night, command, night.state.stateId, dealer);
    if (!decided.ok) throw new Error(decided.error.message);
    keepStep(night, decided.step, {
      command: recordedCommandOf(command as Exclude<EngineCommand, { type: 'shuffle' | 'commit' | 'reveal' }>),
    });
  };
  play({
    type: 'start',
    nightId: NIGHT,
    at: '2026-11-26T20:00:00.000Z',
    players: ['ann', 'bob', 'cat'].map((id) => ({ id, name: id.toUpperCase() })),
    startingChips: 200,
    chipValue: 0,
    currency: 'EUR',
    settings: { ...DEFAULT_RULES, cards: 'table', pair: 'redeal' },
    carryIn: 0,
  });
  play({ type: 'draw' });
  for (let turn = 0; turn < turns; turn++) {
    play({ type: 'deal' });
    if (night.state.phase.kind === 'bet') play({ type: 'bet', amount: 1 });
  }
  play({ type: 'end', at: '2026-11-26T23:00:00.000Z' });
  return JSON.parse(JSON.stringify(exportNight(night))) as NightExport;
}

const night = playedNight(60);
const own = { id: PHONE, links: PHONE_CHAIN };

describe("R34: the phone's check of a night the engine played", () => {
  it("R34: every card checks out, over the draw for dealer and a fresh shoe each deal, and the draws with the phone's values are counted", () => {
    const draws = night.table?.draws ?? [];
    expect(night.table?.shoes.length).toBeGreaterThan(10);
    const missed = draws.filter((d) => d.missing.includes(PHONE)).length;
    expect(missed).toBeGreaterThan(0);
    expect(checkTableNight(night, own)).toEqual({ draws: draws.length, mine: draws.length - missed, problems: [] });
  });

  it("R34: a card changed on the table, or a value of the phone's replaced, is named", () => {
    const copy = JSON.parse(JSON.stringify(night)) as NightExport;
    const turn = copy.turns[5]!;
    turn.cards[0]!.card = turn.cards[0]!.card === '2C' ? '3C' : '2C';
    const phoneReveal = copy.table!.draws[20]!.reveals.find((v) => v.id === PHONE)!;
    phoneReveal.value = 'e'.repeat(64);
    const found = checkTableNight(copy, own);
    expect(found.problems.some((p) => /the table turned/.test(p))).toBe(true);
    expect(found.problems.some((p) => p.startsWith('draw 21:') && p.includes("this phone's"))).toBe(true);
  });
});
