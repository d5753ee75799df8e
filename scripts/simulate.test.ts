import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { nightExportSchema } from '../src/main/night';
import { main, type CliIo } from './simulate';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'simulate-test-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

function captured(): CliIo & { out: string; err: string } {
  const io = {
    out: '',
    err: '',
    stdout: (text: string) => {
      io.out += text;
    },
    stderr: (text: string) => {
      io.err += text;
    },
  };
  return io;
}

function simulate(args: string[]): { code: number; out: string; err: string } {
  const io = captured();
  const code = main(args, io);
  return { code, out: io.out, err: io.err };
}

const file = (name: string) => path.join(folder, name);

describe('npm run simulate', () => {
  it('M4: about one night in two the host records a shared expense after it: its shares add up to its amount and the balances to 0', () => {
    const nights = ['aa', 'ab', 'ac', 'ad', 'ae', 'af'].map((seed) => {
      const out = file(`expense-${seed}.json`);
      const run = simulate(['--players', '4', '--turns', '10', '--seed', seed, '--out', out]);
      expect(run.code, run.err).toBe(0);
      return nightExportSchema.parse(JSON.parse(fs.readFileSync(out, 'utf8')));
    });
    const withExpense = nights.filter((n) => n.expenses.length > 0);
    expect(withExpense.length).toBeGreaterThan(0);
    expect(withExpense.length).toBeLessThan(nights.length);
    const sum = (values: Record<string, number>) => Object.values(values).reduce((a, b) => a + b, 0);
    for (const night of withExpense) {
      const [expense] = night.expenses;
      if (!expense) continue;
      expect(sum(expense.shares)).toBe(expense.amount);
      expect(sum(night.settlement?.balances ?? { none: 1 })).toBe(0);
      expect(night.players.map((p) => p.id)).toContain(expense.payer);
    }
  });

  it('writes the same file byte for byte from the same seed, and a different one from another seed', () => {
    const args = (seed: string, out: string) => [
      '--players',
      '5',
      '--turns',
      '25',
      '--seed',
      seed,
      '--rules',
      'ace-low',
      '--out',
      file(out),
    ];
    expect(simulate(args('c0ffee', 'a.json')).code).toBe(0);
    expect(simulate(args('c0ffee', 'b.json')).code).toBe(0);
    expect(simulate(args('c0ffef', 'c.json')).code).toBe(0);
    const a = fs.readFileSync(file('a.json'));
    expect(a.equals(fs.readFileSync(file('b.json')))).toBe(true);
    expect(a.equals(fs.readFileSync(file('c.json')))).toBe(false);

    const exported = nightExportSchema.parse(JSON.parse(a.toString('utf8')));
    expect(exported.players).toHaveLength(5);
    expect(exported.turns.filter((t) => !t.void)).toHaveLength(25);
    expect(exported.rules.aceLowChoice).toBe(true);
    expect(exported.night.endedAt).not.toBeNull();
    // R12: the night was ended, so every seed is revealed.
    expect(exported.decks.every((d) => d.seed !== null)).toBe(true);
  });

  it('derives player ids, the night id and every deck seed (R9) from --seed as docs/export-format.md says', () => {
    expect(simulate(['--players', '4', '--turns', '12', '--seed', '00ff', '--out', file('derive.json')]).code).toBe(0);
    const exported = nightExportSchema.parse(JSON.parse(fs.readFileSync(file('derive.json'), 'utf8')));
    // The dealer stream: block i = sha256(seed || "in-between-sim/dealer" || u32be(i)), blocks back to back.
    const blocks = Array.from({ length: 40 }, (_, i) => {
      const counter = Buffer.alloc(4);
      counter.writeUInt32BE(i);
      return createHash('sha256').update(Buffer.from('00ff', 'hex')).update('in-between-sim/dealer').update(counter).digest();
    });
    const stream = Buffer.concat(blocks).toString('hex');
    const bytesAt = (offset: number, size: number) => stream.slice(2 * offset, 2 * (offset + size));
    expect(exported.players.map((p) => p.id)).toEqual([0, 1, 2, 3].map((i) => `p-${bytesAt(4 * i, 4)}`));
    expect(exported.night.id).toBe(`2026-01-01-${bytesAt(16, 3)}`);
    expect(exported.decks.map((d) => d.seed)).toEqual(exported.decks.map((_, k) => bytesAt(19 + 32 * k, 32)));
  });

  it('takes rules as JSON: a partial RuleSettings over the defaults', () => {
    const result = simulate([
      '--players',
      '3',
      '--turns',
      '5',
      '--seed',
      '01',
      '--rules',
      '{"decks":2,"pair":"redeal"}',
      '--out',
      file('json.json'),
    ]);
    expect(result.code).toBe(0);
    const exported = nightExportSchema.parse(JSON.parse(fs.readFileSync(file('json.json'), 'utf8')));
    expect(exported.rules).toMatchObject({ decks: 2, pair: 'redeal', consecutive: 'lose-minimum', ante: 1 });
    expect(exported.decks.filter((d) => d.purpose === 'play').every((d) => d.decks === 2)).toBe(true);
  });

  it("M2: --rules takes the night's payment with the house settings: every buy-in of a cash night is paid in cash", () => {
    const rules = JSON.stringify({
      payment: 'cash',
      pass: true,
      maxBet: 6,
      firstRound: 'half-pot',
      anteWhen: 'every-deal',
      pair: 'high-low',
      postPays: 2,
    });
    expect(simulate(['--players', '3', '--turns', '20', '--seed', '0c', '--rules', rules, '--out', file('cash.json')]).code).toBe(0);
    const exported = nightExportSchema.parse(JSON.parse(fs.readFileSync(file('cash.json'), 'utf8')));
    expect(exported.rules).toMatchObject({
      pass: true,
      maxBet: 6,
      firstRound: 'half-pot',
      anteWhen: 'every-deal',
      pair: 'high-low',
      postPays: 2,
    });
    const startingBuyIns = exported.ledger.filter((e) => e.code === 'buy-in' && e.turn === null).slice(0, 3);
    expect(startingBuyIns.map((e) => e.paid)).toEqual(['cash', 'cash', 'cash']);
    // A night on credit (the default) starts on credit.
    expect(
      simulate(['--players', '3', '--turns', '5', '--seed', '0c', '--rules', '{"payment":"credit"}', '--out', file('credit.json')]).code,
    ).toBe(0);
    const onCredit = nightExportSchema.parse(JSON.parse(fs.readFileSync(file('credit.json'), 'utf8')));
    expect(onCredit.ledger.filter((e) => e.code === 'buy-in').every((e) => e.paid === 'credit')).toBe(true);
  });

  it.each([
    [
      'a payment that is neither cash nor credit (M2)',
      ['--players', '3', '--turns', '5', '--seed', '01', '--rules', '{"payment":"cheque"}', '--out', 'x.json'],
      '--rules: payment',
    ],
    [
      'rules that are not an object',
      ['--players', '3', '--turns', '5', '--seed', '01', '--rules', '[1]', '--out', 'x.json'],
      '--rules: settings',
    ],
    ['a missing seed', ['--players', '3', '--turns', '5', '--out', 'x.json'], '--seed is required'],
    [
      'host moves that are neither house nor every',
      ['--players', '3', '--turns', '5', '--seed', '01', '--host-moves', 'often', '--out', 'x.json'],
      '--host-moves must be',
    ],
    ['a seed that is not hex', ['--players', '3', '--turns', '5', '--seed', 'xyz', '--out', 'x.json'], '--seed must be'],
    ['one player (R6)', ['--players', '1', '--turns', '5', '--seed', '01', '--out', 'x.json'], '--players must be'],
    ['zero turns', ['--players', '3', '--turns', '0', '--seed', '01', '--out', 'x.json'], '--turns must be'],
    ['an unknown preset', ['--players', '3', '--turns', '5', '--seed', '01', '--rules', 'nope', '--out', 'x.json'], 'neither a preset'],
    [
      'rules outside their range (R1)',
      ['--players', '3', '--turns', '5', '--seed', '01', '--rules', '{"decks":9}', '--out', 'x.json'],
      '--rules: decks',
    ],
    ['an unknown option', ['--players', '3', '--turns', '5', '--seed', '01', '--out', 'x.json', '--fast'], "Unknown option '--fast'"],
    [
      'starting chips not above the ante (R4)',
      ['--players', '3', '--turns', '5', '--seed', '01', '--rules', 'harsh', '--chips', '2', '--out', 'x.json'],
      'more than the ante',
    ],
  ])('refuses %s with exit code 2 and the usage, writing nothing', (_what, args, message) => {
    const result = simulate(args.map((a) => (a === 'x.json' ? file('x.json') : a)));
    expect(result.code).toBe(2);
    expect(result.err).toContain(message);
    expect(result.err).toContain('usage: npm run simulate');
    expect(fs.existsSync(file('x.json'))).toBe(false);
  });

  it('exits with code 2 from the command line too', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/simulate.ts', '--players', 'many'], {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('usage: npm run simulate');
    expect(run.stdout).toBe('');
  });
});
