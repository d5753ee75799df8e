import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ed25519 } from '@noble/curves/ed25519.js';
import canonicalize from 'canonicalize';
import { describe, expect, it } from 'vitest';
import { checkNight, type Finding } from './checkNight';

/**
 * R35: the export's signed record (docs/night-checker.md "The record"). The fixture is `npm run simulate -- --players 4
 * --turns 30 --seed 5e3a --rules house-rules --host-moves every` (a reopened night with sit-outs, a cash-out and cuts),
 * signed by the simulated laptop; scripts/checkNightRecord.test.ts holds it to what the simulator writes today. Each
 * test changes it the way a forger would and the checker must say where and whose line it was.
 */
interface Export {
  format: string;
  night: { id: string; currency: string; endedAt: string | null; reopened: number };
  ledger: { code: string; amount: number }[];
  turns: { bet: number | null }[];
  record?: { journal: string; laptops: { laptopId: string; name: string; publicKey: string }[] } | null;
}

const fixture = readFileSync(new URL('./fixtures/signed-night.json', import.meta.url), 'utf8');
const LAPTOP = 'Simulated laptop (l-bcdde8f0bec07fb1)';

function night(): Export & { record: NonNullable<Export['record']> } {
  return JSON.parse(fixture) as Export & { record: NonNullable<Export['record']> };
}

const r35 = (findings: Finding[]) => findings.filter((f) => f.rule === 'R35');
const violations = (findings: Finding[]) => findings.filter((f) => f.kind === 'violation');

/** The journal's lines (the header first, no trailing empty line) and back. */
const linesOf = (exp: Export) => (exp.record?.journal ?? '').split('\n').slice(0, -1);
const withLines = (exp: Export, lines: string[]) => ({ ...exp, record: { ...exp.record, journal: `${lines.join('\n')}\n` } });

/** The chain worked out again from line `from` on, as a forger with the docs would: every prev follows the line before. */
function rechained(nightId: string, lines: string[]): { lines: string[]; head: string } {
  const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
  let head = sha(`in-between-dealer/night-record\n${nightId}`);
  const out = [lines[0] as string];
  let count = 0;
  for (const text of lines.slice(1)) {
    const line = JSON.parse(text) as { [key: string]: unknown };
    if ('signed' in line) {
      out.push(text);
      continue;
    }
    line['prev'] = head;
    out.push(JSON.stringify(line));
    const facts: { [key: string]: unknown } = { epoch: line['epoch'], command: line['command'] };
    if (line['at'] !== undefined) facts['at'] = line['at'];
    const seeds = line['seeds'] as string[] | undefined;
    if (seeds) facts['seeds'] = seeds.map((s) => createHash('sha256').update(Buffer.from(s, 'hex')).digest('hex'));
    if (line['table'] !== undefined) facts['table'] = line['table'];
    if (line['shown'] !== undefined) facts['shown'] = line['shown'];
    head = sha(`${head}\n${canonicalize(facts)}`);
    count += 1;
  }
  expect(count).toBeGreaterThan(0);
  return { lines: out, head };
}

describe('R35: the signed record of an export', () => {
  it('R35: a signed night as the simulator writes it checks clean, its record, its signature and its facts', () => {
    const exp = night();
    expect(exp.format).toBe('in-between-night/5');
    expect(exp.record.laptops).toHaveLength(1);
    expect(checkNight(exp)).toEqual([]);
  });

  it('R35: a line whose prev does not follow the line before is a broken chain, named by its line and the laptop that signed it', () => {
    const exp = night();
    const lines = linesOf(exp);
    const line = JSON.parse(lines[9] as string) as { prev: string };
    lines[9] = JSON.stringify({ ...line, prev: '0'.repeat(64) });
    const found = violations(checkNight(withLines(exp, lines)));
    expect(found.map((f) => f.rule)).toEqual(['R35']);
    expect(found[0]?.expected).toContain(`line 10 of the record, as ${LAPTOP} signed it, to follow line 9`);
    expect(found[0]?.found).toContain(`prev ${'0'.repeat(64)}`);
  });

  it('R35: a line taken out of the middle breaks the chain at the line after it', () => {
    const exp = night();
    const lines = linesOf(exp);
    const found = r35(checkNight(withLines(exp, [...lines.slice(0, 20), ...lines.slice(21)])));
    expect(found.some((f) => f.expected.includes('line 21 of the record') && f.found.includes('taken out'))).toBe(true);
  });

  it('R35: a signature changed by one digit does not check against the laptop key, and says whose', () => {
    const exp = night();
    const lines = linesOf(exp);
    const last = JSON.parse(lines.at(-1) as string) as { signed: { sig: string } };
    const sig = last.signed.sig;
    last.signed.sig = (sig[0] === '0' ? '1' : '0') + sig.slice(1);
    const found = violations(checkNight(withLines(exp, [...lines.slice(0, -1), JSON.stringify(last)])));
    expect(found).toEqual([
      expect.objectContaining({
        rule: 'R35',
        found: `a signature that does not check against ${LAPTOP}'s key: the record was changed after ${LAPTOP} signed it`,
      }),
    ]);
    expect(found[0]?.expected).toContain(`line ${lines.length} of the record`);
  });

  it('R35: a signature by a key record.laptops does not list for that laptop (a forger re-signing with their own key)', () => {
    const exp = night();
    const lines = linesOf(exp);
    const last = JSON.parse(lines.at(-1) as string) as {
      signed: { laptop: string; key: string; lines: number; head: string; sig: string };
    };
    const forger = ed25519.utils.randomSecretKey();
    const { laptop, lines: count, head } = last.signed;
    const statement = `in-between-dealer/night-record\nnight ${exp.night.id}\nlaptop ${laptop}\nlines ${count}\nhead ${head}`;
    last.signed.key = Buffer.from(ed25519.getPublicKey(forger)).toString('hex');
    last.signed.sig = Buffer.from(ed25519.sign(new TextEncoder().encode(statement), forger)).toString('hex');
    const found = violations(checkNight(withLines(exp, [...lines.slice(0, -1), JSON.stringify(last)])));
    expect(found).toEqual([
      expect.objectContaining({
        rule: 'R35',
        expected: `line ${lines.length} of the record: the key of ${LAPTOP} listed in record.laptops`,
        found: expect.stringContaining(`key ${last.signed.key}, but record.laptops lists`),
      }),
    ]);
    // And a laptop left out of the list altogether.
    const unlisted = violations(checkNight({ ...exp, record: { ...exp.record, laptops: [] } }));
    expect(unlisted.map((f) => f.found)).toEqual(['l-bcdde8f0bec07fb1 not in record.laptops']);
  });

  it('R35: the export’s facts differing from the signed journal: the starting chips, the currency, a bet', () => {
    const exp = night();
    const buyIn = exp.ledger.find((e) => e.code === 'buy-in');
    if (buyIn) buyIn.amount += 1;
    exp.night.currency = 'EUR';
    const turn = exp.turns.find((t) => t.bet !== null && t.bet > 1);
    if (turn?.bet) turn.bet -= 1;
    const found = r35(checkNight(exp));
    expect(found.every((f) => f.kind === 'violation')).toBe(true);
    expect(found.map((f) => f.expected.split(' ')[0])).toEqual(expect.arrayContaining(['startingChips', 'currency', 'the']));
    expect(found.find((f) => f.expected.startsWith('startingChips'))?.expected).toContain(`(line 2 of the record, signed by ${LAPTOP})`);
    expect(found.find((f) => f.expected.startsWith('currency'))?.found).toBe("the export's EUR");
    expect(found.some((f) => f.expected.startsWith('the bets, from the'))).toBe(true);
  });

  it('R35: each fact the journal holds, changed in the export alone, is named: rules, a name, a deck, a cut, the end, reopening', () => {
    type Loose = Export & { [key: string]: unknown };
    const cases: [string, (exp: Loose) => void][] = [
      ['rules', (exp) => ((exp['rules'] as { ante: number }).ante += 1)],
      ['player p-', (exp) => (((exp['players'] as { name: string }[])[0] as { name: string }).name = 'Mallory')],
      ['deck play-3', (exp) => Object.assign((exp['decks'] as object[])[2] as object, { commitment: 'ab'.repeat(32), seed: null })],
      [
        'host action',
        (exp) => (((exp['hostActions'] as { kind: string; cut?: number }[]).find((a) => a.kind === 'cut') as { cut: number }).cut += 1),
      ],
      ['the end', (exp) => (exp.night.endedAt = '2026-01-02T00:00:00.000Z')],
      ['times reopened', (exp) => (exp.night.reopened = 0)],
    ];
    for (const [label, change] of cases) {
      const exp = night() as Loose;
      change(exp);
      const found = r35(checkNight(exp));
      expect(found.length, label).toBeGreaterThan(0);
      expect(
        found.some((f) => f.kind === 'violation' && f.expected.startsWith(label) && f.expected.includes(`signed by ${LAPTOP}`)),
        label,
      ).toBe(true);
    }
  });

  it('R35: a night forged on its start line (startingChips) with its chain worked out again no longer passes: the signature fails', () => {
    const exp = night();
    const lines = linesOf(exp);
    const start = JSON.parse(lines[1] as string) as { command: { startingChips: number } };
    start.command.startingChips += 10;
    lines[1] = JSON.stringify(start);
    const { lines: forged, head } = rechained(exp.night.id, lines);
    // The forger makes the signature line name the new head too; only the laptop's key could sign it.
    const last = JSON.parse(forged.at(-1) as string) as { signed: { head: string } };
    last.signed.head = head;
    forged[forged.length - 1] = JSON.stringify(last);
    const found = violations(checkNight(withLines(exp, forged)));
    expect(found.every((f) => f.rule === 'R35')).toBe(true);
    expect(found.some((f) => f.found.includes(`does not check against ${LAPTOP}'s key`))).toBe(true);
    // The chain itself is whole: the forgery is caught by the signature and by the facts, not by a broken prev.
    expect(found.some((f) => f.found.includes('taken out'))).toBe(false);
    expect(found.some((f) => f.expected.startsWith('startingChips') && f.expected.includes('"amount":60'))).toBe(true);
  });

  it('R35: a record whose signature line was taken off signs nothing', () => {
    const exp = night();
    const found = violations(checkNight(withLines(exp, linesOf(exp).slice(0, -1))));
    expect(found.map((f) => [f.rule, f.found])).toEqual([['R35', 'no signature']]);
  });

  it('R35: an export without a record is judged as before, with one finding that is not a violation: unsigned', () => {
    const exp = night();
    const unsigned = checkNight({ ...exp, record: null });
    expect(unsigned).toEqual([expect.objectContaining({ rule: 'R35', kind: 'cannot-check', turn: null })]);
    expect(unsigned[0]?.expected).toMatch(/^unsigned: from before signing/);
    // A version 4 file, written before nights were signed, reads the same way.
    const { record: _record, ...older } = exp;
    expect(checkNight({ ...older, format: 'in-between-night/4' })).toEqual(unsigned);
    // Version 5 always says which: its record, or null.
    expect(violations(checkNight({ ...older }))).toEqual([expect.objectContaining({ rule: 'format', found: 'no record' })]);
  });
});
