import { describe, expect, it } from 'vitest';
import { bytesOfHex, isWitnessId, LAPTOP_WITNESS, sha256Hex } from '../../../shared/tableDraw';
import type { StorageLike } from './me';
import { PhoneWitness, secureRandom, WITNESS_NIGHTS_KEPT, WITNESS_STORAGE_KEY } from './witness';

function memoryStorage(): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

/** A random source that counts, so two draws never repeat. */
function counter(): (bytes: number) => Uint8Array {
  let n = 0;
  return (bytes) => Uint8Array.from({ length: bytes }, () => (n++ * 37 + 11) & 0xff);
}

const hashOf = (value: string): string => sha256Hex(bytesOfHex(value));

describe('R34: a phone helping deal keeps its chain for the night', () => {
  it("R34: its id is 16 hex characters, never the laptop's, and its head and values survive a reload", () => {
    const storage = memoryStorage();
    const phone = PhoneWitness.forNight('night-a', storage, counter(), 16);
    expect(isWitnessId(phone.id)).toBe(true);
    expect(phone.id).not.toBe(LAPTOP_WITNESS);
    const head = phone.head;
    const [value] = phone.revealFor(head) ?? [];
    expect(value && hashOf(value)).toBe(head);
    phone.helpedWith(1, 1);
    const reloaded = PhoneWitness.forNight('night-a', storage, counter(), 16);
    expect([reloaded.id, reloaded.head, reloaded.helped]).toEqual([phone.id, value, 1]);
  });

  it('R34: it reveals only the values under its head now (again if asked again), as many as asked, never one further down', () => {
    const phone = PhoneWitness.forNight('night-b', memoryStorage(), counter(), 16);
    const first = phone.head;
    const [v1] = phone.revealFor(first) as string[];
    expect(phone.revealFor(first)).toEqual([v1]);
    expect(phone.head).toBe(v1);
    // Asked about a head it has not reached, it says nothing.
    expect(phone.revealFor(hashOf(first))).toBeNull();
    expect(phone.revealFor('0'.repeat(64))).toBeNull();
    // Two draws at once (both posts): two values, each hashing to the one before.
    const [v2, v3] = phone.revealFor(v1 as string, 2) as string[];
    expect([hashOf(v2 as string), hashOf(v3 as string)]).toEqual([v1, v2]);
    expect(phone.head).toBe(v3);
    // The host restarted and asks from a head it held before: the same values, nothing new.
    expect(phone.revealFor(first, 3)).toEqual([v1, v2, v3]);
    expect(phone.head).toBe(v3);
  });

  it('R34: a chain reveals no more values than it has; a count below 1 reveals nothing', () => {
    const phone = PhoneWitness.forNight('night-c', memoryStorage(), counter(), 2);
    expect(phone.revealFor(phone.head, 0)).toBeNull();
    expect(phone.revealFor(phone.head, 3)).toBeNull();
    expect(phone.revealFor(phone.head, 2)).toHaveLength(2);
    expect(phone.revealFor(phone.head)).toBeNull();
  });

  it('R34: each night has its own chain, kept by night id; the oldest nights are forgotten', () => {
    const storage = memoryStorage();
    const random = counter();
    const nights = Array.from({ length: WITNESS_NIGHTS_KEPT + 1 }, (_, i) => PhoneWitness.forNight(`night-${i}`, storage, random, 4));
    expect(new Set(nights.map((w) => w.head)).size).toBe(nights.length);
    expect(PhoneWitness.kept('night-0', storage)).toBeNull();
    const last = nights[WITNESS_NIGHTS_KEPT] as PhoneWitness;
    expect(PhoneWitness.kept(last.night, storage)?.chain).toEqual(last.chain);
    expect(PhoneWitness.kept('night-1', storage)?.head).toBe(nights[1]?.head);
  });

  it('R34: unreadable storage starts a fresh chain, and a cards helped count is counted once per draw', () => {
    const storage = memoryStorage();
    storage.setItem(WITNESS_STORAGE_KEY, '{not json');
    const phone = PhoneWitness.forNight('night-d', storage, counter(), 8);
    expect(isWitnessId(phone.id)).toBe(true);
    phone.helpedWith(1, 2);
    phone.helpedWith(2, 2); // draw 2 asked again with draw 3
    phone.helpedWith(1, 1);
    expect(phone.helped).toBe(3);
  });

  it("R34: the id the host gives in place of a taken one is kept; the laptop's is never taken", () => {
    const storage = memoryStorage();
    const phone = PhoneWitness.forNight('night-e', storage, counter(), 4);
    phone.adoptId(LAPTOP_WITNESS);
    expect(phone.id).not.toBe(LAPTOP_WITNESS);
    phone.adoptId('00000000000000b2');
    expect(PhoneWitness.kept('night-e', storage)?.id).toBe('00000000000000b2');
  });

  it('R34: chains come from the platform secure random source, 32 bytes at a time, never twice the same', () => {
    expect(secureRandom(32)).toHaveLength(32);
    const a = PhoneWitness.forNight('night-f', memoryStorage());
    const b = PhoneWitness.forNight('night-f', memoryStorage());
    expect(a.head).not.toBe(b.head);
    expect(a.chain).toHaveLength(4097);
  });
});
