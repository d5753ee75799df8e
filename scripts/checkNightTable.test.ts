import { describe, expect, it } from 'vitest';
import { checkNight, type Finding } from '../src/checker';
import type { EngineCommand } from '../src/main/engine';
import { decideStep, emptyNight, exportNight, keepStep, recordedCommandOf, type Dealer, type NightExport } from '../src/main/night';
import { DEFAULT_RULES } from '../src/shared/settings';
import { chainFrom, LAPTOP_WITNESS } from '../src/shared/tableDraw';

/**
 * The night checker on a night whose cards the table drew (docs/rules.md
 * R34), played by the engine with the laptop and one phone as witnesses
 * (the phone missing now and then) and exported as `in-between-night/3`:
 * the checker recomputes every chain link, r and card on its own, and
 * catches a reveal changed, a card changed and a witness dropped without a
 * record.
 */

const NIGHT = '2026-11-26-check34';
const PHONE = '00000000000000a1';

function witnesses(): Dealer {
  const chains = new Map([
    [
      LAPTOP_WITNESS,
      chainFrom(
        Uint8Array.from({ length: 32 }, (_, i) => 0x11 * i),
        4096,
      ),
    ],
    [
      PHONE,
      chainFrom(
        Uint8Array.from({ length: 32 }, (_, i) => 0x80 + i),
        4096,
      ),
    ],
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
      const missing = ((state.witnesses?.draws ?? 0) + 1) % 7 === 0;
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

function tableNight(): NightExport {
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
    players: ['ann', 'bob', 'cat', 'dan'].map((id) => ({ id, name: id.toUpperCase() })),
    startingChips: 60,
    chipValue: 0,
    currency: 'EUR',
    settings: { ...DEFAULT_RULES, cards: 'table', pair: 'redeal' },
    carryIn: 0,
  });
  play({ type: 'draw' });
  for (let turn = 0; turn < 30; turn++) {
    play({ type: 'deal' });
    if (night.state.phase.kind === 'bet') play({ type: 'bet', amount: 1 });
  }
  play({ type: 'end', at: '2026-11-26T23:00:00.000Z' });
  return JSON.parse(JSON.stringify(exportNight(night))) as NightExport;
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
    expect(original.format).toBe('in-between-night/3');
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
