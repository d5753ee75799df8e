import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkNight } from '../src/checker';
import { RULE_PRESETS } from '../src/shared/settings';
import { chainFrom } from '../src/shared/tableDraw';
import { simulateNight } from './lib/simulation';
import { playTableNight } from './lib/tableNight';

/**
 * R35 on simulated nights (docs/night-checker.md "The record"): the simulator signs its nights as a laptop would, so
 * the checker compares every fact it reads from the signed journal with the export, on nights with every host action
 * and with cards drawn by the table. The checker's own fixture is one of them.
 */
describe('R35: simulated nights carry a signed record that the checker finds the export agrees with', () => {
  it('R35: the checker’s fixture is what `npm run simulate -- --players 4 --turns 30 --seed 5e3a --rules house-rules --host-moves every` writes today', () => {
    const fixture = readFileSync(new URL('../src/checker/fixtures/signed-night.json', import.meta.url), 'utf8');
    const today = simulateNight({
      seed: Buffer.from('5e3a', 'hex'),
      players: 4,
      turns: 30,
      startingChips: 50,
      rules: RULE_PRESETS['house-rules'],
      payment: 'credit',
      hostMoves: 'every',
    });
    expect(`${JSON.stringify(today, null, 2)}\n`).toBe(fixture);
  });

  it('R35: nights of every preset with every host action, paid in cash or on credit, have a record and nothing found', () => {
    const presets = Object.keys(RULE_PRESETS) as (keyof typeof RULE_PRESETS)[];
    presets.forEach((preset, k) => {
      const night = simulateNight({
        seed: Buffer.from(`record-${k}`),
        players: 3 + (k % 6),
        turns: 50,
        startingChips: 20,
        rules: RULE_PRESETS[preset],
        payment: k % 2 === 0 ? 'cash' : 'credit',
        hostMoves: 'every',
      });
      expect(night.record?.journal.length, preset).toBeGreaterThan(0);
      expect(checkNight(JSON.parse(JSON.stringify(night))), preset).toEqual([]);
    });
  }, 60_000);

  it('R35, R34: a night whose cards the table drew: its commitments and draws are the journal’s, and a draw changed in the export alone is caught', () => {
    const night = playTableNight({
      nightId: '2026-11-26-record35',
      players: ['ann', 'bob', 'cat'],
      startingChips: 40,
      turns: 12,
      phoneChain: chainFrom(
        Uint8Array.from({ length: 32 }, (_, i) => 0x40 + i),
        4096,
      ),
      missEvery: 5,
    });
    expect(checkNight(JSON.parse(JSON.stringify(night)))).toEqual([]);
    const changed = JSON.parse(JSON.stringify(night)) as typeof night;
    const draw = changed.table?.draws[3];
    if (!draw) throw new Error('no fourth draw');
    draw.missing = [...draw.missing, ...draw.reveals.splice(1).map((r) => r.id)];
    const r35 = checkNight(changed).filter((f) => f.rule === 'R35');
    expect(r35.map((f) => f.expected.split(' (line')[0])).toEqual([expect.stringMatching(/^draw 4 \(R34\)/)]);
  });
});
