import { describe, expect, it } from 'vitest';
import { chainFrom } from './tableDraw';
import { helpDealAnswer, helpDealArgs, revealDrawsArgs, witnessPush } from './witnessWire';

const chain = chainFrom(
  Uint8Array.from({ length: 32 }, (_, i) => 0x20 + i),
  8,
);
const head = chain[0] as string;

describe('R34: the witness wire contract between the host and a phone (docs/table-draw.md)', () => {
  it("R34: helpDeal takes the night, a 16-hex witness id that is not the laptop's, and a 64-hex head, nothing else", () => {
    expect(helpDealArgs.safeParse({ night: 'n1', witness: '00000000000000a1', head }).success).toBe(true);
    expect(helpDealArgs.safeParse({ night: 'n1', witness: '0000000000000000', head }).success).toBe(false);
    expect(helpDealArgs.safeParse({ night: 'n1', witness: '00000000000000A1', head }).success).toBe(false);
    expect(helpDealArgs.safeParse({ night: 'n1', witness: '00000000000000a1', head: head.slice(2) }).success).toBe(false);
    expect(helpDealArgs.safeParse({ night: 'n1', witness: '00000000000000a1', head, bet: 5 }).success).toBe(false);
    expect(helpDealAnswer.safeParse({ witness: '00000000000000a1', head, from: 'next-deal' }).success).toBe(true);
  });

  it('R34: revealDraws names the request answered and carries 1 to 64 chain values', () => {
    const ok = { night: 'n1', witness: '00000000000000a1', request: 3, values: [chain[1]] };
    expect(revealDrawsArgs.safeParse(ok).success).toBe(true);
    expect(revealDrawsArgs.safeParse({ ...ok, values: [] }).success).toBe(false);
    expect(revealDrawsArgs.safeParse({ ...ok, values: Array(65).fill(chain[1]) }).success).toBe(false);
    expect(revealDrawsArgs.safeParse({ ...ok, request: 0 }).success).toBe(false);
  });

  it("R34: the phone reads the host's two pushes, and refuses anything else", () => {
    const request = { kind: 'reveal-request', night: 'n1', witness: '00000000000000a1', request: 1, head, k: 7, count: 1, waitMs: 1500 };
    expect(witnessPush.parse(request)).toEqual(request);
    const status = { kind: 'witness-status', night: 'n1', witness: '00000000000000a1', status: 'dropped', missedInARow: 3 };
    expect(witnessPush.parse(status)).toEqual(status);
    expect(witnessPush.safeParse({ ...status, status: 'boss' }).success).toBe(false);
    expect(witnessPush.safeParse({ kind: 'deal-me-aces', night: 'n1' }).success).toBe(false);
  });
});
