import { describe, expect, it } from 'vitest';
import { bytesOfHex, isWitnessId, LAPTOP_WITNESS, sha256Hex } from '../../../shared/tableDraw';
import type { StorageLike } from './me';
import { PhoneWitness, WITNESS_STORAGE_KEY } from './witness';

function memoryStorage(): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

/** A random source that counts, so two draws never repeat. */
function counter(): (bytes: number) => Uint8Array {
  let n = 0;
  return (bytes) => Uint8Array.from({ length: bytes }, () => (n++ * 37 + 11) & 0xff);
}

describe('R34: a phone helping deal keeps its chain for the night', () => {
  it('R34: its id is 16 hex characters, never the laptop\'s, and its head and values survive a reload', () => {
    const storage = memoryStorage();
    const phone = PhoneWitness.forNight('night-a', storage, counter(), 16);
    expect(isWitnessId(phone.id)).toBe(true);
    expect(phone.id).not.toBe(LAPTOP_WITNESS);
    const head = phone.head;
    const value = phone.revealFor(head);
    expect(value && sha256Hex(bytesOfHex(value))).toBe(head);
    const reloaded = PhoneWitness.forNight('night-a', storage, counter(), 16);
    expect([reloaded.id, reloaded.head]).toEqual([phone.id, value]);
  });

  it('R34: it reveals only the value under its head now (again if asked twice), never one further down', () => {
    const phone = PhoneWitness.forNight('night-b', memoryStorage(), counter(), 16);
    const first = phone.head;
    const v1 = phone.revealFor(first);
    expect(phone.revealFor(first)).toBe(v1);
    expect(phone.head).toBe(v1);
    // Asked about a head it has not reached, or one two draws back, it says nothing.
    expect(phone.revealFor(sha256Hex(bytesOfHex(first)))).toBeNull();
    const v2 = phone.revealFor(v1 as string);
    expect(sha256Hex(bytesOfHex(v2 as string))).toBe(v1);
    expect(phone.revealFor(first)).toBeNull();
    expect(phone.revealFor('0'.repeat(64))).toBeNull();
  });

  it('R34: a new night gets a new chain; a spent chain or unreadable storage reveals nothing more', () => {
    const storage = memoryStorage();
    const random = counter();
    const a = PhoneWitness.forNight('night-c', storage, random, 2);
    const b = PhoneWitness.forNight('night-d', storage, random, 2);
    expect(b.head).not.toBe(a.head);
    b.revealFor(b.head);
    b.revealFor(b.head);
    expect(b.revealFor(b.head)).toBeNull();
    storage.setItem(WITNESS_STORAGE_KEY, '{not json');
    expect(isWitnessId(PhoneWitness.forNight('night-d', storage, counter(), 2).id)).toBe(true);
  });
});
