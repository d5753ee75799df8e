import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../../shared';
import { csvField, ledgerCsv } from './ledgerCsv';

describe('ledger CSV (RFC 4180)', () => {
  it('quotes fields with commas, quotes or line breaks, doubling the quotes', () => {
    expect(csvField('Ana')).toBe('Ana');
    expect(csvField('Lopez, Ana')).toBe('"Lopez, Ana"');
    expect(csvField('Ana "the shark"')).toBe('"Ana ""the shark"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(12)).toBe('12');
  });

  it('writes a header and one CRLF row per entry, with the name played under', () => {
    const entries: LedgerEntry[] = [
      { id: 'e1', seq: 0, code: 'buy-in', player: 'p1', amount: 20, from: 'bank', to: 'player:p1', turn: null },
      { id: 'e2', seq: 1, code: 'reversal', player: 'p1', amount: 20, from: 'player:p1', to: 'bank', reverses: 'e1', turn: null },
    ];
    expect(ledgerCsv(entries, new Map([['p1', 'Ana, "A"']]))).toBe(
      'seq,id,turn,code,player,player_name,from,to,amount,reverses\r\n' +
        '0,e1,,buy-in,p1,"Ana, ""A""",bank,player:p1,20,\r\n' +
        '1,e2,,reversal,p1,"Ana, ""A""",player:p1,bank,20,e1\r\n',
    );
  });
});
