import { describe, expect, it } from 'vitest';
import { checkNight, type Finding } from '../src/checker';
import type { NightExport } from '../src/main/night';
import { chainFrom } from '../src/shared/tableDraw';
import { playTableNight, TABLE_NIGHT_PHONE } from './lib/tableNight';

/**
 * The night checker on a night whose cards the table drew (docs/rules.md
 * R34), played by the engine with the laptop and one phone as witnesses
 * (the phone missing now and then) and exported as `in-between-night/4`:
 * the checker recomputes every chain link, r and card on its own, and
 * catches a reveal changed, a card changed and a witness dropped without a
 * record.
 */

const NIGHT = '2026-11-26-check34';
const PHONE = TABLE_NIGHT_PHONE;

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
    expect(original.format).toBe('in-between-night/4');
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
