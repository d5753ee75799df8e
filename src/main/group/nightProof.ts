import { recordStatement, verifySignature, type RecordSignature } from '../night';
import type { NightRecord } from './nightIntake';

/**
 * Intake by proof (R35, docs/group.md "Signed nights"): a night from another
 * laptop counts only if its chain and its signatures check against the keys
 * the group holds: the whole night signed by the laptop that shares it, and
 * the lines of each epoch signed by the laptop that wrote them (a night that
 * moved). An unsigned night (shared before nights were signed) counts only
 * from a laptop the group holds no key for yet; it is marked so wherever it
 * is shown.
 */
export type NightProof = { ok: true; signed: boolean } | { ok: false; reason: string };

/** The keys the group holds for the laptops that wrote a night, and their names. */
export interface WriterKeys {
  keyOf(laptopId: string): string | undefined;
  nameOf(laptopId: string): string;
}

const NO_OTHER_KEYS: WriterKeys = { keyOf: () => undefined, nameOf: (laptopId) => laptopId };

export function proveNight(
  nightId: string,
  laptop: { id: string; name: string; key: string | undefined },
  record: NightRecord,
  others: WriterKeys = NO_OTHER_KEYS,
): NightProof {
  const { signature } = record;
  if (!signature) {
    if (laptop.key === undefined) return { ok: true, signed: false };
    return {
      ok: false,
      reason: `it is not signed, but ${laptop.name} signs its nights: a copy changed after it was written, or a forgery`,
    };
  }
  if (signature.laptop !== laptop.id)
    return { ok: false, reason: `it is signed by another laptop (${signature.laptop}), not ${laptop.name}` };
  if (laptop.key !== undefined && signature.key !== laptop.key)
    return { ok: false, reason: `it is signed with a key that is not the one this group holds for ${laptop.name}` };
  const head = record.heads.at(-1) ?? '';
  if (!verifySignature(signature.key, recordStatement(nightId, laptop.id, record.heads.length, head), signature.sig))
    return {
      ok: false,
      reason: `its signature does not check against ${laptop.name}'s key: it was changed after ${laptop.name} signed it`,
    };
  const keyOf = (laptopId: string) => (laptopId === laptop.id ? laptop.key : others.keyOf(laptopId));
  const nameOf = (laptopId: string) => (laptopId === laptop.id ? laptop.name : others.nameOf(laptopId));
  // R35: every other signature line too, each of a prefix of the chain, by the key the group holds for its laptop.
  const signatures = [...record.signatures.filter((s) => s !== signature), signature];
  for (const signed of signatures.slice(0, -1)) {
    const problem = signatureProblem(nightId, record.heads, signed, keyOf(signed.laptop), nameOf(signed.laptop));
    if (problem) return { ok: false, reason: problem };
  }
  // R35: anyone must be able to tell which laptop wrote each line, so each epoch's lines are covered by a signature of
  // the laptop that wrote them (the take-over after them names it; the last epoch's is the laptop sharing the night).
  // Another laptop's signature over them does not do: the last holder signs the whole night, Ann's lines included, and
  // so could a holder that made them up; only Ann's key says they are Ann's. A record without it is refused.
  for (const { epoch, first, last, writer } of record.epochs) {
    const by = writer ?? laptop.id;
    if (signatures.some((s) => s.laptop === by && s.lines >= last)) continue;
    const others = [...new Set(signatures.filter((s) => s.lines >= last).map((s) => nameOf(s.laptop)))];
    return {
      ok: false,
      reason:
        `lines ${first} to ${last} (epoch ${epoch}) were written by ${nameOf(by)}, but no signature of ${nameOf(by)}'s covers them` +
        (others.length > 0 ? `: ${others.join(' and ')}'s alone cannot say they are ${nameOf(by)}'s (R35)` : ' (R35)'),
    };
  }
  return { ok: true, signed: true };
}

/** Why one signature line does not prove the night's first `lines` lines as `name` wrote them, or null. */
function signatureProblem(
  nightId: string,
  heads: readonly string[],
  signed: RecordSignature,
  key: string | undefined,
  name: string,
): string | null {
  const of = `${name}'s signature of its first ${signed.lines} lines`;
  const head = heads[signed.lines - 1];
  if (head === undefined || signed.head !== head) return `${of} does not sign them as they chain`;
  // A laptop the group holds no key for yet is taken at its word, as the laptop sharing a night is (trust on first sight).
  if (key !== undefined && signed.key !== key) return `${of} is made with a key that is not the one this group holds for ${name}`;
  if (!verifySignature(signed.key, recordStatement(nightId, signed.laptop, signed.lines, head), signed.sig))
    return `${of} does not check against ${name}'s key: it was changed after ${name} signed it`;
  return null;
}

/** Whether a copy holding `heads` extends the copy held, whose chain ends at `heldHead` after `heldLines` lines. */
export function extendsChain(heads: readonly string[], held: { lines: number; head: string }): boolean {
  return held.lines === 0 || heads[held.lines - 1] === held.head;
}
