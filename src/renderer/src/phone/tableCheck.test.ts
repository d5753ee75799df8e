import { describe, expect, it, vi } from 'vitest';
import type { ApiResult, AppView, ExportFile } from '../../../shared';
import { chainFrom, commitmentOf, drawFromShoe, drawHash, freshShoe, LAPTOP_WITNESS, type WitnessReveal } from '../../../shared/tableDraw';
import type { StorageLike } from './me';
import { CHECKER_STORAGE_KEY, checkNightOnPhone, checkTableNight } from './tableCheck';
import { PhoneWitness } from './witness';

const NIGHT = '2026-11-26-abc123';

function memoryStorage(): StorageLike {
  const data = new Map<string, string>();
  return { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

function bytes(from: number): Uint8Array {
  return Uint8Array.from({ length: 32 }, (_, i) => (from + i) & 0xff);
}

/**
 * A night of `count` draws from one shoe, as the host exports it: the laptop
 * reveals every time, the phone (its chain given) except in the draws listed
 * as missed. The first two cards are the draw for dealer, the rest one turn.
 */
function nightExport(phone: { id: string; links: readonly string[] }, count: number, missed: readonly number[] = []) {
  const laptop = chainFrom(bytes(0), 64);
  const heads = [
    { id: LAPTOP_WITNESS, head: laptop[0] as string },
    { id: phone.id, head: phone.links[0] as string },
  ];
  const { fingerprint } = commitmentOf(heads);
  let remaining = freshShoe(1);
  let phoneAt = 0;
  const draws = [];
  for (let k = 1; k <= count; k++) {
    const reveals: WitnessReveal[] = [{ id: LAPTOP_WITNESS, value: laptop[k] as string }];
    if (!missed.includes(k)) reveals.push({ id: phone.id, value: phone.links[++phoneAt] as string });
    const r = drawHash(NIGHT, k, reveals);
    const drawn = drawFromShoe(remaining, r);
    remaining = drawn.left;
    draws.push({ k, shoe: 'play-1', reveals, missing: missed.includes(k) ? [phone.id] : [], r, j: drawn.j, card: drawn.card });
  }
  const cards = draws.map((d) => ({ deck: 'play-1', card: d.card }));
  return {
    format: 'in-between-night/3',
    night: { id: NIGHT },
    draw: cards.slice(0, 2).map((c, i) => ({ round: 1, player: `p-${i}`, ...c })),
    turns: [{ n: 1, cards: cards.slice(2) }],
    table: { shoes: [{ id: 'play-1', purpose: 'play', decks: 1, renewed: false, heads, fingerprint }], draws },
  };
}

const PHONE = { id: '00000000000000a1', links: chainFrom(bytes(0x20), 64) };

describe('R34: "Check this night" recomputes the table\'s cards on the phone', () => {
  it('R34: every link, draw and card checks out, and the draws this phone helped with are counted', () => {
    const found = checkTableNight(nightExport(PHONE, 6, [3]), PHONE);
    expect(found).toEqual({ draws: 6, mine: 5, problems: [] });
    // Another phone, or one that kept no chain, sees the same night check out without a count of its own.
    expect(checkTableNight(nightExport(PHONE, 6, [3]), null)).toEqual({ draws: 6, mine: null, problems: [] });
  });

  it('R34: a card that is not the one its reveals draw, or a card turned that was not drawn, does not check out', () => {
    const exported = nightExport(PHONE, 5);
    const third = exported.table.draws[2]!;
    const other = third.card === 'AS' ? 'KS' : 'AS';
    exported.turns[0]!.cards[0] = { deck: 'play-1', card: other };
    const turned = checkTableNight(exported, PHONE);
    expect(turned.problems.join('\n')).toMatch(/draw 3: the table turned/);
    third.card = other;
    expect(checkTableNight(exported, PHONE).problems.join('\n')).toMatch(/draw 3: r draws/);
  });

  it("R34: a value recorded as this phone's that its chain does not hold is named, and not counted as its help", () => {
    const exported = nightExport(PHONE, 4);
    // The host claims the phone revealed a value of another chain (it could only do so by changing the phone's head too).
    const stranger = { id: PHONE.id, links: chainFrom(bytes(0x40), 64) };
    const found = checkTableNight(exported, stranger);
    expect(found.mine).toBe(0);
    expect(found.problems.filter((p) => p.includes("this phone's"))).toHaveLength(4);
  });

  it("R34: what is not a table night's export is said so, and nothing is counted", () => {
    expect(checkTableNight({ format: 'in-between-night/3', night: { id: NIGHT }, table: null }, PHONE)).toEqual({
      draws: 0,
      mine: null,
      problems: ['this is not the export of a night whose cards the table drew'],
    });
  });

  it('R34: the phone asks with its witness id when it helped deal, else with an id it keeps; a refusal is passed on', async () => {
    const storage = memoryStorage();
    let n = 0;
    const random = (count: number) => Uint8Array.from({ length: count }, () => (n++ * 29 + 3) & 0xff);
    const witness = PhoneWitness.forNight(NIGHT, storage, random, 16);
    const exported = nightExport({ id: witness.id, links: witness.chain }, 3);
    const answer = (content: unknown): ApiResult<ExportFile> => ({
      ok: true,
      view: {} as AppView,
      data: { fileName: 'n.json', mimeType: 'application/json', content: JSON.stringify(content) },
    });
    const fetch = vi.fn(async (_args: { nightId: string; checker: string }) => answer(exported));
    expect(await checkNightOnPhone(NIGHT, fetch, storage)).toEqual({ draws: 3, mine: 3, problems: [] });
    expect(fetch.mock.calls[0]?.[0]).toEqual({ nightId: NIGHT, checker: witness.id });

    const elsewhere = memoryStorage();
    await checkNightOnPhone(NIGHT, fetch, elsewhere, random);
    await checkNightOnPhone(NIGHT, fetch, elsewhere, random);
    const checker = elsewhere.getItem(CHECKER_STORAGE_KEY);
    expect(checker).toMatch(/^[0-9a-f]{16}$/);
    expect([fetch.mock.calls[1]?.[0].checker, fetch.mock.calls[2]?.[0].checker]).toEqual([checker, checker]);

    const refused = vi.fn(async () => ({ ok: false as const, error: { code: 'unknown-night' as const, message: 'no such night' } }));
    expect(await checkNightOnPhone(NIGHT, refused, storage)).toMatchObject({ code: 'unknown-night' });
  });
});
