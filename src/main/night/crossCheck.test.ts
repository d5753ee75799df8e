import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeJournal } from './format';
import { balancesMismatch, replayJournal } from './play';

/** A night written by version 1 of the journal: 4 players, ended, the pot carried out (R22). */
const FIXTURE = fs.readFileSync(new URL('./fixtures/night-journal-v1.jsonl', import.meta.url), 'utf8');
const night = replayJournal(decodeJournal(FIXTURE).entries);
const someone = night.state.players[0]!.id;

describe('R24: the engine and the ledger are compared on every total, not only the pot and the stacks', () => {
  it('agree on a night as played, carried pot included', () => {
    expect(night.state.carriedOut).toBeGreaterThan(0);
    expect(balancesMismatch(night.state, night.ledger)).toBeNull();
  });

  it('a different total of chips bought in, cashed out, carried in or carried out is a mismatch, named', () => {
    const off = (change: Partial<typeof night.state>) => balancesMismatch({ ...night.state, ...change }, night.ledger);
    expect(off({ boughtIn: { ...night.state.boughtIn, [someone]: (night.state.boughtIn[someone] ?? 0) + 1 } })).toMatch(/bought in/);
    expect(off({ cashedOut: { ...night.state.cashedOut, [someone]: (night.state.cashedOut[someone] ?? 0) + 1 } })).toMatch(/cashed out/);
    expect(off({ carriedIn: night.state.carriedIn + 1 })).toMatch(/carries .* in/);
    expect(off({ carriedOut: night.state.carriedOut - 1 })).toMatch(/carries .* out/);
  });

  it("a player the table no longer lists counts 0 there: the ledger's 0 for them is no mismatch", () => {
    const boughtIn = { ...night.state.boughtIn, ghost: 0 };
    expect(balancesMismatch({ ...night.state, boughtIn }, night.ledger)).toBeNull();
  });
});
