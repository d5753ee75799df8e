import { describe, expect, it } from 'vitest';
import type { NightExport } from '../src/main/night';
import { checkTableNight } from '../src/renderer/src/phone/tableCheck';
import { chainFrom } from '../src/shared/tableDraw';
import { playTableNight, TABLE_NIGHT_PHONE } from './lib/tableNight';

/**
 * The phone's own "Check this night" (docs/rules.md R34) on a night the
 * engine played with the laptop and this phone as witnesses, over many
 * deals (a fresh shoe each): the page's recomputation agrees with
 * the engine on every card, counts the draws the phone's values went into,
 * and names a card or a value of the phone's that was changed.
 */

const NIGHT = '2026-11-26-phone34';
const PHONE = TABLE_NIGHT_PHONE;
const PHONE_CHAIN = chainFrom(
  Uint8Array.from({ length: 32 }, (_, i) => 0x80 + i),
  4096,
);

const night = playTableNight({
  nightId: NIGHT,
  players: ['ann', 'bob', 'cat'],
  startingChips: 200,
  turns: 60,
  phoneChain: PHONE_CHAIN,
  missEvery: 11,
});
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
