import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commitmentOf } from '../engine';
import { chainedJournal, decodeJournal, encodeEntry, signatureLine, type JournalEntry } from './format';
import { chainStart } from './recordChain';
import { newKeyPair, recordStatement, signerOf, verifySignature } from './signature';

const V1 = fs.readFileSync(new URL('./fixtures/night-journal-v1.jsonl', import.meta.url), 'utf8');
const NIGHT = '2026-01-01-6bc4e2';
const { entries } = decodeJournal(V1);

/** Today's journal of the fixture's night: every line chained (R35). */
const V2 = chainedJournal(NIGHT, entries).text;

function lines(text: string): string[] {
  return text.split('\n').filter((line) => line.length > 0);
}

describe('R35: the record is a chain', () => {
  it('every line carries the hash of the line before it and its epoch, and reads back as the same facts', () => {
    const written = lines(V2)
      .slice(1)
      .map((line) => JSON.parse(line) as { prev: string; epoch: number });
    expect(written[0]?.prev).toBe(chainStart(NIGHT));
    expect(written.every((line) => /^[0-9a-f]{64}$/.test(line.prev) && line.epoch === 1)).toBe(true);
    const decoded = decodeJournal(V2, undefined, { chain: true });
    expect(decoded.damage).toBeNull();
    expect(decoded.entries).toEqual(entries);
    // Each line's prev is the head after the line before it.
    expect(written.slice(1).map((line) => line.prev)).toEqual(decoded.heads.slice(0, -1));
    // Read without checking the chain (a start-up reading its own journals), the head is the same, from the last line alone.
    expect(decodeJournal(V2).head).toBe(decoded.heads.at(-1));
  });

  it('R35: a line appended to a journal goes on its chain, and one appended to a journal of version 1 stays of version 1', () => {
    const cut = chainedJournal(NIGHT, entries.slice(0, -1));
    const appended = cut.text + encodeEntry(entries.at(-1) as JournalEntry, cut.head);
    expect(decodeJournal(appended, undefined, { chain: true }).heads).toEqual(decodeJournal(V2, undefined, { chain: true }).heads);
    expect(decodeJournal(V1).head).toBeNull();
  });

  it('a journal of version 1 has the same chain, worked out from its facts: the chain is of facts, not of bytes', () => {
    expect(decodeJournal(V1, undefined, { chain: true }).heads).toEqual(decodeJournal(V2, undefined, { chain: true }).heads);
  });

  it('R35: a line changed in the middle (a buy-in 20 -> 21, a bet 2 -> 3) breaks the chain at the line after it', () => {
    const text = lines(V2);
    const betAt = text.findIndex((line) => line.includes('"type":"bet","amount":2'));
    text[betAt] = (text[betAt] as string).replace('"amount":2', '"amount":3');
    const decoded = decodeJournal(`${text.join('\n')}\n`, undefined, { chain: true });
    expect(decoded.damage).toEqual({ line: betAt + 2, reason: expect.stringMatching(/chain is broken.*R35/) });
    // The lines before the change stay; nothing after it is taken.
    expect(decoded.entries).toHaveLength(betAt);
  });

  it('R35: a line taken out of the middle breaks the chain', () => {
    const text = lines(V2);
    text.splice(6, 1);
    expect(decodeJournal(`${text.join('\n')}\n`, undefined, { chain: true }).damage?.reason).toMatch(/chain is broken/);
  });

  it('R35: a seed sealed on the laptop and the same seed in plain chain the same (only its commitment is hashed)', () => {
    const seed = entries[1]?.seeds?.[0] as string;
    const sealed = entries.map((entry, i) =>
      i === 1 ? { ...entry, seeds: [{ commitment: 'ab'.repeat(32), sealed: 'x'.repeat(80) }] } : entry,
    );
    // A seal of another seed would chain differently: the commitment is what is hashed.
    expect(chainedJournal(NIGHT, sealed).head).not.toBe(chainedJournal(NIGHT, entries).head);
    const honest = entries.map((entry, i) =>
      i === 1 ? { ...entry, seeds: [{ commitment: commitmentOf(seed), sealed: 'x'.repeat(80) }] } : entry,
    );
    expect(chainedJournal(NIGHT, honest).head).toBe(chainedJournal(NIGHT, entries).head);
  });

  it('R35: a signature line signs the chain as it stands before it; one that claims other lines is damage', () => {
    const { text, head } = chainedJournal(NIGHT, entries);
    const key = newKeyPair();
    const signer = signerOf('l-00000000000000aa', key.privateKey);
    const statement = recordStatement(NIGHT, signer.laptopId, entries.length, head);
    const signed = { laptop: signer.laptopId, key: signer.publicKey, lines: entries.length, head, sig: signer.sign(statement) };
    const decoded = decodeJournal(text + signatureLine(signed), undefined, { chain: true });
    expect(decoded.damage).toBeNull();
    expect(decoded.signatures).toEqual([signed]);
    expect(verifySignature(key.publicKey, statement, signed.sig)).toBe(true);
    expect(verifySignature(key.publicKey, statement.replace(head, '0'.repeat(64)), signed.sig)).toBe(false);
    const claimsMore = decodeJournal(text + signatureLine({ ...signed, lines: entries.length + 1 }), undefined, { chain: true });
    expect(claimsMore.damage?.reason).toMatch(/does not sign the \d+ lines before it/);
    expect(claimsMore.signatures).toEqual([]);
  });
});
