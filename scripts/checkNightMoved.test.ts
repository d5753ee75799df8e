import { ed25519 } from '@noble/curves/ed25519.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkNight, type Finding } from '../src/checker';
import { exportNight } from '../src/main/night';
import { chainedJournal } from '../src/main/night/format';
import { LAPTOPS, LaptopsNight, NIGHT_ID, someCommand } from '../src/main/night/testing/laptops';

/**
 * R35 end to end: nights the engine moved between three laptops (handed over and taken over at random moments, a copy
 * taking over possibly behind the holder), ended and exported with their record signed as docs/export-format.md says
 * (each epoch's writer signing its last line before the take-over, the last holder the whole), judged by the night
 * checker, which shares no code with the engine: right as played; wrong, naming R35 or the rule broken, once one byte
 * of the record or one field of the export is changed.
 */

const KEYS = new Map<string, Uint8Array>(LAPTOPS.map((id, i) => [id, new Uint8Array(32).fill(0x40 + i)]));
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

type Step = { kind: 'play'; r: number } | { kind: 'hand-over'; to: number } | { kind: 'take-over'; by: number; behind: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({ kind: fc.constant('play' as const), r: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }) }),
    weight: 20,
  },
  { arbitrary: fc.record({ kind: fc.constant('hand-over' as const), to: fc.integer({ min: 0, max: 2 }) }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('take-over' as const),
      by: fc.integer({ min: 0, max: 2 }),
      behind: fc.integer({ min: 0, max: 4 }),
    }),
    weight: 2,
  },
);

/** Plays the steps, moving the night as they say (a takeover never behind the last move), then ends it. */
function playedNight(players: number, steps: readonly Step[]): LaptopsNight {
  const table = LaptopsNight.start({ players, label: JSON.stringify(steps.slice(0, 4)) });
  for (const step of steps) {
    if (step.kind === 'play') {
      const command = someCommand(table.night, step.r);
      if (command) table.play(command);
    } else if (step.kind === 'hand-over') {
      const to = LAPTOPS[step.to] as string;
      if (to !== table.holder) table.handOver(to);
    } else {
      const by = LAPTOPS[step.by] as string;
      const lastMove = table.lines.findLastIndex((line) => line.command.type === 'take-over') + 1;
      if (by !== table.holder) table.takeOver(by, Math.max(lastMove, table.lines.length - step.behind, 1));
    }
  }
  // Finish the turn in play (a void when nothing else is legal), then end the night so every seed kept is revealed.
  for (let i = 0; i < 50 && table.night.state.phase.kind !== 'ready' && table.night.state.phase.kind !== 'draw'; i++) {
    const command = someCommand(table.night, 0.3);
    if (!command) break;
    table.play(command);
  }
  table.play({ type: 'end', at: '2026-12-06T20:00:00.000Z' });
  return table;
}

/** The record as docs/export-format.md has it: each epoch's writer signs its last line, the last holder all of them. */
function signedRecord(table: LaptopsNight): { journal: string; laptops: { laptopId: string; name: string; publicKey: string }[] } {
  const { lines } = table;
  const sign = (laptop: string, count: number): string => {
    const head = chainedJournal(NIGHT_ID, lines.slice(0, count)).head;
    const statement = `in-between-dealer/night-record\nnight ${NIGHT_ID}\nlaptop ${laptop}\nlines ${count}\nhead ${head}`;
    const secret = KEYS.get(laptop) as Uint8Array;
    const sig = hex(ed25519.sign(new TextEncoder().encode(statement), secret));
    return JSON.stringify({ signed: { laptop, key: hex(ed25519.getPublicKey(secret)), lines: count, head, sig } });
  };
  const texts = chainedJournal(NIGHT_ID, lines).text.split('\n').slice(0, -1);
  const out = [texts[0] as string];
  lines.forEach((line, i) => {
    const next = lines[i + 1];
    out.push(texts[i + 1] as string);
    if (next?.command.type === 'take-over') out.push(sign(String(next.command.from), i + 1));
  });
  out.push(sign(table.holder, lines.length));
  const writers = new Set([...lines.flatMap((l) => (l.command.type === 'take-over' ? [String(l.command.from)] : [])), table.holder]);
  return {
    journal: `${out.join('\n')}\n`,
    laptops: [...writers].map((id) => ({
      laptopId: id,
      name: `Laptop ${id.slice(-2)}`,
      publicKey: hex(ed25519.getPublicKey(KEYS.get(id) as Uint8Array)),
    })),
  };
}

function exported(table: LaptopsNight) {
  return exportNight(table.night, undefined, undefined, signedRecord(table));
}

const violations = (findings: Finding[]) => findings.filter((f) => f.kind === 'violation');
/** Only what a lost deck leaves unknown (its seed never revealed) may not be checked. */
const unexplained = (findings: Finding[]) =>
  findings.filter((f) => f.kind === 'cannot-check' && !(f.rule === 'R35' && f.expected.includes('was lost with its laptop')));

describe('R35: nights the engine moved, judged by the night checker', () => {
  it('R35: a night taken over mid-turn: the turn voided, its player due again, the deck lost, a new deck cut; judged right', () => {
    const table = LaptopsNight.start({ players: 3 });
    for (let i = 0; i < 200 && !(table.night.state.phase.kind === 'bet' && table.night.turns.length >= 3); i++)
      table.must(someCommand(table.night, ((i * 7919) % 1000) / 1000) ?? { type: 'deal' });
    const inPlay = table.night.state.turn;
    expect(table.night.state.phase.kind).toBe('bet');
    const taken = table.takeOver(LAPTOPS[1]);
    expect(typeof taken).not.toBe('string');
    for (let i = 0; i < 40; i++) {
      const command = someCommand(table.night, ((i * 4241) % 1000) / 1000);
      if (command) table.play(command);
    }
    const ended = playedNightEnd(table);
    const exp = exported(ended);
    const voided = exp.turns.find((t) => t.n === inPlay?.n);
    expect(voided?.void).toBe(true);
    expect(exp.turns.find((t) => t.n === (inPlay?.n ?? 0) + 1)?.player).toBe(inPlay?.playerId);
    expect(exp.decks.some((d) => d.unrevealed !== undefined)).toBe(true);
    const found = checkNight(JSON.parse(JSON.stringify(exp)));
    expect(violations(found)).toEqual([]);
    expect(unexplained(found)).toEqual([]);
  });

  it('R35: random nights moved any number of times are judged right; one byte or one field changed is found', () => {
    const seen = { moves: 0, lost: 0, tampered: 0 };
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 4 }),
        fc.array(stepArb, { minLength: 20, maxLength: 120, size: 'max' }),
        fc.nat(),
        (players, steps, pick) => {
          const table = playedNight(players, steps);
          const exp = JSON.parse(JSON.stringify(exported(table))) as ReturnType<typeof exported>;
          seen.moves += table.lines.filter((l) => l.command.type === 'take-over').length;
          seen.lost += exp.decks.filter((d) => d.unrevealed !== undefined).length;
          const found = checkNight(exp);
          expect(violations(found)).toEqual([]);
          expect(unexplained(found)).toEqual([]);
          // Tampering: one byte of a night line of the record, or one field of the export.
          const tampered = tamper(exp, pick);
          if (!tampered) return;
          seen.tampered += 1;
          const wrong = violations(checkNight(tampered.exp));
          expect(wrong.length, tampered.what).toBeGreaterThan(0);
          expect(
            wrong.some((f) => tampered.rules.includes(f.rule)),
            `${tampered.what}: ${JSON.stringify(wrong.slice(0, 2))}`,
          ).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
    expect(seen.moves).toBeGreaterThan(40);
    expect(seen.lost).toBeGreaterThan(10);
    expect(seen.tampered).toBeGreaterThan(30);
  });
});

/** Ends a night whose holder has played on: the turn in play finished first. */
function playedNightEnd(table: LaptopsNight): LaptopsNight {
  for (let i = 0; i < 50 && table.night.state.phase.kind !== 'ready'; i++) {
    const command = someCommand(table.night, 0.3);
    if (!command) break;
    table.play(command);
  }
  table.must({ type: 'end', at: '2026-12-06T20:00:00.000Z' });
  return table;
}

type Export = ReturnType<typeof exported>;

/** One change, chosen by `pick`: what it was, and the rules a finding may name. */
function tamper(original: Export, pick: number): { exp: Export; what: string; rules: string[] } | null {
  const exp = JSON.parse(JSON.stringify(original)) as Export;
  const record = exp.record;
  if (!record) return null;
  const kinds = ['byte', 'epoch', 'take-over', 'shown', 'card', 'ledger'] as const;
  const kind = kinds[pick % kinds.length] as (typeof kinds)[number];
  const texts = record.journal.split('\n');
  const nightLines = texts.map((t, i) => ({ t, i })).filter(({ t, i }) => i > 0 && t.startsWith('{"') && !t.startsWith('{"signed"'));
  const choose = <T>(list: readonly T[]): T | undefined => list[Math.floor(pick / kinds.length) % Math.max(1, list.length)];
  switch (kind) {
    case 'byte': {
      // A digit of a hash, a number or a card changed somewhere in a night line.
      const line = choose(nightLines);
      if (!line) return null;
      // Not inside a sealed seed: only its laptop's key opens it, and only its commitment is a fact of the night.
      const sealed = [...line.t.matchAll(/"sealed":"[^"]*"/g)].map((m) => [m.index, m.index + m[0].length] as const);
      const positions = [...line.t].flatMap((c, k) => (/[0-9]/.test(c) && !sealed.some(([from, to]) => k >= from && k < to) ? [k] : []));
      const at = positions[Math.floor(pick / 7) % positions.length] ?? 0;
      const c = line.t[at] as string;
      texts[line.i] = line.t.slice(0, at) + (c === '9' ? '8' : String(Number(c) + 1)) + line.t.slice(at + 1);
      record.journal = texts.join('\n');
      return { exp, what: `byte ${at} of line ${line.i + 1}`, rules: ['R35'] };
    }
    case 'epoch': {
      const line = choose(nightLines.filter(({ t }) => !t.includes('"take-over"')));
      if (!line) return null;
      const raw = JSON.parse(line.t) as { epoch: number };
      raw.epoch += 1;
      texts[line.i] = JSON.stringify(raw);
      record.journal = texts.join('\n');
      return { exp, what: `epoch of line ${line.i + 1}`, rules: ['R35'] };
    }
    case 'take-over': {
      const line = choose(nightLines.filter(({ t }) => t.includes('"take-over"')));
      if (!line) return null;
      const raw = JSON.parse(line.t) as { command: { line: number } };
      raw.command.line -= 1;
      texts[line.i] = JSON.stringify(raw);
      record.journal = texts.join('\n');
      return { exp, what: `take-over line of line ${line.i + 1}`, rules: ['R35'] };
    }
    case 'shown': {
      const line = choose(nightLines.filter(({ t }) => t.includes('"shown"')));
      if (!line) return null;
      const raw = JSON.parse(line.t) as { shown: string[] };
      raw.shown[0] = raw.shown[0] === 'AS' ? 'KS' : 'AS';
      texts[line.i] = JSON.stringify(raw);
      record.journal = texts.join('\n');
      return { exp, what: `shown of line ${line.i + 1}`, rules: ['R35'] };
    }
    case 'card': {
      const turn = choose(exp.turns.filter((t) => t.cards.length > 0));
      const card = turn?.cards[0];
      if (!turn || !card) return null;
      card.card = card.card === 'AS' ? 'KS' : 'AS';
      return {
        exp,
        what: `turn ${turn.n}'s first card`,
        rules: ['R35', 'R10', 'R7', 'R14', 'R15', 'R16', 'R18', 'R19', 'R25', 'R29', 'R30'],
      };
    }
    case 'ledger': {
      const entry = choose(exp.ledger);
      if (!entry) return null;
      entry.amount += 1;
      return { exp, what: `ledger ${entry.seq}'s amount`, rules: ['R35', 'R24', 'R3', 'R4', 'R18', 'R21', 'R22', 'M2'] };
    }
  }
}
