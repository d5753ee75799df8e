import { describe, expect, it } from 'vitest';
import { PageWaysHeld } from './pageWaysHeld';

const ANN = 'l-ann0000000000000';
const NIGHT = '2026-03-06-000001';
const phones = { token: 'AnnsPhoneToken01', port: 47_800, addresses: ['192.168.1.20'] };

/** Bob's laptop holding Ann's night's copy, on a clock the test moves. */
function bobsLaptop(staleAfterMs = 3_000): { held: PageWaysHeld; at: (ms: number) => void } {
  let now = 0;
  const held = new PageWaysHeld({ staleAfterMs, now: () => now });
  return { held, at: (ms) => (now = ms) };
}

describe('R35: the pages’ ways a laptop holding the copy keeps', () => {
  it('R35: a way its holder has not said again for too long while its lines keep coming is dropped: a takeover lets no phone in on it', () => {
    const { held, at } = bobsLaptop();
    expect(held.receive(NIGHT, ANN, { phones, tv: null }, true)).toEqual({ kept: true });
    at(3_000);
    held.heard(NIGHT, ANN);
    expect(held.has(NIGHT)).toBe(true);
    // Ann's lines still come, its ways do not: it may have revoked them and the message was lost.
    at(3_001);
    held.heard(NIGHT, 'l-carol00000000000');
    expect(held.has(NIGHT)).toBe(true);
    held.heard(NIGHT, ANN);
    expect(held.has(NIGHT)).toBe(false);
    expect(held.take(NIGHT, ANN)).toBeUndefined();
  });

  it('R35: said again in time, the way stays; a holder gone silent (its laptop off) leaves it for the takeover', () => {
    const { held, at } = bobsLaptop();
    held.receive(NIGHT, ANN, { phones, tv: null }, true);
    at(2_500);
    held.receive(NIGHT, ANN, { phones, tv: null }, true);
    at(5_000);
    held.heard(NIGHT, ANN);
    // Nothing heard from Ann for an hour: its laptop is off, and the way is what it last said.
    at(3_600_000);
    expect(held.take(NIGHT, ANN)).toEqual({ phones, tv: null });
  });

  it('R35: W off on the holder drops the way at once; another laptop cannot drop or set it', () => {
    const { held } = bobsLaptop();
    held.receive(NIGHT, ANN, { phones, tv: null }, true);
    expect(held.receive(NIGHT, 'l-carol00000000000', { phones: null, tv: null }, false)).toEqual({ kept: false });
    expect(held.has(NIGHT)).toBe(true);
    expect(held.receive(NIGHT, ANN, { phones: null, tv: null }, true)).toEqual({ kept: true });
    expect(held.has(NIGHT)).toBe(false);
  });
});
