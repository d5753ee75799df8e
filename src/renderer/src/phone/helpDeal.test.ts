import { describe, expect, it, vi } from 'vitest';
import type { ApiResult, AppView, NightView } from '../../../shared';
import { bytesOfHex, sha256Hex } from '../../../shared/tableDraw';
import type { HelpDealArgs, RevealDrawsArgs } from '../../../shared/witnessWire';
import { HelpDeal } from './helpDeal';
import type { StorageLike } from './me';
import { PhoneWitness } from './witness';

function memoryStorage(): StorageLike {
  const data = new Map<string, string>();
  return { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

function counter(): (bytes: number) => Uint8Array {
  let n = 0;
  return (bytes) => Uint8Array.from({ length: bytes }, () => (n++ * 53 + 7) & 0xff);
}

function view(id: string, cards: 'deck' | 'table', phase: NightView['phase'] = 'ready'): AppView {
  return { night: { id, phase, settings: { cards } } as unknown as NightView } as AppView;
}

const ok = (data: unknown): ApiResult<unknown> => ({ ok: true, view: {} as AppView, data });

/** A phone's socket as HelpDeal sees it, and the phone's kept chains. */
function phone(storage = memoryStorage()) {
  const helpDeal = vi.fn(async (args: HelpDealArgs) => ok({ witness: args.witness, head: args.head, from: 'next-deal' }));
  const revealDraws = vi.fn(async (_args: RevealDrawsArgs) => ok({ accepted: true }));
  const changed = vi.fn();
  const random = counter();
  const deal = new HelpDeal({ helpDeal, revealDraws }, (night) => PhoneWitness.forNight(night, storage, random, 32), { changed });
  return { deal, helpDeal, revealDraws, changed, storage };
}

const settle = () => new Promise((done) => setTimeout(done, 0));
const hashOf = (value: string) => sha256Hex(bytesOfHex(value));

function request(args: HelpDealArgs, request: number, head: string, k: number, count = 1) {
  return { kind: 'reveal-request', night: args.night, witness: args.witness, request, head, k, count, waitMs: 1500 };
}

describe('R34: Help deal on the phone', () => {
  it('R34: on a night whose cards the table draws, the phone offers its head once per connection, and again after a reconnection', async () => {
    const p = phone();
    p.deal.connection(true);
    p.deal.view(view('n-deck', 'deck'));
    await settle();
    expect(p.helpDeal).not.toHaveBeenCalled();
    p.deal.view(view('n1', 'table'));
    p.deal.view(view('n1', 'table', 'bet'));
    await settle();
    expect(p.helpDeal).toHaveBeenCalledTimes(1);
    const offered = p.helpDeal.mock.calls[0]?.[0] as HelpDealArgs;
    expect(offered.night).toBe('n1');
    expect(p.deal.state).toBe('next-deal');
    p.deal.connection(false);
    p.deal.connection(true);
    await settle();
    expect(p.helpDeal).toHaveBeenCalledTimes(2);
    expect(p.helpDeal.mock.calls[1]?.[0]).toEqual(offered);
  });

  it('R34: it answers a reveal request with the values asked, each hashing to the one before, and never sends one unasked', async () => {
    const p = phone();
    p.deal.connection(true);
    p.deal.view(view('n1', 'table'));
    await settle();
    const offered = p.helpDeal.mock.calls[0]?.[0] as HelpDealArgs;
    expect(p.revealDraws).not.toHaveBeenCalled();
    p.deal.pushed({ kind: 'witness-status', night: 'n1', witness: offered.witness, status: 'witness', missedInARow: 0 });
    expect(p.deal.state).toBe('witness');
    p.deal.pushed(request(offered, 7, offered.head, 1, 2));
    await settle();
    const sent = p.revealDraws.mock.calls[0]?.[0] as RevealDrawsArgs;
    expect(sent).toMatchObject({ night: 'n1', witness: offered.witness, request: 7 });
    expect(sent.values.map(hashOf)).toEqual([offered.head, sent.values[0]]);
    expect(p.deal.helped).toBe(2);
    // Another night's request, another witness's, a head it never had, or no reveal request at all: nothing sent.
    p.deal.pushed(request({ ...offered, night: 'n0' }, 8, sent.values[1] as string, 3));
    p.deal.pushed(request({ ...offered, witness: '00000000000000ff' }, 9, sent.values[1] as string, 3));
    p.deal.pushed(request(offered, 10, 'ab'.repeat(32), 3));
    p.deal.pushed({ kind: 'reveal-request', night: 'n1' });
    await settle();
    expect(p.revealDraws).toHaveBeenCalledTimes(1);
  });

  it('R34: a reload goes on with the same chain and position: its head is the last value it revealed', async () => {
    const storage = memoryStorage();
    const before = phone(storage);
    before.deal.connection(true);
    before.deal.view(view('n1', 'table'));
    await settle();
    const offered = before.helpDeal.mock.calls[0]?.[0] as HelpDealArgs;
    before.deal.pushed(request(offered, 1, offered.head, 1));
    await settle();
    const [value] = (before.revealDraws.mock.calls[0]?.[0] as RevealDrawsArgs).values;
    const after = phone(storage);
    after.deal.connection(true);
    after.deal.view(view('n1', 'table', 'bet'));
    await settle();
    expect(after.helpDeal.mock.calls[0]?.[0]).toEqual({ ...offered, head: value });
    expect(after.deal.helped).toBe(1);
  });

  it('R34: turned off, it answers no reveal request; turned on again, it offers its head again', async () => {
    const p = phone();
    p.deal.connection(true);
    p.deal.view(view('n1', 'table'));
    await settle();
    const offered = p.helpDeal.mock.calls[0]?.[0] as HelpDealArgs;
    p.deal.setEnabled(false);
    expect(p.deal.state).toBe('off');
    p.deal.pushed(request(offered, 1, offered.head, 1));
    await settle();
    expect(p.revealDraws).not.toHaveBeenCalled();
    p.deal.setEnabled(true);
    await settle();
    expect(p.helpDeal).toHaveBeenCalledTimes(2);
    expect(p.deal.state).toBe('next-deal');
  });

  it('R34: dropped after three misses while still here, it offers its head again; the id the host gives is the one it keeps', async () => {
    const p = phone();
    p.helpDeal.mockImplementationOnce(async (args) => ok({ witness: '00000000000000c3', head: args.head, from: 'deal' }));
    p.deal.connection(true);
    p.deal.view(view('n1', 'table'));
    await settle();
    expect(p.deal.state).toBe('witness');
    p.deal.pushed({ kind: 'witness-status', night: 'n1', witness: '00000000000000c3', status: 'dropped', missedInARow: 3 });
    await settle();
    expect(p.helpDeal.mock.calls[1]?.[0].witness).toBe('00000000000000c3');
  });

  it('R34: a refusal is shown and not sent again until the next connection; an ended night stops the help', async () => {
    const p = phone();
    p.helpDeal.mockResolvedValueOnce({ ok: false, error: { code: 'rule-off', message: 'deck night' } } as ApiResult<unknown>);
    p.deal.connection(true);
    p.deal.view(view('n1', 'table'));
    await settle();
    expect(p.deal.state).toBe('refused');
    expect(p.deal.refusal).toMatchObject({ code: 'rule-off' });
    p.deal.view(view('n1', 'table', 'bet'));
    await settle();
    expect(p.helpDeal).toHaveBeenCalledTimes(1);
    p.deal.view(view('n1', 'table', 'ended'));
    expect(p.deal.state).toBe('off');
  });
});
