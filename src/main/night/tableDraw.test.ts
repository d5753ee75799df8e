import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES } from '../../shared/settings';
import { chainFrom, LAPTOP_WITNESS } from '../../shared/tableDraw';
import { tableDrawProblems } from '../../shared/tableDrawCheck';
import { exportNight, nightExportSchema, type NightExport } from './export';
import type { EngineCommand } from '../engine';
import { chainedJournal, decodeJournal, recordedCommandOf, type JournalEntry } from './format';
import { LaptopWitness, laptopDealer } from './laptopWitness';
import { decideStep, emptyNight, keepStep, replayJournal, ReplayError, type Dealer, type PlayedNight } from './play';

/**
 * Cards drawn by the table (docs/rules.md R34) through the night's one
 * decide loop: the laptop commits and reveals as the engine asks, the
 * commitments and reveals go on the line of the command that needed them,
 * and the journal replays to the same cards.
 */

const NIGHT = '2026-11-26-td0001';
const noSeed = (): string => {
  throw new Error('no deck is shuffled when the table draws');
};

function play(night: PlayedNight, laptop: LaptopWitness | Dealer, command: EngineCommand, at = '2026-11-26T20:00:00.000Z'): JournalEntry {
  const dealer = laptop instanceof LaptopWitness ? laptopDealer(laptop, noSeed) : laptop;
  const decided = decideStep(night, command, night.state.stateId, dealer);
  if (!decided.ok) throw new Error(decided.error.message);
  const { step } = decided;
  const entry: JournalEntry = {
    at,
    command: recordedCommandOf(command as Exclude<EngineCommand, { type: 'shuffle' | 'commit' | 'reveal' }>),
    ...(step.table.length > 0 ? { table: step.table } : {}),
  };
  keepStep(night, step, entry);
  return entry;
}

/** The laptop and one phone, each revealing the value under its head in the state, the phone missing every fifth draw. */
function laptopAndPhone(): Dealer {
  const PHONE = '00000000000000a1';
  const chains = new Map([
    [
      LAPTOP_WITNESS,
      chainFrom(
        Uint8Array.from({ length: 32 }, (_, i) => i),
        4096,
      ),
    ],
    [
      PHONE,
      chainFrom(
        Uint8Array.from({ length: 32 }, (_, i) => 0x20 + i),
        4096,
      ),
    ],
  ]);
  const headOf = (state: PlayedNight['state'], id: string) => state.witnesses?.heads.find((w) => w.id === id)?.head;
  const next = (state: PlayedNight['state'], id: string) => {
    const links = chains.get(id) ?? [];
    return links[links.indexOf(headOf(state, id) ?? '') + 1] as string;
  };
  return {
    drawsByTable: true,
    seed: noSeed,
    commit: (state) => ({ heads: [...chains].map(([id, links]) => ({ id, head: headOf(state, id) ?? (links[0] as string) })) }),
    reveal: (state) => {
      const phoneMissing = ((state.witnesses?.draws ?? 0) + 1) % 5 === 0;
      return {
        reveals: [
          { id: LAPTOP_WITNESS, value: next(state, LAPTOP_WITNESS) },
          ...(phoneMissing ? [] : [{ id: PHONE, value: next(state, PHONE) }]),
        ],
        missing: phoneMissing ? [PHONE] : [],
      };
    },
  };
}

function playedNight(
  dealer: LaptopWitness | Dealer = new LaptopWitness(
    Uint8Array.from({ length: 32 }, (_, i) => 0x40 + i),
    4096,
  ),
  turns = 12,
): {
  night: PlayedNight;
  entries: JournalEntry[];
} {
  const laptop = dealer;
  const night = emptyNight();
  const start: EngineCommand = {
    type: 'start',
    nightId: NIGHT,
    at: '2026-11-26T20:00:00.000Z',
    players: [
      { id: 'ann', name: 'Ann' },
      { id: 'bob', name: 'Bob' },
      { id: 'cat', name: 'Cat' },
    ],
    startingChips: 50,
    chipValue: 0,
    currency: 'EUR',
    settings: { ...DEFAULT_RULES, cards: 'table' },
    carryIn: 0,
  };
  const entries = [play(night, laptop, start), play(night, laptop, { type: 'draw' })];
  for (let turn = 0; turn < turns; turn++) {
    entries.push(play(night, laptop, { type: 'deal' }));
    if (night.state.phase.kind === 'bet') entries.push(play(night, laptop, { type: 'bet', amount: 1 }));
  }
  return { night, entries };
}

/** Every card the table turned, in order: the draw for dealer's, then each turn's. */
const cardsTurned = (exported: NightExport) => [
  ...exported.draw.map((d) => d.card),
  ...exported.turns.flatMap((t) => t.cards.map((c) => c.card)),
];
const cardsOf = (night: PlayedNight) => night.events.flatMap((e) => (e.type === 'card-drawn' ? [e.card] : []));

describe('R34: the table draws recorded in the night journal', () => {
  it('R34: each line holds the commitments and reveals its command needed, and the journal replays to the same cards', () => {
    const { night, entries } = playedNight();
    const deal = entries.find((e) => e.command.type === 'deal' && e.table?.some((s) => 'heads' in s));
    expect(deal?.table?.[0]).toEqual({
      heads: [{ id: LAPTOP_WITNESS, head: expect.stringMatching(/^[0-9a-f]{64}$/) }],
      // R34 *Who was asked*: the laptop alone, no phone came or went.
      witnessChanges: [],
    });
    expect(deal?.table?.slice(1).every((s) => 'reveals' in s && s.missing.length === 0)).toBe(true);
    // A restart reads the file back: the same lines give the same cards and the same table.
    const { text } = chainedJournal(NIGHT, entries);
    const reread = decodeJournal(text);
    expect(reread.entries).toEqual(entries);
    const replayed = replayJournal(reread.entries);
    expect(cardsOf(replayed)).toEqual(cardsOf(night));
    expect(cardsOf(night).length).toBeGreaterThan(24);
    expect(replayed.state).toEqual(night.state);
  });

  it('R34 Chains that run out: past its chain (here shorter than 1,024, so at every deal) the laptop commits a new chain, marked new on the line, and the journal replays', () => {
    const secret = Uint8Array.from({ length: 32 }, (_, i) => 0x50 + i);
    const { night, entries } = playedNight(new LaptopWitness(secret, 300), 200);
    expect(cardsOf(night).length).toBeGreaterThan(300);
    const marked = entries.flatMap((e) => (e.table ?? []).filter((s) => 'heads' in s && s.newChains));
    expect(marked.length).toBeGreaterThanOrEqual(50);
    expect(marked.every((s) => 'heads' in s && s.newChains?.join() === LAPTOP_WITNESS)).toBe(true);
    const replayed = replayJournal(decodeJournal(chainedJournal(NIGHT, entries).text).entries);
    expect(replayed.state).toEqual(night.state);
    // A restarted laptop, handed the same secret, finds its head on its latest chain and goes on.
    const restarted = new LaptopWitness(secret, 300);
    expect(restarted.holds(night.state)).toBe(true);
    expect(() => restarted.nextReveal(night.state)).not.toThrow();
  });

  it('R34: a dealer without witnesses (a deck seed alone) refuses to start a night whose cards the table draws, and records nothing', () => {
    const night = emptyNight();
    const { entries } = playedNight();
    const start = entries[0]?.command;
    if (start?.type !== 'start') throw new Error('the first line starts the night');
    const decided = decideStep(night, { ...start, at: '2026-11-26T20:00:00.000Z', settings: { ...DEFAULT_RULES, cards: 'table' } }, 0, () =>
      'ab'.repeat(32),
    );
    expect(decided.ok || decided.error.rule).toBe('R34');
    expect(night.state.nightId).toBe('');
  });

  it('R34: the export (/3) records every commitment and draw, and the check recomputes each from them', () => {
    const { night } = playedNight(laptopAndPhone());
    const exported = nightExportSchema.parse(exportNight(night));
    const table = exported.table;
    if (!table) throw new Error('a night with cards: table exports its draws');
    expect(exported.rules.cards).toBe('table');
    expect(table.shoes[0]).toMatchObject({
      id: 'draw-1',
      purpose: 'draw',
      renewed: false,
      heads: [{ id: LAPTOP_WITNESS }, { id: '00000000000000a1' }],
    });
    expect(table.draws.filter((d) => d.missing.length > 0).length).toBeGreaterThan(0);
    expect(tableDrawProblems(exported.night.id, table, cardsTurned(exported))).toEqual([]);
  });

  it('R34: the check catches a changed reveal, a changed card and a witness dropped without a record', () => {
    const { night } = playedNight(laptopAndPhone());
    const exported = nightExportSchema.parse(exportNight(night));
    const table = exported.table;
    if (!table) throw new Error('a night with cards: table exports its draws');
    const at = 6;
    const draw = table.draws[at];
    if (!draw || draw.reveals.length !== 2) throw new Error('draw 7 has both witnesses');
    const withDraw = (changed: typeof draw) => ({ ...table, draws: table.draws.map((d, i) => (i === at ? changed : d)) });
    const changedReveal = withDraw({
      ...draw,
      reveals: [draw.reveals[0] as (typeof draw.reveals)[0], { id: '00000000000000a1', value: 'e'.repeat(64) }],
    });
    expect(tableDrawProblems(exported.night.id, changedReveal).join('\n')).toMatch(
      /draw 7: the value revealed by 00000000000000a1 does not hash/,
    );
    const changedCard = withDraw({ ...draw, card: draw.card === '2C' ? '3C' : '2C' });
    expect(tableDrawProblems(exported.night.id, changedCard).join('\n')).toMatch(/draw 7: r draws/);
    const dropped = withDraw({ ...draw, reveals: draw.reveals.filter((v) => v.id === LAPTOP_WITNESS) });
    expect(tableDrawProblems(exported.night.id, dropped).join('\n')).toMatch(
      /draw 7: witness 00000000000000a1 neither revealed nor is recorded missing/,
    );
    // A card the table turned that is not the one drawn.
    const turned = cardsTurned(exported);
    const other = turned.map((c, i) => (i === at ? (c === '2C' ? '3C' : '2C') : c));
    expect(tableDrawProblems(exported.night.id, table, other)).toEqual([expect.stringMatching(/^draw 7: the table turned/)]);
  });

  it('R34: a line whose reveal was changed, or that lost a draw, does not replay', () => {
    const { entries } = playedNight();
    const at = entries.findIndex((e) => e.command.type === 'bet');
    const changed = entries.map((e, i) => {
      if (i !== at || !e.table) return e;
      const [first] = e.table;
      if (!first || !('reveals' in first)) throw new Error('a bet line draws its third card');
      return { ...e, table: [{ ...first, reveals: [{ id: LAPTOP_WITNESS, value: 'f'.repeat(64) }] }] };
    });
    expect(() => replayJournal(changed)).toThrow(ReplayError);
    const lost = entries.map((e, i) => (i === at ? { ...e, table: undefined } : e));
    expect(() => replayJournal(lost)).toThrow(/does not hold next/);
  });
});
