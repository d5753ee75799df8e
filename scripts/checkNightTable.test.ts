import { describe, expect, it } from 'vitest';
import { checkNight, type Finding } from '../src/checker';
import type { NightExport } from '../src/main/night';
import { chainFrom, commitmentOf, LAPTOP_WITNESS } from '../src/shared/tableDraw';
import { playTableNight, TABLE_NIGHT_PHONE } from './lib/tableNight';

/**
 * The night checker on a night whose cards the table drew (docs/rules.md
 * R34), played by the engine with the laptop and one phone as witnesses
 * (the phone missing now and then) and exported as `in-between-night/5`:
 * the checker recomputes every chain link, r and card on its own, and
 * catches a reveal changed, a card changed and a witness dropped without a
 * record.
 */

const NIGHT = '2026-11-26-check34';
const PHONE = TABLE_NIGHT_PHONE;
const LAPTOP = LAPTOP_WITNESS;
const fingerprintOf = (heads: readonly { id: string; head: string }[]) => commitmentOf(heads).fingerprint;

function tableNight(): NightExport {
  return playTableNight({
    nightId: NIGHT,
    players: ['ann', 'bob', 'cat', 'dan'],
    startingChips: 60,
    turns: 30,
    phoneChain: chainFrom(
      Uint8Array.from({ length: 32 }, (_, i) => 0x80 + i),
      4096,
    ),
    missEvery: 7,
  });
}

const original = tableNight();

function mutated(change: (night: NightExport) => void): Finding[] {
  const copy = JSON.parse(JSON.stringify(original)) as NightExport;
  change(copy);
  return checkNight(copy);
}

const r34 = (findings: Finding[]) => findings.filter((f) => f.rule === 'R34').map((f) => `${f.expected} / ${f.found}`);

describe('R34: the night checker on cards drawn by the table', () => {
  it('R34: finds nothing in the night as played, the phone missing from some draws', () => {
    expect(original.format).toBe('in-between-night/5');
    expect(original.table?.draws.some((d) => d.missing.length > 0)).toBe(true);
    expect(checkNight(JSON.parse(JSON.stringify(original)))).toEqual([]);
  });

  it('R34: a reveal changed is caught at its draw', () => {
    const findings = mutated((night) => {
      const draw = night.table?.draws[9];
      const phone = draw?.reveals.find((v) => v.id === PHONE);
      if (!phone) throw new Error('draw 10 has the phone');
      phone.value = 'd'.repeat(64);
    });
    expect(r34(findings).join('\n')).toMatch(/draw 10: sha256 of the value revealed by 00000000000000a1/);
  });

  it('R34: a card changed (in the draws and on the table alike) is caught', () => {
    const findings = mutated((night) => {
      const draw = night.table?.draws[12];
      if (!draw) throw new Error('13 draws');
      draw.card = draw.card === '2C' ? '3C' : '2C';
    });
    expect(r34(findings).join('\n')).toMatch(/draw 13: j and the card it picks/);
  });

  it('R34: a witness dropped from a draw without being recorded missing is caught', () => {
    const findings = mutated((night) => {
      const draw = night.table?.draws[4];
      if (!draw) throw new Error('5 draws');
      draw.reveals = draw.reveals.filter((v) => v.id !== PHONE);
    });
    expect(r34(findings).join('\n')).toMatch(/draw 5: the deal's witnesses, each revealing or missing/);
  });

  it('R34 with R10: a card turned on the table that is not the card drawn is caught', () => {
    const findings = mutated((night) => {
      const turn = night.turns[3];
      const first = turn?.cards[0];
      if (!first) throw new Error('4 turns');
      first.card = first.card === '2C' ? '3C' : '2C';
    });
    expect(findings.some((f) => f.rule === 'R10' && f.turn === 4)).toBe(true);
  });
});

describe('R34 Chains that run out: the night checker on new chains', () => {
  // Laptop chains of 1,100 values: a new one at a deal's commitment after 77 draws; the phone's chain of 200 is spent midway.
  const renewed = playTableNight({
    nightId: '2026-11-26-chains1',
    players: ['ann', 'bob', 'cat'],
    startingChips: 400,
    turns: 480,
    phoneChain: chainFrom(
      Uint8Array.from({ length: 32 }, (_, i) => 0x90 + i),
      200,
    ),
    missEvery: 9,
    laptopChainLength: 1100,
  });
  const laptopNew = (night: NightExport) => (night.table?.shoes ?? []).filter((s) => s.heads.some((w) => w.id === LAPTOP && w.new));

  function changed(change: (night: NightExport) => void): Finding[] {
    const copy = JSON.parse(JSON.stringify(renewed)) as NightExport;
    change(copy);
    return checkNight(copy);
  }

  it('R34: a night longer than its chains plays on, the laptop starting new chains marked new, and the checker finds nothing', () => {
    expect(renewed.table?.draws.length).toBeGreaterThan(1100);
    expect(laptopNew(renewed).length).toBeGreaterThanOrEqual(10);
    // The phone, its chain spent, misses 3 draws in a row and is dropped (R34 *Who was asked*): the last deals are the laptop's alone.
    const shoes = renewed.table?.shoes ?? [];
    expect(shoes.some((s) => s.witnessChanges?.some((c) => c.witness === PHONE && c.change === 'dropped'))).toBe(true);
    expect(shoes.at(-1)?.heads.map((w) => w.id)).toEqual([LAPTOP]);
    expect(checkNight(JSON.parse(JSON.stringify(renewed)))).toEqual([]);
  });

  it('R34: a new chain not marked new is caught: a head must go on from its chain unless the commitment marks it new', () => {
    const findings = changed((night) => {
      const shoe = laptopNew(night)[0];
      const head = shoe?.heads.find((w) => w.id === LAPTOP);
      if (!head) throw new Error('a new laptop chain');
      head.new = false;
    });
    expect(r34(findings).join('\n')).toMatch(/the head of 0000000000000000 going on from its chain/);
  });

  it('R34: a head marked new is taken without a link, but any other head that does not link is caught', () => {
    // The phone's head in the last deal replaced by another chain's: caught unless marked new.
    const other = chainFrom(
      Uint8Array.from({ length: 32 }, (_, i) => 0x33 + i),
      10,
    )[0] as string;
    const replace = (mark: boolean) => (night: NightExport) => {
      const table = night.table;
      const at = table?.shoes.findLastIndex((s) => !s.renewed && s.heads.some((w) => w.id === PHONE)) ?? -1;
      const shoe = table?.shoes[at];
      const phone = shoe?.heads.find((w) => w.id === PHONE);
      if (!table || !shoe || !phone) throw new Error('a later deal with the phone');
      phone.head = other;
      phone.new = mark;
      shoe.fingerprint = fingerprintOf(shoe.heads);
      // Its reveals in that deal go on from the new head: the phone is missing from all of them.
      for (const draw of table.draws.filter((d) => d.shoe === shoe.id)) {
        draw.reveals = draw.reveals.filter((v) => v.id !== PHONE);
        draw.missing = [PHONE];
      }
    };
    const unmarked = r34(changed(replace(false)));
    expect(unmarked.join('\n')).toMatch(/the head of 00000000000000a1 going on from its chain/);
    expect(r34(changed(replace(true))).join('\n')).not.toMatch(/going on from its chain/);
  });
});
