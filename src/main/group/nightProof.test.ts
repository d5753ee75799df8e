import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chainedJournal, recordStatement, signatureLine, signerOf, type LaptopSigner, type RecordSignature } from '../night';
import { LAPTOPS, LaptopsNight, NIGHT_ID, someCommand } from '../night/testing/laptops';
import { judgeNight } from './nightIntake';
import { proveNight, type WriterKeys } from './nightProof';

/**
 * R35 "what a laptop writes is signed with that laptop's key ... so anyone can tell which laptop wrote each line", as
 * the group's intake proves a night shared by its last holder: every signature line of the record checks against the
 * key the group holds for its laptop and signs a prefix of the chain, and the lines of each epoch are covered by a
 * signature of the laptop that wrote them. A night played by the engine on three laptops, handed over twice: Ann's
 * laptop opens it (epoch 1), Bob's goes on (epoch 2), Chloé's ends and shares it (epoch 3).
 */
const [ANN, BOB, CHLOE] = LAPTOPS;
const signer = (laptop: string): LaptopSigner => signerOf(laptop, createHash('sha256').update(`proof ${laptop}`).digest('hex'));
const signers = new Map<string, LaptopSigner>(LAPTOPS.map((laptop) => [laptop, signer(laptop)]));
const NAMES = new Map<string, string>([
  [ANN, 'Ann’s laptop'],
  [BOB, 'Bob’s laptop'],
  [CHLOE, 'Chloé’s laptop'],
]);
const group: WriterKeys = {
  keyOf: (laptop) => signers.get(laptop)?.publicKey,
  nameOf: (laptop) => NAMES.get(laptop) ?? laptop,
};
const chloe = { id: CHLOE, name: 'Chloé’s laptop', key: signers.get(CHLOE)?.publicKey };

/** The night: a few turns on each laptop, handed over between deals, ended on Chloé's laptop. */
function movedNight(): { table: LaptopsNight; ends: number[] } {
  const table = LaptopsNight.start({ players: 3 });
  const ends: number[] = [];
  const playSome = (n: number) => {
    for (let i = 0; i < n; i++) {
      const command = someCommand(table.night, ((i * 7919) % 1000) / 1000);
      if (command) table.play(command);
    }
    for (let i = 0; i < 60 && table.night.state.phase.kind !== 'ready'; i++) table.must(someCommand(table.night, 0.3) ?? { type: 'deal' });
  };
  playSome(20);
  for (const to of [BOB, CHLOE]) {
    const refused = table.handOver(to);
    if (refused !== null) throw new Error(refused);
    ends.push(table.lines.length - 1);
    playSome(12);
  }
  table.must({ type: 'end', at: '2026-12-06T20:00:00.000Z' });
  return { table, ends };
}

const { table, ends } = movedNight();

/** `laptop`'s signature of the night's first `lines` lines, made with `by`'s key (its own unless said). */
function signature(laptop: string, lines: number, by: LaptopSigner = signers.get(laptop) as LaptopSigner): RecordSignature {
  const head = chainedJournal(NIGHT_ID, table.lines.slice(0, lines)).head;
  return { laptop, key: by.publicKey, lines, head, sig: by.sign(recordStatement(NIGHT_ID, laptop, lines, head)) };
}

/** The record as Chloé's laptop shares it: the night's lines, each signature after the last line it signs. */
function record(signatures: readonly RecordSignature[]): Uint8Array {
  const rows = chainedJournal(NIGHT_ID, table.lines).text.split('\n').slice(0, -1);
  const out = [`${rows[0]}\n`];
  rows.slice(1).forEach((row, index) => {
    out.push(`${row}\n`);
    for (const signed of signatures) if (signed.lines === index + 1) out.push(signatureLine(signed));
  });
  return Buffer.from(out.join(''), 'utf8');
}

function prove(signatures: readonly RecordSignature[]) {
  const judged = judgeNight(NIGHT_ID, record(signatures));
  if (!judged.ok) throw new Error(judged.reason);
  return proveNight(NIGHT_ID, chloe, judged.record, group);
}

const [annEnds, bobEnds] = ends as [number, number];
const all = () => table.lines.length;

describe('R35: a shared night proved signature by signature, epoch by epoch', () => {
  it('R35: each epoch signed by its writer (Ann’s, Bob’s, Chloé’s the whole night): it counts', () => {
    expect(table.lines.filter((line) => line.command.type === 'take-over')).toHaveLength(2);
    expect(prove([signature(ANN, annEnds), signature(BOB, bobEnds), signature(CHLOE, all())])).toEqual({ ok: true, signed: true });
  });

  it('R35: a signature inside the record that does not check is refused, naming its laptop (not only the last one is checked)', () => {
    const bob = signature(BOB, bobEnds);
    const broken = { ...bob, sig: `${bob.sig.slice(0, -2)}${bob.sig.endsWith('00') ? '01' : '00'}` };
    expect(prove([signature(ANN, annEnds), broken, signature(CHLOE, all())])).toEqual({
      ok: false,
      reason: `Bob’s laptop's signature of its first ${bobEnds} lines does not check against Bob’s laptop's key: it was changed after Bob’s laptop signed it`,
    });
  });

  it('R35: Ann’s lines signed with a key that is not the one the group holds for Ann’s laptop are refused', () => {
    const forger = signer('l-00000000000000ff');
    expect(prove([signature(ANN, annEnds, forger), signature(BOB, bobEnds), signature(CHLOE, all())])).toEqual({
      ok: false,
      reason: `Ann’s laptop's signature of its first ${annEnds} lines is made with a key that is not the one this group holds for Ann’s laptop`,
    });
  });

  it('R35: Ann’s lines covered only by Bob’s and Chloé’s signatures are refused: nothing says they are Ann’s', () => {
    // Bob's signature of Ann's lines in Ann's place: a valid signature, by the wrong laptop.
    expect(prove([signature(BOB, annEnds), signature(BOB, bobEnds), signature(CHLOE, all())])).toEqual({
      ok: false,
      reason: `lines 1 to ${annEnds} (epoch 1) were written by Ann’s laptop, but no signature of Ann’s laptop's covers them: Bob’s laptop and Chloé’s laptop's alone cannot say they are Ann’s laptop's (R35)`,
    });
    expect(prove([signature(ANN, annEnds), signature(CHLOE, all())])).toMatchObject({
      ok: false,
      reason: expect.stringContaining(`lines ${annEnds + 1} to ${bobEnds} (epoch 2) were written by Bob’s laptop, but no signature`),
    });
  });
});
